/**
 * VMs after creation, against the real emulator over HTTP: list (filters, paging, order),
 * read, update (resize included), delete with and without attachments, bulk delete and
 * rebuild, with their error bodies (the VM array shape, and FastAPI's for rebuild and
 * bulk delete).
 */
import { describe, expect, it } from "vitest";
import { DiskResponse } from "../../../api/vm/disks";
import { RebuildVmResponse } from "../../../api/vm/vm-actions";
import { BulkDeleteVmResponse, VmPage, VmResponse } from "../../../api/vm/vms";
import {
  UNKNOWN,
  expectError,
  expectFastApi,
  vmSpec,
  vmState,
  useVmEmulator,
} from "../support/vm-service";

// Slow enough that transitional statuses (creating, stopping, deleting) can be observed.
const { emu, id, vms } = useVmEmulator({ speed: 5, reset: "afterEach" });

async function list(query: string): Promise<VmPage> {
  const reply = await emu.call("GET", `/api/v1/vms?project_id=${id.project}${query}`);
  expect(reply.status, reply.text).toBe(200);
  return VmPage.parse(reply.body);
}

async function getDisk(diskId: string) {
  return emu.call("GET", `/api/v1/disks/${diskId}`);
}

describe("listing VMs", () => {
  it("pages, orders and filters the project's VMs", async () => {
    const a = await vms.running(vmSpec(id, { name: "alpha", tag_ids: [id.tagProd] }));
    const b = await vms.running(
      vmSpec(id, {
        name: "bravo",
        flavor_id: id.flavorBig,
        interfaces: [{ type: "regular", subnet_id: id.subnet1, new_external_ip: true }],
      }),
    );
    const c = await vms.create(vmSpec(id, { name: "charlie", availability_zone_id: id.az2 }));
    await vms.waitFor(c.id, "running");
    expect(
      (await emu.call("POST", `/api/v1/vms/${a.id}/set-power`, { body: { state: "power_off" } }))
        .status,
    ).toBe(204);
    await vms.waitFor(a.id, "stopped");

    const all = await list("");
    expect(all.total).toBe(3);
    expect(all.items.map((v) => v.name)).toEqual(["charlie", "bravo", "alpha"]);
    expect(all.items[0]!.project_id).toBe(id.project);
    expect((await list("&order_desc=false")).items.map((v) => v.name)).toEqual([
      "alpha",
      "bravo",
      "charlie",
    ]);
    expect((await list("&order_by=name&order_desc=false")).items.map((v) => v.name)).toEqual([
      "alpha",
      "bravo",
      "charlie",
    ]);
    const second = await list("&limit=1&offset=1");
    expect(second).toMatchObject({ total: 3, offset: 1, limit: 1 });
    expect(second.items.map((v) => v.name)).toEqual(["bravo"]);

    expect((await list(`&tag_ids=${id.tagProd}`)).items.map((v) => v.id)).toEqual([a.id]);
    expect((await list(`&availability_zone_ids=${id.az2}`)).items.map((v) => v.id)).toEqual([c.id]);
    expect((await list(`&flavor_ids=${id.flavorBig}`)).items.map((v) => v.id)).toEqual([b.id]);
    expect((await list("&statuses=stopped")).items.map((v) => v.id)).toEqual([a.id]);
    expect((await list("&statuses=stopped&statuses=running")).total).toBe(3);
    expect((await list("&name=RAV")).items.map((v) => v.id)).toEqual([b.id]);
    expect((await list("&empty_fip=false")).items.map((v) => v.id)).toEqual([b.id]);
    expect((await list("&empty_fip=true")).total).toBe(2);
    expect((await list(`&vm_ids=${a.id}&vm_ids=${c.id}`)).total).toBe(2);
    expect((await list("&free_tier=true")).total).toBe(0);
    expect((await list("&support_gpu=false")).total).toBe(3);
    expect((await list(`&image_ids=${id.debian}`)).total).toBe(0);
    expect((await list(`&placement_group_ids=${id.placementGroup}`)).total).toBe(0);
  });

  it("refuses an unknown project, tag or zone, a foreign project and a bad limit", async () => {
    expectError(await emu.call("GET", `/api/v1/vms?project_id=${UNKNOWN}`), 422, "bad_project_id");
    expectError(
      await emu.call("GET", `/api/v1/vms?project_id=${id.foreignProject}`),
      403,
      "forbidden",
    );
    expectError(
      await emu.call("GET", `/api/v1/vms?project_id=${id.project}&tag_ids=${UNKNOWN}`),
      422,
      "bad_tag_id",
    );
    expectError(
      await emu.call(
        "GET",
        `/api/v1/vms?project_id=${id.project}&availability_zone_ids=${UNKNOWN}`,
      ),
      404,
      "availability_zone_not_found",
    );
    expectError(
      await emu.call("GET", `/api/v1/vms?project_id=${id.project}&limit=101`),
      422,
      "validation_error",
      "limit",
    );
    expectError(
      await emu.call("GET", `/api/v1/vms?project_id=${id.project}&order_by=size`),
      422,
      "validation_error",
      "order_by",
    );
    expectError(await emu.call("GET", "/api/v1/vms"), 422, "validation_error", "project_id");
  });
});

