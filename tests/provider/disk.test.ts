// The Disk provider's whole life against the emulator over HTTP, loaded as the dynamic-provider
// host loads it: create, read, drift, in-place update, replace, delete, import, bad input,
// unknowns, service errors, and a create under injected faults.
import * as pulumi from "@pulumi/pulumi";
import { expectRecordable, expectRefused } from "./support/untracked";
import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { DiskResponse } from "../../api/vm/disks";
import { providerShim } from "../../provider/shim";
import { Disk, DiskAttachment, type DiskArgs } from "../../sdk";
import { disksNamed, fixtureIds, slowDown, uniqueName, UNKNOWN } from "./support/fixtures";
import { failurePath } from "./support/failures";
import { type Props, useProviders } from "./support/provider-harness";
import { expectOneObjectDespiteRetries } from "./support/create-faults";

const { emu, disk } = useProviders({ disk: "resources/disk" });
let ids: ReturnType<typeof fixtureIds>;

beforeAll(async () => {
  ids = fixtureIds(emu);
});
beforeEach(async () => disk.setFaults([]));

const getDisk = async (id: string) => {
  const reply = await emu.call("GET", `/api/v1/disks/${id}`);
  return { status: reply.status, body: reply.body as DiskResponse };
};

/** A disk made through the provider, with the inputs `check` produced. */
async function upDisk(overrides: Props = {}) {
  const name = uniqueName("disk");
  return disk.up({ name, size: 10, ...overrides });
}

describe("create", () => {
  it("creates a disk, waits until it is available and returns every output", async () => {
    await disk.clearRequests();
    const { id, outs } = await upDisk({
      diskType: "SSD",
      availabilityZone: "ru.AZ-2",
      tags: ["env-prod"],
      description: "data",
    });
    expect(outs).toEqual({
      name: expect.stringMatching(/^disk-/),
      description: "data",
      size: 10,
      diskType: "SSD",
      diskTypeId: ids.diskType("SSD"),
      availabilityZone: "ru.AZ-2",
      availabilityZoneId: ids.zone("ru.AZ-2"),
      readonly: false,
      shared: false,
      encrypted: false,
      tags: ["env-prod"],
      tagIds: [ids.tag("env-prod")],
      projectId: ids.project,
      state: "available",
      bootable: false,
      attachedVmIds: [],
      createdTime: expect.any(String),
    });
    const stored = await getDisk(id);
    expect(stored.status).toBe(200);
    expect(stored.body.state).toBe("available");
    expect(stored.body.availability_zone.name).toBe("ru.AZ-2");
    const posts = (await disk.requests()).filter((r) => r.method === "POST");
    expect(posts.map((r) => r.url)).toEqual(["/api/v1/disks"]);
  });

  it("uses the default zone and type when unset, and does not report them as changes", async () => {
    const { id, inputs, outs } = await upDisk({ size: 3 });
    expect(outs.availabilityZone).toBe("ru.AZ-1");
    expect(outs.diskType).toBe("SSD");
    expect(inputs).toMatchObject({
      description: "",
      readonly: false,
      shared: false,
      encrypted: false,
      tags: [],
    });
    expect((await disk.diff(id, outs, inputs)).changes).toBe(false);
  });

  it("accepts references by id, records names, and treats names and ids as equal", async () => {
    const { id, inputs, outs } = await upDisk({
      diskType: ids.diskType("HDD"),
      availabilityZone: ids.zone("ru.AZ-1"),
      tags: [ids.tag("env-dev"), "team-platform"],
    });
    expect(outs).toMatchObject({ diskType: "HDD", availabilityZone: "ru.AZ-1" });
    expect([...(outs.tags as string[])].sort()).toEqual(["env-dev", "team-platform"]);
    expect((await disk.diff(id, outs, inputs)).changes).toBe(false);
    const byName = {
      ...inputs,
      diskType: "HDD",
      availabilityZone: "ru.AZ-1",
      tags: ["team-platform", "env-dev"],
    };
    expect((await disk.diff(id, outs, byName)).changes).toBe(false);
    const lessTags = { ...byName, tags: ["env-dev"] };
    expect(await disk.diff(id, outs, lessTags)).toMatchObject({ changes: true, replaces: [] });
  });
});

