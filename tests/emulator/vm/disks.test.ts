import { randomUUID } from "node:crypto";
import { beforeAll, describe, expect, it } from "vitest";
import { DiskPage, DiskResponse } from "../../../api/vm/disks";
import type { DiskRecord, VmState } from "../../../emulator/vm/records";
import { type Reply } from "../../support/emulator";
import { expectError, useVmEmulator } from "../support/vm-service";

const { emu, id } = useVmEmulator();
const tag = (name: string) => emu.fixtures.vm.tags.find((t) => t.name === name)!.id;

const vmState = () => emu.emulator.store.state.vm as VmState;
let counter = 0;
const uniqueName = (prefix = "disk") => `${prefix}-${++counter}-${Date.now().toString(36)}`;

async function create(body: Record<string, unknown> = {}): Promise<Reply> {
  return emu.call("POST", "/api/v1/disks", {
    body: {
      project_id: id.project,
      availability_zone_id: id.az1,
      name: uniqueName(),
      size: 10,
      ...body,
    },
  });
}

async function createAvailable(body: Record<string, unknown> = {}): Promise<DiskResponse> {
  const reply = await create(body);
  expect(reply.status, reply.text).toBe(201);
  const id = (reply.body as DiskResponse).id;
  const done = await emu.waitFor(
    `/api/v1/disks/${id}`,
    (b) => (b as DiskResponse).state === "available",
  );
  return DiskResponse.parse(done.body);
}

function errorOf(reply: Reply): { code: string; message: string; field?: string } {
  const body = reply.body as Array<{ code: string; message: string; field?: string }>;
  expect(Array.isArray(body), reply.text).toBe(true);
  return body[0]!;
}

