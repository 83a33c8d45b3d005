/**
 * SNAT gateways against the real emulator over HTTP: create (creating → created, with an
 * external IP of their own), the rules that follow the zone's routed subnets, one gateway per
 * zone of a network, unique names, rename, delete (the address goes with the gateway), the
 * gateway's address refused to every other use, list filters, and the refusals.
 */
import { describe, expect, it } from "vitest";
import { ExternalIpPage, ExternalIpResponse } from "../../../api/vm/external-ips";
import { NatGatewayPage, NatGatewayResponse } from "../../../api/vm/nat-gateways";
import { SubnetResponse } from "../../../api/vm/subnets";
import { UNKNOWN, expectError, vmSpec, vmState, useVmEmulator } from "../support/vm-service";

// A zone of a network takes one gateway: every test starts from the fixtures.
const { emu, id, vms } = useVmEmulator({ speed: 5, reset: "beforeEach" });

const post = (body: Record<string, unknown>) =>
  emu.call("POST", "/api/v1/nat-gateways", {
    body: { project_id: id.project, name: "egress", nat_type: "Public sNAT", ...body },
  });

async function createGateway(body: Record<string, unknown> = {}): Promise<NatGatewayResponse> {
  const reply = await post({ availability_zone_id: id.az1, ...body });
  expect(reply.status, reply.text).toBe(201);
  return NatGatewayResponse.parse(reply.body);
}

async function read(gatewayId: string): Promise<NatGatewayResponse> {
  const reply = await emu.call("GET", `/api/v1/nat-gateways/${gatewayId}`);
  expect(reply.status, reply.text).toBe(200);
  return NatGatewayResponse.parse(reply.body);
}

async function settled(gatewayId: string, state = "created"): Promise<NatGatewayResponse> {
  const reply = await emu.waitFor(
    `/api/v1/nat-gateways/${gatewayId}`,
    (b, code) => code === 200 && (b as NatGatewayResponse).state === state,
  );
  return NatGatewayResponse.parse(reply.body);
}

async function subnet(body: Record<string, unknown>): Promise<SubnetResponse> {
  const reply = await emu.call("POST", "/api/v1/subnets", {
    body: { project_id: id.project, availability_zone_id: id.az1, ...body },
  });
  expect(reply.status, reply.text).toBe(201);
  return SubnetResponse.parse(reply.body);
}

