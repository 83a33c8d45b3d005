// A preview checks each DiskAttachment of a stack, one after another (the engine checks one
// resource at a time), and each check needs the attachment's disk and VM. After the first few
// read by id, the provider reads the project's disk and VM lists once
// (provider/resources/framework/listed-objects.ts), so a big stack's checks cost a few pages,
// and every check still says what the reads by id would: no failure for attachments that are
// fine, and the failure, from a fresh read, for one that is not.
import { beforeAll, describe, expect, it } from "vitest";
import { READS_BEFORE_LIST } from "../../provider/resources/framework/listed-objects";
import { fixtureIds, runningVm, uniqueName } from "./support/fixtures";
import { useProviders } from "./support/provider-harness";

const { emu, attachment } = useProviders({ attachment: "resources/disk-attachment" });

/** Requests of the log by method and path (query dropped, ids folded to `{id}`). */
async function routes(): Promise<Record<string, number>> {
  const counts: Record<string, number> = {};
  for (const r of await attachment.requests()) {
    const route = `${r.method} ${r.url.split("?")[0]!.replace(/[0-9a-f-]{36}/g, "{id}")}`;
    counts[route] = (counts[route] ?? 0) + 1;
  }
  return counts;
}

/** A disk made and attached to `vmId` through the API, once it is `in_use`. */
async function attachedDisk(vmId: string): Promise<string> {
  const ids = fixtureIds(emu);
  const made = await emu.call("POST", "/api/v1/disks", {
    body: {
      project_id: ids.project,
      availability_zone_id: ids.zone("ru.AZ-1"),
      name: uniqueName("data"),
      size: 5,
      disk_type_id: ids.diskType("SSD"),
    },
  });
  expect(made.status, made.text).toBe(201);
  const id = (made.body as { id: string }).id;
  await emu.waitFor(`/api/v1/disks/${id}`, (b) => (b as { state: string }).state === "available");
  const attach = await emu.call("POST", `/api/v1/disks/${id}/attach`, { body: { vm_id: vmId } });
  expect(attach.status, attach.text).toBe(200);
  await emu.waitFor(`/api/v1/disks/${id}`, (b) => (b as { state: string }).state === "in_use");
  return id;
}

describe("checks of many disk attachments", () => {
  const COUNT = 3 * READS_BEFORE_LIST;
  let pairs: Array<{ diskId: string; vmId: string }>;

  beforeAll(async () => {
    const vms = await Promise.all(Array.from({ length: COUNT }, () => runningVm(emu)));
    pairs = await Promise.all(
      vms.map(async (vm) => ({ diskId: await attachedDisk(vm.id), vmId: vm.id })),
    );
  }, 120_000);

  it("read the first disks and VMs by id, then the project's lists once, and find nothing wrong", async () => {
    await attachment.newProcess();
    await attachment.clearRequests();
    for (const inputs of pairs) {
      expect((await attachment.check(inputs, inputs)).failures).toEqual([]);
    }
    const sent = await routes();
    expect(sent["GET /api/v1/disks/{id}"]).toBe(READS_BEFORE_LIST);
    expect(sent["GET /api/v1/vms/{id}"]).toBe(READS_BEFORE_LIST);
    expect(sent["GET /api/v1/disks"]).toBeGreaterThanOrEqual(1);
    expect(sent["GET /api/v1/vms"]).toBeGreaterThanOrEqual(1);
    const all = Object.values(sent).reduce((a, b) => a + b, 0);
    expect(all).toBeLessThan(COUNT);
  }, 60_000);

  it("still fails an attachment whose disk is held by another VM, and one whose disk is gone", async () => {
    const [held, gone, ...rest] = pairs;
    const other = rest[0]!;
    // Behind Pulumi's back: the first disk detached and attached to another VM, the second deleted.
    const detach = await emu.call("POST", `/api/v1/disks/${held!.diskId}/detach`, {
      body: { vm_id: held!.vmId },
    });
    expect(detach.status, detach.text).toBe(200);
    await emu.waitFor(
      `/api/v1/disks/${held!.diskId}`,
      (b) => (b as { state: string }).state === "available",
    );
    const again = await emu.call("POST", `/api/v1/disks/${held!.diskId}/attach`, {
      body: { vm_id: other.vmId },
    });
    expect(again.status, again.text).toBe(200);
    await emu.waitFor(
      `/api/v1/disks/${held!.diskId}`,
      (b) => (b as { state: string }).state === "in_use",
    );
    const gotRid = await emu.call("POST", `/api/v1/disks/${gone!.diskId}/detach`, {
      body: { vm_id: gone!.vmId },
    });
    expect(gotRid.status, gotRid.text).toBe(200);
    await emu.waitFor(
      `/api/v1/disks/${gone!.diskId}`,
      (b) => (b as { state: string }).state === "available",
    );
    expect((await emu.call("DELETE", `/api/v1/disks/${gone!.diskId}`)).status).toBeLessThan(300);
    await emu.waitFor(`/api/v1/disks/${gone!.diskId}`, (_b, status) => status === 404);

    await attachment.newProcess();
    await attachment.clearRequests();
    // The healthy ones first, so that the list fills the cache before the two are checked.
    for (const inputs of rest.slice(1)) {
      expect((await attachment.check(inputs, inputs)).failures).toEqual([]);
    }
    const heldFailures = (await attachment.check(held!, held!)).failures;
    expect(heldFailures).toHaveLength(1);
    expect(heldFailures[0]).toMatchObject({ property: "diskId" });
    expect(heldFailures[0]!.reason).toContain("is not shared");
    const goneFailures = (await attachment.check(gone!, gone!)).failures;
    expect(goneFailures).toHaveLength(1);
    expect(goneFailures[0]).toMatchObject({ property: "diskId" });
    expect(goneFailures[0]!.reason).toContain(`no disk ${gone!.diskId} exists`);
  }, 120_000);
});
