/**
 * The `Subnet` provider against the emulator over HTTP, loaded as the dynamic-provider host
 * loads it: create, read, drift, update in place, replace, delete, import, bad input, unknown
 * values, the service's refusals, and a create under injected faults.
 */
import { expectRecordable, expectRefused } from "./support/untracked";
import { describe, expect, it } from "vitest";
import { UNKNOWN } from "../../provider/framework/unknowns";
import { failureLine, failurePath, failureReason } from "./support/failures";
import { loadProvider, type Props, useProviders } from "./support/provider-harness";
import type { VmState } from "../../emulator/vm/records";
import { runningVm } from "./support/fixtures";

const { emu, subnet } = useProviders({ subnet: "resources/subnet" }, { reset: "beforeEach" });

const zone = (i: number) => emu.fixtures.vm.zones[i]!;
const tag = (name: string) => emu.fixtures.vm.tags.find((t) => t.name === name)!;

/** Every output a subnet has. */
const OUTPUT_KEYS = [
  "name",
  "description",
  "address",
  "prefixLength",
  "availabilityZone",
  "availabilityZoneId",
  "vpcId",
  "routedNetwork",
  "defaultGateway",
  "dnsServers",
  "isDefault",
  "tags",
  "tagIds",
  "projectId",
  "state",
  "interfaceCount",
  "createdTime",
].sort();

async function getSubnet(id: string): Promise<{ status: number; body: Record<string, unknown> }> {
  const reply = await emu.call("GET", `/api/v1/subnets/${id}`);
  return { status: reply.status, body: reply.body as Record<string, unknown> };
}

async function subnetsNamed(name: string): Promise<Array<Record<string, unknown>>> {
  const reply = await emu.call(
    "GET",
    `/api/v1/subnets?project_id=${emu.fixtures.vm.projectId}&name=${name}`,
  );
  return (reply.body as { items: Array<Record<string, unknown>> }).items.filter(
    (s) => s.name === name,
  );
}

/** Requests the provider sent to the service (the admin API is not logged). */
async function serviceRequests(): Promise<Array<{ method: string; url: string; status: number }>> {
  return subnet.requests();
}

