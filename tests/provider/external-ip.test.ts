/**
 * The `ExternalIp` provider against the emulator over HTTP, loaded as the dynamic-provider
 * host loads it: create, read, drift, update in place, replace, delete (refused while bound),
 * import, bad input (offline and against the catalog), unknown values, and adoption of what an
 * interrupted create left.
 */
import { expectRefused } from "./support/untracked";
import { describe, expect, it } from "vitest";
import { UNKNOWN } from "../../provider/framework/unknowns";
import { runningVm, uniqueName } from "./support/fixtures";
import { useProviders } from "./support/provider-harness";
import {
  expectTimedOutCreateFinishedByNextUp,
  expectOneObjectDespiteRetries,
} from "./support/create-faults";

const { emu, ip } = useProviders({ ip: "resources/external-ip" }, { reset: "beforeEach" });

const zone = (i: number) => emu.fixtures.vm.zones[i]!;
const live = async (id: string) => emu.call("GET", `/api/v1/floating-ips/${id}`);

describe("ExternalIp lifecycle", () => {
  it("creates a free address in the zone and waits until it is available", async () => {
    const name = uniqueName("web");
    const { id, outs } = await ip.up({ name, availabilityZone: "ru.AZ-2", tags: ["env-prod"] });
    expect(outs).toMatchObject({
      name,
      description: "",
      availabilityZone: "ru.AZ-2",
      availabilityZoneId: zone(1).id,
      state: "available",
      tags: ["env-prod"],
      projectId: emu.fixtures.vm.projectId,
    });
    expect(outs.address).toMatch(/^(203\.0\.113|198\.51\.100)\./);
    expect(outs.interfaceId).toBeUndefined();
    const reply = await live(id);
    expect(reply.body).toMatchObject({ state: "available", ip_address: outs.address });
  });

  it("reads, shows drift, updates name, description and tags in place", async () => {
    const { id, inputs, outs } = await ip.up({ name: uniqueName("dns"), description: "a" });
    expect((await ip.read(id, outs)).props).toEqual(outs);
    expect(await ip.diff(id, outs, inputs)).toMatchObject({ changes: false });

    // Drift: renamed outside the program.
    await emu.call("PUT", `/api/v1/floating-ips/${id}`, { body: { name: "renamed-outside" } });
    await emu.waitFor(
      `/api/v1/floating-ips/${id}`,
      (b) => (b as { state: string }).state === "available",
    );
    const refreshed = (await ip.read(id, outs)).props!;
    expect(refreshed.name).toBe("renamed-outside");
    const drift = await ip.diff(id, refreshed, inputs);
    expect(drift).toMatchObject({ changes: true, replaces: [] });

    const next = (await ip.check({ ...inputs, description: "b", tags: ["env-dev"] }, inputs))
      .inputs;
    const diff = await ip.diff(id, refreshed, next);
    expect(diff).toMatchObject({ changes: true, replaces: [] });
    const { outs: updated } = await ip.update(id, refreshed, next);
    expect(updated).toMatchObject({
      name: inputs.name,
      description: "b",
      tags: ["env-dev"],
      address: outs.address,
    });
    expect((await live(id)).body).toMatchObject({ name: inputs.name, description: "b" });
  });

  it("replaces on a new zone (a new address), and accepts the zone by id as the same", async () => {
    const { id, inputs, outs } = await ip.up({
      name: uniqueName("z"),
      availabilityZone: "ru.AZ-1",
    });
    const byId = (await ip.check({ ...inputs, availabilityZone: zone(0).id }, inputs)).inputs;
    expect(await ip.diff(id, outs, byId)).toMatchObject({ changes: false });
    const moved = (await ip.check({ ...inputs, availabilityZone: "ru.AZ-2" }, inputs)).inputs;
    expect(await ip.diff(id, outs, moved)).toMatchObject({ replaces: ["availabilityZone"] });
    const unknown = { ...inputs, availabilityZone: UNKNOWN };
    expect(await ip.diff(id, outs, unknown)).toMatchObject({ replaces: ["availabilityZone"] });
  });

  it("deletes and waits until it is gone; gone already is success", async () => {
    const { id, outs } = await ip.up({ name: uniqueName("gone") });
    await ip.delete(id, outs);
    expect((await live(id)).status).toBe(404);
    await ip.delete(id, outs);
    expect(await ip.read(id, outs)).toEqual({});
  });

  it("refuses to delete an address bound to a VM, saying what to do", async () => {
    const { id, outs } = await ip.up({ name: uniqueName("bound") });
    const vm = await runningVm(emu);
    const bind = await emu.call("PUT", `/api/v1/floating-ips/${id}`, { body: { vm_id: vm.id } });
    expect(bind.status, bind.text).toBe(200);
    const error = await ip.delete(id, outs).then(
      () => undefined,
      (e: Error) => e,
    );
    expect(error?.message).toMatch(/ExternalIp ".+": delete failed/);
    expect(error?.message).toMatch(
      /bound to a VM's interface: delete that VM, or drop externalIpId/,
    );
    const read = (await ip.read(id, outs)).props!;
    expect(read).toMatchObject({ state: expect.stringMatching(/attaching|in_use/), vmId: vm.id });
  });

  it("imports by id alone: outputs and inputs that check and diff as no change", async () => {
    const { id, outs } = await ip.up({
      name: uniqueName("imp"),
      description: "kept",
      tags: ["env-dev"],
    });
    const imported = await ip.read(id, {});
    expect(imported.props).toEqual(outs);
    const checked = await ip.check(imported.inputs!, imported.inputs!);
    expect(checked.failures).toEqual([]);
    expect(await ip.diff(id, imported.props!, checked.inputs)).toMatchObject({ changes: false });
  });
});

