/**
 * A project's own images against the real emulator over HTTP: create (a catalog entry, or from
 * a disk: the disk's size as minimum, the disk's image's metadata fields and minimums), who
 * sees them, VMs booted from them (only where enabled and once created), update, delete
 * (refused while a VM or a disk uses the image), and the built-in images left alone.
 */
import { describe, expect, it } from "vitest";
import { ImagePage, ImageResponse } from "../../../api/vm/images";
import type { VmResponse } from "../../../api/vm/vms";
import { UNKNOWN, expectError, vmSpec, useVmEmulator } from "../support/vm-service";

const { emu, id, fresh, vms } = useVmEmulator({ speed: 5 });

const post = (body: Record<string, unknown>) =>
  emu.call("POST", "/api/v1/images", {
    body: { project_id: id.project, name: fresh("golden"), availability_zones: [], ...body },
  });

async function createImage(body: Record<string, unknown> = {}): Promise<ImageResponse> {
  const reply = await post(body);
  expect(reply.status, reply.text).toBe(201);
  return ImageResponse.parse(reply.body);
}

async function settled(imageId: string): Promise<ImageResponse> {
  const reply = await emu.waitFor(
    `/api/v1/images/${imageId}`,
    (b, code) =>
      code === 200 && (b as ImageResponse).availability_zones.every((z) => z.state === "created"),
  );
  return ImageResponse.parse(reply.body);
}

const put = (imageId: string, body: Record<string, unknown>) =>
  emu.call("PUT", `/api/v1/images/${imageId}`, { body });

/** A VM of `image` in zone 1 with a boot disk of `size` GB. */
const vmOf = (image: string, size = 20, extra: Record<string, unknown> = {}) => {
  const name = fresh("from-image");
  return vmSpec(id, {
    name,
    image_id: image,
    disks: [{ name: `${name}-boot`, size, disk_type_id: id.ssd }],
    ...extra,
  });
};

/** A stopped VM of ubuntu-22.04 with a boot disk of 15 GB: the disk to make images from. */
async function stoppedVm(): Promise<VmResponse> {
  const vm = await vms.running(vmOf(id.ubuntu, 15));
  const off = await emu.call("POST", `/api/v1/vms/${vm.id}/set-power`, {
    body: { state: "power_off" },
  });
  expect(off.status, off.text).toBe(204);
  return vms.waitFor(vm.id, "stopped");
}

