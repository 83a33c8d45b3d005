// The Vm provider's life against the emulator over HTTP, loaded as the dynamic-provider host
// loads it: create through v1.1 and the legacy v1 path, read, import, drift, and delete with
// and without the VM's disks and external IPs.
import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import { fixtureIds, uniqueName, vmState } from "./support/fixtures";
import { useProviders } from "./support/provider-harness";
import { diskState, readVm, vmArgs, vmsNamed, waitForVm, VM_SPEED } from "./support/vm-suite";

const { emu, vm } = useProviders({ vm: "resources/vm" }, { speed: VM_SPEED });
let ids: ReturnType<typeof fixtureIds>;

beforeAll(async () => {
  ids = fixtureIds(emu);
});
beforeEach(async () => vm.setFaults([]));

const CLOUD_INIT = "#cloud-config\npackages: [nginx]\n";

describe("create", () => {
  it("creates a VM through v1.1 with disks, an interface, metadata, cloud-init and tags, and waits until it runs", async () => {
    await vm.clearRequests();
    const dataDisk = uniqueName("data");
    const { id, inputs, outs } = await vm.up(
      vmArgs({
        description: "web",
        availabilityZone: "ru.AZ-2",
        bootDisk: { size: 12, diskType: "SSD" },
        disks: [{ name: dataDisk, size: 5, diskType: "HDD" }],
        interfaces: [
          { subnet: "default-subnet-az2", securityGroups: ["default-az2"], externalIp: true },
        ],
        hostname: "web-1.example.com",
        userName: "deploy",
        sshPublicKeys: ["ssh-ed25519 AAAAC3Nza example", "ssh-rsa AAAAB3 second"],
        cloudInit: CLOUD_INIT,
        tags: ["env-dev"],
        consoleLinks: true,
      }),
    );
    expect(outs).toMatchObject({
      name: inputs.name,
      description: "web",
      flavor: "gen-2-4",
      flavorId: ids.flavor("gen-2-4"),
      image: "ubuntu-22.04",
      imageId: ids.image("ubuntu-22.04"),
      availabilityZone: "ru.AZ-2",
      availabilityZoneId: ids.zone("ru.AZ-2"),
      bootDisk: {
        name: `${inputs.name as string}-boot`,
        size: 12,
        diskType: "SSD",
        diskTypeId: ids.diskType("SSD"),
      },
      disks: [{ name: dataDisk, size: 5, diskType: "HDD" }],
      hostname: "web-1.example.com",
      userName: "deploy",
      sshPublicKeys: ["ssh-ed25519 AAAAC3Nza example", "ssh-rsa AAAAB3 second"],
      imageMetadata: {},
      imageMetadataDefaults: { username: "ubuntu" },
      imageMetadataTypes: {
        hostname: "hostname",
        username: "linux_login",
        ssh_pub_key: "public_key",
        password: "linux_password",
      },
      cloudInit: CLOUD_INIT,
      password: null,
      tags: ["env-dev"],
      tagIds: [ids.tag("env-dev")],
      powerState: "running",
      state: "running",
      vmId: id,
      projectId: ids.project,
      allowRebuild: false,
      deleteDisksOnDestroy: true,
      deleteExternalIpsOnDestroy: true,
      apiVersion: "v1.1",
      consoleLinks: true,
      createdTime: expect.any(String),
    });
    expect(outs.privateIp).toMatch(/^10\.1\.0\.\d+$/);
    const nics = outs.interfaces as Array<Record<string, unknown>>;
    expect(nics).toHaveLength(1);
    expect(nics[0]).toMatchObject({
      name: "eth0",
      subnet: "default-subnet-az2",
      securityGroups: ["default-az2"],
      securityEnabled: true,
      externalIp: true,
      directIp: false,
      ipAddress: outs.privateIp,
    });
    expect(outs.externalIp).toBe(nics[0]!.externalIpAddress);
    expect(outs.externalIp).toMatch(/^\d+\.\d+\.\d+\.\d+$/);
    // ru.AZ-2 offers the virtual console, not the serial one.
    expect(outs.vncUrl).toMatch(/^https:\/\/console\.vmcloud\.invalid\/vnc\//);
    expect(outs.remoteConsoleUrl).toBeUndefined();
    const attached = outs.attachedDisks as Array<Record<string, unknown>>;
    expect(attached.map((d) => [d.name, d.boot])).toEqual([
      [`${inputs.name as string}-boot`, true],
      [dataDisk, false],
    ]);
    expect(outs.bootDiskId).toBe(attached[0]!.id);
    expect(outs.diskIds).toEqual([attached[1]!.id]);

    // On the wire: one create, and cloud-init base64-encoded.
    const posts = (await vm.requests()).filter(
      (r) => r.method === "POST" && r.url.includes("/vms"),
    );
    expect(posts.map((r) => r.url)).toEqual(["/api/v1.1/vms", `/api/v1/vms/${id}/get-vnc`]);
    const record = vmState(emu).vms[id]!;
    expect(record.legacy).toBe(false);
    // The typed inputs landed in the image's fields of their types (ubuntu-22.04 names them
    // hostname, username and ssh_pub_key), the keys one per line.
    expect(record.metadata_fields.map((f) => [f.name, f.value])).toEqual([
      ["hostname", "web-1.example.com"],
      ["username", "deploy"],
      ["ssh_pub_key", "ssh-ed25519 AAAAC3Nza example\nssh-rsa AAAAB3 second"],
    ]);
    expect(Buffer.from(record.cloud_init!, "base64").toString("utf8")).toBe(CLOUD_INIT);
    expect((await readVm(emu, id))!.state).toBe("running");

    // A no-op re-apply changes nothing.
    expect(await vm.diff(id, outs, inputs)).toMatchObject({ changes: false });
  });

  it("makes console links only when consoleLinks asks: none by default, made in place when turned on", async () => {
    await vm.clearRequests();
    const { id, inputs, outs } = await vm.up(vmArgs({ availabilityZone: "ru.AZ-2" }));
    expect(outs.vncUrl).toBeUndefined();
    expect(outs.consoleLinks).toBeUndefined();
    const consoles = async () =>
      (await vm.requests()).filter(
        (r) => r.url.endsWith("/get-vnc") || r.url.endsWith("/remote-console"),
      );
    expect(await consoles()).toEqual([]);
    // Turning it on is an in-place update that makes the links.
    const checked = await vm.check({ ...inputs, consoleLinks: true }, inputs);
    const diff = await vm.diff(id, outs, checked.inputs);
    expect(diff).toMatchObject({ changes: true });
    expect(diff.replaces ?? []).toEqual([]);
    const updated = await vm.update(id, outs, checked.inputs);
    expect(updated.outs).toMatchObject({ consoleLinks: true });
    expect(updated.outs.vncUrl).toMatch(/^https:\/\/console\.vmcloud\.invalid\/vnc\//);
    expect((await consoles()).map((r) => r.url)).toEqual([`/api/v1/vms/${id}/get-vnc`]);
    await vm.delete(id, updated.outs);
  });

  it("creates a VM through the legacy v1 path when asked", async () => {
    await vm.clearRequests();
    const { id, inputs, outs } = await vm.up(
      vmArgs({ apiVersion: "v1", interfaces: [{ externalIp: true }] }),
    );
    const posts = (await vm.requests()).filter(
      (r) => r.method === "POST" && r.url.endsWith("/vms"),
    );
    expect(posts.map((r) => r.url)).toEqual(["/api/v1/vms"]);
    expect(vmState(emu).vms[id]!.legacy).toBe(true);
    expect(outs).toMatchObject({ apiVersion: "v1", state: "running", availabilityZone: "ru.AZ-1" });
    expect((outs.interfaces as Array<Record<string, unknown>>)[0]).toMatchObject({
      subnet: "default-subnet-az1",
      externalIp: true,
    });
    expect(await vm.diff(id, outs, inputs)).toMatchObject({ changes: false });
  });

  it("gives a direct-IP interface its own external IP (v1.1)", async () => {
    const { id, inputs, outs } = await vm.up(vmArgs({ interfaces: [{ directIp: true }] }));
    const nic = (outs.interfaces as Array<Record<string, unknown>>)[0]!;
    expect(nic).toMatchObject({ directIp: true, externalIp: false });
    expect(nic.subnet).toBeUndefined();
    expect(nic.externalIpAddress).toBe(nic.ipAddress);
    expect(outs.externalIp).toBe(nic.ipAddress);
    expect((await readVm(emu, id))!.interfaces[0]!.type).toBe("direct_ip");
    expect(await vm.diff(id, outs, inputs)).toMatchObject({ changes: false });
    // Its address goes with it.
    const ipId = nic.externalIpId as string;
    expect(vmState(emu).externalIps[ipId]).toBeDefined();
    await vm.delete(id, outs);
    expect(await readVm(emu, id)).toBeUndefined();
    expect(vmState(emu).externalIps[ipId]).toBeUndefined();
  });

  it("creates a stopped VM when powerState is stopped: it runs first, then is powered off", async () => {
    await vm.clearRequests();
    const { id, outs } = await vm.up(vmArgs({ powerState: "stopped" }));
    expect(outs).toMatchObject({ state: "stopped", powerState: "stopped" });
    expect((await readVm(emu, id))!.state).toBe("stopped");
    const power = (await vm.requests()).filter((r) => r.url === `/api/v1/vms/${id}/set-power`);
    expect(power).toHaveLength(1);
  });

  it("uses ids and names interchangeably, and does not report the form as a change", async () => {
    const { id, inputs, outs } = await vm.up(
      vmArgs({
        flavor: ids.flavor("gen-2-4"),
        image: ids.image("ubuntu-22.04"),
        availabilityZone: ids.zone("ru.AZ-1"),
      }),
    );
    expect(outs).toMatchObject({
      flavor: "gen-2-4",
      image: "ubuntu-22.04",
      availabilityZone: "ru.AZ-1",
    });
    expect(await vm.diff(id, outs, inputs)).toMatchObject({ changes: false });
    const byName = {
      ...inputs,
      flavor: "gen-2-4",
      image: "ubuntu-22.04",
      availabilityZone: "ru.AZ-1",
    };
    expect(await vm.diff(id, outs, byName)).toMatchObject({ changes: false });
  });
});

describe("read and import", () => {
  it("read returns the same outputs as create, and undefined props once the VM is gone", async () => {
    const { id, outs } = await vm.up(vmArgs({ password: "Sup3r-secret!", cloudInit: CLOUD_INIT }));
    await vm.clearRequests();
    const read = await vm.read(id, outs);
    expect(read.id).toBe(id);
    // Setting the password moved the VM's time after create recorded it: the first read is
    // by id, and records the time the VM has now.
    const { modifiedTime: createdAt, ...rest } = outs;
    expect(read.props).toEqual({ ...rest, modifiedTime: expect.any(String) });
    expect(Date.parse(read.props!.modifiedTime as string)).toBeGreaterThan(
      Date.parse(createdAt as string),
    );
    // By id, GETs of the VM and of images (the lists a refresh shares are left out).
    const byId = async () =>
      (await vm.requests())
        .map((r) => `${r.method} ${r.url}`)
        .filter((r) => /^GET \/api\/v1\/(vms|images)\/[0-9a-f-]{36}$/.test(r));
    expect(await byId()).toEqual([`GET /api/v1/vms/${id}`]);
    // With that time recorded, the next read comes from the lists alone: the same outputs.
    await vm.clearRequests();
    expect((await vm.read(id, read.props!)).props).toEqual(read.props);
    expect(await byId()).toEqual([]);
    // Recorded for another image (a rebuild outside Pulumi), they are read again.
    await vm.clearRequests();
    const rebuilt = await vm.read(id, {
      ...read.props!,
      imageId: "another",
      imageMetadataDefaults: {},
    });
    expect(rebuilt.props!.imageMetadataDefaults).toEqual(outs.imageMetadataDefaults);
    expect(await byId()).toEqual([`GET /api/v1/vms/${id}`, `GET /api/v1/images/${outs.imageId}`]);
    await vm.delete(id, outs);
    expect(await vm.read(id, outs)).toEqual({});
  });

  it("import fills every output from the id alone and the program's inputs then show no change", async () => {
    const dataDisk = uniqueName("data");
    const program = vmArgs({
      availabilityZone: "ru.AZ-2",
      bootDisk: { size: 11 },
      disks: [{ name: dataDisk, size: 4 }],
      interfaces: [{ securityGroups: ["default-az2"], externalIp: true }],
      userName: "importer",
      sshPublicKeys: ["ssh-rsa AAAAB3 key"],
      cloudInit: CLOUD_INIT,
      password: "Imp0rt-me!",
      tags: ["team-platform"],
    });
    const { id, inputs, outs } = await vm.up(program);
    const imported = await vm.read(id, {});
    expect(imported.id).toBe(id);
    const props = imported.props!;
    // Everything the service knows is there; the write-only inputs are not.
    for (const key of Object.keys(outs)) {
      // The time moved since create recorded it: the password was set after the VM was read.
      if (["cloudInit", "password", "disks", "madeExternalIpIds", "modifiedTime"].includes(key))
        continue;
      expect(props[key], key).toEqual(outs[key]);
    }
    // The VM made its external IP, but after an import that is unknown: destroy keeps it.
    expect(outs.madeExternalIpIds).toHaveLength(1);
    expect(props.madeExternalIpIds).toEqual([]);
    expect(props).not.toHaveProperty("cloudInit");
    expect(props).not.toHaveProperty("password");
    // Which extra disks the VM made is unknown after an import: they are recorded by id, so
    // destroy keeps them.
    expect(props.disks).toEqual([{ diskId: (outs.diskIds as string[])[0] }]);
    // The program's inputs with cloud-init are no change (cloud-init is not compared after an
    // import); a password is, in place, so the update applies it rather than trusting it is set.
    const { password: _password, ...withoutPassword } = inputs;
    expect(await vm.diff(id, props, withoutPassword)).toMatchObject({ changes: false });
    expect(await vm.diff(id, props, inputs)).toMatchObject({ changes: true, replaces: [] });
    // The inputs the import records pass check and are no change either.
    const checked = await vm.check(imported.inputs!, imported.inputs!);
    expect(checked.failures).toEqual([]);
    expect(checked.inputs).not.toHaveProperty("password");
    expect(checked.inputs).toMatchObject({
      flavor: "gen-2-4",
      image: "ubuntu-22.04",
      availabilityZone: "ru.AZ-2",
      bootDisk: { size: 11, diskType: "SSD" },
      interfaces: [
        { subnet: "default-subnet-az2", securityGroups: ["default-az2"], externalIp: true },
      ],
      userName: "importer",
      sshPublicKeys: ["ssh-rsa AAAAB3 key"],
      tags: ["team-platform"],
    });
    expect(checked.inputs).not.toHaveProperty("cloudInit");
    expect(await vm.diff(id, props, checked.inputs)).toMatchObject({ changes: false });
    // Once the program sets cloud-init again after an update, a change of it is seen.
    const updated = await vm.update(id, props, inputs);
    expect(updated.outs.cloudInit).toBe(CLOUD_INIT);
    const diff = await vm.diff(id, updated.outs, { ...inputs, cloudInit: "#cloud-config\n" });
    expect(diff).toMatchObject({ changes: true, replaces: ["cloudInit"] });
  });
});

describe("drift", () => {
  it("sees a VM stopped behind the provider's back, and update powers it on again", async () => {
    const { id, inputs, outs } = await vm.up(vmArgs());
    const stop = await emu.call("POST", `/api/v1/vms/${id}/set-power`, {
      body: { state: "power_off" },
    });
    expect(stop.status).toBe(204);
    await waitForVm(emu, id, (v) => v?.state === "stopped");
    const read = await vm.read(id, outs);
    expect(read.props).toMatchObject({ state: "stopped", powerState: "stopped" });
    const diff = await vm.diff(id, read.props!, inputs);
    expect(diff).toMatchObject({ changes: true, replaces: [] });
    const updated = await vm.update(id, read.props!, inputs);
    expect(updated.outs).toMatchObject({ state: "running", powerState: "running" });
    expect((await readVm(emu, id))!.state).toBe("running");
  });

  it("sees a VM renamed behind the provider's back, and update renames it back in place", async () => {
    const { id, inputs, outs } = await vm.up(vmArgs());
    const renamed = await emu.call("PUT", `/api/v1/vms/${id}`, {
      body: { name: "renamed-elsewhere" },
    });
    expect(renamed.status).toBe(200);
    await waitForVm(emu, id, (v) => v?.state === "running");
    const read = await vm.read(id, outs);
    expect(read.props!.name).toBe("renamed-elsewhere");
    expect(await vm.diff(id, read.props!, inputs)).toMatchObject({ changes: true, replaces: [] });
    const updated = await vm.update(id, read.props!, inputs);
    expect(updated.outs.name).toBe(inputs.name);
    expect((await readVm(emu, id))!.name).toBe(inputs.name);
  });

  it("a refresh of a VM deleted behind the provider's back drops it", async () => {
    const { id, outs } = await vm.up(vmArgs());
    expect((await emu.call("DELETE", `/api/v1/vms/${id}`)).status).toBe(204);
    await waitForVm(emu, id, (v) => v === undefined);
    expect(await vm.read(id, outs)).toEqual({});
  });
});

describe("delete", () => {
  it("deletes the boot disk and the disks the VM made, releases its external IP, and keeps an existing disk", async () => {
    const keep = await emu.call("POST", "/api/v1/disks", {
      body: {
        project_id: ids.project,
        availability_zone_id: ids.zone("ru.AZ-1"),
        name: uniqueName("keep"),
        size: 3,
      },
    });
    expect(keep.status).toBe(201);
    const keepId = (keep.body as { id: string }).id;
    await emu.waitFor(
      `/api/v1/disks/${keepId}`,
      (body) => (body as { state: string }).state === "available",
    );
    const made = uniqueName("made");
    const { id, outs } = await vm.up(
      vmArgs({
        disks: [{ name: made, size: 2 }, { diskId: keepId }],
        interfaces: [{ externalIp: true }],
      }),
    );
    const attached = outs.attachedDisks as Array<{ id: string; name: string }>;
    const madeId = attached.find((d) => d.name === made)!.id;
    const ipId = (outs.interfaces as Array<{ externalIpId: string }>)[0]!.externalIpId;
    await vm.delete(id, outs);
    expect(await readVm(emu, id)).toBeUndefined();
    await emu.waitFor(`/api/v1/disks/${madeId}`, (_b, status) => status === 404);
    expect(await diskState(emu, outs.bootDiskId as string)).toBe("gone");
    expect(await diskState(emu, keepId)).toBe("available");
    expect(vmState(emu).externalIps[ipId]).toBeUndefined();
  });

  it("keeps every disk and the external IP when told to, and they are detached and free", async () => {
    const made = uniqueName("made");
    const { id, outs } = await vm.up(
      vmArgs({
        disks: [{ name: made, size: 2 }],
        interfaces: [{ externalIp: true }],
        deleteDisksOnDestroy: false,
        deleteExternalIpsOnDestroy: false,
      }),
    );
    const ipId = (outs.interfaces as Array<{ externalIpId: string }>)[0]!.externalIpId;
    await vm.delete(id, outs);
    expect(await readVm(emu, id)).toBeUndefined();
    expect(await diskState(emu, outs.bootDiskId as string)).toBe("available");
    expect(await diskState(emu, (outs.diskIds as string[])[0]!)).toBe("available");
    expect(vmState(emu).externalIps[ipId]).toMatchObject({ state: "available" });
  });

  it("treats a VM that is already gone as deleted", async () => {
    const { id, outs } = await vm.up(vmArgs());
    await vm.delete(id, outs);
    await expect(vm.delete(id, outs)).resolves.toBeUndefined();
    expect(vmsNamed(emu, outs.name as string)).toEqual([]);
  });

  it("waits for a VM between states before deleting it", async () => {
    const { id, outs } = await vm.up(vmArgs());
    expect(
      (await emu.call("POST", `/api/v1/vms/${id}/set-power`, { body: { state: "reboot" } })).status,
    ).toBe(204);
    // Long enough to be seen whatever the machine's load.
    vmState(emu).vms[id]!.schedule = [{ at: Date.now() + 400, status: "running" }];
    expect((await readVm(emu, id))!.state).toBe("rebooting");
    const started = Date.now();
    await vm.delete(id, outs);
    expect(Date.now() - started).toBeGreaterThanOrEqual(300);
    expect(await readVm(emu, id)).toBeUndefined();
  });
});
