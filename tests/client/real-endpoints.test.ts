/**
 * The client against the real endpoint tables of both services (not the test-only widgets):
 * disks of the VM service, node-migration jobs of the operations (signed requests).
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { disksEndpoints } from "../../api/vm/endpoints/disks";
import { nodeMigrationEndpoints } from "../../api/operations/endpoints";
import { DEFAULT_SIGNING_KEY } from "../../emulator";
import {
  AuthError,
  NotFoundError,
  ValidationError,
  waitUntil,
  type VmCloudClient,
} from "../../provider/client";
import { startHarness, matching, type Harness } from "./support/harness";

let h: Harness;
let projectId: string;
let opsProjectId: string;
beforeAll(async () => {
  h = await startHarness();
  const fixtures = (await (await fetch(`${h.url}/_emulator/fixtures`)).json()) as {
    vm: { projectId: string };
    operations: { projectId: string };
  };
  projectId = fixtures.vm.projectId;
  opsProjectId = fixtures.operations.projectId;
});
afterAll(async () => h.close());
beforeEach(async () => h.reset());

function diskByName(client: VmCloudClient, name: string) {
  return async () =>
    (
      await client.listAll(disksEndpoints.listDisks, { query: { project_id: projectId, name } })
    ).find((d) => d.name === name);
}

describe("VM service disks", () => {
  it("creates exactly one disk when the create's answer is lost", async () => {
    await h.setFaults([
      { route: "^/api/v1/disks$", method: "POST", dropResponseRate: 1, times: 1 },
    ]);
    const client = h.client({ retry: { baseDelayMs: 10, maxDelayMs: 40 } });
    const result = await client.request(
      disksEndpoints.createDisk,
      { body: { project_id: projectId, name: "data-lost-answer", size: 10 } },
      { findExisting: diskByName(client, "data-lost-answer") },
    );
    expect(result.foundExisting).toBe(true);
    expect(result.data.name).toBe("data-lost-answer");
    const all = await client.listAll(disksEndpoints.listDisks, {
      query: { project_id: projectId },
    });
    expect(all.filter((d) => d.name === "data-lost-answer")).toHaveLength(1);
    expect(
      matching((await h.log()).requests, "POST", "/api/v1/disks").map((r) => r.status),
    ).toEqual([0]);
  });

  it("waits for a new disk to become available, and reports a real 422", async () => {
    const client = h.client();
    const disk = await client.call(disksEndpoints.createDisk, {
      body: { project_id: projectId, name: "data-wait", size: 20 },
    });
    const ready = await waitUntil({
      what: `disk ${disk.id} to become available`,
      poll: () => client.call(disksEndpoints.getDisk, { params: { disk_id: disk.id } }),
      isDone: (d) => d.state === "available",
      failure: (d) => (d.state.startsWith("error") ? `the disk is ${d.state}` : undefined),
      timeoutMs: 10_000,
    });
    expect(ready.state).toBe("available");
    const error = await client
      .call(disksEndpoints.updateDisk, { params: { disk_id: disk.id }, body: { size: 5 } })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ValidationError);
    expect((error as ValidationError).status).toBe(422);
    expect((error as ValidationError).code).toBe("disk_size_can_not_be_reduced");
    expect((error as ValidationError).message).toMatch(
      new RegExp(`^PUT /api/v1/disks/${disk.id}: 422 disk_size_can_not_be_reduced: `),
    );
  });

  it("lists more than 100 disks across pages", async () => {
    const client = h.client();
    const names = Array.from({ length: 130 }, (_, i) => `bulk-${String(i).padStart(3, "0")}`);
    for (let i = 0; i < names.length; i += 26) {
      await Promise.all(
        names.slice(i, i + 26).map((name) =>
          client.call(disksEndpoints.createDisk, {
            body: { project_id: projectId, name, size: 1 },
          }),
        ),
      );
    }
    await h.reset();
    const disks = await client.listAll(disksEndpoints.listDisks, {
      query: { project_id: projectId },
    });
    const bulk = disks.filter((d) => d.name.startsWith("bulk-"));
    expect(bulk.map((d) => d.name).sort()).toEqual(names);
    expect(new Set(disks.map((d) => d.id)).size).toBe(disks.length);
    const pages = matching((await h.log()).requests, "GET", "/api/v1/disks");
    expect(pages.length).toBe(Math.ceil(disks.length / 100));
    expect(pages[1]!.url).toContain("offset=100&limit=100");
  });

  it("refuses invalid disk input before sending, naming each field", async () => {
    const error = await h
      .client()
      .call(disksEndpoints.createDisk, {
        body: {
          project_id: "not-a-uuid",
          name: "ok",
          size: 20_000,
          availability_zone_id: projectId,
          availability_zone_name: "z",
        },
      })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ValidationError);
    expect((error as ValidationError).status).toBe(0);
    const fields = (error as ValidationError).fields.map((f) => f.field);
    expect(fields).toEqual(expect.arrayContaining(["body.project_id", "body.size"]));
    expect((await h.log()).requests).toEqual([]);
  });
});

describe("operations: signed node-migration requests", () => {
  const jobId = "0b9e7cd5-8d1c-4e7a-9c39-5b1f7c0f0a11";

  it("signs with the access key when no token is set, and the emulator verifies the signature", async () => {
    const client = h.client({ token: "", ...DEFAULT_SIGNING_KEY });
    // Past authentication, the unknown job is a 404 in the containers' own error shape.
    const error = await client
      .call(nodeMigrationEndpoints.getJob, { params: { project_id: opsProjectId, job_id: jobId } })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(NotFoundError);
    expect((error as NotFoundError).code).toMatch(/^CCE\./);
    expect((error as NotFoundError).service).toBe("containers");
  });

  it("is refused with 401 when the secret key is wrong", async () => {
    const client = h.client({
      token: "",
      accessKey: DEFAULT_SIGNING_KEY.accessKey,
      secretKey: "not-the-secret-key",
    });
    const error = await client
      .call(nodeMigrationEndpoints.getJob, { params: { project_id: opsProjectId, job_id: jobId } })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(AuthError);
    expect((error as AuthError).status).toBe(401);
    expect((error as AuthError).message).toContain("signature does not match");
    expect((error as AuthError).message).not.toContain("not-the-secret-key");
  });
});