describe("reading and updating a VM", () => {
  it("answers 404 for an unknown VM, 403 for a foreign one, and 422 for a bad id", async () => {
    expectError(await emu.call("GET", `/api/v1/vms/${UNKNOWN}`), 404, "vm_not_found");
    const vm = await vms.create(vmSpec(id));
    vmState(emu).vms[vm.id]!.project_id = id.foreignProject;
    expectError(await emu.call("GET", `/api/v1/vms/${vm.id}`), 403, "forbidden");
    expectError(await emu.call("GET", "/api/v1/vms/not-a-uuid"), 422, "validation_error", "vm_id");
  });

  it("renames, describes, retags and resizes: updating, then back to the previous status", async () => {
    const vm = await vms.running(vmSpec(id));
    const reply = await emu.call("PUT", `/api/v1/vms/${vm.id}`, {
      body: {
        name: "web-renamed",
        description: "bigger",
        flavor_name: "gen-2-4",
        tag_names: ["env-dev"],
      },
    });
    expect(reply.status, reply.text).toBe(200);
    const updated = VmResponse.parse(reply.body);
    expect(updated.state).toBe("updating");
    expect(updated).toMatchObject({ name: "web-renamed", description: "bigger" });
    expect(updated.flavor.id).toBe(id.flavorBig);
    expect(updated.tags.map((t) => t.id)).toEqual([id.tagDev]);
    const after = await vms.waitFor(vm.id, "running");
    expect(after.name).toBe("web-renamed");

    // A stopped VM returns to stopped; a body that changes nothing leaves the status alone.
    await emu.call("POST", `/api/v1/vms/${vm.id}/set-power`, { body: { state: "power_off" } });
    await vms.waitFor(vm.id, "stopped");
    const resize = await emu.call("PUT", `/api/v1/vms/${vm.id}`, {
      body: { flavor_id: id.flavor },
    });
    expect(VmResponse.parse(resize.body).state).toBe("updating");
    expect((await vms.waitFor(vm.id, "stopped")).flavor.id).toBe(id.flavor);
    const nothing = await emu.call("PUT", `/api/v1/vms/${vm.id}`, { body: {} });
    expect(VmResponse.parse(nothing.body).state).toBe("stopped");
  });

  it("refuses updates by status, reference and zone with the documented 422s", async () => {
    const vm = await vms.create(vmSpec(id));
    expectError(
      await emu.call("PUT", `/api/v1/vms/${vm.id}`, { body: { name: "x" } }),
      422,
      "vm_can_not_be_changed_from_current_state",
    );
    await vms.waitFor(vm.id, "running");
    expectError(
      await emu.call("PUT", `/api/v1/vms/${UNKNOWN}`, { body: { name: "x" } }),
      422,
      "bad_vm_id",
      "vm_id",
    );
    expectError(
      await emu.call("PUT", `/api/v1/vms/${vm.id}`, { body: { flavor_id: UNKNOWN } }),
      422,
      "flavor_not_found",
      "flavor_id",
    );
    expectError(
      await emu.call("PUT", `/api/v1/vms/${vm.id}`, { body: { flavor_id: id.flavorFree } }),
      422,
      "flavor_unavailable_for_project",
      "flavor_id",
    );
    expectError(
      await emu.call("PUT", `/api/v1/vms/${vm.id}`, { body: { tag_ids: [UNKNOWN] } }),
      422,
      "bad_tag_id",
    );
    expectError(
      await emu.call("PUT", `/api/v1/vms/${vm.id}`, { body: { name: "" } }),
      422,
      "validation_error",
      "name",
    );
    expectError(
      await emu.call("PUT", `/api/v1/vms/${vm.id}`, {
        body: { flavor_id: id.flavor, flavor_name: "gen-2-4" },
      }),
      422,
      "validation_error",
      "flavor_id",
    );
    vmState(emu).zones[id.az1]!.changes_forbidden = true;
    expectError(
      await emu.call("PUT", `/api/v1/vms/${vm.id}`, { body: { name: "x" } }),
      422,
      "availability_zone_changes_forbidden",
    );
  });
});