describe("a project's own image", () => {
  it("is private, creating then created, with the document's defaults; disabled where the create does not say", async () => {
    const image = await createImage({
      availability_zones: [
        { availability_zone_id: id.az1, enabled: true },
        { availability_zone_name: emu.fixtures.vm.zones[1]!.name },
      ],
      image_metadata: [
        {
          name: "username",
          display_name: "User",
          display_position: 1,
          field_type: "linux_login",
          default_value: "ops",
          mandatory_group: "login",
          display_group: "access",
        },
      ],
    });
    expect(image).toMatchObject({
      type: "private",
      public: false,
      project_id: id.project,
      display_name: image.name,
      description: "",
      min_cpu: 1,
      min_ram: 1,
      min_disk: 10,
      image_metadata: [
        {
          name: "username",
          field_type: "linux_login",
          default_value: "ops",
          mandatory_group: "login",
          display_group: "access",
          image_id: image.id,
        },
      ],
    });
    expect(
      image.availability_zones.map((z) => [z.availability_zone_id, z.enabled, z.state]),
    ).toEqual([
      [id.az1, true, "creating"],
      [id.az2, false, "creating"],
    ]);
    expect((await settled(image.id)).availability_zones.map((z) => z.state)).toEqual([
      "created",
      "created",
    ]);
  });

  it("is seen by its project only, and boots VMs only where it is enabled and once created", async () => {
    const image = await createImage({
      availability_zones: [
        { availability_zone_id: id.az1, enabled: true },
        { availability_zone_id: id.az2 },
      ],
    });
    const young = await emu.call("POST", "/api/v1.1/vms", { body: [vmOf(image.id)] });
    expectError(young, 422, "image_unavailable", "0.image_id");
    await settled(image.id);
    const listed = async (query: string) =>
      ImagePage.parse((await emu.call("GET", `/api/v1/images?limit=100${query}`)).body).items.map(
        (i) => i.id,
      );
    expect(await listed(`&project_id=${id.project}`)).toContain(image.id);
    expect(await listed("&type=private")).toContain(image.id);
    expect(await listed(`&project_id=${id.project}&type=public`)).not.toContain(image.id);
    const disabled = await emu.call("POST", "/api/v1.1/vms", {
      body: [
        vmOf(image.id, 20, {
          availability_zone_id: id.az2,
          disks: [{ name: fresh("b"), size: 20, disk_type_id: id.ssd }],
        }),
      ],
    });
    expectError(disabled, 422, "image_not_in_availability_zone", "0.image_id");
    const vm = await vms.create(vmOf(image.id));
    expect(vm.image).toMatchObject({ id: image.id, type: "private" });
    const byName = await vms.create({
      ...vmOf(image.id),
      image_id: undefined,
      image_name: image.name,
    });
    expect(byName.image.id).toBe(image.id);
  });

  it("made from a disk keeps the disk's size as its minimum and the disk's image's fields", async () => {
    const vm = await stoppedVm();
    const boot = vm.disks[0]!;
    const image = await createImage({ disk_id: boot.id, description: "web tier, hardened" });
    const source = ImageResponse.parse((await emu.call("GET", `/api/v1/images/${id.ubuntu}`)).body);
    expect(image).toMatchObject({
      min_disk: 15,
      min_cpu: source.min_cpu,
      min_ram: source.min_ram,
      user_data_template: source.user_data_template,
      description: "web tier, hardened",
    });
    expect(
      image.image_metadata.map((m) => [m.name, m.field_type, m.default_value, m.mandatory_group]),
    ).toEqual(
      source.image_metadata.map((m) => [m.name, m.field_type, m.default_value, m.mandatory_group]),
    );
    expect(image.image_metadata.every((m) => m.image_id === image.id)).toBe(true);
    expect(image.image_metadata.map((m) => m.id)).not.toContain(source.image_metadata[0]!.id);
    // Offered (and enabled) in the disk's zone, though the create named none.
    expect(image.availability_zones.map((z) => [z.availability_zone_id, z.enabled])).toEqual([
      [id.az1, true],
    ]);
    await settled(image.id);
    const small = await emu.call("POST", "/api/v1.1/vms", { body: [vmOf(image.id, 10)] });
    expectError(small, 422, "boot_disk_size_too_small", "0.disks.0.size");
    const booted = await vms.running(vmOf(image.id, 15));
    // The login field came with the image: its default names the user.
    expect(booted.metadata_fields.find((f) => f.name === "username")?.value).toBe("ubuntu");
  });

  it("from a disk: refuses a disk in use by a running VM, one holding no image or unknown, and a smaller minimum", async () => {
    const running = await vms.running(vmOf(id.ubuntu, 12));
    const inUse = await post({ disk_id: running.disks[0]!.id });
    expectError(inUse, 422, "disk_in_use", "disk_id");
    expect(inUse.text).toContain(running.id);
    const data = await emu.call("POST", "/api/v1/disks", {
      body: {
        project_id: id.project,
        availability_zone_id: id.az1,
        name: fresh("data"),
        size: 5,
        disk_type_id: id.ssd,
      },
    });
    const dataId = (data.body as { id: string }).id;
    expectError(await post({ disk_id: dataId }), 422, "disk_not_bootable", "disk_id");
    expectError(await post({ disk_id: UNKNOWN }), 422, "bad_disk_id", "disk_id");
    const vm = await stoppedVm();
    expectError(
      await post({ disk_id: vm.disks[0]!.id, min_disk: 14 }),
      422,
      "image_min_disk_below_disk_size",
      "min_disk",
    );
    const bigger = await createImage({ disk_id: vm.disks[0]!.id, min_disk: 30 });
    expect(bigger.min_disk).toBe(30);
    // The boot disk of a deleted VM is free and still holds its image.
    expect((await emu.call("DELETE", `/api/v1/vms/${running.id}`)).status).toBe(204);
    await vms.waitGone(running.id);
    expect((await createImage({ disk_id: running.disks[0]!.id })).min_disk).toBe(12);
  });

  it("refuses a name the project already sees (409), unknown zones, foreign projects and bad bodies", async () => {
    expectError(
      await post({ name: "ubuntu-22.04" }),
      409,
      "image_with_this_data_already_exists",
      "name",
    );
    const mine = await createImage();
    expectError(
      await post({ name: mine.name }),
      409,
      "image_with_this_data_already_exists",
      "name",
    );
    expectError(
      await post({ availability_zones: [{ availability_zone_id: UNKNOWN }] }),
      422,
      "az_not_found",
      "availability_zones.0.availability_zone_id",
    );
    expectError(
      await post({ availability_zones: [{ availability_zone_id: id.az3 }] }),
      422,
      "availability_zone_changes_forbidden",
    );
    expectError(await post({ availability_zones: [{}] }), 422, "validation_error");
    expectError(await post({ min_cpu: 0 }), 422, "validation_error", "min_cpu");
    expectError(
      await post({ availability_zones: undefined }),
      422,
      "validation_error",
      "availability_zones",
    );
    expectError(await post({ public: true }), 422, "extra_forbidden");
    expect((await post({ project_id: id.foreignProject })).status).toBe(403);
  });
});

