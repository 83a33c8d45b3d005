/**
 * The `PlacementGroup` provider against the emulator over HTTP, loaded as the dynamic-provider
 * host loads it: create, read, drift, update in place, replace (policy), delete (refused while
 * VMs are in the group), import, bad input, and the refusal of an untracked same-named group.
 */
import { expectRefused } from "./support/untracked";
import { describe, expect, it } from "vitest";
import { fixtureIds, uniqueName } from "./support/fixtures";
import { useProviders } from "./support/provider-harness";

const { emu, pg } = useProviders({ pg: "resources/placement-group" }, { reset: "beforeEach" });

const live = (id: string) => emu.call("GET", `/api/v1/placement-groups/${id}`);

/** A running VM of zone 1 in the group. */
async function vmIn(groupId: string): Promise<string> {
  const ids = fixtureIds(emu);
  const name = uniqueName("vm");
  const reply = await emu.call("POST", "/api/v1.1/vms", {
    body: [
      {
        project_id: ids.project,
        availability_zone_id: ids.zone("ru.AZ-1"),
        name,
        flavor_id: ids.flavor("burst-1-1"),
        image_id: ids.image("ubuntu-22.04"),
        placement_group_id: groupId,
        disks: [{ name: `${name}-boot`, size: 10, disk_type_id: ids.diskType("SSD") }],
      },
    ],
  });
  expect(reply.status, reply.text).toBe(201);
  return (reply.body as Array<{ id: string }>)[0]!.id;
}

describe("PlacementGroup lifecycle", () => {
  it("creates a group, in no zone until a VM joins it, and reads the zones VMs bring", async () => {
    const name = uniqueName("web");
    const { id, outs } = await pg.up({ name, policy: "anti-affinity", tags: ["env-prod"] });
    expect(outs).toMatchObject({
      name,
      description: "",
      policy: "anti-affinity",
      state: "created",
      tags: ["env-prod"],
      projectId: emu.fixtures.vm.projectId,
    });
    expect(outs.zones).toEqual([]);
    expect((await live(id)).status).toBe(200);
    await vmIn(id);
    const read = (await pg.read(id, outs)).props!;
    expect(read.zones).toEqual([
      {
        availabilityZone: "ru.AZ-1",
        availabilityZoneId: fixtureIds(emu).zone("ru.AZ-1"),
        vmCount: 1,
        maxVmCount: 3,
        state: "created",
      },
    ]);
    expect(read.state).toBe("created");
  });

  it("reads, shows drift and VM counts, updates in place; the policy replaces, deleting first", async () => {
    const { id, inputs, outs } = await pg.up({
      name: uniqueName("db"),
      policy: "soft-anti-affinity",
    });
    expect(await pg.diff(id, outs, inputs)).toMatchObject({ changes: false });
    await vmIn(id);
    await emu.call("PUT", `/api/v1/placement-groups/${id}`, { body: { description: "outside" } });
    const refreshed = (await pg.read(id, outs)).props!;
    expect(refreshed).toMatchObject({ description: "outside" });
    expect((refreshed.zones as Array<{ vmCount: number }>)[0]!.vmCount).toBe(1);
    expect(await pg.diff(id, refreshed, inputs)).toMatchObject({ changes: true, replaces: [] });

    const renamed = (
      await pg.check({ ...inputs, name: uniqueName("db2"), tags: ["env-dev"] }, inputs)
    ).inputs;
    const { outs: updated } = await pg.update(id, refreshed, renamed);
    expect(updated).toMatchObject({
      name: renamed.name,
      description: "",
      tags: ["env-dev"],
      state: "created",
    });

    const policy = (await pg.check({ ...renamed, policy: "anti-affinity" }, renamed)).inputs;
    expect(await pg.diff(id, updated, policy)).toMatchObject({
      replaces: ["policy"],
      deleteBeforeReplace: true,
    });
    const both = { ...policy, name: uniqueName("db3") };
    expect(await pg.diff(id, updated, both)).toMatchObject({ deleteBeforeReplace: false });
  });

  it("refuses to delete a group that has VMs, saying what to do; deletes it once empty", async () => {
    const { id, outs } = await pg.up({ name: uniqueName("full"), policy: "anti-affinity" });
    const vmId = await vmIn(id);
    const error = await pg.delete(id, outs).then(
      () => undefined,
      (e: Error) => e,
    );
    expect(error?.message).toMatch(/PlacementGroup ".+": delete failed/);
    expect(error?.message).toMatch(/VMs are still in the group: delete them/);
    await emu.waitFor(`/api/v1/vms/${vmId}`, (b) => (b as { state: string }).state === "running");
    expect((await emu.call("DELETE", `/api/v1/vms/${vmId}`)).status).toBe(204);
    await emu.waitFor(`/api/v1/vms/${vmId}`, (_b, status) => status === 404);
    await pg.delete(id, outs);
    expect((await live(id)).status).toBe(404);
    await pg.delete(id, outs);
    expect(await pg.read(id, outs)).toEqual({});
  });

  it("imports by id alone: outputs and inputs that check and diff as no change", async () => {
    const { id, outs } = await pg.up({
      name: uniqueName("imp"),
      policy: "anti-affinity",
      description: "d",
    });
    const imported = await pg.read(id, {});
    expect(imported.props).toEqual(outs);
    const checked = await pg.check(imported.inputs!, imported.inputs!);
    expect(checked.failures).toEqual([]);
    expect(await pg.diff(id, imported.props!, checked.inputs)).toMatchObject({ changes: false });
  });
});

describe("PlacementGroup bad input and leftovers", () => {
  it("fails check on a missing or unknown policy and a bad name, before anything is sent", async () => {
    await pg.clearRequests();
    const none = await pg.check({ name: "ok" });
    // Left out, policy has no value the engine could show: its path leads the reason.
    expect(none.failures).toEqual([{ property: "", reason: expect.stringMatching(/^policy: /) }]);
    const bad = await pg.check({ name: "-x", policy: "affinity" });
    expect(bad.failures.map((f) => f.property).sort()).toEqual(["name", "policy"]);
    expect(await pg.requests()).toEqual([]);
  });

  it("never takes over an untracked same-named group, of the same policy or another, naming it at check", async () => {
    const name = uniqueName("left");
    const left = await emu.call("POST", "/api/v1/placement-groups", {
      body: { project_id: emu.fixtures.vm.projectId, name, policy: "anti-affinity" },
    });
    // The next preview is a new provider process.
    await pg.newProcess();
    await expectRefused(
      pg,
      { name, policy: "anti-affinity" },
      {
        id: (left.body as { id: string }).id,
        adoptable: false,
        atCheck: true,
        words: /matches this resource's inputs/,
      },
    );
    await expect(pg.up({ name: "spread-az1", policy: "soft-anti-affinity" })).rejects.toThrow(
      /check failed: name: placement group spread-az1 \(\S+\) already has the name "spread-az1" in the project \(a placement group's name is unique in its project\); to manage it from this program \(this stack's, left by an interrupted `pulumi up`/,
    );
  });
});
