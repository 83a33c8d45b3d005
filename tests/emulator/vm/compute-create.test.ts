/**
 * VM creation through both paths (legacy v1 and v1.1) against the real emulator over HTTP:
 * the VM reaches `running`, its disks, interfaces, groups and external IPs are built as asked,
 * and every refusal the state can express answers the documented status and code.
 */
import { describe, expect, it } from "vitest";
import { DiskResponse } from "../../../api/vm/disks";
import { VmResponse } from "../../../api/vm/vms";
import { UNKNOWN, expectError, vmSpec, vmState, useVmEmulator } from "../support/vm-service";

// Slow enough that transitional statuses (creating, stopping, deleting) can be observed.
const { emu, id, vms } = useVmEmulator({ speed: 5, reset: "afterEach" });

const base64 = (text: string) => Buffer.from(text).toString("base64");

async function createDisk(body: Record<string, unknown>): Promise<DiskResponse> {
  const reply = await emu.call("POST", "/api/v1/disks", {
    body: {
      project_id: id.project,
      availability_zone_id: id.az1,
      disk_type_id: id.ssd,
      size: 20,
      ...body,
    },
  });
  expect(reply.status, reply.text).toBe(201);
  const disk = DiskResponse.parse(reply.body);
  await emu.waitFor(
    `/api/v1/disks/${disk.id}`,
    (b) => (b as { state: string }).state === "available",
  );
  return disk;
}

async function disk(diskId: string): Promise<DiskResponse> {
  const reply = await emu.call("GET", `/api/v1/disks/${diskId}`);
  expect(reply.status, reply.text).toBe(200);
  return DiskResponse.parse(reply.body);
}