describe("changing and deleting a project's image", () => {
  it("updates names, minimums, template and zones (updating, then created), not while a change runs", async () => {
    const vm = await stoppedVm();
    const image = await createImage({ disk_id: vm.disks[0]!.id });
    expectError(
      await put(image.id, { description: "x" }),
      422,
      "image_can_not_be_changed_from_current_state",
    );
    await settled(image.id);
    expectError(
      await put(image.id, { min_disk: 10 }),
      422,
      "image_min_disk_below_disk_size",
      "min_disk",
    );
    const reply = await put(image.id, {
      display_name: "Golden web",
      min_disk: 20,
      user_data_template: "#cloud-config\nruncmd: []\n",
      availability_zones: [
        { availability_zone_id: id.az1 },
        { availability_zone_id: id.az2, enabled: true },
      ],
    });
    expect(reply.status, reply.text).toBe(200);
    const updated = ImageResponse.parse(reply.body);
    expect(updated).toMatchObject({
      display_name: "Golden web",
      min_disk: 20,
      user_data_template: "#cloud-config\nruncmd: []\n",
    });
    // A zone whose entry does not say keeps its word (ru.AZ-1 was enabled).
    expect(
      updated.availability_zones.map((z) => [z.availability_zone_id, z.enabled, z.state]),
    ).toEqual([
      [id.az1, true, "updating"],
      [id.az2, true, "updating"],
    ]);
    await settled(image.id);
    expectError(
      await put(image.id, { availability_zones: [{ availability_zone_name: "ru.AZ-9" }] }),
      422,
      "az_not_found",
      "availability_zones.0.availability_zone_name",
    );
    expectError(
      await put(image.id, { name: "debian-12" }),
      422,
      "image_with_this_data_already_exists",
      "name",
    );
    expectError(await put(image.id, { name: 1 }), 422, "validation_error");
  });

  it("leaves the catalog's images alone: a public or marketplace image is neither changed nor deleted", async () => {
    expectError(
      await put(id.ubuntu, { description: "mine" }),
      422,
      "builtin_image_can_not_be_changed",
    );
    expectError(
      await emu.call("DELETE", `/api/v1/images/${id.windows}`),
      422,
      "builtin_image_can_not_be_deleted",
    );
    expectError(await emu.call("DELETE", `/api/v1/images/${UNKNOWN}`), 404, "image_not_found");
  });

  it("refuses to delete an image a VM or a disk uses (405); deletes it once nothing does", async () => {
    const image = await settled(
      (await createImage({ availability_zones: [{ availability_zone_id: id.az1, enabled: true }] }))
        .id,
    );
    const vm = await vms.running(vmOf(image.id));
    const used = await emu.call("DELETE", `/api/v1/images/${image.id}`);
    expectError(used, 405, "image_type_in_use");
    expect(used.text).toContain(vm.id);
    // Once the VM is gone its boot disk still holds the image: a VM could boot from it.
    expect((await emu.call("DELETE", `/api/v1/vms/${vm.id}`)).status).toBe(204);
    await vms.waitGone(vm.id);
    const held = await emu.call("DELETE", `/api/v1/images/${image.id}`);
    expectError(held, 405, "image_type_in_use");
    expect(held.text).toContain(vm.disks[0]!.id);
    expect((await emu.call("DELETE", `/api/v1/disks/${vm.disks[0]!.id}`)).status).toBe(204);
    await emu.waitFor(`/api/v1/disks/${vm.disks[0]!.id}`, (_b, code) => code === 404);
    expect((await emu.call("DELETE", `/api/v1/images/${image.id}`)).status).toBe(204);
    const deleting = ImageResponse.parse(
      (await emu.call("GET", `/api/v1/images/${image.id}`)).body,
    );
    expect(deleting.availability_zones.map((z) => z.state)).toEqual(["deleting"]);
    await emu.waitFor(`/api/v1/images/${image.id}`, (_b, code) => code === 404);
  });
});
