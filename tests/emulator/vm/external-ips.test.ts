/**
 * External IPs against the real emulator over HTTP: create (free or bound at once),
 * states, list filters, rename, bind, move, release, delete, and every refusal (bound address,
 * busy interface, direct-IP interface, unknown ids, closed zones).
 */
import { describe, expect, it } from "vitest";
import { ExternalIpPage, ExternalIpResponse } from "../../../api/vm/external-ips";
import { VmResponse } from "../../../api/vm/vms";
import { UNKNOWN, expectError, vmSpec, vmState, useVmEmulator } from "../support/vm-service";

const { emu, id, fresh, vms } = useVmEmulator({ speed: 5 });

async function createIp(extra: Record<string, unknown> = {}): Promise<ExternalIpResponse> {
  const reply = await emu.call("POST", "/api/v1/floating-ips", {
    body: { project_id: id.project, availability_zone_id: id.az1, name: fresh("ip"), ...extra },
  });
  expect(reply.status, reply.text).toBe(201);
  return ExternalIpResponse.parse(reply.body);
}

async function settled(ipId: string, state: string): Promise<ExternalIpResponse> {
  const reply = await emu.waitFor(
    `/api/v1/floating-ips/${ipId}`,
    (b, code) => code === 200 && (b as ExternalIpResponse).state === state,
  );
  return ExternalIpResponse.parse(reply.body);
}

const update = (ipId: string, body: Record<string, unknown>) =>
  emu.call("PUT", `/api/v1/floating-ips/${ipId}`, { body });

async function vmNamed(name: string): Promise<VmResponse> {
  return vms.running(
    vmSpec(id, { name, disks: [{ name: `${name}-boot`, size: 10, disk_type_id: id.ssd }] }),
  );
}

describe("external IP create and read", () => {
  it("allocates a free address that is creating, then available", async () => {
    const ip = await createIp({ description: "dns points here", tag_names: ["env-prod"] });
    expect(ip.state).toBe("creating");
    expect(ip.ip_address).toMatch(/^(203\.0\.113|198\.51\.100)\./);
    expect(ip).toMatchObject({
      description: "dns points here",
      availability_zone: { id: id.az1 },
      tags: [{ name: "env-prod" }],
    });
    expect(ip.interface).toBeUndefined();
    const ready = await settled(ip.id, "available");
    expect(ready.ip_address).toBe(ip.ip_address);
  });

  it("binds at once to a VM's primary interface (vm_id) and shows the VM", async () => {
    const vm = await vmNamed(fresh("bound"));
    const ip = await createIp({ vm_id: vm.id });
    const ready = await settled(ip.id, "in_use");
    expect(ready.interface).toMatchObject({ id: vm.interfaces[0]!.id, name: "eth0" });
    expect(ready.vm).toMatchObject({ id: vm.id, name: vm.name, state: "running" });
    const again = await emu.call("GET", `/api/v1/vms/${vm.id}`);
    expect(VmResponse.parse(again.body).interfaces[0]!.floating_ip?.id).toBe(ip.id);
  });

  it("refuses bad references and bodies", async () => {
    const post = (body: Record<string, unknown>) =>
      emu.call("POST", "/api/v1/floating-ips", {
        body: { project_id: id.project, name: fresh("ip"), ...body },
      });
    expectError(await post({ availability_zone_id: UNKNOWN }), 422, "bad_availability_zone_id");
    expectError(await post({ interface_id: UNKNOWN }), 422, "interface_not_found", "interface_id");
    expectError(await post({ vm_id: UNKNOWN }), 422, "bad_vm_id");
    expectError(await post({ interface_name: "eth0" }), 422, "validation_error");
    expectError(await post({ extra: 1 }), 422, "extra_forbidden");
    expectError(await post({ name: "1bad" }), 422, "validation_error");
    expectError(await post({ tag_ids: [UNKNOWN] }), 422, "bad_tag_id");
    const foreign = await emu.call("POST", "/api/v1/floating-ips", {
      body: { project_id: id.foreignProject, name: fresh("ip") },
    });
    expect(foreign.status).toBe(403);
    expectError(
      await emu.call("GET", `/api/v1/floating-ips/${UNKNOWN}`),
      404,
      "floating_ip_not_found",
    );
  });

  it("refuses changes in a zone where they are forbidden", async () => {
    const zone = Object.values(vmState(emu).zones).find((z) => z.id === id.az3)!;
    const before = zone.changes_forbidden;
    zone.changes_forbidden = true;
    try {
      const reply = await emu.call("POST", "/api/v1/floating-ips", {
        body: { project_id: id.project, availability_zone_id: id.az3, name: fresh("ip") },
      });
      expectError(reply, 422, "availability_zone_changes_forbidden");
    } finally {
      zone.changes_forbidden = before;
    }
  });
});

describe("external IP list", () => {
  it("filters by zone, freedom, interface and name, newest first", async () => {
    const a = await createIp({ name: fresh("listed") });
    const b = await createIp({ name: fresh("listed"), availability_zone_id: id.az2 });
    await settled(a.id, "available");
    await settled(b.id, "available");
    const list = async (query: string) => {
      const reply = await emu.call("GET", `/api/v1/floating-ips?project_id=${id.project}${query}`);
      expect(reply.status, reply.text).toBe(200);
      return ExternalIpPage.parse(reply.body);
    };
    const named = await list("&name=listed");
    expect(named.items.map((f) => f.id).slice(0, 2)).toEqual([b.id, a.id]);
    expect(
      (await list(`&availability_zone_id=${id.az2}&name=listed`)).items.map((f) => f.id),
    ).toEqual([b.id]);
    const free = await list("&free=true&limit=100");
    expect(free.items.every((f) => f.state === "available")).toBe(true);
    const bound = await list("&free=false&limit=100");
    expect(bound.items.every((f) => f.interface !== undefined)).toBe(true);
    expect((await list(`&nat_gateway_id=${UNKNOWN}`)).total).toBe(0);
    expectError(
      await emu.call("GET", `/api/v1/floating-ips?project_id=${UNKNOWN}`),
      422,
      "bad_project_id",
    );
  });
});

