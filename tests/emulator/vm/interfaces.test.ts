/**
 * Network interfaces against the real emulator over HTTP: create (free or on a VM; creating →
 * created), update, delete (never one on a VM), list filters, and their life with VMs: a VM
 * create takes an existing free interface by id, and a VM delete never deletes an interface it
 * did not create (it is free again, with its address and external IP).
 */
import { describe, expect, it } from "vitest";
import { ExternalIpResponse } from "../../../api/vm/external-ips";
import { InterfacePage, InterfaceResponse } from "../../../api/vm/interfaces";
import type { VmResponse } from "../../../api/vm/vms";
import { UNKNOWN, expectError, vmSpec, useVmEmulator } from "../support/vm-service";

const { emu, id, fresh, vms } = useVmEmulator({ speed: 5 });

const post = (body: Record<string, unknown>) =>
  emu.call("POST", "/api/v1/interfaces", {
    body: { project_id: id.project, name: fresh("port"), ...body },
  });

async function createInterface(body: Record<string, unknown> = {}): Promise<InterfaceResponse> {
  const reply = await post({ subnet_id: id.subnet1, ...body });
  expect(reply.status, reply.text).toBe(201);
  return InterfaceResponse.parse(reply.body);
}

async function read(interfaceId: string): Promise<InterfaceResponse> {
  const reply = await emu.call("GET", `/api/v1/interfaces/${interfaceId}`);
  expect(reply.status, reply.text).toBe(200);
  return InterfaceResponse.parse(reply.body);
}

async function settled(interfaceId: string): Promise<InterfaceResponse> {
  const reply = await emu.waitFor(
    `/api/v1/interfaces/${interfaceId}`,
    (b, code) => code === 200 && (b as InterfaceResponse).state === "created",
  );
  return InterfaceResponse.parse(reply.body);
}

/** A free interface, created. */
async function freeInterface(body: Record<string, unknown> = {}): Promise<InterfaceResponse> {
  return settled((await createInterface(body)).id);
}

const vmWith = (name: string, extra: Record<string, unknown> = {}) =>
  vmSpec(id, { name, disks: [{ name: `${name}-boot`, size: 10, disk_type_id: id.ssd }], ...extra });