describe("ExternalIp bad input", () => {
  it("fails check on a bad name, an unknown key and an unknown zone, before anything is sent", async () => {
    await ip.clearRequests();
    const bad = await ip.check({ name: "1st", colour: "red" });
    expect(bad.failures.map((f) => f.property).sort()).toEqual(["colour", "name"]);
    const zoneless = await ip.check({ name: "ok", availabilityZone: "ru.AZ-9" });
    expect(zoneless.failures).toEqual([
      expect.objectContaining({
        property: "availabilityZone",
        reason: expect.stringMatching(/not an availability zone.*ru\.AZ-1/),
      }),
    ]);
    expect((await ip.requests()).every((r) => r.method === "GET")).toBe(true);
    // Preview: an unknown zone passes.
    expect((await ip.check({ name: "ok", availabilityZone: UNKNOWN })).failures).toEqual([]);
  });
});

describe("ExternalIp after an interrupted create", () => {
  it("never takes over an untracked same-named address, free or bound", async () => {
    const name = uniqueName("left");
    const left = await emu.call("POST", "/api/v1/floating-ips", {
      body: { project_id: emu.fixtures.vm.projectId, availability_zone_id: zone(0).id, name },
    });
    const leftId = (left.body as { id: string }).id;
    await expectRefused(
      ip,
      { name, availabilityZone: "ru.AZ-1" },
      {
        id: leftId,
        adoptable: false,
        atCheck: true,
        words: /matches this resource's inputs/,
      },
    );

    const vm = await runningVm(emu);
    const other = uniqueName("taken");
    const taken = await emu.call("POST", "/api/v1/floating-ips", {
      body: { project_id: emu.fixtures.vm.projectId, vm_id: vm.id, name: other },
    });
    expect(taken.status, taken.text).toBe(201);
    const takenId = (taken.body as { id: string }).id;
    // Preview fails, naming the other address and the fix ...
    const refused = await ip.check({ name: other, availabilityZone: "ru.AZ-1" });
    expect(refused.failures).toHaveLength(1);
    expect(refused.failures[0]!.property).toBe("name");
    expect(refused.failures[0]!.reason).toContain(`external IP ${other} (${takenId})`);
    expect(refused.failures[0]!.reason).toContain("choose another name");
    // ... and create, which an up checked before the address existed reaches, refuses it too.
    await expect(ip.create(refused.inputs)).rejects.toThrow(
      /an external IP named ".+" already exists in zone ru\.AZ-1 .* differs from this resource's inputs/,
    );
  });
});

describe("ExternalIp waits and faults", () => {
  it("keeps an address still creating when the create timeout ends; the next up finishes it", async () => {
    await expectTimedOutCreateFinishedByNextUp(
      ip,
      emu,
      "ExternalIp",
      { name: uniqueName("slow") },
      "available",
    );
  });

  it("a create whose first attempt got 503 and second lost its answer makes exactly one address", async () => {
    const name = uniqueName("faulty");
    await expectOneObjectDespiteRetries(ip, "^/api/v1/floating-ips$", { name }, async () => {
      const listed = await emu.call(
        "GET",
        `/api/v1/floating-ips?project_id=${emu.fixtures.vm.projectId}&name=${name}`,
      );
      return (listed.body as { items: Array<{ id: string }> }).items.map((i) => i.id);
    });
  });
});