describe("POST /api/v1/disks", () => {
  it("creates a disk that is creating, then available, with every field echoed", async () => {
    const name = uniqueName("data");
    const reply = await create({
      name,
      description: "scratch space",
      size: 25,
      disk_type_id: id.ssd,
      tag_ids: [tag("env-dev")],
      tag_names: ["team-platform"],
    });
    expect(reply.status, reply.text).toBe(201);
    const disk = DiskResponse.parse(reply.body);
    expect(disk).toMatchObject({
      name,
      description: "scratch space",
      size: 25,
      state: "creating",
      bootable: false,
      readonly: false,
      shared: false,
      encrypted: false,
      project: { id: id.project },
      availability_zone: { id: id.az1, name: "ru.AZ-1" },
      disk_type: { id: id.ssd, name: "SSD", free_tier: false },
      vms: [],
    });
    expect(disk.tags.map((t) => t.name).sort()).toEqual(["env-dev", "team-platform"]);
    const done = await emu.waitFor(
      `/api/v1/disks/${disk.id}`,
      (b) => (b as DiskResponse).state === "available",
    );
    expect(DiskResponse.parse(done.body).name).toBe(name);
  });

  it("records a create_disk task for the new disk", async () => {
    const disk = await createAvailable();
    const tasks = Object.values(vmState().tasks).filter((t) => t.entity_id === disk.id);
    expect(tasks.map((t) => [t.name, t.entity_type, t.entity_name])).toEqual([
      ["create_disk", "disk", disk.name],
    ]);
  });

  it("resolves the zone and disk type by name and keeps the flags asked for", async () => {
    const reply = await create({
      availability_zone_id: undefined,
      availability_zone_name: "ru.AZ-2",
      disk_type_name: "HDD",
      readonly: true,
      shared: true,
      encrypted: true,
    });
    expect(reply.status, reply.text).toBe(201);
    const disk = DiskResponse.parse(reply.body);
    expect(disk.availability_zone).toEqual({ id: id.az2, name: "ru.AZ-2" });
    expect(disk.disk_type.name).toBe("HDD");
    expect([disk.readonly, disk.shared, disk.encrypted]).toEqual([true, true, true]);
  });

  it("uses the default zone and the first general-purpose disk type when none is given", async () => {
    const reply = await create({ availability_zone_id: undefined });
    expect(reply.status, reply.text).toBe(201);
    const disk = DiskResponse.parse(reply.body);
    expect(disk.availability_zone.name).toBe("ru.AZ-1");
    expect(disk.disk_type).toMatchObject({ name: "SSD", free_tier: false });
  });

  it("answers 409 for a second disk with the same name in the same project and zone", async () => {
    const first = await createAvailable();
    expectError(
      await create({ name: first.name }),
      409,
      "disk_with_this_data_already_exists",
      "name",
    );
    // The same name in another zone is a different disk.
    expect((await create({ name: first.name, availability_zone_id: id.az2 })).status).toBe(201);
  });

  it("answers 422 for unknown zones, disk types, projects and tags", async () => {
    expectError(
      await create({ availability_zone_id: randomUUID() }),
      422,
      "bad_availability_zone_id",
      "availability_zone_id",
    );
    expectError(
      await create({ availability_zone_id: undefined, availability_zone_name: "nowhere" }),
      422,
      "bad_availability_zone_name",
      "availability_zone_name",
    );
    expectError(
      await create({ disk_type_id: randomUUID() }),
      422,
      "wrong_disk_type",
      "disk_type_id",
    );
    expectError(await create({ disk_type_name: "NVMe" }), 422, "wrong_disk_type", "disk_type_name");
    expectError(await create({ project_id: randomUUID() }), 422, "bad_project_id", "project_id");
    expectError(await create({ tag_ids: [randomUUID()] }), 422, "bad_tag_id", "tag_ids");
    expectError(await create({ tag_names: ["no-such-tag"] }), 422, "bad_tag_name", "tag_names");
  });

  it("answers 422 when the project does not exist in the zone", async () => {
    const project = vmState().projects[id.project]!;
    const saved = [...project.zone_ids];
    project.zone_ids = saved.filter((z) => z !== id.az2);
    try {
      expectError(
        await create({ availability_zone_id: id.az2 }),
        422,
        "project_not_in_availability_zone",
      );
    } finally {
      project.zone_ids = saved;
    }
  });

  it("answers 422 when changes in the zone are forbidden", async () => {
    expectError(
      await create({ availability_zone_id: id.az3 }),
      422,
      "availability_zone_changes_forbidden",
    );
  });

  it("refuses a free-tier-only disk type outside a free-tier VM", async () => {
    expectError(
      await create({ disk_type_id: id.freeHdd, size: 5 }),
      422,
      "disk_type_only_for_free_tier",
      "disk_type_id",
    );
  });

  it("refuses a size outside the disk type's range", async () => {
    const type = vmState().diskTypes[id.ssd]!;
    const saved = type.max_size;
    type.max_size = 100;
    try {
      expectError(
        await create({ disk_type_id: id.ssd, size: 101 }),
        422,
        "disk_size_out_of_range",
        "size",
      );
    } finally {
      type.max_size = saved;
    }
  });

  it("validates the body and names the field at fault", async () => {
    expectError(await create({ size: 0 }), 422, "validation_error", "size");
    expectError(await create({ size: 16385 }), 422, "validation_error", "size");
    expectError(await create({ size: 1.5 }), 422, "validation_error", "size");
    expectError(await create({ name: "my disk" }), 422, "validation_error", "name");
    expectError(await create({ name: "1disk" }), 422, "validation_error", "name");
    expectError(await create({ name: "a".repeat(65) }), 422, "validation_error", "name");
    expectError(
      await create({ description: "x".repeat(256) }),
      422,
      "validation_error",
      "description",
    );
    expectError(await create({ colour: "blue" }), 422, "extra_forbidden", "colour");
    expectError(
      await create({ availability_zone_name: "ru.AZ-1" }),
      422,
      "validation_error",
      "availability_zone_id",
    );
    expectError(
      await create({ disk_type_id: id.ssd, disk_type_name: "SSD" }),
      422,
      "validation_error",
      "disk_type_id",
    );
    expectError(await create({ project_id: "not-a-uuid" }), 422, "validation_error", "project_id");
    const noBody = await emu.call("POST", "/api/v1/disks");
    expect(noBody.status).toBe(422);
  });

  it("accepts the largest size, 16384 GB", async () => {
    const reply = await create({ size: 16384 });
    expect(reply.status, reply.text).toBe(201);
    expect(DiskResponse.parse(reply.body).size).toBe(16384);
  });

  it("answers 403 for the foreign project", async () => {
    expectError(await create({ project_id: emu.fixtures.vm.foreignProjectId }), 403, "forbidden");
  });
});