describe("deleting a VM", () => {
  it("deletes listed disks and external IPs; the others survive detached", async () => {
    const vm = await vms.running(
      vmSpec(id, {
        disks: [
          { name: "boot", size: 10, disk_type_id: id.ssd },
          { name: "scratch", size: 5, disk_type_id: id.ssd },
          { name: "keep", size: 5, disk_type_id: id.ssd },
        ],
        interfaces: [
          { type: "regular", subnet_id: id.subnet1, new_external_ip: true },
          { type: "regular", subnet_id: id.subnet1, new_external_ip: true },
        ],
      }),
    );
    const [boot, scratch, keep] = vm.disks;
    const [released, kept] = vm.interfaces.map((i) => i.floating_ip!);
    const addresses = vm.interfaces.map((i) => i.ip_address);
    const reply = await emu.call("DELETE", `/api/v1/vms/${vm.id}`, {
      body: { delete_attachments: { disk_ids: [scratch!.id], external_ips: [released!.id] } },
    });
    expect(reply.status, reply.text).toBe(204);
    expect(reply.text).toBe("");
    expect(VmResponse.parse((await emu.call("GET", `/api/v1/vms/${vm.id}`)).body).state).toBe(
      "deleting",
    );
    await vms.waitGone(vm.id);

    const bootDisk = DiskResponse.parse((await getDisk(boot!.id)).body);
    expect(bootDisk).toMatchObject({ state: "available", bootable: true, vms: [] });
    expect(DiskResponse.parse((await getDisk(keep!.id)).body).state).toBe("available");
    await emu.waitFor(`/api/v1/disks/${scratch!.id}`, (_b, status) => status === 404);
    const state = vmState(emu);
    expect(state.externalIps[released!.id]).toBeUndefined();
    expect(state.externalIps[kept!.id]).toMatchObject({ state: "available" });
    expect(state.externalIps[kept!.id]!.interface_id).toBeUndefined();
    expect(Object.keys(state.interfaces)).toHaveLength(0);
    for (const address of addresses)
      expect(state.subnets[id.subnet1]!.used_ips).not.toContain(address);
  });

  it("refuses by status (422), unknown VM (404), foreign attachments (422) and a shared disk held elsewhere (405)", async () => {
    const vm = await vms.create(vmSpec(id));
    expectError(
      await emu.call("DELETE", `/api/v1/vms/${vm.id}`),
      422,
      "vm_can_not_be_deleted_from_current_state",
    );
    await vms.waitFor(vm.id, "running");
    expectError(await emu.call("DELETE", `/api/v1/vms/${UNKNOWN}`), 404, "vm_not_found");
    expectError(
      await emu.call("DELETE", `/api/v1/vms/${vm.id}`, {
        body: { delete_attachments: { disk_ids: [UNKNOWN], external_ips: [] } },
      }),
      422,
      "disk_not_attached_to_vm",
      "delete_attachments.disk_ids.0",
    );
    expectError(
      await emu.call("DELETE", `/api/v1/vms/${vm.id}`, {
        body: { delete_attachments: { disk_ids: [], external_ips: [UNKNOWN] } },
      }),
      422,
      "external_ip_not_attached_to_vm",
      "delete_attachments.external_ips.0",
    );
    expectError(
      await emu.call("DELETE", `/api/v1/vms/${vm.id}`, {
        body: { delete_attachments: { disk_ids: [] } },
      }),
      422,
      "validation_error",
      "delete_attachments.external_ips",
    );

    const shared = await emu.call("POST", "/api/v1/disks", {
      body: {
        project_id: id.project,
        availability_zone_id: id.az1,
        disk_type_id: id.ssd,
        size: 10,
        name: "shared",
        shared: true,
      },
    });
    const sharedId = (shared.body as { id: string }).id;
    await emu.waitFor(
      `/api/v1/disks/${sharedId}`,
      (b) => (b as { state: string }).state === "available",
    );
    const other = await vms.running(
      vmSpec(id, {
        name: "other",
        disks: [{ name: "b2", size: 10, disk_type_id: id.ssd }, { disk_id: sharedId }],
      }),
    );
    await emu.waitFor(
      `/api/v1/disks/${sharedId}`,
      (b) => (b as { state: string }).state === "in_use",
    );
    expect(
      (await emu.call("POST", `/api/v1/disks/${sharedId}/attach`, { body: { vm_id: vm.id } }))
        .status,
    ).toBe(200);
    await emu.waitFor(
      `/api/v1/disks/${sharedId}`,
      (b) => (b as { state: string }).state === "in_use",
    );
    expectError(
      await emu.call("DELETE", `/api/v1/vms/${vm.id}`, {
        body: { delete_attachments: { disk_ids: [sharedId], external_ips: [] } },
      }),
      405,
      "vm_in_use",
    );
    // Without listing it, the VM goes and the shared disk stays with the other VM.
    expect((await emu.call("DELETE", `/api/v1/vms/${vm.id}`)).status).toBe(204);
    await vms.waitGone(vm.id);
    const disk = DiskResponse.parse((await getDisk(sharedId)).body);
    expect(disk.state).toBe("in_use");
    expect(disk.vms.map((v) => v.id)).toEqual([other.id]);
  });

  it("answers 405 for a locked VM", async () => {
    const vm = await vms.running(vmSpec(id));
    vmState(emu).vms[vm.id]!.locked = true;
    expectError(await emu.call("DELETE", `/api/v1/vms/${vm.id}`), 405, "vm_in_use");
    expect((await emu.call("GET", `/api/v1/vms/${vm.id}`)).body).toMatchObject({
      state: "running",
      locked: true,
    });
  });

  it("refuses while an attached disk is between states, and in a zone where changes are forbidden", async () => {
    const vm = await vms.running(vmSpec(id));
    vmState(emu).disks[vm.disks[0]!.id]!.status = "detaching";
    expectError(
      await emu.call("DELETE", `/api/v1/vms/${vm.id}`),
      422,
      "disk_can_not_be_detached_from_current_state",
    );
    vmState(emu).disks[vm.disks[0]!.id]!.status = "in_use";
    vmState(emu).zones[id.az1]!.changes_forbidden = true;
    expectError(
      await emu.call("DELETE", `/api/v1/vms/${vm.id}`),
      422,
      "availability_zone_changes_forbidden",
    );
  });
});

