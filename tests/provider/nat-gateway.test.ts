/**
 * The `NatGateway` provider against the emulator over HTTP, loaded as the dynamic-provider
 * host loads it: create (with its own external IP), read, drift, update in place, replace
 * (deleting first where the new gateway would clash), delete, import, adoptId, bad input
 * (offline and against the service: a zone another gateway serves, a name another has),
 * unknown values, adoption of what an interrupted create left, waits and faults.
 */
import { expectRefused } from "./support/untracked";
import { describe, expect, it } from "vitest";
import { UNKNOWN } from "../../provider/framework/unknowns";
import { uniqueName } from "./support/fixtures";
import { useProviders } from "./support/provider-harness";
import {
  expectTimedOutCreateFinishedByNextUp,
  expectOneObjectDespiteRetries,
} from "./support/create-faults";

const { emu, nat, subnet } = useProviders(
  { nat: "resources/nat-gateway", subnet: "resources/subnet" },
  { reset: "beforeEach" },
);

const zone = (i: number) => emu.fixtures.vm.zones[i]!;
const live = async (id: string) => emu.call("GET", `/api/v1/nat-gateways/${id}`);
const gatewayList = async () =>
  (
    (await emu.call("GET", `/api/v1/nat-gateways?project_id=${emu.fixtures.vm.projectId}`))
      .body as { items: Array<{ id: string; name: string }> }
  ).items;

/** Makes a gateway behind the program's back (what another stack, or an interrupted up, left). */
async function madeOutside(name: string, zoneIndex: number, description = "") {
  const made = await emu.call("POST", "/api/v1/nat-gateways", {
    body: {
      project_id: emu.fixtures.vm.projectId,
      name,
      nat_type: "Public sNAT",
      availability_zone_id: zone(zoneIndex).id,
      description,
    },
  });
  expect(made.status, made.text).toBe(201);
  return (made.body as { id: string }).id;
}

describe("NatGateway lifecycle", () => {
  it("creates a gateway in the zone with its own external IP, serving the zone's routed subnets", async () => {
    const name = uniqueName("egress");
    const routed = await subnet.up({
      name: uniqueName("app"),
      address: "10.61.0.0/24",
      availabilityZone: "ru.AZ-2",
    });
    const { id, outs } = await nat.up({ name, availabilityZone: "ru.AZ-2" });
    expect(outs).toMatchObject({
      name,
      description: "",
      availabilityZone: "ru.AZ-2",
      availabilityZoneId: zone(1).id,
      state: "created",
      projectId: emu.fixtures.vm.projectId,
    });
    expect(outs.address).toMatch(/^\d+\.\d+\.\d+\.\d+$/);
    expect(outs.subnetIds).toContain(routed.id);
    const ip = await emu.call("GET", `/api/v1/floating-ips/${outs.externalIpId as string}`);
    expect(ip.body).toMatchObject({ ip_address: outs.address, state: "in_use" });
    expect((await live(id)).body).toMatchObject({ state: "created", name });
  });

  it("reads, shows drift, updates name and description in place", async () => {
    const { id, inputs, outs } = await nat.up({ name: uniqueName("gw"), description: "a" });
    expect((await nat.read(id, outs)).props).toEqual(outs);
    expect(await nat.diff(id, outs, inputs)).toMatchObject({ changes: false });

    await emu.call("PUT", `/api/v1/nat-gateways/${id}`, { body: { name: "renamed-outside" } });
    await emu.waitFor(
      `/api/v1/nat-gateways/${id}`,
      (b) => (b as { state: string }).state === "created",
    );
    const refreshed = (await nat.read(id, outs)).props!;
    expect(refreshed.name).toBe("renamed-outside");
    expect(await nat.diff(id, refreshed, inputs)).toMatchObject({ changes: true, replaces: [] });

    const next = (await nat.check({ ...inputs, description: "b" }, inputs)).inputs;
    const { outs: updated } = await nat.update(id, refreshed, next);
    expect(updated).toMatchObject({ name: inputs.name, description: "b", address: outs.address });
    expect((await live(id)).body).toMatchObject({ name: inputs.name, description: "b" });
  });

  it("replaces on a new zone, deleting first unless the name changes too; the zone by id is the same", async () => {
    const { id, inputs, outs } = await nat.up({
      name: uniqueName("z"),
      availabilityZone: "ru.AZ-1",
    });
    const byId = (await nat.check({ ...inputs, availabilityZone: zone(0).id }, inputs)).inputs;
    expect(await nat.diff(id, outs, byId)).toMatchObject({ changes: false });
    const moved = (await nat.check({ ...inputs, availabilityZone: "ru.AZ-2" }, inputs)).inputs;
    expect(await nat.diff(id, outs, moved)).toMatchObject({
      replaces: ["availabilityZone"],
      deleteBeforeReplace: true,
    });
    const renamed = { ...moved, name: uniqueName("other") };
    expect(await nat.diff(id, outs, renamed)).toMatchObject({ deleteBeforeReplace: false });
    const unknown = { ...inputs, availabilityZone: UNKNOWN };
    expect(await nat.diff(id, outs, unknown)).toMatchObject({ replaces: ["availabilityZone"] });
  });

  it("deletes the gateway and its external IP and waits until gone; gone already is success", async () => {
    const { id, outs } = await nat.up({ name: uniqueName("gone") });
    await nat.delete(id, outs);
    expect((await live(id)).status).toBe(404);
    expect(
      (await emu.call("GET", `/api/v1/floating-ips/${outs.externalIpId as string}`)).status,
    ).toBe(404);
    await nat.delete(id, outs);
    expect(await nat.read(id, outs)).toEqual({});
  });

  it("imports by id alone: outputs and inputs that check and diff as no change", async () => {
    const { id, outs } = await nat.up({ name: uniqueName("imp"), description: "kept" });
    const imported = await nat.read(id, {});
    expect(imported.props).toEqual(outs);
    const checked = await nat.check(imported.inputs!, imported.inputs!);
    expect(checked.failures).toEqual([]);
    expect(await nat.diff(id, imported.props!, checked.inputs)).toMatchObject({ changes: false });
  });

  it("adopts an existing gateway by adoptId with reads only, and refuses one that differs", async () => {
    const name = uniqueName("adopt");
    const existing = await madeOutside(name, 0, "made elsewhere");
    await nat.clearRequests();
    const { id, outs } = await nat.up({
      name,
      description: "made elsewhere",
      availabilityZone: "ru.AZ-1",
      adoptId: existing,
    });
    expect(id).toBe(existing);
    expect(outs).toMatchObject({ adoptId: existing, name, availabilityZone: "ru.AZ-1" });
    expect((await nat.requests()).every((r) => r.method === "GET")).toBe(true);
    await expect(
      nat.up({ name, description: "not this", availabilityZone: "ru.AZ-1", adoptId: existing }),
    ).rejects.toThrow(/description/);
  });
});