describe("GET /api/v1/disks/{disk_id}", () => {
  it("reads a disk", async () => {
    const disk = await createAvailable({ size: 12 });
    const reply = await emu.call("GET", `/api/v1/disks/${disk.id}`);
    expect(reply.status).toBe(200);
    expect(DiskResponse.parse(reply.body)).toMatchObject({
      id: disk.id,
      size: 12,
      state: "available",
    });
  });

  it("answers 404 for an unknown disk and 422 for a malformed id", async () => {
    expectError(await emu.call("GET", `/api/v1/disks/${randomUUID()}`), 404, "disk_not_found");
    expectError(await emu.call("GET", "/api/v1/disks/nope"), 422, "validation_error", "disk_id");
  });

  it("answers 403 for a disk of the foreign project", async () => {
    const disk = await createAvailable();
    const record = vmState().disks[disk.id]!;
    record.project_id = emu.fixtures.vm.foreignProjectId;
    try {
      expectError(await emu.call("GET", `/api/v1/disks/${disk.id}`), 403, "forbidden");
    } finally {
      record.project_id = id.project;
    }
  });

  it("answers 401 without a token or with a wrong one", async () => {
    const disk = await createAvailable();
    for (const reply of [
      await emu.call("GET", `/api/v1/disks/${disk.id}`, { auth: false }),
      await emu.call("GET", `/api/v1/disks?project_id=${id.project}`, {
        headers: { authorization: "Bearer wrong" },
      }),
      await emu.call("POST", "/api/v1/disks", {
        auth: false,
        body: { project_id: id.project, name: "x", size: 1 },
      }),
      await emu.call("DELETE", `/api/v1/disks/${disk.id}`, { auth: false }),
    ]) {
      expect(reply.status).toBe(401);
      expect(errorOf(reply).code).toBe("unauthorized");
    }
    // Nothing happened to the disk.
    expect((await emu.call("GET", `/api/v1/disks/${disk.id}`)).status).toBe(200);
  });
});

describe("GET /api/v1/disks", () => {
  let listProject: string;
  const names: string[] = [];

  beforeAll(async () => {
    // A project of its own keeps other tests' disks out of the counts.
    listProject = randomUUID();
    const base = vmState().projects[id.project]!;
    vmState().projects[listProject] = { ...base, id: listProject, name: "list-project" };
    const specs = [
      { zone: id.az1, tags: [tag("env-prod")] },
      { zone: id.az1, tags: [tag("env-dev")] },
      { zone: id.az2, tags: [tag("env-prod"), tag("team-platform")] },
      { zone: id.az2, tags: [] },
      { zone: id.az1, tags: [] },
    ];
    for (const [i, spec] of specs.entries()) {
      const name = `list${i}-${i % 2 === 0 ? "Alpha" : "beta"}`;
      names.push(name);
      const reply = await create({
        project_id: listProject,
        availability_zone_id: spec.zone,
        tag_ids: spec.tags,
        name,
      });
      expect(reply.status, reply.text).toBe(201);
    }
  });

  const list = async (query: string) => {
    const reply = await emu.call("GET", `/api/v1/disks?project_id=${listProject}${query}`);
    expect(reply.status, reply.text).toBe(200);
    return DiskPage.parse(reply.body);
  };

  it("lists newest first by default with offset 0 and limit 50", async () => {
    const page = await list("");
    expect(page).toMatchObject({ offset: 0, limit: 50, total: 5 });
    expect(page.items.map((d) => d.name)).toEqual([...names].reverse());
  });

  it("orders oldest first with order_desc=false and pages with offset and limit", async () => {
    const page = await list("&order_by=created_time&order_desc=false&offset=1&limit=2");
    expect(page).toMatchObject({ offset: 1, limit: 2, total: 5 });
    expect(page.items.map((d) => d.name)).toEqual(names.slice(1, 3));
    expect((await list("&offset=10")).items).toEqual([]);
  });

  it("filters by zone, by name (any case, part of it) and by tags (any of them)", async () => {
    expect((await list(`&availability_zone_id=${id.az2}`)).items.map((d) => d.name).sort()).toEqual(
      [names[2], names[3]].sort(),
    );
    expect((await list("&name=ALPHA")).items.map((d) => d.name).sort()).toEqual(
      [names[0], names[2], names[4]].sort(),
    );
    expect((await list(`&tag_ids=${tag("env-prod")}`)).items.map((d) => d.name).sort()).toEqual(
      [names[0], names[2]].sort(),
    );
    const either = await list(`&tag_ids=${tag("env-dev")}&tag_ids=${tag("team-platform")}`);
    expect(either.items.map((d) => d.name).sort()).toEqual([names[1], names[2]].sort());
    const combined = await list(
      `&availability_zone_id=${id.az1}&tag_ids=${tag("env-prod")}&name=alpha`,
    );
    expect(combined.items.map((d) => d.name)).toEqual([names[0]]);
  });

  it("leaves other projects' disks out", async () => {
    const page = await list("");
    expect(page.items.every((d) => d.project.id === listProject)).toBe(true);
  });

  it("answers 422 for a missing or unknown project, and 403 for the foreign one", async () => {
    expectError(await emu.call("GET", "/api/v1/disks"), 422, "validation_error", "project_id");
    expectError(
      await emu.call("GET", `/api/v1/disks?project_id=${randomUUID()}`),
      422,
      "bad_project_id",
    );
    expectError(
      await emu.call("GET", `/api/v1/disks?project_id=${emu.fixtures.vm.foreignProjectId}`),
      403,
      "forbidden",
    );
  });

  it("validates the paging and filter parameters", async () => {
    const bad = (q: string) => emu.call("GET", `/api/v1/disks?project_id=${listProject}${q}`);
    expectError(await bad("&limit=0"), 422, "validation_error", "limit");
    expectError(await bad("&limit=101"), 422, "validation_error", "limit");
    expectError(await bad("&offset=-1"), 422, "validation_error", "offset");
    expectError(await bad("&order_by=name"), 422, "validation_error", "order_by");
    expectError(await bad(`&name=${"a".repeat(65)}`), 422, "validation_error", "name");
    expectError(await bad("&tag_ids=nope"), 422, "validation_error", "tag_ids.0");
  });
});

