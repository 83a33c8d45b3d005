/**
 * The `NetworkInterface` provider against the emulator over HTTP, loaded as the
 * dynamic-provider host loads it: create (free, with a fixed address and groups), read, drift,
 * update in place (name, groups, filtering), replace (deleting first when the address is
 * kept), delete (refused while on a VM), import, adoptId, bad input (offline and against the
 * service: an address outside the subnet or taken), unknown values, adoption of what an
 * interrupted create left, waits and faults.
 */
import { expectRefused } from "./support/untracked";
import { describe, expect, it } from "vitest";
import { UNKNOWN } from "../../provider/framework/unknowns";
import { fixtureIds, uniqueName } from "./support/fixtures";
import { useProviders } from "./support/provider-harness";
import {
  expectTimedOutCreateFinishedByNextUp,
  expectOneObjectDespiteRetries,
} from "./support/create-faults";

const { emu, nic, group } = useProviders(
  { nic: "resources/network-interface", group: "resources/security-group" },
  { reset: "beforeEach" },
);

const project = () => emu.fixtures.vm.projectId;
const live = async (id: string) => emu.call("GET", `/api/v1/interfaces/${id}`);
const interfacesNamed = async (name: string) =>
  (
    (await emu.call("GET", `/api/v1/interfaces?project_id=${project()}&limit=100`)).body as {
      items: Array<{ id: string; name: string }>;
    }
  ).items.filter((i) => i.name === name);

/** A running VM of ru.AZ-1 whose one interface is the existing interface `interfaceId`. */
async function vmWith(interfaceId: string): Promise<string> {
  const ids = fixtureIds(emu);
  const name = uniqueName("vm");
  const made = await emu.call("POST", "/api/v1.1/vms", {
    body: [
      {
        project_id: ids.project,
        availability_zone_id: ids.zone("ru.AZ-1"),
        name,
        flavor_id: ids.flavor("burst-1-1"),
        image_id: ids.image("ubuntu-22.04"),
        disks: [{ name: `${name}-boot`, size: 10, disk_type_id: ids.diskType("SSD") }],
        interfaces: [{ type: "regular", interface_id: interfaceId }],
      },
    ],
  });
  expect(made.status, made.text).toBe(201);
  const [vm] = made.body as Array<{ id: string }>;
  await emu.waitFor(`/api/v1/vms/${vm!.id}`, (b) => (b as { state: string }).state === "running");
  return vm!.id;
}

