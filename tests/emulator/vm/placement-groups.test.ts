/**
 * Placement groups against the real emulator over HTTP: create (in no zone, created at once),
 * list filters, partial update, unique names, VMs joining (the first VM of a zone brings the
 * zone in; anti-affinity holds one VM per host of the zone, soft-anti-affinity lets them
 * share), and delete (refused while VMs are in the group).
 */
import { describe, expect, it } from "vitest";
import { PlacementGroupPage, PlacementGroupResponse } from "../../../api/vm/placement-groups";
import { UNKNOWN, expectError, vmSpec, vmState, useVmEmulator } from "../support/vm-service";

const { emu, id, fresh, vms } = useVmEmulator({ speed: 5 });

async function createGroup(extra: Record<string, unknown> = {}): Promise<PlacementGroupResponse> {
  const reply = await emu.call("POST", "/api/v1/placement-groups", {
    body: { project_id: id.project, name: fresh("pg"), policy: "anti-affinity", ...extra },
  });
  expect(reply.status, reply.text).toBe(201);
  return PlacementGroupResponse.parse(reply.body);
}

async function settled(groupId: string): Promise<PlacementGroupResponse> {
  const reply = await emu.waitFor(
    `/api/v1/placement-groups/${groupId}`,
    (b, code) =>
      code === 200 &&
      (b as PlacementGroupResponse).availability_zones.every((z) => z.state === "created"),
  );
  return PlacementGroupResponse.parse(reply.body);
}

const vmIn = (groupId: string, zone: string, name = fresh("spread")) =>
  vmSpec(id, {
    name,
    availability_zone_id: zone,
    placement_group_id: groupId,
    disks: [{ name: `${name}-boot`, size: 10, disk_type_id: id.ssd }],
  });

describe("placement group create, read, update", () => {
  it("creates a group in no zone, created at once: it lists no zones until VMs join", async () => {
    const group = await createGroup({ description: "web tier", tag_names: ["env-prod"] });
    // The document's default for availability_zones is []: a client that reads a new group
    // (the community Terraform provider does) finds no zone in it.
    expect(group.availability_zones).toEqual([]);
    expect(group).toMatchObject({
      policy: "anti-affinity",
      description: "web tier",
      project: { id: id.project },
      tags: [{ name: "env-prod" }],
    });
    const read = await emu.call("GET", `/api/v1/placement-groups/${group.id}`);
    expect(PlacementGroupResponse.parse(read.body).availability_zones).toEqual([]);
    // Nothing to wait for: a VM joins at once.
    await vms.create(vmIn(group.id, id.az1));
  });

  it("keeps names unique in the project (409) and refuses bad bodies", async () => {
    const group = await createGroup();
    const again = await emu.call("POST", "/api/v1/placement-groups", {
      body: { project_id: id.project, name: group.name, policy: "soft-anti-affinity" },
    });
    expectError(again, 409, "placement_group_with_this_data_already_exists", "name");
    const bad = (body: Record<string, unknown>) =>
      emu.call("POST", "/api/v1/placement-groups", {
        body: { project_id: id.project, name: fresh("pg"), policy: "anti-affinity", ...body },
      });
    expectError(await bad({ policy: "affinity" }), 422, "validation_error", "policy");
    expectError(await bad({ availability_zone_id: id.az1 }), 422, "extra_forbidden");
    expectError(await bad({ tag_ids: [UNKNOWN] }), 422, "bad_tag_id");
    expect((await bad({ project_id: id.foreignProject })).status).toBe(403);
    expectError(
      await emu.call("GET", `/api/v1/placement-groups/${UNKNOWN}`),
      404,
      "placement_group_not_found",
    );
  });

  it("updates name, description and tags, not while a change runs, and never the policy", async () => {
    const group = await createGroup();
    // A VM brings its zone in, where the group's state shows.
    await vms.create(vmIn(group.id, id.az1));
    const name = fresh("renamed");
    const reply = await emu.call("PUT", `/api/v1/placement-groups/${group.id}`, {
      body: { name, description: "new", tag_names: ["env-dev"] },
    });
    expect(reply.status, reply.text).toBe(200);
    const updated = PlacementGroupResponse.parse(reply.body);
    expect(updated).toMatchObject({ name, description: "new", tags: [{ name: "env-dev" }] });
    expect(updated.availability_zones.map((z) => z.state)).toEqual(["updating"]);
    const early = await emu.call("PUT", `/api/v1/placement-groups/${group.id}`, {
      body: { name: fresh("pg") },
    });
    expectError(early, 422, "placement_group_can_not_be_changed_from_current_state");
    // A VM may still join while the group is renamed.
    await vms.create(vmIn(group.id, id.az1));
    await settled(group.id);
    const policy = await emu.call("PUT", `/api/v1/placement-groups/${group.id}`, {
      body: { policy: "soft-anti-affinity" },
    });
    expectError(policy, 422, "extra_forbidden");
  });

  it("lists the project's groups with filters", async () => {
    const soft = await createGroup({ name: fresh("listed"), policy: "soft-anti-affinity" });
    const list = async (query: string) => {
      const reply = await emu.call(
        "GET",
        `/api/v1/placement-groups?project_id=${id.project}${query}`,
      );
      expect(reply.status, reply.text).toBe(200);
      return PlacementGroupPage.parse(reply.body);
    };
    expect((await list("&name=listed&policy=soft-anti-affinity")).items.map((g) => g.id)).toEqual([
      soft.id,
    ]);
    expect(
      (await list("&policy=anti-affinity&limit=100")).items.some((g) => g.id === soft.id),
    ).toBe(false);
    const fixture = await list(`&availability_zone_ids=${id.az2}&name=spread-az1`);
    expect(fixture.total).toBe(0);
    // A group is in a zone once a VM of the zone joined it.
    const byZone = async () =>
      (await list(`&availability_zone_ids=${id.az2}&limit=100`)).items.some(
        (g) => g.id === soft.id,
      );
    expect(await byZone()).toBe(false);
    await vms.create(vmIn(soft.id, id.az2));
    expect(await byZone()).toBe(true);
    expectError(
      await emu.call("GET", `/api/v1/placement-groups?project_id=${UNKNOWN}`),
      404,
      "project_not_found",
    );
  });
});