describe("read and drift", () => {
  it("reads every output by id", async () => {
    const { id, outs } = await upDisk({ tags: ["env-dev"] });
    const read = await disk.read(id, outs);
    expect(read.id).toBe(id);
    expect(read.props).toEqual(outs);
  });

  it("shows changes made behind the provider's back, and puts them right in place", async () => {
    const { id, inputs, outs } = await upDisk({ description: "before", tags: ["env-dev"] });
    const drifted = uniqueName("renamed");
    const put = await emu.call("PUT", `/api/v1/disks/${id}`, {
      body: {
        name: drifted,
        description: "changed by hand",
        tag_names: ["env-prod"],
        shared: true,
      },
    });
    expect(put.status, put.text).toBe(200);

    const read = await disk.read(id, outs);
    expect(read.props).toMatchObject({
      name: drifted,
      description: "changed by hand",
      tags: ["env-prod"],
      shared: true,
    });
    // A refresh keeps the program's inputs; the drift is in the outputs, which diff compares.
    expect(read.inputs).toBeUndefined();
    const diff = await disk.diff(id, read.props!, inputs);
    expect(diff).toMatchObject({ changes: true, replaces: [] });

    const { outs: fixed } = await disk.update(id, read.props!, inputs);
    expect(fixed).toMatchObject({
      name: inputs.name,
      description: "before",
      tags: ["env-dev"],
      shared: false,
    });
    expect((await getDisk(id)).body).toMatchObject({ name: inputs.name, shared: false });
    expect((await disk.diff(id, fixed, inputs)).changes).toBe(false);
  });

  it("after a refresh that found a larger disk, refuses to shrink it back", async () => {
    const { id, inputs, outs } = await upDisk({ size: 10 });
    expect((await emu.call("PUT", `/api/v1/disks/${id}`, { body: { size: 30 } })).status).toBe(200);
    const read = await disk.read(id, outs);
    expect(read.props).toMatchObject({ size: 30 });
    // The program's inputs still say 10 GB; diff (so preview) sees the 30 GB the cloud has.
    expect((await disk.check(inputs, inputs)).failures).toEqual([]);
    await expect(disk.diff(id, read.props!, inputs)).rejects.toThrow(
      /^Disk "[^"]+": size: cannot shrink the disk from 30 GB to 10 GB/,
    );
  });

  it("returns nothing for a disk deleted outside the stack", async () => {
    const { id, outs } = await upDisk();
    expect((await emu.call("DELETE", `/api/v1/disks/${id}`)).status).toBe(204);
    await emu.waitFor(`/api/v1/disks/${id}`, (_b, status) => status === 404);
    expect(await disk.read(id, outs)).toEqual({});
  });
});

describe("update", () => {
  it("renames, grows and changes every updatable input with one PUT, then waits for it", async () => {
    const { id, inputs, outs } = await upDisk({ size: 10, tags: ["env-dev"] });
    const next = {
      ...inputs,
      name: uniqueName("grown"),
      description: "bigger",
      size: 25,
      shared: true,
      encrypted: true,
      tags: ["env-prod", "team-platform"],
    };
    const checked = await disk.check(next, inputs);
    expect(checked.failures).toEqual([]);
    const diff = await disk.diff(id, outs, checked.inputs);
    expect(diff).toMatchObject({ changes: true, replaces: [] });

    await disk.clearRequests();
    const { outs: updated } = await disk.update(id, outs, checked.inputs);
    expect(updated).toMatchObject({
      name: next.name,
      description: "bigger",
      size: 25,
      shared: true,
      encrypted: true,
      state: "available",
      tags: ["env-prod", "team-platform"],
    });
    const puts = (await disk.requests()).filter((r) => r.method === "PUT");
    expect(puts).toHaveLength(1);
    expect((await getDisk(id)).body).toMatchObject({
      id,
      name: next.name,
      size: 25,
      state: "available",
      encrypted: true,
    });
    expect((await disk.diff(id, updated, checked.inputs)).changes).toBe(false);
  });

  it("clears the tags when the program removes them", async () => {
    const { id, inputs, outs } = await upDisk({ tags: ["env-dev"] });
    const checked = await disk.check({ name: inputs.name, size: inputs.size }, inputs);
    expect(await disk.diff(id, outs, checked.inputs)).toMatchObject({
      changes: true,
      replaces: [],
    });
    const { outs: updated } = await disk.update(id, outs, checked.inputs);
    expect(updated).toMatchObject({ tags: [], tagIds: [] });
    expect((await getDisk(id)).body.tags).toEqual([]);
  });

  it("makes a read-only disk writable and grows it in the same update", async () => {
    const { id, inputs, outs } = await upDisk({ readonly: true });
    const growOnly = await disk.check({ ...inputs, size: 20 }, inputs);
    expect(growOnly.failures).toEqual([
      { property: "size", reason: expect.stringMatching(/read-only/) },
    ]);
    const both = await disk.check({ ...inputs, size: 20, readonly: false }, inputs);
    expect(both.failures).toEqual([]);
    const { outs: updated } = await disk.update(id, outs, both.inputs);
    expect(updated).toMatchObject({ size: 20, readonly: false });
  });

  it("applies a change of timeouts to the state only, without any request", async () => {
    const { id, inputs, outs } = await upDisk();
    const next = { ...inputs, timeouts: { delete: "20m" } };
    expect(await disk.diff(id, outs, next)).toMatchObject({ changes: true, replaces: [] });
    await disk.clearRequests();
    const { outs: updated } = await disk.update(id, outs, next);
    expect(updated.timeouts).toEqual({ delete: "20m" });
    expect(await disk.requests()).toEqual([]);
    const read = await disk.read(id, updated);
    expect(read.props!.timeouts).toEqual({ delete: "20m" });
    expect(read.inputs).toBeUndefined();
  });
});