describe("NetworkInterface lifecycle", () => {
  it("creates a free interface with a fixed address and groups, and waits until it is created", async () => {
    const name = uniqueName("db");
    const { id, outs } = await nic.up({
      name,
      availabilityZone: "ru.AZ-1",
      ipAddress: "10.0.0.50",
      securityGroups: ["default-az1"],
    });
    expect(outs).toMatchObject({
      name,
      description: "",
      availabilityZone: "ru.AZ-1",
      availabilityZoneId: emu.fixtures.vm.zones[0]!.id,
      subnet: "default-subnet-az1",
      subnetAddress: "10.0.0.0/24",
      ipAddress: "10.0.0.50",
      securityGroups: ["default-az1"],
      securityEnabled: true,
      state: "created",
      projectId: project(),
    });
    expect(outs.vmId).toBeUndefined();
    expect((await live(id)).body).toMatchObject({ state: "created", ip_address: "10.0.0.50" });
  });

  it("reads, shows drift, updates name, groups and filtering in place", async () => {
    const { id, inputs, outs } = await nic.up({ name: uniqueName("port"), description: "a" });
    expect((await nic.read(id, outs)).props).toEqual(outs);
    expect(await nic.diff(id, outs, inputs)).toMatchObject({ changes: false });

    await emu.call("PUT", `/api/v1/interfaces/${id}`, { body: { name: "renamed-outside" } });
    await emu.waitFor(
      `/api/v1/interfaces/${id}`,
      (b) => (b as { state: string }).state === "created",
    );
    const refreshed = (await nic.read(id, outs)).props!;
    expect(refreshed.name).toBe("renamed-outside");
    expect(await nic.diff(id, refreshed, inputs)).toMatchObject({ changes: true, replaces: [] });

    const web = await group.up({ name: uniqueName("web"), availabilityZone: "ru.AZ-1" });
    const next = (
      await nic.check({ ...inputs, description: "b", securityGroups: [web.id] }, inputs)
    ).inputs;
    expect(await nic.diff(id, refreshed, next)).toMatchObject({ changes: true, replaces: [] });
    const { outs: updated } = await nic.update(id, refreshed, next);
    expect(updated).toMatchObject({
      name: inputs.name,
      description: "b",
      securityGroupIds: [web.id],
      ipAddress: outs.ipAddress,
    });
    // The group by name is the same group.
    const byName = { ...next, securityGroups: [web.outs.name] };
    expect(await nic.diff(id, updated, byName)).toMatchObject({ changes: false });

    const open = (await nic.check({ ...inputs, securityEnabled: false }, next)).inputs;
    const { outs: unfiltered } = await nic.update(id, updated, open);
    expect(unfiltered).toMatchObject({ securityEnabled: false, securityGroups: [] });
  });

  it("replaces on a new subnet or address; keeping the address or the name deletes first", async () => {
    const { id, inputs, outs } = await nic.up({ name: uniqueName("r"), ipAddress: "10.0.0.60" });
    const bySubnetId = (await nic.check({ ...inputs, subnet: outs.subnetId }, inputs)).inputs;
    expect(await nic.diff(id, outs, bySubnetId)).toMatchObject({ changes: false });
    const moved = (await nic.check({ ...inputs, availabilityZone: "ru.AZ-2" }, inputs)).inputs;
    expect(await nic.diff(id, outs, moved)).toMatchObject({
      replaces: ["availabilityZone"],
      deleteBeforeReplace: true,
    });
    // Names are unique in the project: a new address under the same name deletes first too.
    const readdressed = (await nic.check({ ...inputs, ipAddress: "10.0.0.61" }, inputs)).inputs;
    expect(await nic.diff(id, outs, readdressed)).toMatchObject({
      replaces: ["ipAddress"],
      deleteBeforeReplace: true,
    });
    const renamed = (
      await nic.check(
        { ...inputs, ipAddress: "10.0.0.61", name: `${inputs.name as string}-2` },
        inputs,
      )
    ).inputs;
    expect(await nic.diff(id, outs, renamed)).toMatchObject({
      replaces: ["ipAddress"],
      deleteBeforeReplace: false,
    });
    expect(await nic.diff(id, outs, { ...inputs, subnet: UNKNOWN })).toMatchObject({
      replaces: ["subnet"],
    });
  });

  it("refuses to delete an interface on a VM, saying what to do; deletes it once the VM is gone", async () => {
    const { id, outs } = await nic.up({ name: uniqueName("kept"), ipAddress: "10.0.0.70" });
    const vmId = await vmWith(id);
    const onVm = (await nic.read(id, outs)).props!;
    expect(onVm).toMatchObject({ vmId, ipAddress: "10.0.0.70" });
    const error = await nic.delete(id, onVm).then(
      () => undefined,
      (e: Error) => e,
    );
    expect(error?.message).toMatch(/NetworkInterface ".+": delete failed/);
    expect(error?.message).toMatch(/on a VM.*delete that VM first/);

    const gone = await emu.call("DELETE", `/api/v1/vms/${vmId}`);
    expect(gone.status, gone.text).toBeLessThan(300);
    await emu.waitFor(`/api/v1/interfaces/${id}`, (b) => (b as { vm?: unknown }).vm === undefined);
    const free = (await nic.read(id, onVm)).props!;
    expect(free).toMatchObject({ ipAddress: "10.0.0.70" });
    expect(free.vmId).toBeUndefined();
    await nic.delete(id, free);
    expect((await live(id)).status).toBe(404);
    await nic.delete(id, free);
    expect(await nic.read(id, free)).toEqual({});
  });

  it("imports by id alone: outputs and inputs that check and diff as no change", async () => {
    const { id, outs } = await nic.up({
      name: uniqueName("imp"),
      description: "kept",
      ipAddress: "10.0.0.80",
    });
    const imported = await nic.read(id, {});
    expect(imported.props).toEqual(outs);
    const checked = await nic.check(imported.inputs!, imported.inputs!);
    expect(checked.failures).toEqual([]);
    expect(await nic.diff(id, imported.props!, checked.inputs)).toMatchObject({ changes: false });
  });

  it("adopts an existing interface by adoptId with reads only", async () => {
    const name = uniqueName("adopt");
    const made = await emu.call("POST", "/api/v1/interfaces", {
      body: { project_id: project(), name, ip_address: "10.0.0.90" },
    });
    expect(made.status, made.text).toBe(201);
    const existing = (made.body as { id: string }).id;
    await nic.clearRequests();
    const { id, outs } = await nic.up({ name, ipAddress: "10.0.0.90", adoptId: existing });
    expect(id).toBe(existing);
    expect(outs).toMatchObject({ adoptId: existing, ipAddress: "10.0.0.90" });
    expect((await nic.requests()).every((r) => r.method === "GET")).toBe(true);
  });
});