describe("bulk delete", () => {
  it("deletes what it can and reports each refusal", async () => {
    const a = await vms.running(vmSpec(id, { name: "a" }));
    const b = await vms.create(vmSpec(id, { name: "b" }));
    const reply = await emu.call("DELETE", "/api/v1/vms/bulk_delete", {
      body: [
        {
          virtual_machine_id: a.id,
          delete_attachments: { disk_ids: [a.disks[0]!.id], external_ips: [] },
        },
        { virtual_machine_id: b.id },
        { virtual_machine_id: UNKNOWN },
      ],
    });
    expect(reply.status, reply.text).toBe(200);
    const result = BulkDeleteVmResponse.parse(reply.body);
    expect(result.success_for_all).toBe(false);
    expect(result.errors?.map((e) => e.virtual_machine_id)).toEqual([b.id, UNKNOWN]);
    expect(result.errors?.[0]?.error_msg).toContain("vm_can_not_be_deleted_from_current_state");
    expect(result.errors?.[1]?.error_msg).toContain("vm_not_found");
    await vms.waitGone(a.id);
    await emu.waitFor(`/api/v1/disks/${a.disks[0]!.id}`, (_b, status) => status === 404);

    await vms.waitFor(b.id, "running");
    const again = await emu.call("DELETE", "/api/v1/vms/bulk_delete", {
      body: [{ virtual_machine_id: b.id, delete_attachments: null }],
    });
    expect(BulkDeleteVmResponse.parse(again.body)).toEqual({ success_for_all: true, errors: [] });
    await vms.waitGone(b.id);
  });

  it("answers a FastAPI-style 422 object for an invalid body", async () => {
    expectFastApi(
      await emu.call("DELETE", "/api/v1/vms/bulk_delete", { body: [] }),
      422,
      "validation_error",
    );
    expectFastApi(
      await emu.call("DELETE", "/api/v1/vms/bulk_delete", {
        body: [{ virtual_machine_id: "nope" }],
      }),
      422,
      "validation_error",
      "body.0.virtual_machine_id",
    );
    expect(
      (
        await emu.call("DELETE", "/api/v1/vms/bulk_delete", {
          body: [{ virtual_machine_id: UNKNOWN }],
          auth: false,
        })
      ).status,
    ).toBe(401);
  });
});