describe("replace", () => {
  it("replaces for a new zone, disk type or project, and updates encryption in place", async () => {
    const { id, inputs, outs } = await upDisk({ availabilityZone: "ru.AZ-1", diskType: "SSD" });
    expect(await disk.diff(id, outs, { ...inputs, availabilityZone: "ru.AZ-2" })).toMatchObject({
      changes: true,
      replaces: ["availabilityZone"],
      deleteBeforeReplace: false,
    });
    // Same name in the same zone: the new disk would clash with the old one, which goes first.
    expect(await disk.diff(id, outs, { ...inputs, diskType: "HDD" })).toMatchObject({
      changes: true,
      replaces: ["diskType"],
      deleteBeforeReplace: true,
    });
    expect(
      await disk.diff(id, outs, { ...inputs, diskType: "HDD", name: uniqueName("new") }),
    ).toMatchObject({
      replaces: ["diskType"],
      deleteBeforeReplace: false,
    });
    expect(await disk.diff(id, outs, { ...inputs, projectId: ids.foreignProject })).toMatchObject({
      changes: true,
      replaces: ["projectId"],
    });
    expect(await disk.diff(id, outs, { ...inputs, encrypted: true })).toMatchObject({
      changes: true,
      replaces: [],
    });
  });

  it("a new disk type in the same zone is made after the old disk is deleted, without a clash", async () => {
    const { id, inputs, outs } = await upDisk({ diskType: "SSD" });
    const next = await disk.check({ ...inputs, diskType: "HDD" }, inputs);
    const diff = await disk.diff(id, outs, next.inputs);
    expect(diff).toMatchObject({ replaces: ["diskType"], deleteBeforeReplace: true });
    // What the engine does for a delete-before-replace.
    await disk.delete(id, outs);
    const replacement = await disk.create(next.inputs);
    expect(replacement.id).not.toBe(id);
    expect(replacement.outs).toMatchObject({
      name: inputs.name,
      diskType: "HDD",
      state: "available",
    });
    expect(await disksNamed(emu, inputs.name as string)).toEqual([
      expect.objectContaining({ id: replacement.id }),
    ]);
  });
});

describe("delete", () => {
  it("waits until the disk is gone, and a second delete succeeds", async () => {
    const { id, outs } = await upDisk();
    await disk.delete(id, outs);
    expect((await getDisk(id)).status).toBe(404);
    await disk.clearRequests();
    await disk.delete(id, outs);
    expect((await disk.requests()).map((r) => `${r.method} ${r.status}`)).toEqual(["DELETE 404"]);
  });

  it("waits for a disk that is growing, then deletes it", async () => {
    const { id, outs } = await upDisk();
    const restore = slowDown(emu, 20); // growing takes 120 ms instead of 6 ms
    try {
      expect((await emu.call("PUT", `/api/v1/disks/${id}`, { body: { size: 40 } })).status).toBe(
        200,
      );
      expect((await getDisk(id)).body.state).toBe("updating");
    } finally {
      restore();
    }
    await disk.clearRequests();
    await disk.delete(id, outs);
    expect((await getDisk(id)).status).toBe(404);
    const deletes = (await disk.requests()).filter((r) => r.method === "DELETE");
    expect(deletes.map((r) => r.status)).toEqual([422, 204]);
  });
});

