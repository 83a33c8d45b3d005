/**
 * The `Image` provider against the emulator over HTTP, loaded as the dynamic-provider host
 * loads it: an image made from a stopped VM's boot disk keeps the disk's size as its minimum and
 * the disk's image's metadata fields; a VM boots from it by id (its check finds the new image
 * although the catalog list was read before); read, drift, update in place, replace, delete
 * (refused while a VM runs it), import, adoptId; check refuses a disk that does not exist,
 * holds no image or is on a running VM, a minDisk below the disk's size and a taken name, with
 * reads only; an interrupted create is adopted.
 */
import { expectRefused } from "./support/untracked";
import { beforeAll, describe, expect, it } from "vitest";
import { UNKNOWN } from "../../provider/framework/unknowns";
import { uniqueName } from "./support/fixtures";
import { failureLine, failurePath } from "./support/failures";
import { type Props, useProviders } from "./support/provider-harness";
import { readVm, vmArgs, VM_SPEED } from "./support/vm-suite";

const { emu, image, vm, disk } = useProviders(
  { image: "resources/image", vm: "resources/vm", disk: "resources/disk" },
  { speed: VM_SPEED },
);
/** A stopped VM whose boot disk (20 GB of ubuntu-22.04) images are made from. */
let builder: { id: string; outs: Props };

beforeAll(async () => {
  builder = await vm.up(
    vmArgs({ availabilityZone: "ru.AZ-1", bootDisk: { size: 20 }, powerState: "stopped" }),
  );
});

const bootDiskOf = (outs: Props) => outs.bootDiskId as string;
const live = async (id: string) => emu.call("GET", `/api/v1/images/${id}`);

/**
 * Makes an image of the builder's disk behind the program's back (what another stack, or an
 * interrupted up, left); answers its id.
 */
async function madeOutside(name: string): Promise<string> {
  const made = await emu.call("POST", "/api/v1/images", {
    body: {
      project_id: emu.fixtures.vm.projectId,
      name,
      disk_id: bootDiskOf(builder.outs),
      availability_zones: [],
    },
  });
  expect(made.status, made.text).toBe(201);
  return (made.body as { id: string }).id;
}

/** The metadata field names of the catalog's ubuntu-22.04. */
async function ubuntuFields(): Promise<string[]> {
  const list = await emu.call(
    "GET",
    `/api/v1/images?project_id=${emu.fixtures.vm.projectId}&name=ubuntu-22.04`,
  );
  const found = (
    list.body as { items: Array<{ name: string; image_metadata: Array<{ name: string }> }> }
  ).items.find((i) => i.name === "ubuntu-22.04")!;
  return found.image_metadata.map((m) => m.name);
}