describe("VMs in placement groups", () => {
  it("anti-affinity: one VM per host of the zone, then refused; counts per zone", async () => {
    const group = await createGroup();
    await settled(group.id);
    const zone = vmState(emu).zones[id.az2]!;
    zone.hosts = 2;
    try {
      const a = await vms.running(vmIn(group.id, id.az2));
      await vms.create(vmIn(group.id, id.az2));
      const full = await emu.call("POST", "/api/v1.1/vms", { body: [vmIn(group.id, id.az2)] });
      expectError(full, 422, "placement_group_max_vm_count_exceeded", "0.placement_group_id");
      // Another zone has its own hosts.
      await vms.create(vmIn(group.id, id.az1));
      const read = await emu.call("GET", `/api/v1/placement-groups/${group.id}`);
      const zones = PlacementGroupResponse.parse(read.body).availability_zones;
      expect(zones.find((z) => z.availability_zone_id === id.az2)).toMatchObject({
        vm_count: 2,
        max_vm_count: 2,
      });
      expect(zones.find((z) => z.availability_zone_id === id.az1)).toMatchObject({ vm_count: 1 });
      const vm = await emu.call("GET", `/api/v1/vms/${a.id}`);
      expect((vm.body as { placement_group?: { id: string } }).placement_group?.id).toBe(group.id);
    } finally {
      // A refused create puts back the state as it was, zones included: read the zone anew.
      delete vmState(emu).zones[zone.id]!.hosts;
    }
  });

  it("soft-anti-affinity: VMs beyond the hosts share them", async () => {
    const group = await createGroup({ policy: "soft-anti-affinity" });
    await settled(group.id);
    const zone = vmState(emu).zones[id.az1]!;
    zone.hosts = 1;
    try {
      await vms.create(vmIn(group.id, id.az1));
      await vms.create(vmIn(group.id, id.az1));
      const read = await emu.call("GET", `/api/v1/placement-groups/${group.id}`);
      const zones = PlacementGroupResponse.parse(read.body).availability_zones;
      expect(zones.find((z) => z.availability_zone_id === id.az1)).toMatchObject({
        vm_count: 2,
        max_vm_count: 1,
      });
    } finally {
      // A refused create puts back the state as it was, zones included: read the zone anew.
      delete vmState(emu).zones[zone.id]!.hosts;
    }
  });

  it("the first VM of a zone brings the zone in, and it stays once the VM is gone", async () => {
    const group = await createGroup();
    const vm = await vms.running(vmIn(group.id, id.az2));
    const zones = async () =>
      PlacementGroupResponse.parse(
        (await emu.call("GET", `/api/v1/placement-groups/${group.id}`)).body,
      ).availability_zones;
    expect(await zones()).toEqual([
      {
        availability_zone_id: id.az2,
        availability_zone_name: emu.fixtures.vm.zones[1]!.name,
        vm_count: 1,
        max_vm_count: 3,
        state: "created",
      },
    ]);
    await vms.create(vmIn(group.id, id.az1));
    // Listed in the service's order of zones, whatever order VMs joined in.
    expect((await zones()).map((z) => [z.availability_zone_id, z.vm_count])).toEqual([
      [id.az1, 1],
      [id.az2, 1],
    ]);
    expect((await emu.call("DELETE", `/api/v1/vms/${vm.id}`)).status).toBe(204);
    await vms.waitGone(vm.id);
    expect((await zones()).map((z) => [z.availability_zone_id, z.vm_count])).toEqual([
      [id.az1, 1],
      [id.az2, 0],
    ]);
  });

  it("a group on its way out takes no VM", async () => {
    const group = await createGroup();
    expect((await emu.call("DELETE", `/api/v1/placement-groups/${group.id}`)).status).toBe(204);
    const reply = await emu.call("POST", "/api/v1.1/vms", { body: [vmIn(group.id, id.az1)] });
    expectError(reply, 422, "placement_group_unavailable", "0.placement_group_id");
  });

  it("a group with VMs cannot be deleted; once they are gone it is deleting, then gone", async () => {
    const group = await createGroup();
    await settled(group.id);
    const vm = await vms.running(vmIn(group.id, id.az1));
    const refused = await emu.call("DELETE", `/api/v1/placement-groups/${group.id}`);
    expectError(refused, 422, "placement_group_in_use");
    expect(refused.text).toContain(vm.id);
    const del = await emu.call("DELETE", `/api/v1/vms/${vm.id}`);
    expect(del.status, del.text).toBe(204);
    await vms.waitGone(vm.id);
    const reply = await emu.call("DELETE", `/api/v1/placement-groups/${group.id}`);
    expect(reply.status, reply.text).toBe(204);
    const read = await emu.call("GET", `/api/v1/placement-groups/${group.id}`);
    expect(PlacementGroupResponse.parse(read.body).availability_zones[0]!.state).toBe("deleting");
    await emu.waitFor(`/api/v1/placement-groups/${group.id}`, (_b, code) => code === 404);
    expectError(
      await emu.call("DELETE", `/api/v1/placement-groups/${group.id}`),
      404,
      "placement_group_not_found",
    );
  });
});