describe("Subnet: life cycle", () => {
  it("creates a subnet, waits until it is created, and reports every output", async () => {
    const { id, inputs, outs } = await subnet.up({
      name: "app",
      address: "10.20.0.0",
      prefixLength: 24,
      availabilityZone: zone(1).name,
      dnsServers: ["8.8.8.8"],
      tags: ["env-dev"],
      description: "app tier",
    });
    // The bare address and its mask became one CIDR before anything was compared or sent.
    expect(inputs).toMatchObject({ address: "10.20.0.0/24", prefixLength: 24 });
    expect(Object.keys(outs).sort()).toEqual(OUTPUT_KEYS);
    expect(outs).toMatchObject({
      name: "app",
      description: "app tier",
      address: "10.20.0.0/24",
      prefixLength: 24,
      availabilityZone: zone(1).name,
      availabilityZoneId: zone(1).id,
      routedNetwork: true,
      defaultGateway: "10.20.0.1",
      dnsServers: ["8.8.8.8"],
      isDefault: false,
      tags: ["env-dev"],
      tagIds: [tag("env-dev").id],
      projectId: emu.fixtures.vm.projectId,
      state: "created",
      interfaceCount: 0,
    });
    const live = await getSubnet(id);
    expect(live.status).toBe(200);
    expect(live.body).toMatchObject({
      state: "created",
      subnet_address: "10.20.0.0/24",
      name: "app",
    });
    // Right after create, the program's inputs show no change.
    expect(await subnet.diff(id, outs, inputs)).toMatchObject({ changes: false });
  });

  it("reads a subnet by id, and returns nothing once it is gone", async () => {
    const { id, outs } = await subnet.up({ name: "reader", address: "10.21.0.0/24" });
    await subnet.clearRequests();
    const read = await subnet.read(id, outs);
    expect(read.id).toBe(id);
    expect(read.props).toEqual(outs);
    // A refresh is one list call filtered by the recorded address; it carries interfaceCount.
    const sent = (await subnet.requests()).map((r) => `${r.method} ${r.url.split("?")[0]}`);
    expect(sent).toEqual(["GET /api/v1/subnets"]);
    expect((await emu.call("DELETE", `/api/v1/subnets/${id}`)).status).toBe(204);
    await emu.waitFor(`/api/v1/subnets/${id}`, (_b, status) => status === 404);
    expect(await subnet.read(id, outs)).toEqual({});
  });

  it("shows drift: a change made behind the provider's back appears in diff after read", async () => {
    const { id, inputs, outs } = await subnet.up({
      name: "drifty",
      address: "10.22.0.0/24",
      dnsServers: ["1.1.1.1"],
    });
    const put = await emu.call("PUT", `/api/v1/subnets/${id}`, {
      body: { name: "renamed-by-hand", dns_servers: ["9.9.9.9"], tag_names: ["env-prod"] },
    });
    expect(put.status).toBe(200);
    await emu.waitFor(`/api/v1/subnets/${id}`, (b) => (b as { state: string }).state === "created");
    const refreshed = await subnet.read(id, outs);
    expect(refreshed.props).toMatchObject({
      name: "renamed-by-hand",
      dnsServers: ["9.9.9.9"],
      tags: ["env-prod"],
    });
    const diff = await subnet.diff(id, refreshed.props!, inputs);
    expect(diff.changes).toBe(true);
    expect(diff.replaces ?? []).toEqual([]);
    // Update puts the program's values back.
    const { outs: fixed } = await subnet.update(id, refreshed.props!, inputs);
    expect(fixed).toMatchObject({ name: "drifty", dnsServers: ["1.1.1.1"], tags: [] });
    expect((await getSubnet(id)).body).toMatchObject({
      name: "drifty",
      dns_servers: ["1.1.1.1"],
      tags: [],
    });
  });

  it("updates name, description, DNS servers, tags, routing (isolated → routed) and the default flag in place", async () => {
    const { id, inputs, outs } = await subnet.up({
      name: "mutable",
      address: "10.23.0.0/24",
      routedNetwork: false,
      availabilityZone: zone(0).name,
    });
    const { inputs: next, failures } = await subnet.check(
      {
        ...inputs,
        name: "mutable-2",
        description: "now routed",
        dnsServers: ["8.8.4.4", "2001:4860:4860::8888"],
        tags: [tag("env-prod").id, "team-platform"],
        routedNetwork: true,
        isDefault: true,
      },
      inputs,
    );
    expect(failures).toEqual([]);
    const diff = await subnet.diff(id, outs, next);
    expect(diff).toMatchObject({ changes: true });
    expect(diff.replaces ?? []).toEqual([]);
    await subnet.clearRequests();
    const { outs: updated } = await subnet.update(id, outs, next);
    expect(updated).toMatchObject({
      name: "mutable-2",
      description: "now routed",
      dnsServers: ["8.8.4.4", "2001:4860:4860::8888"],
      tags: ["env-prod", "team-platform"],
      routedNetwork: true,
      isDefault: true,
      state: "created",
    });
    // One PUT carried every change.
    const puts = (await serviceRequests()).filter((r) => r.method === "PUT");
    expect(puts).toHaveLength(1);
    // The flag moved: the fixture's default subnet of the zone is no longer the default.
    const fixtureDefault = emu.fixtures.vm.defaultSubnets.find((s) => s.zoneId === zone(0).id)!;
    expect((await getSubnet(fixtureDefault.id)).body).toMatchObject({ default: false });
    // Tags given by id and by name compare equal to the names the service answers.
    expect(await subnet.diff(id, updated, next)).toMatchObject({ changes: false });
  });

  it("replaces (deleting first) when the address, zone, gateway or project changes", async () => {
    const { id, inputs, outs } = await subnet.up({ name: "fixed", address: "10.24.0.0/24" });
    const changes: Array<[Props, string[]]> = [
      [{ address: "10.24.1.0/24" }, ["address"]],
      [{ address: "10.24.0.0", prefixLength: 25 }, ["address", "prefixLength"]],
      [{ availabilityZone: zone(1).name }, ["availabilityZone"]],
      [{ defaultGateway: "10.24.0.9" }, ["defaultGateway"]],
      [{ vpcId: "0f3c1d2e-4b5a-4c6d-8e7f-9a0b1c2d3e4f" }, ["vpcId"]],
      [{ projectId: emu.fixtures.vm.foreignProjectId }, ["projectId"]],
    ];
    for (const [patch, replaces] of changes) {
      const { inputs: next, failures } = await subnet.check({ ...inputs, ...patch }, inputs);
      // A project the token may not use is a mistake check finds; the diff is still a replace.
      expect(failures.map(failureLine)).toEqual(
        "projectId" in patch
          ? [expect.stringMatching(/^projectId: the token may not use project/)]
          : [],
      );
      const diff = await subnet.diff(id, outs, next);
      expect(diff.replaces, JSON.stringify(patch)).toEqual(replaces);
      expect(diff.deleteBeforeReplace, JSON.stringify(patch)).toBe(true);
    }
    // The zone given by id instead of name is the same zone: no change at all.
    const { inputs: byId } = await subnet.check(
      { ...inputs, availabilityZone: outs.availabilityZoneId },
      inputs,
    );
    expect(await subnet.diff(id, outs, byId)).toMatchObject({ changes: false });
  });

  it("checks a replacement that keeps the name as the engine does (again with no previous inputs) without taking the old subnet for another", async () => {
    const { id, inputs, outs } = await subnet.up({ name: "kept-name", address: "10.25.0.0/24" });
    // A provider of a new process (here: new settings, so a new client and an empty catalog
    // cache), as a `pulumi preview` after the `up` that made the subnet is.
    const fresh = await loadProvider("resources/subnet", emu, { "vmcloud:iamEndpoint": emu.url });
    const raw = { ...inputs, address: "10.25.1.0/24" };
    const first = await fresh.check(raw, inputs);
    expect(first.failures).toEqual([]);
    expect((await fresh.diff(id, outs, first.inputs)).replaces).toEqual(["address"]);
    // The engine checks a replacement once more, with no previous inputs.
    const again = await fresh.check(raw, {});
    expect(again.failures.map(failureLine)).toEqual([]);
    // A new subnet of that name, in no replacement, still "already exists".
    const other = await fresh.check({ name: "kept-name", address: "10.25.2.0/24" }, {});
    expect(other.failures.map(failurePath)).toEqual(["name"]);
  });

  it("deletes a subnet and waits until it is gone; a subnet already gone is success", async () => {
    const { id, outs } = await subnet.up({ name: "doomed", address: "10.25.0.0/24" });
    await subnet.delete(id, outs);
    expect((await getSubnet(id)).status).toBe(404);
    await subnet.clearRequests();
    await subnet.delete(id, outs);
    const sent = await serviceRequests();
    expect(sent.map((r) => `${r.method} ${r.status}`)).toEqual(["GET 404"]);
  });

  it("imports by id: read(id, {}) fills every output and its inputs diff clean", async () => {
    const { id } = await subnet.up({
      name: "imported",
      address: "172.16.8.0/22",
      availabilityZone: zone(1).id,
      tags: ["env-prod"],
      dnsServers: ["10.0.0.53"],
    });
    const imported = await subnet.read(id, {});
    expect(imported.id).toBe(id);
    expect(Object.keys(imported.props!).sort()).toEqual(OUTPUT_KEYS);
    expect(imported.props).toMatchObject({
      address: "172.16.8.0/22",
      prefixLength: 22,
      availabilityZone: zone(1).name,
    });
    const { inputs, failures } = await subnet.check(imported.inputs!, imported.inputs!);
    expect(failures).toEqual([]);
    expect(await subnet.diff(id, imported.props!, inputs)).toMatchObject({ changes: false });

    // The fixture's default subnet imports the same way.
    const fixture = emu.fixtures.vm.defaultSubnets[0]!;
    const adopted = await subnet.read(fixture.id, {});
    expect(adopted.props).toMatchObject({
      isDefault: true,
      address: fixture.address,
      name: fixture.name,
    });
    const again = await subnet.check(adopted.inputs!);
    expect(await subnet.diff(fixture.id, adopted.props!, again.inputs)).toMatchObject({
      changes: false,
    });
  });
});