describe("Image lifecycle", () => {
  it("makes an image of a stopped VM's boot disk that keeps its size and metadata fields; a VM boots from it by id", async () => {
    const name = uniqueName("golden");
    // The VM check reads (and caches) the zone's images before the new one exists.
    expect((await vm.check(vmArgs({ availabilityZone: "ru.AZ-1" }))).failures).toEqual([]);
    const { id, inputs, outs } = await image.up({ name, diskId: bootDiskOf(builder.outs) });
    expect(outs).toMatchObject({
      name,
      displayName: name,
      description: "",
      diskId: bootDiskOf(builder.outs),
      minDisk: 20,
      metadataFields: await ubuntuFields(),
      availabilityZones: ["ru.AZ-1"],
      availabilityZoneIds: [emu.fixtures.vm.zones[0]!.id],
      state: "created",
      projectId: emu.fixtures.vm.projectId,
    });
    expect((outs.metadataFields as string[]).length).toBeGreaterThan(0);
    expect((await image.read(id, outs)).props).toEqual(outs);
    expect(await image.diff(id, outs, inputs)).toMatchObject({ changes: false });

    const booted = vmArgs({ availabilityZone: "ru.AZ-1", image: id, bootDisk: { size: 20 } });
    expect((await vm.check(booted)).failures).toEqual([]);
    const small = await vm.check({ ...booted, bootDisk: { size: 10 } });
    expect(small.failures.map(failureLine)).toEqual([
      expect.stringMatching(/^bootDisk\.size: image .* needs a boot disk of at least 20 GB/),
    ]);
    const web = await vm.up(booted);
    expect((await readVm(emu, web.id))?.image).toMatchObject({ id });

    // A VM runs it: the delete is refused with what to do.
    await expect(image.delete(id, outs)).rejects.toThrow(/a VM or a disk still uses the image/);
    await vm.delete(web.id, web.outs);
    await image.delete(id, outs);
    expect((await live(id)).status).toBe(404);
    await image.delete(id, outs);
    expect(await image.read(id, outs)).toEqual({});
  });

  it("shows drift, updates names and minimums in place, and replaces (deleting first) on a new disk", async () => {
    const { id, inputs, outs } = await image.up({
      name: uniqueName("tier"),
      diskId: bootDiskOf(builder.outs),
      description: "a",
    });
    await emu.call("PUT", `/api/v1/images/${id}`, { body: { description: "changed outside" } });
    await emu.waitFor(`/api/v1/images/${id}`, (b) =>
      (b as { availability_zones: Array<{ state: string }> }).availability_zones.every(
        (z) => z.state === "created",
      ),
    );
    const refreshed = (await image.read(id, outs)).props!;
    expect(refreshed.description).toBe("changed outside");
    expect(await image.diff(id, refreshed, inputs)).toMatchObject({ changes: true, replaces: [] });

    const next = (
      await image.check(
        { ...inputs, name: uniqueName("renamed"), minDisk: 30, minCpu: 2, displayName: "Tier" },
        inputs,
      )
    ).inputs;
    const { outs: updated } = await image.update(id, refreshed, next);
    expect(updated).toMatchObject({
      name: next.name,
      description: "a",
      minDisk: 30,
      minCpu: 2,
      displayName: "Tier",
      state: "created",
    });
    await expect(image.update(id, updated, { ...next, minDisk: 15 })).rejects.toThrow(
      /minDisk: it is below the size of the disk/,
    );

    const other = await vm.up(vmArgs({ powerState: "stopped" }));
    const moved = { ...next, diskId: bootDiskOf(other.outs) };
    expect(await image.diff(id, updated, moved)).toMatchObject({
      replaces: ["diskId"],
      deleteBeforeReplace: true,
    });
    expect(await image.diff(id, updated, { ...moved, name: uniqueName("new") })).toMatchObject({
      deleteBeforeReplace: false,
    });
    expect(await image.diff(id, updated, { ...next, diskId: UNKNOWN })).toMatchObject({
      replaces: ["diskId"],
    });
    await image.delete(id, updated);
  });

  it("imports by id alone (no disk: the service does not say it) and takes the program's disk without a replacement", async () => {
    const { id, outs } = await image.up({
      name: uniqueName("imp"),
      diskId: bootDiskOf(builder.outs),
    });
    const imported = await image.read(id, {});
    const { diskId: _, ...rest } = outs;
    expect(imported.props).toEqual(rest);
    const checked = await image.check(
      { ...imported.inputs!, diskId: bootDiskOf(builder.outs) },
      imported.inputs!,
    );
    expect(checked.failures).toEqual([]);
    expect(await image.diff(id, imported.props!, checked.inputs)).toMatchObject({
      changes: false,
    });
    await image.delete(id, outs);
  });

  it("adopts an existing image by adoptId with reads only, and refuses one that differs", async () => {
    const name = uniqueName("adopt");
    const existing = await madeOutside(name);
    await emu.waitFor(`/api/v1/images/${existing}`, (b) =>
      (b as { availability_zones: Array<{ state: string }> }).availability_zones.every(
        (z) => z.state === "created",
      ),
    );
    await image.clearRequests();
    const { id, outs } = await image.up({
      name,
      diskId: bootDiskOf(builder.outs),
      adoptId: existing,
    });
    expect(id).toBe(existing);
    expect(outs).toMatchObject({ adoptId: existing, name, minDisk: 20 });
    expect((await image.requests()).every((r) => r.method === "GET")).toBe(true);
    await expect(
      image.up({
        name,
        description: "not this",
        diskId: bootDiskOf(builder.outs),
        adoptId: existing,
      }),
    ).rejects.toThrow(/description/);
    await image.delete(id, outs);
  });
});