describe("network interface create and read", () => {
  it("makes a free interface in a subnet: creating, then created, with the zone's default group", async () => {
    const made = await createInterface({ description: "kept address", ip_address: "10.0.0.77" });
    expect(made).toMatchObject({
      state: "creating",
      ip_address: "10.0.0.77",
      type: "regular",
      description: "kept address",
      primary: false,
      interface_security_enabled: true,
      security_groups: [{ id: id.group1 }],
      subnet: { id: id.subnet1, subnet_address: "10.0.0.0/24" },
      allowed_address_pairs: [],
    });
    expect(made.vm).toBeUndefined();
    expect((await settled(made.id)).state).toBe("created");
    // The address is taken: a second interface cannot have it.
    expectError(
      await post({ subnet_id: id.subnet1, ip_address: "10.0.0.77" }),
      422,
      "ip_address_unavailable",
      "ip_address",
    );
  });

  it("takes its project and zone from the subnet or the VM, and its subnet by default", async () => {
    const bySubnet = await emu.call("POST", "/api/v1/interfaces", {
      body: { name: fresh("port"), subnet_id: id.subnet2 },
    });
    expect(bySubnet.status, bySubnet.text).toBe(201);
    expect(InterfaceResponse.parse(bySubnet.body).subnet?.id).toBe(id.subnet2);
    const byZone = await createInterface({ subnet_id: undefined, availability_zone_id: id.az2 });
    expect(byZone.subnet?.id).toBe(id.subnet2);
    const vm = await vms.running(vmWith(fresh("host")));
    const onVm = await emu.call("POST", "/api/v1/interfaces", {
      body: { name: "eth-extra", vm_id: vm.id },
    });
    expect(onVm.status, onVm.text).toBe(201);
    const made = InterfaceResponse.parse(onVm.body);
    expect(made).toMatchObject({
      subnet: { id: id.subnet1 },
      primary: false,
      vm: { id: vm.id, name: vm.name, state: "running", flavor: { id: id.flavor } },
    });
    const again = await emu.call("GET", `/api/v1/vms/${vm.id}`);
    expect((again.body as VmResponse).interfaces.map((i) => i.name)).toEqual(["eth0", "eth-extra"]);
  });

  it("gives a new or an existing external IP, and allowed address pairs with the interface's MAC by default", async () => {
    const withIp = await createInterface({ new_floating_ip: true });
    expect(withIp.floating_ip).toMatchObject({ state: "in_use" });
    const paired = await createInterface({
      allowed_address_pairs: [
        { ip_address: "10.0.0.250" },
        { ip_address: "10.0.0.0/28", mac_address: "fa:16:3e:00:00:01" },
      ],
    });
    const mac = `fa:16:3e:${paired.id.slice(0, 2)}:${paired.id.slice(2, 4)}:${paired.id.slice(4, 6)}`;
    expect(paired.allowed_address_pairs).toEqual([
      { ip_address: "10.0.0.250", mac_address: mac },
      { ip_address: "10.0.0.0/28", mac_address: "fa:16:3e:00:00:01" },
    ]);
    const direct = await createInterface({ subnet_id: undefined, type: "direct_ip" });
    expect(direct.subnet).toBeUndefined();
    expect(direct.floating_ip?.ip_address).toBe(direct.ip_address);
  });

  it("refuses bad references, zones and bodies", async () => {
    expectError(await post({ subnet_id: UNKNOWN }), 422, "subnet_not_found", "subnet_id");
    expectError(
      await emu.call("POST", "/api/v1/interfaces", { body: { name: "x", subnet_id: UNKNOWN } }),
      422,
      "subnet_not_found",
    );
    expectError(
      await post({ subnet_id: id.subnet2, availability_zone_id: id.az1 }),
      422,
      "subnet_unavailable",
      "subnet_id",
    );
    expectError(await post({ vm_id: UNKNOWN }), 422, "bad_vm_id");
    expectError(
      await emu.call("POST", "/api/v1/interfaces", { body: { name: "x", vm_name: "web" } }),
      422,
      "validation_error",
      "vm_name",
    );
    expectError(
      await emu.call("POST", "/api/v1/interfaces", { body: { name: "x" } }),
      422,
      "validation_error",
      "project_id",
    );
    expectError(await post({ type: "gateway" }), 422, "interface_type_not_supported", "type");
    expectError(
      await post({ type: "direct_ip", subnet_id: id.subnet1 }),
      422,
      "validation_error",
      "subnet_id",
    );
    expectError(
      await post({ security_groups: [UNKNOWN] }),
      422,
      "wrong_security_group",
      "security_groups.0",
    );
    expectError(
      await post({ security_groups: [id.group2] }),
      422,
      "security_group_unavailable",
      "security_groups.0",
    );
    expectError(
      await post({ interface_security_enabled: false, security_groups: [id.group1] }),
      422,
      "validation_error",
    );
    expectError(await post({ attach_floating_ip_id: UNKNOWN }), 404, "floating_ip_not_found");
    expectError(await post({ mac: "x" }), 422, "extra_forbidden");
    expect((await post({ project_id: id.foreignProject })).status).toBe(403);
    expectError(await emu.call("GET", `/api/v1/interfaces/${UNKNOWN}`), 404, "interface_not_found");
  });

  it("adds to a running or stopped VM only, up to eight interfaces", async () => {
    const vm = await vms.create(vmWith(fresh("busy")));
    expectError(
      await post({ vm_id: vm.id }),
      422,
      "vm_can_not_be_changed_from_current_state",
      "vm_id",
    );
    const eight = await vms.running(
      vmWith(fresh("full"), {
        interfaces: Array.from({ length: 8 }, () => ({ type: "regular", subnet_id: id.subnet1 })),
      }),
    );
    expectError(await post({ vm_id: eight.id }), 422, "max_interfaces_per_vm_exceeded", "vm_id");
    expectError(
      await post({ vm_id: eight.id, availability_zone_id: id.az2 }),
      422,
      "interface_and_vm_in_different_availability_zones",
    );
  });
});