describe("Subnet: input checks", () => {
  it("refuses bad input before sending anything, naming the field", async () => {
    await subnet.clearRequests();
    const cases: Array<[Props, string, RegExp]> = [
      [{ name: "x", address: "8.8.8.0/24" }, "address", /not private/],
      [{ name: "x", address: "10.0.0.1/24" }, "address", /host bits.*10\.0\.0\.0\/24/],
      [{ name: "x", address: "10.0.0.0/24", prefixLength: 25 }, "prefixLength", /disagrees/],
      [{ name: "x", address: "10.0.0.0/30" }, "address", /\/8 to \/29/],
      [{ name: "x", address: "10.0.0.0", prefixLength: 30 }, "prefixLength", /29/],
      [{ name: "x", address: "not-an-ip" }, "address", /IPv4 network/],
      [
        { name: "x", address: "10.0.0.0/24", defaultGateway: "10.0.1.1" },
        "defaultGateway",
        /10\.0\.0\.1 to 10\.0\.0\.254/,
      ],
      [
        { name: "x", address: "10.0.0.0/24", defaultGateway: "10.0.0.0" },
        "defaultGateway",
        /not a host address/,
      ],
      [{ name: "1bad", address: "10.0.0.0/24" }, "name", /letter/],
      [
        { name: "x", address: "10.0.0.0/24", dnsServers: ["dns.example"] },
        "dnsServers[0]",
        /IP address/,
      ],
      [{ name: "x", address: "10.0.0.0/24", colour: "red" }, "colour", /unknown property/],
      [{ address: "10.0.0.0/24" }, "name", /./],
      [
        { name: "x", address: "10.0.0.0/24", timeouts: { create: "soon" } },
        "timeouts.create",
        /duration/,
      ],
    ];
    for (const [news, property, reason] of cases) {
      const { failures } = await subnet.check(news);
      const failure = failures.find((f) => failurePath(f) === property);
      expect(failure, `${JSON.stringify(news)} → ${JSON.stringify(failures)}`).toBeDefined();
      expect(failureReason(failure!)).toMatch(reason);
    }
    expect(await serviceRequests()).toEqual([]);
  });

  it("refuses to make a routed subnet isolated, with what to do instead", async () => {
    const { inputs: olds } = await subnet.check({ name: "r", address: "10.26.0.0/24" });
    await subnet.clearRequests();
    const { failures } = await subnet.check({ ...olds, routedNetwork: false }, olds);
    expect(failures).toHaveLength(1);
    expect(failures[0]).toMatchObject({ property: "routedNetwork" });
    expect(failures[0]!.reason).toMatch(/cannot be made isolated.*new Subnet/);
    expect(await serviceRequests()).toEqual([]);
  });

  it("lets unknown values through during preview and reports them as changes", async () => {
    const { inputs, failures } = await subnet.check({
      name: UNKNOWN,
      address: UNKNOWN,
      defaultGateway: UNKNOWN,
    });
    expect(failures).toEqual([]);
    const { id, inputs: known, outs } = await subnet.up({ name: "known", address: "10.27.0.0/24" });
    expect(inputs.name).toBe(UNKNOWN);
    const diff = await subnet.diff(id, outs, { ...known, address: UNKNOWN });
    expect(diff.changes).toBe(true);
    expect(diff.replaces).toEqual(["address"]);
    // A known address is still normalized while another input is unknown.
    const partly = await subnet.check({ name: UNKNOWN, address: "10.27.0.0", prefixLength: 24 });
    expect(partly.failures).toEqual([]);
    expect(partly.inputs).toMatchObject({ address: "10.27.0.0/24", prefixLength: 24 });
    expect(await subnet.diff(id, outs, { ...partly.inputs, name: "known" })).toMatchObject({
      changes: false,
    });
  });
});