describe("Image checks before anything changes", () => {
  it("fails check on a bad name, an unknown key and a bad disk id offline; unknowns pass", async () => {
    const bad = await image.check({ name: "1st", colour: "red", diskId: "nope" });
    expect(bad.failures.map(failurePath).sort()).toEqual(["colour", "diskId", "name"]);
    expect((await image.check({ name: "ok" })).failures.map(failurePath)).toEqual(["diskId"]);
    expect((await image.check({ name: UNKNOWN, diskId: UNKNOWN })).failures).toEqual([]);
  });

  it("refuses a missing disk, a disk that holds no image, a disk on a running VM, a minDisk below the disk and a taken name, with reads only", async () => {
    const running = await vm.up(vmArgs());
    const data = await disk.up({ name: uniqueName("data"), size: 5 });
    await image.clearRequests();
    const missing = await image.check({
      name: uniqueName("x"),
      diskId: "00000000-0000-4000-8000-0000000000ff",
    });
    expect(missing.failures).toEqual([
      { property: "diskId", reason: expect.stringContaining("does not exist in project") },
    ]);
    const blank = await image.check({ name: uniqueName("x"), diskId: data.id });
    expect(blank.failures).toEqual([
      { property: "diskId", reason: expect.stringContaining("holds no image") },
    ]);
    const busy = await image.check({ name: uniqueName("x"), diskId: bootDiskOf(running.outs) });
    expect(busy.failures).toEqual([
      {
        property: "diskId",
        reason: expect.stringMatching(/is on VM .* which is running; .* stop the VM first/),
      },
    ]);
    const small = await image.check({
      name: uniqueName("x"),
      diskId: bootDiskOf(builder.outs),
      minDisk: 10,
    });
    expect(small.failures).toEqual([
      { property: "minDisk", reason: expect.stringContaining("below the size of disk") },
    ]);
    const taken = await image.check({ name: "ubuntu-22.04", diskId: bootDiskOf(builder.outs) });
    expect(taken.failures).toEqual([
      {
        property: "name",
        reason: expect.stringMatching(
          /already has the name "ubuntu-22.04".*images its project sees/,
        ),
      },
    ]);
    expect(
      (await image.check({ name: uniqueName("fine"), diskId: bootDiskOf(builder.outs) })).failures,
    ).toEqual([]);
    expect((await image.requests()).every((r) => r.method === "GET")).toBe(true);
    await vm.delete(running.id, running.outs);
    await disk.delete(data.id, data.outs);
  });
});

describe("Image after an interrupted create", () => {
  it("never takes over the project's own same-named image, and refuses a catalog image's name at create", async () => {
    const name = uniqueName("left");
    const leftId = await madeOutside(name);
    await expectRefused(
      image,
      { name, diskId: bootDiskOf(builder.outs) },
      {
        id: leftId,
        adoptable: true,
        atCheck: true,
        words: /matches this resource's inputs/,
      },
    );
    const checked = await image.check({
      name: uniqueName("free"),
      diskId: bootDiskOf(builder.outs),
    });
    await expect(image.create({ ...checked.inputs, name: "ubuntu-22.04" })).rejects.toThrow(
      /an image named "ubuntu-22.04" is already seen by the project/,
    );
  });
});