describe("network interface update and delete", () => {
  it("renames and changes groups (by name too), pairs and filtering: updating, then created", async () => {
    const made = await createInterface();
    const early = await emu.call("PUT", `/api/v1/interfaces/${made.id}`, { body: { name: "x" } });
    expectError(early, 422, "interface_can_not_be_changed_from_current_state");
    await settled(made.id);
    const put = (body: Record<string, unknown>) =>
      emu.call("PUT", `/api/v1/interfaces/${made.id}`, { body });
    const renamed = await put({
      name: "db-port",
      description: "d",
      security_groups_names: ["default-az1"],
    });
    expect(renamed.status, renamed.text).toBe(200);
    expect(InterfaceResponse.parse(renamed.body)).toMatchObject({
      name: "db-port",
      description: "d",
      state: "updating",
      security_groups: [{ id: id.group1 }],
    });
    await settled(made.id);
    const open = InterfaceResponse.parse((await put({ interface_security_enabled: false })).body);
    expect(open).toMatchObject({ interface_security_enabled: false, security_groups: [] });
    await settled(made.id);
    const closed = InterfaceResponse.parse(
      (
        await put({
          interface_security_enabled: true,
          allowed_address_pairs: [{ ip_address: "10.0.0.9" }],
        })
      ).body,
    );
    expect(closed.security_groups.map((g) => g.id)).toEqual([id.group1]);
    expect(closed.allowed_address_pairs.map((p) => p.ip_address)).toEqual(["10.0.0.9"]);
    await settled(made.id);
    expectError(
      await put({ security_groups_names: ["nope"] }),
      422,
      "wrong_security_group",
      "security_groups_names.0",
    );
    expectError(await put({ subnet_id: id.subnet1 }), 422, "extra_forbidden");
    expectError(await put({ name: 1 }), 422, "validation_error");
  });

  it("never deletes an interface on a VM (422, the document's shape); a free one goes, its address and external IP freed", async () => {
    const vm = await vms.running(vmWith(fresh("holder")));
    const own = vm.interfaces[0]!;
    const refused = await emu.call("DELETE", `/api/v1/interfaces/${own.id}`);
    expectError(refused, 422, "vm_state_blocks_interface_deletion");
    expect(refused.text).toContain(vm.id);
    const added = InterfaceResponse.parse((await post({ vm_id: vm.id })).body);
    await settled(added.id);
    expectError(
      await emu.call("DELETE", `/api/v1/interfaces/${added.id}`),
      422,
      "vm_state_blocks_interface_deletion",
    );

    const free = await freeInterface({ ip_address: "10.0.0.88", new_floating_ip: true });
    expect((await emu.call("DELETE", `/api/v1/interfaces/${free.id}`)).status).toBe(204);
    expect((await read(free.id)).state).toBe("deleting");
    await emu.waitFor(`/api/v1/interfaces/${free.id}`, (_b, code) => code === 404);
    const ip = await emu.call("GET", `/api/v1/floating-ips/${free.floating_ip!.id}`);
    expect(ExternalIpResponse.parse(ip.body)).toMatchObject({ state: "available" });
    expect((await createInterface({ ip_address: "10.0.0.88" })).ip_address).toBe("10.0.0.88");
  });

  it("keeps a subnet with a free interface from being deleted", async () => {
    const subnet = await emu.call("POST", "/api/v1/subnets", {
      body: {
        project_id: id.project,
        availability_zone_id: id.az1,
        name: fresh("sn"),
        subnet_address: "10.30.0.0/24",
      },
    });
    const subnetId = (subnet.body as { id: string }).id;
    await emu.waitFor(
      `/api/v1/subnets/${subnetId}`,
      (b) => (b as { state: string }).state === "created",
    );
    await freeInterface({ subnet_id: subnetId });
    expectError(await emu.call("DELETE", `/api/v1/subnets/${subnetId}`), 405, "subnet_not_empty");
  });
});

