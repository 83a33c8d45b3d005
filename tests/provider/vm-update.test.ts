// The Vm provider's in-place updates and replacements against the emulator over HTTP: rename,
// describe, retag and resize with one PUT; power off and on; set, change and remove the
// password; rebuild with allowRebuild; grow the boot disk (never shrink it); and the diffs
// that replace the VM, precisely.
import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import { fixtureIds, uniqueName, vmState } from "./support/fixtures";
import { type Props, useProviders } from "./support/provider-harness";
import { readVm, vmArgs, VM_SPEED } from "./support/vm-suite";
import { failureLine } from "./support/failures";

const { emu, vm } = useProviders({ vm: "resources/vm" }, { speed: VM_SPEED });
let ids: ReturnType<typeof fixtureIds>;

beforeAll(async () => {
  ids = fixtureIds(emu);
});
beforeEach(async () => vm.setFaults([]));

/** `inputs` with `changes` applied; a change to `undefined` removes the input. */
function merged(inputs: Props, changes: Props): Props {
  const out: Props = { ...inputs, ...changes };
  for (const [key, value] of Object.entries(changes)) if (value === undefined) delete out[key];
  return out;
}

/** What `pulumi up` does for changed inputs: check, diff, and update when nothing replaces. */
async function apply(id: string, outs: Props, inputs: Props, changes: Props) {
  const checked = await vm.check(merged(inputs, changes), inputs);
  expect(checked.failures).toEqual([]);
  const diff = await vm.diff(id, outs, checked.inputs);
  expect(diff.replaces ?? []).toEqual([]);
  const updated = await vm.update(id, outs, checked.inputs);
  return { inputs: checked.inputs, outs: updated.outs, diff };
}

/** Service requests after the last clear, as `METHOD path`. */
async function calls(): Promise<string[]> {
  return (await vm.requests()).map((r) => `${r.method} ${r.url.split("?")[0]}`);
}