describe("external IP update: bind, move, release", () => {
  it("renames, binds a free address, moves it to another VM, and releases it", async () => {
    const first = await vmNamed(fresh("mover"));
    const second = await vmNamed(fresh("mover"));
    const ip = await createIp();
    await settled(ip.id, "available");

    const renamed = await update(ip.id, { name: "stable-web", description: "www" });
    expect(renamed.status, renamed.text).toBe(200);
    expect(ExternalIpResponse.parse(renamed.body)).toMatchObject({
      name: "stable-web",
      description: "www",
    });

    const bound = await update(ip.id, { interface_id: first.interfaces[0]!.id });
    expect(bound.status, bound.text).toBe(200);
    expect(ExternalIpResponse.parse(bound.body).state).toBe("attaching");
    await settled(ip.id, "in_use");

    // Bound elsewhere: a second bind is refused until it is released.
    expectError(await update(ip.id, { vm_id: second.id }), 422, "floating_ip_in_use", "vm_id");
    expectError(
      await emu.call("DELETE", `/api/v1/floating-ips/${ip.id}`),
      422,
      "floating_ip_in_use",
    );

    const released = await update(ip.id, { detach: true });
    expect(ExternalIpResponse.parse(released.body)).toMatchObject({ state: "detaching" });
    expect(ExternalIpResponse.parse(released.body).interface).toBeUndefined();
    await settled(ip.id, "available");

    const moved = await update(ip.id, { vm_id: second.id, interface_name: "eth0" });
    expect(moved.status, moved.text).toBe(200);
    const onSecond = await settled(ip.id, "in_use");
    expect(onSecond.vm?.id).toBe(second.id);
    expect(onSecond.ip_address).toBe(ip.ip_address);
  });

  it("refuses an interface that already has an address, a direct-IP interface and a busy address", async () => {
    const vm = await vms.running(
      vmSpec(id, {
        name: fresh("busy"),
        disks: [{ name: fresh("busy-boot"), size: 10, disk_type_id: id.ssd }],
        interfaces: [
          { type: "regular", subnet_id: id.subnet1, new_external_ip: true },
          { type: "direct_ip" },
        ],
      }),
    );
    const ip = await createIp();
    expectError(
      await update(ip.id, { interface_id: vm.interfaces[0]!.id }),
      422,
      "floating_ip_can_not_be_changed_from_current_state",
    );
    await settled(ip.id, "available");
    expectError(
      await update(ip.id, { interface_id: vm.interfaces[0]!.id }),
      422,
      "interface_connected_another_floating_ip",
      "interface_id",
    );
    expectError(
      await update(ip.id, { interface_id: vm.interfaces[1]!.id }),
      422,
      "interface_can_not_have_floating_ip",
    );
    expectError(
      await update(ip.id, { vm_id: vm.id, interface_name: "eth9" }),
      422,
      "interface_not_found",
      "interface_name",
    );
    expectError(await update(ip.id, { detach: true, vm_id: vm.id }), 422, "validation_error");
    expectError(await update(UNKNOWN, { name: "x" }), 404, "floating_ip_not_found");
  });

  it("an address given to a VM at create survives the VM's deletion, free again", async () => {
    const ip = await createIp();
    await settled(ip.id, "available");
    const vm = await vms.running(
      vmSpec(id, {
        name: fresh("keeper"),
        disks: [{ name: fresh("keeper-boot"), size: 10, disk_type_id: id.ssd }],
        interfaces: [{ type: "regular", subnet_id: id.subnet1, attach_external_ip_id: ip.id }],
      }),
    );
    expect(vm.interfaces[0]!.floating_ip?.id).toBe(ip.id);
    const deleted = await emu.call("DELETE", `/api/v1/vms/${vm.id}`, {
      body: { delete_attachments: { disk_ids: [], external_ips: [] } },
    });
    expect(deleted.status, deleted.text).toBe(204);
    await vms.waitGone(vm.id);
    const after = await settled(ip.id, "available");
    expect(after.interface).toBeUndefined();
  });
});

describe("external IP delete", () => {
  it("deletes a free address: deleting, then gone; a second delete is 404", async () => {
    const ip = await createIp();
    expectError(
      await emu.call("DELETE", `/api/v1/floating-ips/${ip.id}`),
      422,
      "floating_ip_can_not_be_deleted_from_current_state",
    );
    await settled(ip.id, "available");
    const reply = await emu.call("DELETE", `/api/v1/floating-ips/${ip.id}`);
    expect(reply.status, reply.text).toBe(204);
    const read = await emu.call("GET", `/api/v1/floating-ips/${ip.id}`);
    expect(ExternalIpResponse.parse(read.body).state).toBe("deleting");
    await emu.waitFor(`/api/v1/floating-ips/${ip.id}`, (_b, code) => code === 404);
    expectError(
      await emu.call("DELETE", `/api/v1/floating-ips/${ip.id}`),
      404,
      "floating_ip_not_found",
    );
  });
});