describe("rebuild", () => {
  it("writes a new image with its metadata: updating, then back to running", async () => {
    const vm = await vms.running(vmSpec(id));
    await emu.call("POST", `/api/v1/vms/${vm.id}/set-password`, {
      body: { password: "Secr3t!pass" },
    });
    const reply = await emu.call("POST", `/api/v1/vms/${vm.id}/rebuild`, {
      body: { image_name: "debian-12", image_metadata: { username: "ops" } },
    });
    expect(reply.status, reply.text).toBe(200);
    const rebuilt = RebuildVmResponse.parse(reply.body);
    expect(rebuilt.state).toBe("updating");
    expect(rebuilt.image?.id).toBe(id.debian);
    expect(rebuilt.image_metadata.map((m) => [m.name, m.value])).toEqual([["username", "ops"]]);
    expect(rebuilt.disks[0]).toMatchObject({
      primary: true,
      disk_type: { id: id.ssd, free_tier: false },
    });
    expect(rebuilt.interfaces[0]!.subnet?.id).toBe(id.subnet1);
    expect(rebuilt.placement_group).toBeNull();
    const after = await vms.waitFor(vm.id, "running");
    expect(after.image.id).toBe(id.debian);
    expect(after.guest_agent_state).toBe("not_installed");
    expect(vmState(emu).vms[vm.id]!.password_logins).toEqual([]);
  });

  it("refuses with FastAPI-style bodies: unknown VM 404, bad input, bad image and status 422", async () => {
    expectFastApi(
      await emu.call("POST", `/api/v1/vms/${UNKNOWN}/rebuild`, { body: {} }),
      404,
      "vm_not_found",
    );
    const vm = await vms.create(vmSpec(id));
    expectFastApi(
      await emu.call("POST", `/api/v1/vms/${vm.id}/rebuild`, { body: {} }),
      422,
      "vm_can_not_be_changed_from_current_state",
    );
    await vms.waitFor(vm.id, "running");
    expectFastApi(
      await emu.call("POST", `/api/v1/vms/${vm.id}/rebuild`, { body: { image_id: UNKNOWN } }),
      422,
      "image_not_found",
      "body.image_id",
    );
    expectFastApi(
      await emu.call("POST", `/api/v1/vms/${vm.id}/rebuild`, {
        body: { image_id: id.ubuntu, image_name: "debian-12" },
      }),
      422,
      "validation_error",
      "body.image_id",
    );
    expectFastApi(
      await emu.call("POST", `/api/v1/vms/${vm.id}/rebuild`, {
        body: { image_id: id.windows, image_metadata: { username: "a" } },
      }),
      422,
      "boot_disk_size_too_small",
    );
    expectFastApi(
      await emu.call("POST", `/api/v1/vms/${vm.id}/rebuild`, { body: { extra: 1 } }),
      422,
      "extra_forbidden",
      "body.extra",
    );
    expectFastApi(
      await emu.call("POST", `/api/v1/vms/${vm.id}/rebuild`, {
        body: { image_metadata: { host_name: "x" } },
      }),
      422,
      "image_metadata_not_found",
      "body.image_metadata.host_name",
    );
    vmState(emu).vms[vm.id]!.free_tier = true;
    expectFastApi(
      await emu.call("POST", `/api/v1/vms/${vm.id}/rebuild`, { body: { image_id: id.debian } }),
      422,
      "image_not_free_tier",
      "body.image_id",
    );
  });
});