describe("SNAT gateway create and read", () => {
  it("is creating, then created, in its zone and network, with an external IP of its own", async () => {
    const gateway = await createGateway({ description: "package mirrors" });
    expect(gateway).toMatchObject({
      name: "egress",
      state: "creating",
      description: "package mirrors",
      nat_type: "Public sNAT",
      availability_zone: { id: id.az1 },
      project: { id: id.project },
      vpc_id: vmState(emu).projects[id.project]!.vpc_id,
    });
    expect(gateway.floating_ip).toMatchObject({ state: "in_use" });
    expect(gateway.floating_ip!.ip_address).toMatch(/^(203\.0\.113|198\.51\.100)\./);
    const ready = await settled(gateway.id);
    expect(ready.floating_ip).toEqual(gateway.floating_ip);
    // The address is listed with the external IPs, naming its gateway.
    const ip = await emu.call("GET", `/api/v1/floating-ips/${gateway.floating_ip!.id}`);
    expect(ExternalIpResponse.parse(ip.body)).toMatchObject({
      state: "in_use",
      nat_gateway: { id: gateway.id, name: "egress", state: "created" },
    });
    expect(ExternalIpResponse.parse(ip.body).interface).toBeUndefined();
  });

  it("serves the routed subnets of its zone and network, and its rules follow them", async () => {
    const gateway = await createGateway();
    const fixtureSubnet = emu.fixtures.vm.defaultSubnets.find((s) => s.zoneId === id.az1)!;
    expect(gateway.nat_rules).toEqual([
      {
        id: expect.any(String),
        subnet_id: fixtureSubnet.id,
        internal_address: fixtureSubnet.address,
      },
    ]);
    const routed = await subnet({ name: "private", subnet_address: "10.20.0.0/24" });
    await subnet({ name: "isolated", subnet_address: "10.21.0.0/24", routed_network: false });
    await subnet({
      name: "elsewhere",
      subnet_address: "10.22.0.0/24",
      availability_zone_id: id.az2,
    });
    const served = await read(gateway.id);
    expect(served.nat_rules.map((r) => [r.subnet_id, r.internal_address])).toEqual([
      [fixtureSubnet.id, fixtureSubnet.address],
      [routed.id, "10.20.0.0/24"],
    ]);
    // A rule keeps its id from one read to the next.
    expect(served.nat_rules[0]!.id).toBe(gateway.nat_rules[0]!.id);
    await emu.waitFor(
      `/api/v1/subnets/${routed.id}`,
      (b) => (b as SubnetResponse).state === "created",
    );
    expect((await emu.call("DELETE", `/api/v1/subnets/${routed.id}`)).status).toBe(204);
    expect((await read(gateway.id)).nat_rules.map((r) => r.subnet_id)).toEqual([fixtureSubnet.id]);
  });

  it("takes one gateway per zone of a network, so that a subnet has one SNAT gateway", async () => {
    const first = await createGateway();
    const again = await post({ name: "second", availability_zone_id: id.az1 });
    expectError(
      again,
      422,
      "nat_gateway_already_exists_in_availability_zone",
      "availability_zone_id",
    );
    expect(again.text).toContain(first.id);
    const byName = await post({
      name: "second",
      availability_zone_name: emu.fixtures.vm.zones[0]!.name,
    });
    expectError(
      byName,
      422,
      "nat_gateway_already_exists_in_availability_zone",
      "availability_zone_name",
    );
    const other = await post({ name: "second", availability_zone_id: id.az2 });
    expect(other.status, other.text).toBe(201);
    // Once the first is on its way out, the zone takes a new one.
    await settled(first.id);
    expect((await emu.call("DELETE", `/api/v1/nat-gateways/${first.id}`)).status).toBe(204);
    const next = await post({ name: "third", availability_zone_id: id.az1 });
    expect(next.status, next.text).toBe(201);
  });

  it("keeps names unique in the project (422: the document has no 409 for gateways)", async () => {
    const gateway = await createGateway();
    expectError(
      await post({ availability_zone_id: id.az2 }),
      422,
      "nat_gateway_with_this_data_already_exists",
      "name",
    );
    const other = NatGatewayResponse.parse(
      (await post({ name: "other", availability_zone_id: id.az2 })).body,
    );
    await settled(other.id);
    const rename = await emu.call("PUT", `/api/v1/nat-gateways/${other.id}`, {
      body: { name: gateway.name },
    });
    expectError(rename, 422, "nat_gateway_with_this_data_already_exists", "name");
  });

  it("refuses bad references and bodies", async () => {
    expectError(await post({ availability_zone_id: UNKNOWN }), 422, "bad_availability_zone_id");
    expectError(await post({ vpc_id: UNKNOWN }), 422, "vpc_not_found", "vpc_id");
    expectError(await post({ nat_type: "dNAT" }), 422, "validation_error", "nat_type");
    expectError(await post({ subnet_id: id.subnet1 }), 422, "extra_forbidden");
    expectError(await post({ name: "1bad" }), 422, "validation_error", "name");
    expectError(
      await post({ availability_zone_id: id.az1, availability_zone_name: id.az1Name }),
      422,
      "validation_error",
    );
    expect((await post({ project_id: id.foreignProject })).status).toBe(403);
    expectError(await post({ project_id: UNKNOWN }), 422, "bad_project_id");
    expectError(
      await post({ availability_zone_id: id.az3 }),
      422,
      "availability_zone_changes_forbidden",
    );
    expectError(
      await emu.call("GET", `/api/v1/nat-gateways/${UNKNOWN}`),
      404,
      "nat_gateway_not_found",
    );
  });
});