describe("import", () => {
  it("reads every output from the id alone, and the inputs it records match the program", async () => {
    const name = uniqueName("imported");
    const created = await emu.call("POST", "/api/v1/disks", {
      body: {
        project_id: ids.project,
        availability_zone_name: "ru.AZ-2",
        disk_type_name: "HDD",
        name,
        description: "made elsewhere",
        size: 12,
        shared: true,
        tag_names: ["env-prod"],
      },
    });
    expect(created.status, created.text).toBe(201);
    const id = (created.body as DiskResponse).id;
    await emu.waitFor(`/api/v1/disks/${id}`, (b) => (b as DiskResponse).state === "available");

    const read = await disk.read(id, {});
    expect(read.id).toBe(id);
    expect(read.props).toEqual({
      name,
      description: "made elsewhere",
      size: 12,
      diskType: "HDD",
      diskTypeId: ids.diskType("HDD"),
      availabilityZone: "ru.AZ-2",
      availabilityZoneId: ids.zone("ru.AZ-2"),
      readonly: false,
      shared: true,
      encrypted: false,
      tags: ["env-prod"],
      tagIds: [ids.tag("env-prod")],
      projectId: ids.project,
      state: "available",
      bootable: false,
      attachedVmIds: [],
      createdTime: expect.any(String),
    });
    expect(read.inputs).toEqual({
      name,
      description: "made elsewhere",
      size: 12,
      diskType: "HDD",
      availabilityZone: "ru.AZ-2",
      readonly: false,
      shared: true,
      encrypted: false,
      tags: ["env-prod"],
      projectId: ids.project,
    });
    // The recorded inputs pass check, and the program that describes the disk has no diff.
    expect((await disk.check(read.inputs!)).failures).toEqual([]);
    const program = await disk.check({
      name,
      description: "made elsewhere",
      size: 12,
      diskType: "HDD",
      availabilityZone: "ru.AZ-2",
      shared: true,
      tags: ["env-prod"],
    });
    expect(program.failures).toEqual([]);
    expect((await disk.diff(id, read.props!, program.inputs)).changes).toBe(false);
  });

  it("fails clearly on an id that is not a UUID", async () => {
    await expect(disk.read("not-a-disk", {})).rejects.toThrow(
      /Disk "not-a-disk": read failed: .*disk_id/,
    );
  });
});

describe("check", () => {
  it("refuses bad input, naming each field, before any request", async () => {
    await disk.clearRequests();
    const bad = await disk.check({
      name: "1-starts-with-a-digit",
      size: 0,
      diskType: "no spaces",
      color: "red",
    });
    expect(bad.failures.map((f) => f.property).sort()).toEqual([
      "color",
      "diskType",
      "name",
      "size",
    ]);
    expect(bad.failures.find((f) => f.property === "name")!.reason).toMatch(
      /must start with a letter/,
    );
    const tooBig = await disk.check({ name: "big", size: 20000 });
    expect(tooBig.failures).toEqual([{ property: "size", reason: expect.stringMatching(/16384/) }]);
    const shrink = await disk.check({ name: "d", size: 10 }, { name: "d", size: 20 });
    expect(shrink.failures).toEqual([
      {
        property: "size",
        reason: expect.stringMatching(/cannot shrink the disk from 20 GB to 10 GB/),
      },
    ]);
    const badTimeout = await disk.check({
      name: "d",
      size: 1,
      timeouts: { create: "ten minutes" },
    });
    expect(badTimeout.failures.map(failurePath)).toEqual(["timeouts.create"]);
    expect(await disk.requests()).toEqual([]);
  });

  it("lets unknown values through during preview", async () => {
    const checked = await disk.check({
      name: UNKNOWN,
      size: UNKNOWN,
      diskType: UNKNOWN,
      tags: [UNKNOWN],
    });
    expect(checked.failures).toEqual([]);
    const shrink = await disk.check({ name: "d", size: UNKNOWN }, { name: "d", size: 20 });
    expect(shrink.failures).toEqual([]);
    const { id, inputs, outs } = await upDisk();
    expect(await disk.diff(id, outs, { ...inputs, size: UNKNOWN })).toMatchObject({
      changes: true,
      replaces: [],
    });
    expect(await disk.diff(id, outs, { ...inputs, availabilityZone: UNKNOWN })).toMatchObject({
      changes: true,
      replaces: ["availabilityZone"],
    });
  });
});