describe("NetworkInterface checks before anything changes", () => {
  it("fails check offline on a bad name, address, key and groups without filtering; unknowns pass", async () => {
    const bad = await nic.check({ name: "1st", ipAddress: "10.0.0", colour: "red" });
    expect([...new Set(bad.failures.map((f) => f.property))].sort()).toEqual([
      "colour",
      "ipAddress",
      "name",
    ]);
    const both = await nic.check({ name: "ok", securityEnabled: false, securityGroups: ["x"] });
    expect(both.failures).toEqual([
      expect.objectContaining({
        property: "securityGroups",
        reason: expect.stringMatching(/securityEnabled/),
      }),
    ]);
    expect(
      (await nic.check({ name: "ok", subnet: UNKNOWN, ipAddress: "10.0.0.5" })).failures,
    ).toEqual([]);
  });

  it("fails check on an address outside the subnet, its gateway, and one another interface has", async () => {
    const holder = await nic.up({ name: uniqueName("holder"), ipAddress: "10.0.0.40" });
    await nic.clearRequests();
    const outside = await nic.check({ name: "ok", ipAddress: "10.9.0.5" });
    expect(outside.failures).toEqual([
      {
        property: "ipAddress",
        reason: expect.stringMatching(
          /10\.9\.0\.5 is not a host address of subnet default-subnet-az1 \(.+\) \(10\.0\.0\.0\/24\); use one from 10\.0\.0\.2 to 10\.0\.0\.254/,
        ),
      },
    ]);
    const gateway = await nic.check({ name: "ok", ipAddress: "10.0.0.1" });
    expect(gateway.failures[0]?.reason).toMatch(/is the gateway of subnet default-subnet-az1/);
    const taken = await nic.check({ name: "ok", ipAddress: "10.0.0.40" });
    expect(taken.failures).toEqual([
      {
        property: "ipAddress",
        reason: expect.stringContaining(
          `10.0.0.40 is already the address of interface ${holder.inputs.name as string} (${holder.id})`,
        ),
      },
    ]);
    // Its own address is no conflict on an update.
    expect(
      (await nic.check({ ...holder.inputs, description: "x" }, holder.inputs)).failures,
    ).toEqual([]);
    const nowhere = await nic.check({ name: "ok", subnet: "no-such-subnet" });
    expect(nowhere.failures).toEqual([
      expect.objectContaining({
        property: "subnet",
        reason: expect.stringMatching(
          /use one of: default-subnet-az1.*pass the Subnet resource.s id .* so that the interface waits for it/,
        ),
      }),
    ]);
    const far = await nic.check({ name: "ok", subnet: "default-subnet-az2" });
    expect(far.failures).toEqual([
      {
        property: "subnet",
        reason: expect.stringMatching(
          /^subnet default-subnet-az2 \(\S+\) is in availability zone ru\.AZ-2 and the interface in ru\.AZ-1; a network interface's subnet must be in the interface's zone: set the interface's availabilityZone to ru\.AZ-2/,
        ),
      },
    ]);
    expect((await nic.requests()).every((r) => r.method === "GET")).toBe(true);
  });
});

describe("NetworkInterface after an interrupted create", () => {
  it("never takes over an untracked same-named interface, whether it matches the inputs or not", async () => {
    const name = uniqueName("left");
    const left = await emu.call("POST", "/api/v1/interfaces", {
      body: { project_id: project(), name, ip_address: "10.0.0.100" },
    });
    const leftId = (left.body as { id: string }).id;
    // One failure for the one object (the name's, not also the address's).
    expect((await nic.check({ name, ipAddress: "10.0.0.100" })).failures).toHaveLength(1);
    await expectRefused(
      nic,
      { name, ipAddress: "10.0.0.100" },
      {
        id: leftId,
        adoptable: true,
        atCheck: true,
        words: /matches this resource's inputs/,
      },
    );

    const other = uniqueName("differs");
    const theirs = await emu.call("POST", "/api/v1/interfaces", {
      body: { project_id: project(), name: other, description: "someone else's" },
    });
    const theirId = (theirs.body as { id: string }).id;
    // Preview fails, naming the other interface and the fix ...
    const refused = await nic.check({ name: other });
    expect(refused.failures).toHaveLength(1);
    expect(refused.failures[0]!.property).toBe("name");
    expect(refused.failures[0]!.reason).toContain(`network interface ${other} (${theirId})`);
    expect(refused.failures[0]!.reason).toContain(`set adoptId to "${theirId}"`);
    // ... and create, which an up checked before the interface existed reaches, refuses it too.
    await expect(nic.create(refused.inputs)).rejects.toThrow(
      /a free interface named ".+" already exists in subnet default-subnet-az1 .* differs from this resource's inputs/,
    );
  });
});

describe("NetworkInterface waits and faults", () => {
  it("keeps an interface still creating when the create timeout ends; the next up finishes it", async () => {
    await expectTimedOutCreateFinishedByNextUp(
      nic,
      emu,
      "NetworkInterface",
      { name: uniqueName("slow") },
      "created",
    );
  });

  it("a create whose first attempt got 503 and second lost its answer makes exactly one interface", async () => {
    const name = uniqueName("faulty");
    await expectOneObjectDespiteRetries(nic, "^/api/v1/interfaces$", { name }, async () =>
      (await interfacesNamed(name)).map((i) => i.id),
    );
  });
});