describe("PUT /api/v1/disks/{disk_id}", () => {
  const put = (id: string, body: unknown) => emu.call("PUT", `/api/v1/disks/${id}`, { body });

  it("changes only the fields sent", async () => {
    const disk = await createAvailable({ description: "before", tag_ids: [tag("env-dev")] });
    const name = uniqueName("renamed");
    const reply = await put(disk.id, { name });
    expect(reply.status, reply.text).toBe(200);
    const updated = DiskResponse.parse(reply.body);
    expect(updated).toMatchObject({
      name,
      description: "before",
      size: disk.size,
      state: "available",
    });
    expect(updated.tags.map((t) => t.name)).toEqual(["env-dev"]);
    const again = DiskResponse.parse(
      (await put(disk.id, { description: "after", tag_names: ["env-prod"] })).body,
    );
    expect(again).toMatchObject({ name, description: "after" });
    expect(again.tags.map((t) => t.name)).toEqual(["env-prod"]);
    const flags = DiskResponse.parse(
      (await put(disk.id, { shared: true, encrypted: true, tag_ids: [] })).body,
    );
    expect([flags.shared, flags.encrypted, flags.tags]).toEqual([true, true, []]);
  });

  it("grows a disk: updating, then back to available", async () => {
    const disk = await createAvailable({ size: 10 });
    const reply = await put(disk.id, { size: 20 });
    expect(reply.status, reply.text).toBe(200);
    expect(DiskResponse.parse(reply.body)).toMatchObject({ size: 20, state: "updating" });
    const done = await emu.waitFor(
      `/api/v1/disks/${disk.id}`,
      (b) => (b as DiskResponse).state === "available",
    );
    expect((done.body as DiskResponse).size).toBe(20);
  });

  it("accepts the disk's own type and refuses another one", async () => {
    const disk = await createAvailable({ disk_type_id: id.ssd });
    expect((await put(disk.id, { disk_type_id: id.ssd })).status).toBe(200);
    expect((await put(disk.id, { disk_type_name: "SSD" })).status).toBe(200);
    expectError(
      await put(disk.id, { disk_type_name: "HDD" }),
      422,
      "disk_type_can_not_be_changed",
      "disk_type_name",
    );
    expectError(
      await put(disk.id, { disk_type_id: randomUUID() }),
      422,
      "wrong_disk_type",
      "disk_type_id",
    );
    expect(
      DiskResponse.parse((await emu.call("GET", `/api/v1/disks/${disk.id}`)).body).disk_type.name,
    ).toBe("SSD");
  });

  it("refuses to shrink a disk or grow it past 16384 GB", async () => {
    const disk = await createAvailable({ size: 30 });
    expectError(await put(disk.id, { size: 29 }), 422, "disk_size_can_not_be_reduced", "size");
    expectError(await put(disk.id, { size: 16385 }), 422, "validation_error", "size");
    expect(DiskResponse.parse((await emu.call("GET", `/api/v1/disks/${disk.id}`)).body).size).toBe(
      30,
    );
  });

  it("refuses unknown tags", async () => {
    const disk = await createAvailable();
    expectError(await put(disk.id, { tag_ids: [randomUUID()] }), 422, "bad_tag_id", "tag_ids");
    expectError(await put(disk.id, { tag_names: ["nope"] }), 422, "bad_tag_name", "tag_names");
  });

  it("refuses size and encryption changes of a read-only disk unless made writable", async () => {
    const disk = await createAvailable({ readonly: true, size: 10 });
    expectError(await put(disk.id, { size: 11 }), 422, "disk_is_readonly", "size");
    expectError(await put(disk.id, { encrypted: true }), 422, "disk_is_readonly", "encrypted");
    // Metadata still changes on a read-only disk.
    expect((await put(disk.id, { description: "golden image copy" })).status).toBe(200);
    const writable = await put(disk.id, { readonly: false, size: 11 });
    expect(writable.status, writable.text).toBe(200);
    expect(DiskResponse.parse(writable.body)).toMatchObject({ readonly: false, size: 11 });
  });

  it("answers 409 when renaming to the name of another disk of the project and zone", async () => {
    const a = await createAvailable();
    const b = await createAvailable();
    expectError(
      await put(b.id, { name: a.name }),
      409,
      "disk_with_this_data_already_exists",
      "name",
    );
    expect((await put(b.id, { name: b.name })).status).toBe(200);
  });

  it("refuses changes when the zone forbids them", async () => {
    const disk = await createAvailable({ availability_zone_id: id.az2 });
    const zone = vmState().zones[id.az2]!;
    zone.changes_forbidden = true;
    try {
      expectError(
        await put(disk.id, { description: "x" }),
        422,
        "availability_zone_changes_forbidden",
      );
    } finally {
      zone.changes_forbidden = false;
    }
  });

  it("refuses changes while the disk's status does not permit them", async () => {
    const disk = await createAvailable();
    const record = vmState().disks[disk.id]!;
    for (const status of ["creating", "deleting", "error", "reserved"] as const) {
      record.status = status;
      expectError(
        await put(disk.id, { description: "x" }),
        422,
        "disk_can_not_be_changed_from_current_state",
      );
    }
    record.status = "available";
  });

  it("validates the body and answers 404 for an unknown disk", async () => {
    const disk = await createAvailable();
    expectError(await put(disk.id, { name: "bad name" }), 422, "validation_error", "name");
    expectError(await put(disk.id, { bootable: true }), 422, "extra_forbidden", "bootable");
    expectError(await put(randomUUID(), { name: "x" }), 404, "disk_not_found");
  });
});