describe("creating a VM (v1.1)", () => {
  it("answers 201 with the VM creating, which then runs with the defaults filled in", async () => {
    const reply = await emu.call("POST", "/api/v1.1/vms", {
      body: [
        vmSpec(id, {
          description: "front end",
          tag_names: ["env-prod"],
          placement_group_id: id.placementGroup,
        }),
      ],
    });
    expect(reply.status, reply.text).toBe(201);
    const [created] = VmResponse.array().parse(reply.body);
    expect(created!.state).toBe("creating");
    expect(created!.description).toBe("front end");
    expect(created!.tags.map((t) => t.name)).toEqual(["env-prod"]);
    expect(created!.placement_group?.id).toBe(id.placementGroup);

    const vm = await vms.waitFor(created!.id, "running");
    expect(vm.flavor.id).toBe(id.flavor);
    expect(vm.image.id).toBe(id.ubuntu);
    expect(vm.availability_zone.id).toBe(id.az1);
    // One interface in the zone's default subnet with the zone's default group.
    expect(vm.interfaces).toHaveLength(1);
    const [eth0] = vm.interfaces;
    expect(eth0!.primary).toBe(true);
    expect(eth0!.type).toBe("regular");
    expect(eth0!.subnet?.id).toBe(id.subnet1);
    expect(eth0!.ip_address).toMatch(/^10\.0\.0\.\d+$/);
    expect(eth0!.ip_address).not.toBe("10.0.0.1");
    expect(eth0!.security_groups.map((g) => g.id)).toEqual([id.group1]);
    expect(eth0!.floating_ip).toBeUndefined();
    // The boot disk was made from the image, is the primary disk and ends in use.
    expect(vm.disks).toHaveLength(1);
    expect(vm.disks[0]).toMatchObject({
      name: "web-1-boot",
      size: 10,
      primary: true,
      state: "in_use",
    });
    expect((await disk(vm.disks[0]!.id)).bootable).toBe(true);
    // The required username took the image's default.
    expect(vm.metadata_fields.map((f) => [f.name, f.value])).toEqual([["username", "ubuntu"]]);
    expect(vm.guest_agent_state).toBe("enabled");
    expect(vm.is_serial_ready).toBe(true);

    const tasks = await emu.call(
      "GET",
      `/api/v1/tasks?project_id=${id.project}&entity_id=${vm.id}`,
    );
    expect(tasks.status, tasks.text).toBe(200);
    expect((tasks.body as { items: Array<{ name: string }> }).items.map((t) => t.name)).toContain(
      "create_vm",
    );
  });

  it("takes the address it is given, names groups by name, and makes new and direct external IPs", async () => {
    const subnet = await emu.call("POST", "/api/v1/subnets", {
      body: {
        project_id: id.project,
        availability_zone_id: id.az1,
        name: "backend",
        subnet_address: "10.20.0.0/24",
        routed_network: true,
      },
    });
    expect(subnet.status, subnet.text).toBe(201);
    const subnetId = (subnet.body as { id: string }).id;
    await emu.waitFor(
      `/api/v1/subnets/${subnetId}`,
      (b) => (b as { state: string }).state === "created",
    );

    const vm = await vms.running(
      vmSpec(id, {
        interfaces: [
          {
            type: "regular",
            subnet_name: "backend",
            ip_address: "10.20.0.50",
            security_group_names: ["default-az1"],
          },
          {
            type: "regular",
            subnet_id: id.subnet1,
            new_external_ip: true,
            interface_security_enabled: false,
          },
          { type: "direct_ip" },
        ],
      }),
    );
    const [a, b, c] = vm.interfaces;
    expect(a).toMatchObject({ name: "eth0", primary: true, ip_address: "10.20.0.50" });
    expect(a!.subnet?.id).toBe(subnetId);
    expect(a!.security_groups.map((g) => g.id)).toEqual([id.group1]);
    expect(b!.primary).toBe(false);
    expect(b!.security_groups).toEqual([]);
    expect(b!.interface_security_enabled).toBe(false);
    expect(b!.floating_ip).toMatchObject({ state: "in_use" });
    expect(b!.floating_ip!.ip_address).toMatch(/^(203\.0\.113|198\.51\.100)\./);
    expect(c!.type).toBe("direct_ip");
    expect(c!.subnet).toBeUndefined();
    expect(c!.ip_address).toBe(c!.floating_ip!.ip_address);
    expect(c!.ip_address).not.toBe(b!.floating_ip!.ip_address);

    // The fixed address is now taken: a second VM asking for it is refused.
    const clash = await emu.call("POST", "/api/v1.1/vms", {
      body: [
        vmSpec(id, {
          name: "web-2",
          interfaces: [{ type: "regular", subnet_id: subnetId, ip_address: "10.20.0.50" }],
        }),
      ],
    });
    expectError(clash, 422, "ip_address_unavailable", "0.interfaces.0.ip_address");
  });

  it("attaches existing disks after the new boot disk", async () => {
    const data = await createDisk({ name: "data" });
    const vm = await vms.running(
      vmSpec(id, {
        disks: [
          { name: "boot", size: 12, disk_type_name: "HDD" },
          { disk_id: data.id },
          { name: "logs", size: 5, disk_type_id: id.ssd },
        ],
      }),
    );
    expect(vm.disks.map((d) => [d.name, d.primary])).toEqual([
      ["boot", true],
      ["data", false],
      ["logs", false],
    ]);
    await emu.waitFor(
      `/api/v1/disks/${data.id}`,
      (b) => (b as { state: string }).state === "in_use",
    );
    expect((await disk(data.id)).vms.map((v) => v.id)).toEqual([vm.id]);
  });

  it("boots from an existing bootable disk left by a deleted VM, without an image", async () => {
    const first = await vms.running(vmSpec(id));
    const bootId = first.disks[0]!.id;
    expect((await emu.call("DELETE", `/api/v1/vms/${first.id}`)).status).toBe(204);
    await vms.waitGone(first.id);
    const boot = await disk(bootId);
    expect(boot.state).toBe("available");
    expect(boot.bootable).toBe(true);

    const second = await vms.running(
      vmSpec(id, { name: "reborn", image_id: undefined, disks: [{ disk_id: bootId }] }),
    );
    expect(second.image.id).toBe(id.ubuntu);
    expect(second.disks[0]).toMatchObject({ id: bootId, primary: true });
  });

  it("binds a surviving external IP by id, and refuses one that is in use or unknown", async () => {
    const first = await vms.running(
      vmSpec(id, {
        interfaces: [{ type: "regular", subnet_id: id.subnet1, new_external_ip: true }],
      }),
    );
    const ip = first.interfaces[0]!.floating_ip!;
    const inUse = await emu.call("POST", "/api/v1.1/vms", {
      body: [
        vmSpec(id, {
          name: "web-2",
          interfaces: [{ type: "regular", subnet_id: id.subnet1, attach_external_ip_id: ip.id }],
        }),
      ],
    });
    expectError(inUse, 422, "floating_ip_in_use", "0.interfaces.0.attach_external_ip_id");

    expect((await emu.call("DELETE", `/api/v1/vms/${first.id}`)).status).toBe(204);
    await vms.waitGone(first.id);
    expect(vmState(emu).externalIps[ip.id]?.state).toBe("available");

    const second = await vms.running(
      vmSpec(id, {
        name: "web-2",
        interfaces: [{ type: "regular", subnet_id: id.subnet1, attach_external_ip_name: ip.name }],
      }),
    );
    expect(second.interfaces[0]!.floating_ip).toMatchObject({
      id: ip.id,
      ip_address: ip.ip_address,
      state: "in_use",
    });

    const unknown = await emu.call("POST", "/api/v1.1/vms", {
      body: [
        vmSpec(id, {
          name: "web-3",
          interfaces: [{ type: "regular", subnet_id: id.subnet1, attach_external_ip_id: UNKNOWN }],
        }),
      ],
    });
    expectError(unknown, 404, "floating_ip_not_found");
  });

  it("creates every VM of a request or none", async () => {
    const before = Object.keys(vmState(emu).disks).length;
    const reply = await emu.call("POST", "/api/v1.1/vms", {
      body: [vmSpec(id), vmSpec(id, { name: "web-2", flavor_id: UNKNOWN })],
    });
    expectError(reply, 404, "flavor_not_found");
    expect(Object.keys(vmState(emu).vms)).toHaveLength(0);
    expect(Object.keys(vmState(emu).disks)).toHaveLength(before);
    expect(vmState(emu).subnets[id.subnet1]!.used_ips).toEqual(["10.0.0.1"]);

    const both = await emu.call("POST", "/api/v1.1/vms", {
      body: [vmSpec(id), vmSpec(id, { name: "web-2" })],
    });
    expect(both.status, both.text).toBe(201);
    expect(
      VmResponse.array()
        .parse(both.body)
        .map((v) => v.name),
    ).toEqual(["web-1", "web-2"]);
  });
});