describe("SNAT gateway changes", () => {
  it("renames a created gateway (updating, then created), not while a change runs", async () => {
    const gateway = await createGateway();
    const early = await emu.call("PUT", `/api/v1/nat-gateways/${gateway.id}`, {
      body: { name: "renamed" },
    });
    expectError(early, 422, "nat_gateway_can_not_be_changed_from_current_state");
    const earlyDelete = await emu.call("DELETE", `/api/v1/nat-gateways/${gateway.id}`);
    expectError(earlyDelete, 422, "nat_gateway_can_not_be_deleted_from_current_state");
    await settled(gateway.id);
    const reply = await emu.call("PUT", `/api/v1/nat-gateways/${gateway.id}`, {
      body: { name: "renamed", description: "new" },
    });
    expect(reply.status, reply.text).toBe(200);
    expect(NatGatewayResponse.parse(reply.body)).toMatchObject({
      name: "renamed",
      description: "new",
      state: "updating",
    });
    await settled(gateway.id);
    expectError(
      await emu.call("PUT", `/api/v1/nat-gateways/${gateway.id}`, { body: { vpc_id: UNKNOWN } }),
      422,
      "extra_forbidden",
    );
  });

  it("deletes a gateway: deleting, then gone with its external IP", async () => {
    const gateway = await createGateway();
    await settled(gateway.id);
    expect((await emu.call("DELETE", `/api/v1/nat-gateways/${gateway.id}`)).status).toBe(204);
    expect((await read(gateway.id)).state).toBe("deleting");
    await emu.waitFor(`/api/v1/nat-gateways/${gateway.id}`, (_b, code) => code === 404);
    expectError(
      await emu.call("GET", `/api/v1/floating-ips/${gateway.floating_ip!.id}`),
      404,
      "floating_ip_not_found",
    );
  });

  it("refuses the gateway's address to every other use: delete, bind, release, a VM", async () => {
    const gateway = await createGateway();
    await settled(gateway.id);
    const ipId = gateway.floating_ip!.id;
    expectError(
      await emu.call("DELETE", `/api/v1/floating-ips/${ipId}`),
      422,
      "floating_ip_address_is_used_by_nat_gateway",
    );
    const vm = await vms.running(
      vmSpec(id, {
        name: "nat-vm",
        disks: [{ name: "nat-vm-boot", size: 10, disk_type_id: id.ssd }],
      }),
    );
    for (const body of [{ vm_id: vm.id }, { detach: true }]) {
      expectError(
        await emu.call("PUT", `/api/v1/floating-ips/${ipId}`, { body }),
        422,
        "floating_ip_address_is_used_by_nat_gateway",
      );
    }
    const renamed = await emu.call("PUT", `/api/v1/floating-ips/${ipId}`, {
      body: { name: "nat-address" },
    });
    expect(renamed.status, renamed.text).toBe(200);
    const attach = await emu.call("POST", "/api/v1.1/vms", {
      body: [
        vmSpec(id, {
          name: "nat-vm-2",
          disks: [{ name: "nat-vm-2-boot", size: 10, disk_type_id: id.ssd }],
          interfaces: [{ type: "regular", subnet_id: id.subnet1, attach_external_ip_id: ipId }],
        }),
      ],
    });
    expectError(
      attach,
      422,
      "floating_ip_address_is_used_by_nat_gateway",
      "0.interfaces.0.attach_external_ip_id",
    );
    const listed = await emu.call(
      "GET",
      `/api/v1/floating-ips?project_id=${id.project}&nat_gateway_id=${gateway.id}`,
    );
    expect(ExternalIpPage.parse(listed.body).items.map((i) => i.id)).toEqual([ipId]);
  });
});

describe("SNAT gateway list", () => {
  it("lists the project's gateways, narrowed by zone and name", async () => {
    const a = await createGateway({ name: "egress-a" });
    const b = await createGateway({ name: "egress-b", availability_zone_id: id.az2 });
    const list = async (query: string) => {
      const reply = await emu.call("GET", `/api/v1/nat-gateways?project_id=${id.project}${query}`);
      expect(reply.status, reply.text).toBe(200);
      return NatGatewayPage.parse(reply.body).items.map((g) => g.id);
    };
    expect(await list("")).toEqual([b.id, a.id]);
    expect(await list(`&availability_zone_ids=${id.az2}`)).toEqual([b.id]);
    expect(await list(`&availability_zone_id=${id.az1}`)).toEqual([a.id]);
    expect(await list("&name=EGRESS-A")).toEqual([a.id]);
    expect(await list("&limit=1&offset=1")).toEqual([a.id]);
    expectError(
      await emu.call("GET", `/api/v1/nat-gateways?project_id=${UNKNOWN}`),
      422,
      "bad_project_id",
    );
    expect(
      (await emu.call("GET", `/api/v1/nat-gateways?project_id=${id.foreignProject}`)).status,
    ).toBe(403);
  });
});
