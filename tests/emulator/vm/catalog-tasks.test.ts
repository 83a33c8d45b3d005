/**
 * Tasks against the real emulator over HTTP: the list with every filter, paging and order,
 * one task by id, the failures, and the progress of a task pending → running → complete.
 * Tasks are recorded through the model, as the resource slices record them.
 */
import { beforeAll, describe, expect, it } from "vitest";
import { TaskPage, TaskResponse } from "../../../api/vm/tasks";
import type { TaskStatus } from "../../../api/vm/enums";
import { recordTask } from "../../../emulator/vm/models/shared";
import type { TaskRecord, VmState } from "../../../emulator/vm/records";
import { type TestEmulator, useTestEmulator } from "../../support/emulator";
import { expectError, UNKNOWN } from "../support/vm-service";

type TaskInput = Parameters<typeof recordTask>[2];

function record(emu: TestEmulator, task: Partial<TaskInput> & { entity_name: string }): TaskRecord {
  const state = emu.emulator.store.state.vm as VmState;
  return recordTask(state, emu.emulator.clock, {
    name: "create_disk",
    project_id: emu.fixtures.vm.projectId,
    availability_zone_id: emu.fixtures.vm.zones[0]!.id,
    entity_id: task.entity_name,
    entity_type: "disk",
    durationMs: 200,
    ...task,
  });
}