describe("update in place", () => {
  it("renames, describes, retags and resizes with one PUT, running, without touching anything else", async () => {
    const { id, inputs, outs } = await vm.up(vmArgs({ tags: ["env-dev"] }));
    await vm.clearRequests();
    const newName = uniqueName("renamed");
    const result = await apply(id, outs, inputs, {
      name: newName,
      description: "resized",
      flavor: "gen-4-8",
      tags: ["env-prod", "team-platform"],
    });
    expect(result.diff).toMatchObject({ changes: true });
    expect(result.outs).toMatchObject({
      name: newName,
      description: "resized",
      flavor: "gen-4-8",
      flavorId: ids.flavor("gen-4-8"),
      tags: ["env-prod", "team-platform"],
      state: "running",
      vmId: id,
    });
    const sent = await calls();
    expect(sent.filter((c) => c.startsWith("PUT"))).toEqual([`PUT /api/v1/vms/${id}`]);
    expect(sent.filter((c) => c.startsWith("POST") || c.startsWith("DELETE"))).toEqual([]);
    const stored = (await readVm(emu, id))!;
    expect(stored).toMatchObject({ name: newName, description: "resized", state: "running" });
    expect(stored.flavor.name).toBe("gen-4-8");
    expect(await vm.diff(id, result.outs, result.inputs)).toMatchObject({ changes: false });
  });

  it("refuses an unknown flavor on resize, naming the field and the valid flavors, with no PUT", async () => {
    const { id, inputs, outs } = await vm.up(vmArgs());
    await vm.clearRequests();
    const checked = await vm.check({ ...inputs, flavor: "gen-99-99" }, inputs);
    await expect(vm.update(id, outs, checked.inputs)).rejects.toThrow(
      /Vm "vm-[^"]+": update failed: flavor: "gen-99-99" is not a flavor offered in availability zone ru\.AZ-1; use one of: .*gen-4-8/,
    );
    expect((await calls()).filter((c) => !c.startsWith("GET"))).toEqual([]);
  });

  it("powers the VM off and on again with set-power, waiting for each state", async () => {
    const { id, inputs, outs } = await vm.up(vmArgs({ consoleLinks: true }));
    await vm.clearRequests();
    const stopped = await apply(id, outs, inputs, { powerState: "stopped" });
    expect(stopped.outs).toMatchObject({ powerState: "stopped", state: "stopped" });
    expect((await readVm(emu, id))!.state).toBe("stopped");
    expect(stopped.outs.vncUrl).toBeUndefined();
    const started = await apply(id, stopped.outs, stopped.inputs, { powerState: "running" });
    expect(started.outs).toMatchObject({ powerState: "running", state: "running" });
    // Console links are made again once it runs.
    expect(started.outs.vncUrl).toMatch(/^https:\/\//);
    const power = (await vm.requests()).filter((r) => r.url.endsWith("/set-power"));
    expect(power).toHaveLength(2);
  });

  it("powers off and on when set-power's answer is lost: the resent request's refusal is read as the VM on its way", async () => {
    const { id, inputs, outs } = await vm.up(vmArgs());
    const loseNextAnswer = () =>
      vm.setFaults([{ route: "/set-power$", method: "POST", dropResponseRate: 1, times: 1 }]);
    await loseNextAnswer();
    await vm.clearRequests();
    const stopped = await apply(id, outs, inputs, { powerState: "stopped" });
    expect(stopped.outs).toMatchObject({ powerState: "stopped", state: "stopped" });
    await loseNextAnswer();
    const started = await apply(id, stopped.outs, stopped.inputs, { powerState: "running" });
    expect(started.outs).toMatchObject({ powerState: "running", state: "running" });
    // Each change: the first request was processed with its answer lost, the resend refused.
    const power = (await vm.requests()).filter((r) => r.url.endsWith("/set-power"));
    expect(power.map((r) => (r.fault === undefined ? r.status : "lost"))).toEqual([
      "lost",
      422,
      "lost",
      422,
    ]);
  });

  it("sets, changes and removes the password with the guest agent; the service keeps only the login", async () => {
    const { id, inputs, outs } = await vm.up(vmArgs());
    expect(vmState(emu).vms[id]!.password_logins).toEqual([]);
    await vm.clearRequests();
    const set = await apply(id, outs, inputs, { password: "Fir5t-pass!" });
    expect(set.outs.password).toBe("Fir5t-pass!");
    expect(vmState(emu).vms[id]!.password_logins).toEqual(["ubuntu"]);
    const changed = await apply(id, set.outs, set.inputs, { password: "Secon6-pass!" });
    expect(changed.outs.password).toBe("Secon6-pass!");
    expect((await calls()).filter((c) => c.endsWith("/set-password"))).toHaveLength(2);
    const removed = await apply(id, changed.outs, changed.inputs, { password: undefined });
    expect(removed.outs.password).toBeNull();
    expect(vmState(emu).vms[id]!.password_logins).toEqual([]);
    expect((await calls()).filter((c) => c.endsWith("/delete-password"))).toHaveLength(1);
  });

  it("refuses to change the password of a VM that stays stopped, saying to run it", async () => {
    const { id, inputs, outs } = await vm.up(vmArgs({ powerState: "stopped" }));
    const checked = await vm.check({ ...inputs, password: "Stopp3d-pass!" }, inputs);
    await expect(vm.update(id, outs, checked.inputs)).rejects.toThrow(
      /password: the password can be set only while the VM runs.*set powerState to "running"/,
    );
  });

  it("rebuilds in place when only the image changes and allowRebuild is set, and sets the password again", async () => {
    const { id, inputs, outs } = await vm.up(
      vmArgs({ allowRebuild: true, password: "Rebui1d-pass!" }),
    );
    await vm.clearRequests();
    const checked = await vm.check({ ...inputs, image: "ubuntu-24.04" }, inputs);
    const diff = await vm.diff(id, outs, checked.inputs);
    expect(diff).toMatchObject({ changes: true, replaces: [] });
    const updated = await vm.update(id, outs, checked.inputs);
    expect(updated.outs).toMatchObject({
      image: "ubuntu-24.04",
      imageId: ids.image("ubuntu-24.04"),
      vmId: id,
      state: "running",
    });
    expect(updated.outs.bootDiskId).toBe(outs.bootDiskId);
    const sent = await calls();
    expect(sent).toContain(`POST /api/v1/vms/${id}/rebuild`);
    expect(sent.indexOf(`POST /api/v1/vms/${id}/set-password`)).toBeGreaterThan(
      sent.indexOf(`POST /api/v1/vms/${id}/rebuild`),
    );
    expect(vmState(emu).vms[id]!.password_logins).toEqual(["ubuntu"]);
    expect((await readVm(emu, id))!.image.name).toBe("ubuntu-24.04");
  });

  it("grows the boot disk in place with one PUT of the disk: the VM and the boot disk keep their ids", async () => {
    const { id, inputs, outs } = await vm.up(vmArgs({ bootDisk: { size: 10 } }));
    await vm.clearRequests();
    const result = await apply(id, outs, inputs, { bootDisk: { size: 20 } });
    expect(result.diff).toMatchObject({ changes: true, replaces: [] });
    expect(result.outs).toMatchObject({
      vmId: id,
      bootDiskId: outs.bootDiskId,
      bootDisk: { size: 20 },
      state: "running",
    });
    const sent = await calls();
    expect(sent.filter((c) => !c.startsWith("GET"))).toEqual([
      `PUT /api/v1/disks/${outs.bootDiskId as string}`,
    ]);
    const boot = await emu.call("GET", `/api/v1/disks/${outs.bootDiskId as string}`);
    expect(boot.body).toMatchObject({ size: 20, state: "in_use" });
    expect((await readVm(emu, id))!.state).toBe("running");
    expect(await vm.diff(id, result.outs, result.inputs)).toMatchObject({ changes: false });
  });

  it("refuses to shrink the boot disk at check, naming bootDisk.size, both sizes and the fix", async () => {
    const before = { ...vmArgs(), bootDisk: { size: 20 } };
    await vm.clearRequests();
    const shrunk = await vm.check({ ...before, bootDisk: { size: 15 } }, before);
    expect(shrunk.failures.map(failureLine)).toEqual([
      "bootDisk.size: cannot shrink the boot disk from 20 GB to 15 GB: disks only grow. Keep bootDisk.size at 20 " +
        "or more, or replace the VM (`pulumi up --replace <urn>`) to start over with a new boot disk written from the image",
    ]);
    // A size not known yet, the same size or a larger one, and a create (no previous inputs) pass.
    for (const [size, olds] of [
      ["04da6b54-80e4-46f7-96ec-b56ff0331ba9", before],
      [20, before],
      [30, before],
      [15, {}],
    ] as const) {
      expect((await vm.check({ ...before, bootDisk: { size } }, olds)).failures).toEqual([]);
    }
    expect((await calls()).filter((c) => !c.startsWith("GET"))).toEqual([]);
  });

  it("grows a disk made with the VM in place: the VM and the disk keep their ids and data; a new disk still replaces", async () => {
    const disks = [{ name: "grow-data", size: 10 }];
    const { id, inputs, outs } = await vm.up(vmArgs({ disks }));
    const data = (outs.attachedDisks as Array<{ id: string; name: string }>).find(
      (d) => d.name === "grow-data",
    )!;
    await vm.clearRequests();
    const result = await apply(id, outs, inputs, { disks: [{ name: "grow-data", size: 30 }] });
    expect(result.diff).toMatchObject({ changes: true, replaces: [] });
    expect(result.outs).toMatchObject({ vmId: id, state: "running" });
    expect(
      (result.outs.attachedDisks as Array<{ id: string; size: number }>).find(
        (d) => d.id === data.id,
      ),
    ).toMatchObject({ size: 30 });
    expect((await calls()).filter((c) => !c.startsWith("GET"))).toEqual([
      `PUT /api/v1/disks/${data.id}`,
    ]);
    expect(await vm.diff(id, result.outs, result.inputs)).toMatchObject({ changes: false });
    // Another disk, or one renamed, is a new disk: that replaces the VM.
    for (const other of [
      [
        { name: "grow-data", size: 30 },
        { name: "grow-more", size: 10 },
      ],
      [{ name: "grow-renamed", size: 30 }],
    ]) {
      const next = await vm.check({ ...result.inputs, disks: other }, result.inputs);
      expect((await vm.diff(id, result.outs, next.inputs)).replaces).toEqual(["disks"]);
    }
  });

  it("refuses to shrink a disk made with the VM at check, naming disks[i].size, both sizes and the fix", async () => {
    const before = { ...vmArgs(), disks: [{ name: "keep", size: 20 }] };
    const shrunk = await vm.check({ ...before, disks: [{ name: "keep", size: 15 }] }, before);
    expect(shrunk.failures.map(failureLine)).toEqual([
      "disks[0].size: cannot shrink disk keep from 20 GB to 15 GB: disks only grow. Keep disks[0].size at 20 " +
        "or more, or replace the VM (`pulumi up --replace <urn>`), which makes its disks anew, empty",
    ]);
    expect(
      (await vm.check({ ...before, disks: [{ name: "keep", size: 15 }] }, {})).failures,
    ).toEqual([]);
  });

  it("applies a change of provider-only settings without calling anything that changes the cloud", async () => {
    const { id, inputs, outs } = await vm.up(vmArgs());
    await vm.clearRequests();
    const result = await apply(id, outs, inputs, {
      deleteDisksOnDestroy: false,
      deleteExternalIpsOnDestroy: false,
      allowRebuild: true,
      apiVersion: "v1",
      passwordLogin: "admin",
      timeouts: { delete: "5m" },
    });
    expect(result.outs).toMatchObject({
      deleteDisksOnDestroy: false,
      deleteExternalIpsOnDestroy: false,
      allowRebuild: true,
      apiVersion: "v1",
      passwordLogin: "admin",
      timeouts: { delete: "5m" },
    });
    expect((await calls()).filter((c) => !c.startsWith("GET"))).toEqual([]);
  });
});