describe("Subnet: the service's refusals", () => {
  it("refuses a second default subnet in a zone at check, and create explains the 409", async () => {
    const second = { name: "second-default", address: "10.28.0.0/24", isDefault: true };
    await expect(subnet.up(second)).rejects.toThrow(
      /check failed: isDefault: subnet \S+ \(\S+\) is already the default subnet of availability zone ru\.AZ-1/,
    );
    // A default made between check and create (another program): the service's 409, explained.
    await expect(subnet.create(second)).rejects.toThrow(
      /Subnet "second-default": create failed: isDefault: the project already has a default subnet.*default_subnet_exists/,
    );
    expect(await subnetsNamed("second-default")).toEqual([]);
  });

  it("explains an overlapping CIDR (409)", async () => {
    await subnet.up({ name: "first", address: "10.29.0.0/16" });
    await expect(subnet.up({ name: "overlap", address: "10.29.4.0/24" })).rejects.toThrow(
      /address: the network overlaps another subnet.*subnet_cidr_already_exists.*10\.29\.0\.0\/16/,
    );
  });

  it("refuses an untracked subnet of the same name or address at create too (an up whose preview came first)", async () => {
    const first = await subnet.up({ name: "first", address: "10.30.0.0/24" });
    await subnet.clearRequests();
    // What an `up` reaches when its preview ran before the other subnet was made.
    const create = async (props: Props) => subnet.create((await subnet.check(props)).inputs);
    // Same name and zone, another address.
    await expect(create({ name: "first", address: "10.30.1.0/24" })).rejects.toThrow(
      new RegExp(
        `Subnet "first": create failed: a subnet already holds the name "first" ` +
          `or the address 10\\.30\\.1\\.0/24 \\(${first.id} "first" 10\\.30\\.0\\.0/24.*\\) and this stack does not ` +
          "track it; nothing was changed. It differs from this resource's inputs.*choose another name or address, or delete it",
      ),
    );
    // Same address, another name.
    await expect(create({ name: "second", address: "10.30.0.0/24" })).rejects.toThrow(
      new RegExp(
        `holds the name "second" or the address 10\\.30\\.0\\.0/24 \\(${first.id} "first"`,
      ),
    );
    // Same name and address, another gateway.
    await expect(
      create({ name: "first", address: "10.30.0.0/24", defaultGateway: "10.30.0.9" }),
    ).rejects.toThrow(/differs from this resource's inputs/);
    expect((await serviceRequests()).filter((r) => r.method === "POST")).toEqual([]);
    expect((await subnetsNamed("first")).map((s) => s.id)).toEqual([first.id]);
    expect(await subnetsNamed("second")).toEqual([]);
  });

  it("never takes over an untracked subnet of the same name, address and zone (an interrupted create's, or anyone's)", async () => {
    const first = await subnet.up({ name: "again", address: "10.38.0.0/24" });
    await subnet.newProcess();
    const program = {
      name: "again",
      address: "10.38.0.0",
      availabilityZone: first.outs.availabilityZone,
    };
    await expectRefused(subnet, program, {
      id: first.id,
      adoptable: true,
      atCheck: true,
      words: /matches this resource's inputs/,
    });
    expect((await subnetsNamed("again")).map((s) => s.id)).toEqual([first.id]);
    // Recorded by Pulumi's recovery of the pending create, it is the program's subnet.
    await expectRecordable(subnet, first.id, program);
  });

  it("reports the service's 422 for a closed zone and an unknown tag", async () => {
    await expect(
      subnet.up({ name: "closed", address: "10.31.0.0/24", availabilityZone: zone(2).name }),
    ).rejects.toThrow(/Subnet "closed": create failed: .*422 availability_zone_changes_forbidden/);
    await expect(
      subnet.up({ name: "tagged", address: "10.31.0.0/24", tags: ["no-such-tag"] }),
    ).rejects.toThrow(/422 bad_tag_name.*fix the named field/);
  });

  it("fails an update of a subnet deleted behind its back with 404 and advice to refresh", async () => {
    const { id, inputs, outs } = await subnet.up({ name: "vanishing", address: "10.32.0.0/24" });
    expect((await emu.call("DELETE", `/api/v1/subnets/${id}`)).status).toBe(204);
    await emu.waitFor(`/api/v1/subnets/${id}`, (_b, status) => status === 404);
    await expect(subnet.update(id, outs, { ...inputs, description: "late" })).rejects.toThrow(
      /404 subnet_not_found.*pulumi refresh/,
    );
  });

  it("fails an update at once when the change it waits out ends failed, and sends no PUT", async () => {
    const { id, inputs, outs } = await subnet.up({ name: "failing", address: "10.35.0.0/24" });
    // A change made by another tool is running, and the service ends it failed.
    const record = (emu.emulator.store.state.vm as VmState).subnets[id]!;
    record.status = "updating";
    record.schedule = [{ at: Date.now() + 300, status: "error" }];
    await subnet.clearRequests();
    await expect(subnet.update(id, outs, { ...inputs, description: "late" })).rejects.toThrow(
      /update failed: .*subnet [0-9a-f-]+ failed: the service reports state error/,
    );
    // A failed subnet takes no change: none is sent.
    expect((await serviceRequests()).filter((r) => r.method === "PUT")).toEqual([]);
  });

  it("explains a routed subnet made isolated behind check's back (422 from the service)", async () => {
    const { id, inputs, outs } = await subnet.up({ name: "routed", address: "10.33.0.0/24" });
    // Old inputs said routed too, so check let it pass (e.g. they were recorded before a refresh).
    await expect(subnet.update(id, outs, { ...inputs, routedNetwork: false })).rejects.toThrow(
      /routedNetwork: the subnet is routed.*routed_subnet_can_not_be_changed/,
    );
  });

  it("explains a delete refused while VM interfaces use the subnet (405)", async () => {
    const { id, outs } = await subnet.up({ name: "busy", address: "10.34.0.0/24" });
    const state = emu.emulator.store.state.vm as VmState;
    const nic = "7b1c2d3e-4f5a-4b6c-8d7e-9f0a1b2c3d4e";
    state.interfaces[nic] = {
      id: nic,
      name: "eth0",
      vm_id: "5d1f6c0e-8a3b-4c2d-9e1f-0a2b3c4d5e6f",
      subnet_id: id,
      ip_address: "10.34.0.2",
      primary: true,
      type: "regular",
      interface_security_enabled: true,
      security_group_ids: [],
      state: "created",
    };
    expect((await subnet.read(id, outs)).props).toMatchObject({ interfaceCount: 1 });
    await expect(subnet.delete(id, outs)).rejects.toThrow(
      /Subnet "busy": delete failed: the subnet still has network interfaces: delete the VMs.*405 subnet_not_empty/,
    );
    delete state.interfaces[nic];
    await subnet.delete(id, outs);
    expect((await getSubnet(id)).status).toBe(404);
  });
});

describe("Subnet: a delete refused for a VM outside the program", () => {
  it("names the VM that still uses the subnet, by name and id", async () => {
    const { id, outs } = await subnet.up({ name: "shared-net", address: "10.36.0.0/24" });
    // Another tool's VM on the subnet, made through the API.
    const other = await runningVm(emu, outs.availabilityZone as string, id);
    const refused = await subnet.delete(id, outs).then(
      () => undefined,
      (e: unknown) => e as Error,
    );
    expect(refused?.message).toMatch(
      new RegExp(
        `^Subnet "shared-net": delete failed: the subnet is still used by VM "${other.name}" \\(${other.id}\\): ` +
          "delete it or move its interface to another subnet first; .*405 subnet_not_empty",
      ),
    );
    expect((await getSubnet(id)).status).toBe(200);
  });
});

describe("Subnet: faults", () => {
  it("makes exactly one subnet when the create's answer is lost", async () => {
    await subnet.setFaults([
      { route: "^/api/v1/subnets$", method: "POST", dropResponseRate: 1, times: 1 },
    ]);
    await subnet.clearRequests();
    const { id, outs } = await subnet.up({ name: "lost-answer", address: "10.35.0.0/24" });
    expect(outs).toMatchObject({ state: "created", name: "lost-answer" });
    const posts = (await subnet.requests()).filter((r) => r.method === "POST");
    expect(posts).toHaveLength(1);
    expect(posts[0]!.fault, "the answer was dropped").toBeTruthy();
    const found = await subnetsNamed("lost-answer");
    expect(found.map((s) => s.id)).toEqual([id]);
  });

  it("keeps a subnet that exists but could not be seen ready in the stack, and the next up finishes it", async () => {
    // Every read of the new subnet fails, so the wait after the create cannot see it ready:
    // the two list requests of the leftover check pass (a rule that only delays is used up by
    // each request it delays); then the wait's batched list fails (5 attempts), and so does
    // every read by id; the list that counts the interfaces for the error's outputs passes.
    const { inputs } = await subnet.check({ name: "half-made", address: "10.37.0.0/24" });
    await subnet.setFaults([
      { route: "^/api/v1/subnets$", method: "GET", latencyMs: 1, times: 2 },
      { route: "^/api/v1/subnets$", method: "GET", errorRates: { "503": 1 }, times: 5 },
      { route: "^/api/v1/subnets/[0-9a-f-]{36}$", method: "GET", errorRates: { "503": 1 } },
    ]);
    const error = (await subnet.create(inputs).then(
      () => undefined,
      (e: unknown) => e,
    )) as { message: string; id?: string; properties?: Props } | undefined;
    expect(error).toBeDefined();
    expect(error!.message).toMatch(/Subnet "half-made": create failed: .*503.*stays in the stack/);
    const [made] = await subnetsNamed("half-made");
    expect(error!.id).toBe(made!.id);
    // What the engine records: the outputs, with the provider a later delete needs.
    expect(error!.properties).toMatchObject({
      name: "half-made",
      address: "10.37.0.0/24",
      __provider: subnet.shim,
    });
    await subnet.setFaults([]);
    const { __provider: _shim, ...recorded } = error!.properties!;
    const { outs } = await subnet.update(error!.id!, recorded, inputs);
    expect(outs).toMatchObject({ state: "created", name: "half-made" });
    expect(await subnetsNamed("half-made")).toHaveLength(1);
  });

  it("makes exactly one subnet when the create is answered 503", async () => {
    await subnet.setFaults([
      { route: "^/api/v1/subnets$", method: "POST", errorRates: { "503": 1 }, times: 1 },
    ]);
    await subnet.clearRequests();
    const { id } = await subnet.up({ name: "unavailable", address: "10.36.0.0/24" });
    const posts = (await serviceRequests()).filter((r) => r.method === "POST");
    expect(posts.map((r) => r.status)).toEqual([503, 201]);
    const found = await subnetsNamed("unavailable");
    expect(found.map((s) => s.id)).toEqual([id]);
  });
});