describe("task list and lookup", () => {
  const emu = useTestEmulator();
  let tasks: Record<string, TaskRecord>;
  const list = async (query: string) => {
    const reply = await emu.call(
      "GET",
      `/api/v1/tasks?project_id=${emu.fixtures.vm.projectId}${query}`,
    );
    expect(reply.status, reply.text).toBe(200);
    return TaskPage.parse(reply.body);
  };

  beforeAll(async () => {
    tasks = {
      diskA: record(emu, { entity_name: "disk-alpha" }),
      diskB: record(emu, { entity_name: "disk-beta", fails: true }),
      vm: record(emu, {
        name: "create_vm",
        entity_name: "web-server",
        entity_type: "vm",
        availability_zone_id: emu.fixtures.vm.zones[1]!.id,
        // Long enough to stay running for the whole suite.
        durationMs: 10_000_000,
      }),
      subnet: record(emu, { name: "delete_subnet", entity_name: "net-1", entity_type: "subnet" }),
      foreign: record(emu, { entity_name: "theirs", project_id: emu.fixtures.vm.foreignProjectId }),
    };
    // Let the short tasks end.
    await emu.waitFor(
      `/api/v1/tasks/${tasks.diskB!.id}`,
      (b) => (b as TaskResponse).status === "failed",
    );
    await emu.waitFor(
      `/api/v1/tasks/${tasks.subnet!.id}`,
      (b) => (b as TaskResponse).status === "complete",
    );
  });

  it("lists the project's tasks newest first, without other projects' tasks", async () => {
    const page = await list("");
    expect(page.total).toBe(4);
    expect(page.items.map((t) => t.id)).toEqual(
      [tasks.subnet, tasks.vm, tasks.diskB, tasks.diskA].map((t) => t!.id),
    );
    expect(page.items.map((t) => t.id)).not.toContain(tasks.foreign!.id);
  });

  it("reads one task with the user who started it", async () => {
    const reply = await emu.call("GET", `/api/v1/tasks/${tasks.diskA!.id}`);
    expect(reply.status).toBe(200);
    const task = TaskResponse.parse(reply.body);
    const state = emu.emulator.store.state.vm as VmState;
    expect(task).toMatchObject({
      id: tasks.diskA!.id,
      name: "create_disk",
      entity_id: "disk-alpha",
      entity_type: "disk",
      entity_name: "disk-alpha",
      user_id: state.user.id,
      user_email: state.user.email,
      status: "complete",
    });
  });

  const filters: Array<[string, () => string, () => TaskRecord[]]> = [
    ["status=failed", () => "&status=failed", () => [tasks.diskB!]],
    ["status=running", () => "&status=running", () => [tasks.vm!]],
    ["status=complete", () => "&status=complete", () => [tasks.subnet!, tasks.diskA!]],
    ["entity_type", () => "&entity_type=vm", () => [tasks.vm!]],
    ["entity_id", () => "&entity_id=disk-beta", () => [tasks.diskB!]],
    [
      "entity_name (contains, any case)",
      () => "&entity_name=DISK",
      () => [tasks.diskB!, tasks.diskA!],
    ],
    ["name (contains)", () => "&name=delete", () => [tasks.subnet!]],
    ["task_id", () => `&task_id=${tasks.diskA!.id}`, () => [tasks.diskA!]],
    [
      "availability_zone_id",
      () => `&availability_zone_id=${emu.fixtures.vm.zones[1]!.id}`,
      () => [tasks.vm!],
    ],
  ];
  for (const [label, query, expected] of filters) {
    it(`filters by ${label}`, async () => {
      const page = await list(query());
      expect(page.items.map((t) => t.id)).toEqual(expected().map((t) => t.id));
      expect(page.total).toBe(expected().length);
    });
  }

  it("filters by user e-mail", async () => {
    const state = emu.emulator.store.state.vm as VmState;
    expect((await list(`&user_email=${encodeURIComponent(state.user.email)}`)).total).toBe(4);
    expect((await list("&user_email=someone%40example.com")).total).toBe(0);
  });

  it("filters by creation time, both bounds inclusive", async () => {
    const start = encodeURIComponent(tasks.vm!.created_time);
    const page = await list(`&created_time_start=${start}`);
    expect(
      page.items.every((t) => Date.parse(t.created_time) >= Date.parse(tasks.vm!.created_time)),
    ).toBe(true);
    expect(page.items.map((t) => t.id)).toContain(tasks.vm!.id);
    const before = new Date(Date.parse(tasks.diskA!.created_time) - 60_000).toISOString();
    expect((await list(`&created_time_end=${encodeURIComponent(before)}`)).total).toBe(0);
    const after = new Date(Date.parse(tasks.subnet!.created_time) + 60_000).toISOString();
    expect((await list(`&created_time_start=${encodeURIComponent(after)}`)).total).toBe(0);
  });

  it("pages with offset and limit", async () => {
    const all = await list("");
    const page = await list("&offset=1&limit=2");
    expect(page).toMatchObject({ offset: 1, limit: 2, total: all.total });
    expect(page.items.map((t) => t.id)).toEqual(all.items.slice(1, 3).map((t) => t.id));
  });

  it("answers 404 for an unknown project and 403 for a foreign one", async () => {
    expectError(
      await emu.call("GET", `/api/v1/tasks?project_id=${UNKNOWN}`),
      404,
      "project_not_found",
    );
    expectError(
      await emu.call("GET", `/api/v1/tasks?project_id=${emu.fixtures.vm.foreignProjectId}`),
      403,
      "forbidden",
    );
  });

  const invalid: Array<[string, string]> = [
    ["", "project_id"],
    ["&status=done", "status"],
    ["&limit=101", "limit"],
    ["&limit=0", "limit"],
    ["&offset=-1", "offset"],
    ["&task_id=t1", "task_id"],
    ["&name=", "name"],
    ["&created_time_start=yesterday", "created_time_start"],
  ];
  for (const [query, field] of invalid) {
    it(`refuses ${query || "a missing project_id"} with 422 naming ${field}`, async () => {
      const base =
        query === "" ? "/api/v1/tasks?" : `/api/v1/tasks?project_id=${emu.fixtures.vm.projectId}`;
      expectError(await emu.call("GET", `${base}${query}`), 422, "validation_error", field);
    });
  }

  it("answers 404 task_not_found, 403 for a foreign project's task, 422 when malformed", async () => {
    expectError(await emu.call("GET", `/api/v1/tasks/${UNKNOWN}`), 404, "task_not_found");
    expectError(await emu.call("GET", `/api/v1/tasks/${tasks.foreign!.id}`), 403, "forbidden");
    expectError(await emu.call("GET", "/api/v1/tasks/task-1"), 422, "validation_error", "task_id");
  });
});

describe("task progress", () => {
  // Speed 0.5 doubles every delay, so each status lasts long enough to be seen over HTTP.
  const emu = useTestEmulator({ speed: 0.5 });

  it("moves a task pending → running → complete over time", async () => {
    const task = record(emu, { entity_name: "slow-disk", durationMs: 500 });
    const seen: TaskStatus[] = [];
    await emu.waitFor(`/api/v1/tasks/${task.id}`, (body) => {
      const status = TaskResponse.parse(body).status;
      if (seen[seen.length - 1] !== status) seen.push(status);
      return status === "complete";
    });
    expect(seen).toEqual(["pending", "running", "complete"]);
  });

  it("ends a failing task in failed, visible through the status filter", async () => {
    const task = record(emu, { entity_name: "broken-disk", durationMs: 300, fails: true });
    await emu.waitFor(
      `/api/v1/tasks/${task.id}`,
      (body) => TaskResponse.parse(body).status === "failed",
    );
    const reply = await emu.call(
      "GET",
      `/api/v1/tasks?project_id=${emu.fixtures.vm.projectId}&status=failed`,
    );
    expect(TaskPage.parse(reply.body).items.map((t) => t.id)).toEqual([task.id]);
  });
});