describe("service errors", () => {
  it("never takes over an untracked same-named disk of the same spec (an interrupted up's, or anyone's)", async () => {
    const { id, inputs } = await upDisk({ diskType: "SSD", encrypted: true });
    // The next `up` is a new provider process, which reads the project's names afresh.
    await disk.newProcess();
    await expectRefused(
      disk,
      { ...inputs },
      {
        id,
        adoptable: true,
        atCheck: true,
        words: /matches this resource's inputs/,
      },
    );
    expect(await disksNamed(emu, inputs.name as string)).toEqual([expect.objectContaining({ id })]);
    // Recorded by Pulumi's recovery of the pending create, it is the program's disk.
    await expectRecordable(disk, id, inputs);
  });

  it("refuses an untracked same-named disk with another spec, naming it and the fix", async () => {
    const { id, inputs } = await upDisk({ diskType: "SSD" });
    // The next `up` is a new provider process, which reads the project's names afresh.
    await disk.newProcess();
    await disk.clearRequests();
    for (const other of [{ size: 11 }, { diskType: "HDD" }, { encrypted: true }]) {
      const error = await disk.create({ ...inputs, ...other }).catch((e: unknown) => e as Error);
      expect(error, JSON.stringify(other)).toBeInstanceOf(Error);
      expect((error as Error).message).toMatch(
        new RegExp(
          `^Disk "${inputs.name}": create failed: a disk named "${inputs.name}" already exists`,
        ),
      );
      expect((error as Error).message).toContain(id);
      expect((error as Error).message).toMatch(
        /differs from this resource's inputs.*choose another name, or delete it/,
      );
    }
    expect((await disk.requests()).filter((r) => r.method === "POST")).toEqual([]);
    expect(await disksNamed(emu, inputs.name as string)).toHaveLength(1);
  });

  it("an unknown disk type or zone fails before the create, listing the valid ones", async () => {
    await disk.clearRequests();
    await expect(disk.up({ name: uniqueName("d"), size: 1, diskType: "NVME" })).rejects.toThrow(
      /diskType: "NVME" is not a disk type offered in availability zone ru\.AZ-1; use one of: .*SSD/,
    );
    await expect(
      disk.up({ name: uniqueName("d"), size: 1, availabilityZone: "ru.AZ-9" }),
    ).rejects.toThrow(
      /availabilityZone: "ru\.AZ-9" is not an availability zone of project .*; use one of: ru\.AZ-1/,
    );
    expect((await disk.requests()).filter((r) => r.method === "POST")).toEqual([]);
  });

  it("refuses a free-tier disk type at check (so preview), as the catalog says, with nothing sent", async () => {
    await disk.clearRequests();
    const checked = await disk.check({ name: uniqueName("d"), size: 5, diskType: "free-tier-HDD" });
    expect(checked.failures).toEqual([
      {
        property: "diskType",
        reason: expect.stringMatching(
          /^"free-tier-HDD" is a free-tier disk type, only for the FreeTierVm/,
        ),
      },
    ]);
    expect((await disk.requests()).filter((r) => r.method !== "GET")).toEqual([]);
  });

  it("passes on the service's 422 with its code", async () => {
    await expect(
      disk.up({ name: uniqueName("d"), size: 5, availabilityZone: "ru.AZ-3" }),
    ).rejects.toThrow(
      /create failed: POST \/api\/v1\/disks: 422 availability_zone_changes_forbidden/,
    );
  });

  it("an update of a disk deleted outside the stack fails with 404 and says to refresh", async () => {
    const { id, inputs, outs } = await upDisk();
    expect((await emu.call("DELETE", `/api/v1/disks/${id}`)).status).toBe(204);
    await emu.waitFor(`/api/v1/disks/${id}`, (_b, status) => status === 404);
    await expect(disk.update(id, outs, { ...inputs, size: 11 })).rejects.toThrow(
      new RegExp(
        `^Disk "${inputs.name}": update failed: .*404 disk_not_found.*run \`pulumi refresh\``,
      ),
    );
  });

  it("keeps a disk that exists but did not become available in time (ResourceInitError)", async () => {
    const name = uniqueName("slow");
    const checked = await disk.check({ name, size: 4, timeouts: { create: "1s" } });
    // Slow the emulator down so that the disk is still `creating` (2 s) when the 1 s wait ends.
    const restore = slowDown(emu, 200);
    const error = (await disk
      .create(checked.inputs)
      .catch((e: unknown) => e)
      .finally(restore)) as Error & { id?: string; properties?: Props };
    expect(error.message).toMatch(
      new RegExp(`^Disk "${name}": create failed: .*timed out.*raise timeouts\\.create`),
    );
    const [made] = await disksNamed(emu, name);
    expect(error.id).toBe(made!.id);
    expect(error.properties).toMatchObject({ name, size: 4 });
    expect(error.properties).toMatchObject({ state: "creating", timeouts: { create: "1s" } });
    // The next `up` sees no change, and updates the unfinished resource: it waits again.
    expect((await disk.diff(error.id!, error.properties!, checked.inputs)).changes).toBe(false);
    const { outs } = await disk.update(error.id!, error.properties!, checked.inputs);
    expect(outs).toMatchObject({ name, state: "available" });
  });
});