describe("interfaces and VMs", () => {
  it("a VM create takes a free interface by id (primary first); a VM delete leaves it free with its address and external IP", async () => {
    const port = await freeInterface({ ip_address: "10.0.0.99", new_floating_ip: true });
    const vm = await vms.running(
      vmWith(fresh("keeper"), {
        interfaces: [
          { type: "regular", interface_id: port.id },
          { type: "regular", subnet_id: id.subnet1 },
        ],
      }),
    );
    expect(vm.interfaces.map((i) => [i.id, i.ip_address, i.primary])).toEqual([
      [port.id, "10.0.0.99", true],
      [expect.any(String), expect.any(String), false],
    ]);
    expect(vm.interfaces[0]!.floating_ip?.id).toBe(port.floating_ip!.id);
    expect((await read(port.id)).vm?.id).toBe(vm.id);
    const made = vm.interfaces[1]!.id;

    expect((await emu.call("DELETE", `/api/v1/vms/${vm.id}`)).status).toBe(204);
    await vms.waitGone(vm.id);
    const kept = await read(port.id);
    expect(kept).toMatchObject({ ip_address: "10.0.0.99", primary: false, state: "created" });
    expect(kept.vm).toBeUndefined();
    expect(kept.floating_ip?.id).toBe(port.floating_ip!.id);
    expectError(await emu.call("GET", `/api/v1/interfaces/${made}`), 404, "interface_not_found");

    // The replacement takes the same interface, so the same address.
    const next = await vms.running(
      vmWith(fresh("keeper"), { interfaces: [{ type: "regular", interface_id: port.id }] }),
    );
    expect(next.interfaces[0]!.ip_address).toBe("10.0.0.99");
  });

  it("keeps an interface made on a VM when the VM goes; delete_attachments may still take its external IP", async () => {
    const vm = await vms.running(vmWith(fresh("added")));
    const added = InterfaceResponse.parse(
      (await post({ vm_id: vm.id, new_floating_ip: true })).body,
    );
    await settled(added.id);
    const del = await emu.call("DELETE", `/api/v1/vms/${vm.id}`, {
      body: { delete_attachments: { disk_ids: [], external_ips: [added.floating_ip!.id] } },
    });
    expect(del.status, del.text).toBe(204);
    await vms.waitGone(vm.id);
    const kept = await read(added.id);
    expect(kept.vm).toBeUndefined();
    expect(kept.floating_ip).toBeUndefined();
    expectError(
      await emu.call("GET", `/api/v1/floating-ips/${added.floating_ip!.id}`),
      404,
      "floating_ip_not_found",
    );
  });

  it("refuses an interface that is on a VM, elsewhere, not ready or unknown, and one given with fields of its own", async () => {
    const create = (name: string, item: Record<string, unknown>) =>
      emu.call("POST", "/api/v1.1/vms", {
        body: [vmWith(name, { interfaces: [{ type: "regular", ...item }] })],
      });
    const port = await freeInterface();
    await vms.create(
      vmWith(fresh("first"), { interfaces: [{ type: "regular", interface_id: port.id }] }),
    );
    expectError(
      await create(fresh("second"), { interface_id: port.id }),
      422,
      "interface_in_use",
      "0.interfaces.0.interface_id",
    );
    const far = await freeInterface({ subnet_id: id.subnet2 });
    expectError(
      await create(fresh("far"), { interface_id: far.id }),
      422,
      "interface_unavailable",
      "0.interfaces.0.interface_id",
    );
    const young = await createInterface();
    expectError(
      await create(fresh("young"), { interface_id: young.id }),
      422,
      "interface_unavailable",
    );
    expectError(
      await create(fresh("nobody"), { interface_id: UNKNOWN }),
      422,
      "interface_not_found",
      "0.interfaces.0.interface_id",
    );
    expectError(
      await create(fresh("both"), { interface_id: far.id, subnet_id: id.subnet1 }),
      422,
      "validation_error",
      "0.interfaces.0.subnet_id",
    );
    expectError(
      await create(fresh("direct"), { interface_id: far.id, type: "direct_ip" }),
      422,
      "validation_error",
    );
    // A refused create leaves the interface as it was.
    expect((await read(far.id)).vm).toBeUndefined();
  });
});

describe("network interface list", () => {
  it("lists the project's interfaces, free ones and VMs', by every filter", async () => {
    const vm = await vms.running(vmWith(fresh("listed")));
    const free = await freeInterface({ new_floating_ip: true });
    const list = async (query: string) => {
      const reply = await emu.call(
        "GET",
        `/api/v1/interfaces?project_id=${id.project}&limit=100${query}`,
      );
      expect(reply.status, reply.text).toBe(200);
      return InterfacePage.parse(reply.body).items.map((i) => i.id);
    };
    expect(await list(`&vm_ids=${vm.id}`)).toEqual([vm.interfaces[0]!.id]);
    expect(await list(`&vm_id=${vm.id}`)).toEqual([vm.interfaces[0]!.id]);
    // Newest first: the free interface was made after the VM's.
    expect(await list(`&interface_ids=${free.id}&interface_ids=${vm.interfaces[0]!.id}`)).toEqual([
      free.id,
      vm.interfaces[0]!.id,
    ]);
    expect(await list(`&ip_address=${free.ip_address}`)).toEqual([free.id]);
    const all = await list("");
    expect(all).toContain(free.id);
    expect(await list(`&subnet_id=${id.subnet1}`)).toEqual(
      expect.arrayContaining([free.id, vm.interfaces[0]!.id]),
    );
    expect(await list(`&subnet_id=${id.subnet2}`)).not.toContain(free.id);
    expect(await list(`&security_group_id=${id.group1}`)).toContain(free.id);
    expect(await list("&empty_fip=false")).toContain(free.id);
    expect(await list("&empty_fip=true")).not.toContain(free.id);
    expect(await list(`&external_network_id=${UNKNOWN}`)).toEqual([]);
    expect(await list(`&vpc_id=${UNKNOWN}`)).toEqual([]);
    expectError(
      await emu.call("GET", `/api/v1/interfaces?project_id=${UNKNOWN}`),
      422,
      "bad_project_id",
    );
  });
});