describe("creating a VM (legacy v1)", () => {
  it("connects the listed subnets, takes metadata by id and reaches running", async () => {
    const images = await emu.call("GET", `/api/v1/images/${id.ubuntu}`);
    const fields = (images.body as { image_metadata: Array<{ id: string; name: string }> })
      .image_metadata;
    const userField = fields.find((f) => f.name === "username")!;
    const reply = await emu.call("POST", "/api/v1/vms", {
      body: [
        vmSpec(id, {
          name: "legacy-1",
          subnets: [{ subnet_id: id.subnet1, new_floating_ip: true, security_groups: [id.group1] }],
          metadata_fields: [{ image_metadata_id: userField.id, value: "admin" }],
          image_metadata: { username: "ignored" },
          cloud_init: base64("#cloud-config\npackages: [nginx]\n"),
        }),
      ],
    });
    expect(reply.status, reply.text).toBe(201);
    const [created] = VmResponse.array().parse(reply.body);
    expect(created!.state).toBe("creating");
    const vm = await vms.waitFor(created!.id, "running");
    expect(vm.metadata_fields.find((f) => f.name === "username")?.value).toBe("admin");
    expect(vm.interfaces[0]!.floating_ip?.state).toBe("in_use");
    expect(vm.interfaces[0]!.subnet?.id).toBe(id.subnet1);
  });

  it("uses the default subnet when no subnets are listed", async () => {
    const vm = await vms.create(vmSpec(id, { name: "legacy-2" }), "/api/v1/vms");
    expect(vm.interfaces[0]!.subnet?.id).toBe(id.subnet1);
    await vms.waitFor(vm.id, "running");
  });

  it("refuses a subnet entry without a subnet, naming the field", async () => {
    const reply = await emu.call("POST", "/api/v1/vms", {
      body: [vmSpec(id, { subnets: [{ new_floating_ip: true }] })],
    });
    expectError(reply, 422, "validation_error", "0.subnets.0.subnet_id");
  });
});