describe("diff", () => {
  let id: string;
  let inputs: Props;
  let outs: Props;
  const dataDisk = uniqueName("data");

  beforeAll(async () => {
    ({ id, inputs, outs } = await vm.up(
      vmArgs({
        availabilityZone: "ru.AZ-1",
        disks: [{ name: dataDisk, size: 3 }],
        interfaces: [{ securityGroups: ["default-az1"] }],
        placementGroup: "spread-az1",
        hostname: "first",
        userName: "ops",
        sshPublicKeys: ["ssh-ed25519 KEY"],
        cloudInit: "#cloud-config\n",
      }),
    ));
  });

  const replaces = async (changes: Props) => {
    const checked = await vm.check(merged(inputs, changes), inputs);
    expect(checked.failures).toEqual([]);
    return vm.diff(id, outs, checked.inputs);
  };

  it("reports no change for the same inputs, names or ids", async () => {
    expect(await vm.diff(id, outs, inputs)).toMatchObject({ changes: false });
    expect(await replaces({ placementGroup: outs.placementGroupId, tags: [] })).toMatchObject({
      changes: false,
    });
  });

  it("replaces the VM when availabilityZone changes, once its interfaces fit the new zone (its placement group takes VMs of any zone)", async () => {
    const stale = await vm.check(merged(inputs, { availabilityZone: "ru.AZ-2" }), inputs);
    expect(stale.failures).toEqual([
      {
        property: "",
        reason: expect.stringMatching(
          /^interfaces\[0\]\.securityGroups\[0\]: security group default-az1 \(.*\) is in availability zone ru\.AZ-1 and the VM in ru\.AZ-2; .*use a security group of ru\.AZ-2: default-az2$/,
        ),
      },
    ]);
    const diff = await replaces({
      availabilityZone: "ru.AZ-2",
      interfaces: [{ securityGroups: ["default-az2"] }],
    });
    expect(diff.replaces.sort()).toEqual(["availabilityZone", "interfaces"]);
  });

  it.each([
    ["bootDisk", { bootDisk: { size: 10, diskType: "HDD" } }],
    ["bootDisk", { bootDisk: { size: 20, name: "other-boot" } }],
    ["image", { image: "ubuntu-24.04" }],
    [
      "disks",
      {
        disks: [
          { name: dataDisk, size: 3 },
          { name: "extra", size: 1 },
        ],
      },
    ],
    ["disks", { disks: [] }],
    ["interfaces", { interfaces: [{ securityGroups: ["default-az1"] }, {}] }],
    ["interfaces", { interfaces: [{ securityGroups: ["default-az1"], externalIp: true }] }],
    ["hostname", { hostname: "second" }],
    ["userName", { userName: "admin" }],
    ["sshPublicKeys", { sshPublicKeys: ["ssh-ed25519 OTHER"] }],
    ["cloudInit", { cloudInit: "#cloud-config\nruncmd: [true]\n" }],
    ["placementGroup", { placementGroup: undefined }],
  ])("replaces the VM when %s changes", async (key, changes) => {
    const diff = await replaces(changes);
    expect(diff.changes).toBe(true);
    expect(diff.replaces).toEqual([key]);
  });

  it("replaces the VM when projectId changes, after check names a project the service lacks", async () => {
    const projectId = "00000000-0000-4000-8000-000000000000";
    const checked = await vm.check(merged(inputs, { projectId }), inputs);
    expect(checked.failures).toEqual([
      {
        property: "projectId",
        reason: expect.stringMatching(new RegExp(`^project ${projectId} not found`)),
      },
    ]);
    const diff = await vm.diff(id, outs, checked.inputs);
    expect(diff.changes).toBe(true);
    expect(diff.replaces).toEqual(["projectId"]);
  });

  it("updates in place (replaces nothing) for name, flavor, tags, power state, password, settings and a larger boot disk", async () => {
    const diff = await replaces({
      name: uniqueName("other"),
      flavor: "gen-4-8",
      tags: ["env-dev"],
      powerState: "stopped",
      password: "N3w-password!",
      deleteDisksOnDestroy: false,
      apiVersion: "v1",
      bootDisk: { size: 20 },
    });
    expect(diff).toMatchObject({ changes: true, replaces: [] });
    // A size not known yet (preview) is a size change too, and replaces nothing.
    expect(
      await replaces({ bootDisk: { size: "04da6b54-80e4-46f7-96ec-b56ff0331ba9" } }),
    ).toMatchObject({ changes: true, replaces: [] });
  });

  it("does not replace a VM whose boot disk or data disk grew outside the program, or that got a DiskAttachment", async () => {
    const boot = outs.bootDiskId as string;
    const data = (outs.diskIds as string[])[0]!;
    for (const [disk, size] of [
      [boot, 15],
      [data, 6],
    ] as const) {
      const grown = await emu.call("PUT", `/api/v1/disks/${disk}`, { body: { size } });
      expect(grown.status).toBe(200);
    }
    const extra = await emu.call("POST", "/api/v1/disks", {
      body: {
        project_id: ids.project,
        availability_zone_id: ids.zone("ru.AZ-1"),
        name: uniqueName("att"),
        size: 1,
      },
    });
    const extraId = (extra.body as { id: string }).id;
    await emu.waitFor(
      `/api/v1/disks/${extraId}`,
      (b) => (b as { state: string }).state === "available",
    );
    expect(
      (await emu.call("POST", `/api/v1/disks/${extraId}/attach`, { body: { vm_id: id } })).status,
    ).toBeLessThan(300);
    await emu.waitFor(`/api/v1/vms/${id}`, (b) =>
      (b as { disks: Array<{ state: string; size: number }> }).disks.every(
        (d) => d.state === "in_use",
      ),
    );
    const read = await vm.read(id, outs);
    expect((read.props!.bootDisk as { size: number }).size).toBe(15);
    expect(read.props!.diskIds).toHaveLength(2);
    expect(await vm.diff(id, read.props!, inputs)).toMatchObject({ changes: false });
  });

  it("treats a changed image as a replacement during preview when allowRebuild is unknown", async () => {
    const diff = await vm.diff(id, outs, {
      ...inputs,
      image: "ubuntu-24.04",
      allowRebuild: "04da6b54-80e4-46f7-96ec-b56ff0331ba9",
    });
    expect(diff.replaces).toContain("image");
  });
});