describe("DELETE /api/v1/disks/{disk_id}", () => {
  it("deletes a disk: 204, then gone", async () => {
    const disk = await createAvailable();
    const reply = await emu.call("DELETE", `/api/v1/disks/${disk.id}`);
    expect(reply.status).toBe(204);
    expect(reply.text).toBe("");
    await emu.waitFor(`/api/v1/disks/${disk.id}`, (_b, status) => status === 404);
    expect(vmState().disks[disk.id]).toBeUndefined();
    expect(
      Object.values(vmState().tasks).some(
        (t) => t.entity_id === disk.id && t.name === "delete_disk",
      ),
    ).toBe(true);
  });

  it("answers 404 for an unknown disk", async () => {
    expectError(await emu.call("DELETE", `/api/v1/disks/${randomUUID()}`), 404, "disk_not_found");
  });

  it("refuses while the disk's status does not permit deletion", async () => {
    const disk = await createAvailable();
    const record: DiskRecord = vmState().disks[disk.id]!;
    for (const status of ["creating", "updating", "reserved"] as const) {
      record.status = status;
      expectError(
        await emu.call("DELETE", `/api/v1/disks/${disk.id}`),
        422,
        "disk_can_not_be_deleted_from_current_state",
      );
    }
    record.status = "error";
    expect((await emu.call("DELETE", `/api/v1/disks/${disk.id}`)).status).toBe(204);
  });

  it("refuses when the zone forbids changes", async () => {
    const disk = await createAvailable({ availability_zone_id: id.az2 });
    const zone = vmState().zones[id.az2]!;
    zone.changes_forbidden = true;
    try {
      expectError(
        await emu.call("DELETE", `/api/v1/disks/${disk.id}`),
        422,
        "availability_zone_changes_forbidden",
      );
    } finally {
      zone.changes_forbidden = false;
    }
    expect((await emu.call("GET", `/api/v1/disks/${disk.id}`)).status).toBe(200);
  });
});