describe("create validation", () => {
  it.each([
    ["a missing name", { name: undefined }, "0.name"],
    ["a name with a space", { name: "web 1" }, "0.name"],
    ["a flavor given both ways", { flavor_name: "burst-1-1" }, "0.flavor_id"],
    ["no zone", { availability_zone_id: undefined }, "0.availability_zone_id"],
    ["cloud_init that is not base64", { cloud_init: "#cloud-config!" }, "0.cloud_init"],
    [
      "a regular interface without a subnet",
      { interfaces: [{ type: "regular" }] },
      "0.interfaces.0.subnet_id",
    ],
    [
      "a direct_ip interface with a subnet",
      { interfaces: [{ type: "direct_ip", subnet_id: UNKNOWN }] },
      "0.interfaces.0.subnet_id",
    ],
    [
      "nine interfaces",
      { interfaces: Array.from({ length: 9 }, () => ({ type: "direct_ip" })) },
      "0.interfaces",
    ],
    [
      "a disk of size 0",
      { disks: [{ name: "b", size: 0, disk_type_id: UNKNOWN }] },
      "0.disks.0.size",
    ],
  ])("answers 422 naming the field for %s", async (_what, overrides, field) => {
    const reply = await emu.call("POST", "/api/v1.1/vms", { body: [vmSpec(id, overrides)] });
    expectError(reply, 422, "validation_error", field);
  });

  it("refuses unknown fields with extra_forbidden", async () => {
    const reply = await emu.call("POST", "/api/v1.1/vms", {
      body: [vmSpec(id, { colour: "blue" })],
    });
    expectError(reply, 422, "extra_forbidden", "0.colour");
  });

  it("refuses an empty array and a non-array body", async () => {
    expectError(await emu.call("POST", "/api/v1.1/vms", { body: [] }), 422, "validation_error");
    expectError(
      await emu.call("POST", "/api/v1.1/vms", { body: vmSpec(id) }),
      422,
      "validation_error",
    );
  });

  it("answers 401 without a token or with a wrong one", async () => {
    expect(
      (await emu.call("POST", "/api/v1.1/vms", { body: [vmSpec(id)], auth: false })).status,
    ).toBe(401);
    const wrong = await emu.call("GET", `/api/v1/vms?project_id=${id.project}`, {
      headers: { authorization: "Bearer nope" },
    });
    expect(wrong.status).toBe(401);
  });
});