describe("NatGateway checks before anything changes", () => {
  it("fails check on a bad name, an unknown key and an unknown zone; unknowns pass", async () => {
    await nat.clearRequests();
    const bad = await nat.check({ name: "1st", colour: "red" });
    expect(bad.failures.map((f) => f.property).sort()).toEqual(["colour", "name"]);
    const zoneless = await nat.check({ name: "ok", availabilityZone: "ru.AZ-9" });
    expect(zoneless.failures).toEqual([
      expect.objectContaining({
        property: "availabilityZone",
        reason: expect.stringMatching(/not an availability zone.*ru\.AZ-1/),
      }),
    ]);
    expect((await nat.check({ name: "ok", availabilityZone: UNKNOWN })).failures).toEqual([]);
    expect((await nat.requests()).every((r) => r.method === "GET")).toBe(true);
  });

  it("fails check on a zone another gateway serves and a name another gateway has, naming it", async () => {
    const holder = uniqueName("holder");
    const holderId = await madeOutside(holder, 0);
    await nat.clearRequests();
    const taken = await nat.check({ name: uniqueName("second"), availabilityZone: "ru.AZ-1" });
    expect(taken.failures).toEqual([
      {
        property: "availabilityZone",
        reason: expect.stringContaining(
          `SNAT gateway ${holder} (${holderId}) already serves availability zone ru.AZ-1`,
        ),
      },
    ]);
    const named = await nat.check({ name: holder, availabilityZone: "ru.AZ-2" });
    expect(named.failures).toEqual([
      {
        property: "name",
        reason: expect.stringMatching(/already has the name .* unique in its project/),
      },
    ]);
    expect(
      (await nat.check({ name: uniqueName("free"), availabilityZone: "ru.AZ-2" })).failures,
    ).toEqual([]);
    // Its own zone is no conflict on an update of the gateway that holds it.
    const own = { name: holder, availabilityZone: "ru.AZ-1" };
    expect((await nat.check({ ...own, description: "x" }, own)).failures).toEqual([]);
    expect((await nat.requests()).every((r) => r.method === "GET")).toBe(true);
    expect((await gatewayList()).map((g) => g.id)).toEqual([holderId]);
  });
});

describe("NatGateway after an interrupted create", () => {
  it("never takes over an untracked same-named gateway, of its zone or another", async () => {
    const name = uniqueName("left");
    const leftId = await madeOutside(name, 0);
    // One failure for the one object: the name's (it serves the zone too).
    expect((await nat.check({ name, availabilityZone: "ru.AZ-1" })).failures).toHaveLength(1);
    await expectRefused(
      nat,
      { name, availabilityZone: "ru.AZ-1" },
      {
        id: leftId,
        adoptable: true,
        atCheck: true,
        words: /matches this resource's inputs/,
      },
    );

    const other = uniqueName("elsewhere");
    await madeOutside(other, 1);
    const inputs = (await nat.check({ name: other, availabilityZone: "ru.AZ-2" })).inputs;
    await expect(nat.create({ ...inputs, availabilityZone: "ru.AZ-1" })).rejects.toThrow(
      /an SNAT gateway named ".+" already exists in the project .* differs from this resource's inputs/,
    );
  });
});

describe("NatGateway waits and faults", () => {
  it("keeps a gateway still creating when the create timeout ends; the next up finishes it", async () => {
    await expectTimedOutCreateFinishedByNextUp(
      nat,
      emu,
      "NatGateway",
      { name: uniqueName("slow") },
      "created",
    );
  });

  it("a create whose first attempt got 503 and second lost its answer makes exactly one gateway", async () => {
    await expectOneObjectDespiteRetries(
      nat,
      "^/api/v1/nat-gateways$",
      { name: uniqueName("faulty") },
      async () => (await gatewayList()).map((g) => g.id),
    );
  });
});