describe("faults", () => {
  it("a create whose first attempt got 503 and second lost its answer makes exactly one disk", async () => {
    const name = uniqueName("faulty");
    const { outs } = await expectOneObjectDespiteRetries(
      disk,
      "^/api/v1/disks$",
      { name, size: 2 },
      async () => (await disksNamed(emu, name)).map((d) => d.id),
    );
    expect(outs).toMatchObject({ name, state: "available" });
  });

  it("creates under random 503s and lost answers never duplicate a disk", async () => {
    await disk.setFaults(
      [
        {
          route: "^/api/v1/disks$",
          method: "POST",
          errorRates: { "503": 0.3 },
          dropResponseRate: 0.4,
        },
      ],
      7,
    );
    const names = [0, 1, 2, 3, 4].map(() => uniqueName("storm"));
    for (const name of names) await disk.up({ name, size: 1 });
    const faults = (await disk.requests()).filter(
      (r) => r.method === "POST" && r.fault !== undefined,
    );
    expect(faults.length).toBeGreaterThan(0);
    for (const name of names) expect(await disksNamed(emu, name)).toHaveLength(1);
  });
});

describe("the SDK classes", () => {
  it("register the dynamic types with the shim as __provider, and resolve typed outputs", async () => {
    const registered: pulumi.runtime.MockResourceArgs[] = [];
    await pulumi.runtime.setMocks(
      {
        newResource: (args) => {
          registered.push(args);
          // A read (`get`) carries the id; a new resource carries "".
          const state = args.id
            ? { name: "imported", size: 7 }
            : { ...args.inputs, state: "available" };
          return { id: args.id || "disk-1", state };
        },
        call: () => ({}),
      },
      "project",
      "stack",
      false,
    );
    const created = new Disk("data", { name: "data", size: 10, tags: ["env-dev"] });
    const attached = new DiskAttachment("data-on-web", { diskId: created.id, vmId: "vm-1" });
    const imported = Disk.get("old", "disk-9");
    const value = <T>(output: pulumi.Output<T>) =>
      new Promise<T>((resolve) => output.apply(resolve));
    expect(await value(created.state)).toBe("available");
    expect(await value(created.tags)).toEqual(["env-dev"]);
    expect(await value(attached.diskId)).toBe("disk-1");
    expect(await value(imported.size)).toBe(7);
    const byName = Object.fromEntries(registered.map((r) => [r.name, r]));
    expect(byName.data).toMatchObject({
      type: "pulumi-nodejs:dynamic/vmcloud:Disk",
      inputs: { name: "data", size: 10, __provider: disk.shim },
    });
    expect(byName["data-on-web"]).toMatchObject({
      type: "pulumi-nodejs:dynamic/vmcloud:DiskAttachment",
      inputs: {
        diskId: "disk-1",
        vmId: "vm-1",
        __provider: providerShim("resources/disk-attachment"),
      },
    });
    expect(byName.old).toMatchObject({ id: "disk-9", type: "pulumi-nodejs:dynamic/vmcloud:Disk" });
    expect(() => new Disk("no-args", undefined as unknown as DiskArgs)).toThrow(
      /args are required/,
    );
  });
});