describe("create refusals", () => {
  async function refused(
    overrides: Record<string, unknown>,
    status: number,
    code: string,
    field?: string,
    path = "/api/v1.1/vms",
  ) {
    const reply = await emu.call("POST", path, { body: [vmSpec(id, overrides)] });
    expectError(reply, status, code, field);
    expect(Object.keys(vmState(emu).vms)).toHaveLength(0);
  }

  it("refuses an unknown project (422) and a foreign one (403)", async () => {
    await refused({ project_id: UNKNOWN }, 422, "bad_project_id", "0.project_id");
    await refused({ project_id: id.foreignProject }, 403, "forbidden");
  });

  it("refuses a zone the project is not in, and a zone where changes are forbidden", async () => {
    const project = vmState(emu).projects[id.project]!;
    project.zone_ids = project.zone_ids.filter((z) => z !== id.az2);
    await refused({ availability_zone_id: id.az2 }, 422, "project_not_in_availability_zone");
    await refused({ availability_zone_id: id.az3 }, 422, "availability_zone_changes_forbidden");
  });

  it("answers 404 for an unknown image, flavor, disk type or tag", async () => {
    await refused({ image_id: UNKNOWN }, 404, "image_not_found");
    await refused({ image_id: undefined, image_name: "no-such-image" }, 404, "image_not_found");
    await refused({ flavor_id: UNKNOWN }, 404, "flavor_not_found");
    await refused(
      { disks: [{ name: "b", size: 10, disk_type_id: UNKNOWN }] },
      404,
      "disk_type_not_found",
    );
    await refused({ tag_ids: [UNKNOWN] }, 404, "tag_not_found");
    await refused({ tag_names: ["no-such-tag"] }, 404, "tag_not_found");
  });

  it("refuses a boot disk smaller than the image needs, and too many disks", async () => {
    await refused(
      { disks: [{ name: "b", size: 9, disk_type_id: id.ssd }] },
      422,
      "boot_disk_size_too_small",
      "0.disks.0.size",
    );
    const many = Array.from({ length: 10 }, (_, i) => ({
      name: `d${i}`,
      size: 10,
      disk_type_id: id.ssd,
    }));
    await refused({ disks: many }, 422, "max_disks_per_vm_exceeded", "0.disks");
  });

  it("needs required image metadata the image has no default for", async () => {
    const windows = {
      image_id: id.windows,
      flavor_id: id.flavorBig,
      disks: [{ name: "c", size: 50, disk_type_id: id.ssd }],
    };
    await refused(windows, 422, "required_image_metadata_missing", "0.image_metadata.username");
    await refused(
      { ...windows, image_metadata: { username: "" } },
      422,
      "required_image_metadata_missing",
    );
    await refused(
      { image_metadata: { host_name: "x" } },
      422,
      "image_metadata_not_found",
      "0.image_metadata.host_name",
    );
    const vm = await vms.create(
      vmSpec(id, { ...windows, image_metadata: { username: "Administrator" } }),
    );
    expect(vm.metadata_fields.map((f) => [f.name, f.value])).toEqual([
      ["username", "Administrator"],
    ]);
  });

  it("refuses cloud-init for an image that does not accept it", async () => {
    await refused(
      {
        image_id: id.windows,
        disks: [{ name: "c", size: 50, disk_type_id: id.ssd }],
        image_metadata: { username: "Administrator" },
        cloud_init: base64("#cloud-config"),
      },
      422,
      "image_does_not_support_cloud_init",
      "0.cloud_init",
    );
  });

  it("refuses an address outside the subnet or already taken", async () => {
    const iface = (ip: string) => ({
      interfaces: [{ type: "regular", subnet_id: id.subnet1, ip_address: ip }],
    });
    await refused(iface("10.9.9.9"), 422, "ip_address_not_in_subnet", "0.interfaces.0.ip_address");
    await refused(iface("10.0.0.1"), 422, "ip_address_unavailable", "0.interfaces.0.ip_address");
  });

  it("refuses when the zone has no default subnet or no default security group", async () => {
    vmState(emu).subnets[id.subnet1]!.default = false;
    await refused({}, 422, "default_subnet_not_found", "0.interfaces");
    vmState(emu).subnets[id.subnet1]!.default = true;
    vmState(emu).securityGroups[id.group1]!.default = false;
    await refused({}, 422, "default_security_group_not_found", "0.interfaces");
  });

  it("refuses unknown subnets and groups, and those of another zone (one zone for everything)", async () => {
    const iface = (extra: Record<string, unknown>) => ({
      interfaces: [{ type: "regular", subnet_id: id.subnet1, ...extra }],
    });
    await refused(
      { interfaces: [{ type: "regular", subnet_id: UNKNOWN }] },
      422,
      "subnet_not_found",
      "0.interfaces.0.subnet_id",
    );
    await refused(
      { interfaces: [{ type: "regular", subnet_id: id.subnet2 }] },
      422,
      "subnet_unavailable",
      "0.interfaces.0.subnet_id",
    );
    await refused(
      iface({ security_groups: [UNKNOWN] }),
      422,
      "wrong_security_group",
      "0.interfaces.0.security_groups.0",
    );
    await refused(
      iface({ security_groups: [id.group2] }),
      422,
      "security_group_unavailable",
      "0.interfaces.0.security_groups.0",
    );
  });

  it("refuses a flavor not offered in the zone, and the free-tier flavor outside the free tier", async () => {
    await refused(
      {
        availability_zone_id: id.az2,
        flavor_id: id.flavorFree,
        disks: [{ name: "b", size: 10, disk_type_id: id.ssd }],
      },
      422,
      "flavor_unavailable",
      "0.flavor_id",
    );
    await refused(
      { flavor_id: id.flavorFree },
      422,
      "flavor_unavailable_for_project",
      "0.flavor_id",
    );
  });

  it("refuses a free-tier-only disk type", async () => {
    await refused(
      { disks: [{ name: "b", size: 10, disk_type_id: id.freeHdd }] },
      422,
      "disk_type_only_for_free_tier",
      "0.disks.0.disk_type_id",
    );
  });

  it("refuses unknown placement groups by id or name", async () => {
    await refused(
      { placement_group_id: UNKNOWN },
      422,
      "placement_group_not_found_by_id",
      "0.placement_group_id",
    );
    await refused(
      { placement_group_name: "nope" },
      422,
      "placement_group_not_found_by_name",
      "0.placement_group_name",
    );
  });

  it("refuses an existing disk whose status does not permit attaching", async () => {
    const reply = await emu.call("POST", "/api/v1/disks", {
      body: {
        project_id: id.project,
        availability_zone_id: id.az1,
        disk_type_id: id.ssd,
        size: 20,
        name: "fresh",
      },
    });
    const fresh = DiskResponse.parse(reply.body);
    expect(fresh.state).toBe("creating");
    await refused(
      { disks: [{ name: "b", size: 10, disk_type_id: id.ssd }, { disk_id: fresh.id }] },
      422,
      "disk_can_not_be_attached_from_current_state",
      "0.disks.1",
    );
    await refused(
      { disks: [{ name: "b", size: 10, disk_type_id: id.ssd }, { disk_id: UNKNOWN }] },
      422,
      "bad_disk_id",
      "0.disks.1.disk_id",
    );
  });

  it("refuses an existing disk first with an image, a bootable disk later, and a disk of another zone", async () => {
    const data = await createDisk({ name: "data" });
    await refused({ disks: [{ disk_id: data.id }] }, 422, "boot_disk_must_be_new", "0.disks.0");
    const far = await createDisk({ name: "far", availability_zone_id: id.az2 });
    await refused(
      { disks: [{ name: "b", size: 10, disk_type_id: id.ssd }, { disk_name: "far" }] },
      422,
      "disk_unavailable",
      "0.disks.1.disk_name",
    );
    expect(far.availability_zone.id).toBe(id.az2);
    vmState(emu).disks[data.id]!.bootable = true;
    await refused(
      { disks: [{ name: "b", size: 10, disk_type_id: id.ssd }, { disk_id: data.id }] },
      422,
      "disk_bootable",
      "0.disks.1",
    );
  });

  it("refuses an image not offered in the zone and a subnet that is not created yet", async () => {
    const image = vmState(emu).images[id.ubuntu]!;
    image.zone_ids = image.zone_ids.filter((z) => z !== id.az1);
    await refused({}, 422, "image_not_in_availability_zone", "0.image_id");
    // A refused request restores the state from a copy: read the record afresh.
    vmState(emu).images[id.ubuntu]!.zone_ids.push(id.az1);
    vmState(emu).subnets[id.subnet1]!.status = "updating";
    await refused({}, 422, "subnet_unavailable", "0.interfaces");
  });

  it("refuses an external IP of another zone (legacy attach_floating_ip_id)", async () => {
    const first = await vms.running(
      vmSpec(id, {
        interfaces: [{ type: "regular", subnet_id: id.subnet1, new_external_ip: true }],
      }),
    );
    const ipId = first.interfaces[0]!.floating_ip!.id;
    expect((await emu.call("DELETE", `/api/v1/vms/${first.id}`)).status).toBe(204);
    await vms.waitGone(first.id);
    vmState(emu).externalIps[ipId]!.availability_zone_id = id.az2;
    await refused(
      { name: "web-2", subnets: [{ subnet_id: id.subnet1, attach_floating_ip_id: ipId }] },
      422,
      "floating_ip_unavailable",
      "0.subnets.0.attach_floating_ip_id",
      "/api/v1/vms",
    );
  });

  it("refuses a new boot disk without an image, and a non-bootable disk as boot disk", async () => {
    await refused({ image_id: undefined }, 422, "image_required", "0.image_id");
    const data = await createDisk({ name: "data" });
    await refused(
      { image_id: undefined, disks: [{ disk_id: data.id }] },
      422,
      "disk_not_bootable",
      "0.disks.0",
    );
  });
});
