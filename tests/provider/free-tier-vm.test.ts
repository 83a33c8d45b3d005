// The FreeTierVm provider's life against the emulator over HTTP: create through the free-tier
// path, the clear refusal of a second one (checked first, and the service's 422 mapped too),
// read, import, update in place, replace diffs, bad input, and delete freeing the slot.
import { expectRefused } from "./support/untracked";
import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import { fixtureIds, uniqueName, UNKNOWN, vmState } from "./support/fixtures";
import { failureLine } from "./support/failures";
import { type Props, useProviders } from "./support/provider-harness";
import { diskState, readVm, vmArgs, vmsNamed, VM_SPEED } from "./support/vm-suite";

const { emu, ftvm, paid } = useProviders(
  { ftvm: "resources/free-tier-vm", paid: "resources/vm" },
  { speed: VM_SPEED },
);
let ids: ReturnType<typeof fixtureIds>;

beforeAll(async () => {
  ids = fixtureIds(emu);
});
beforeEach(async () => {
  await ftvm.setFaults([]);
  await ftvm.clearRequests();
});

/** Whether the organization may still create its free-tier VM. */
async function slotFree(): Promise<boolean> {
  const reply = await emu.call("GET", `/api/v1/free-tier?project_id=${ids.project}`);
  return (reply.body as { free_tier_enabled: boolean }).free_tier_enabled;
}

/** The error `work` rejects with. */
async function failure(work: Promise<unknown>): Promise<Error & Record<string, unknown>> {
  try {
    await work;
  } catch (error) {
    return error as Error & Record<string, unknown>;
  }
  throw new Error("expected a failure");
}

describe("check", () => {
  it("refuses bad input by field before anything is sent, and lets unknown values through", async () => {
    const bad = await ftvm.check({
      name: "-bad",
      image: "ubuntu-22.04",
      externalIp: "yes",
      flavor: "gen-2-4",
    });
    expect(bad.failures.map((f) => f.property).sort()).toEqual(["externalIp", "flavor", "name"]);
    const unknown = await ftvm.check({ name: UNKNOWN, image: UNKNOWN });
    expect(unknown.failures).toEqual([]);
    expect(unknown.inputs).toMatchObject({ externalIp: false, powerState: "running" });
    expect(await ftvm.requests()).toEqual([]);
  });

  it("refuses an image not offered to free-tier VMs, listing those that are, with nothing created", async () => {
    const inputs = (await ftvm.check({ name: uniqueName("ft"), image: "debian-12" })).inputs;
    const error = await failure(ftvm.create(inputs));
    expect(error.message).toMatch(
      /FreeTierVm "ft-[^"]+": create failed: image: image debian-12 is not available for free-tier VMs; use one of: ubuntu-22\.04/,
    );
    const zone = (
      await ftvm.check({
        name: uniqueName("ft"),
        image: "ubuntu-22.04",
        availabilityZone: "ru.AZ-2",
      })
    ).inputs;
    expect((await failure(ftvm.create(zone))).message).toMatch(
      /availabilityZone: "ru\.AZ-2" does not offer free-tier resources .*; use one of: ru\.AZ-1, or leave it unset/,
    );
    expect((await ftvm.requests()).filter((r) => r.method !== "GET")).toEqual([]);
  });
});

describe("life of the organization's free-tier VM", () => {
  let id: string;
  let inputs: Props;
  let outs: Props;

  it("creates it through the free-tier path and waits until it runs", async () => {
    expect(await slotFree()).toBe(true);
    ({ id, inputs, outs } = await ftvm.up({
      name: uniqueName("ft"),
      image: "ubuntu-22.04",
      externalIp: true,
      hostname: "free",
      userName: "ops",
      sshPublicKeys: ["ssh-ed25519 AAAAC3Nza free"],
    }));
    // The typed inputs landed in the image's fields of their types.
    expect(vmState(emu).vms[id]!.metadata_fields.map((f) => [f.name, f.value])).toEqual([
      ["hostname", "free"],
      ["username", "ops"],
      ["ssh_pub_key", "ssh-ed25519 AAAAC3Nza free"],
    ]);
    expect(outs).toMatchObject({
      name: inputs.name,
      image: "ubuntu-22.04",
      imageId: ids.image("ubuntu-22.04"),
      availabilityZone: "ru.AZ-1",
      externalIp: true,
      powerState: "running",
      state: "running",
      flavor: "free-tier-1-1",
      bootDiskSize: 20,
      hostname: "free",
      userName: "ops",
      sshPublicKeys: ["ssh-ed25519 AAAAC3Nza free"],
      imageMetadata: {},
      projectId: ids.project,
      vmId: id,
    });
    expect(outs.externalIpAddress).toMatch(/^\d+\.\d+\.\d+\.\d+$/);
    expect(outs.privateIp).toMatch(/^10\.0\.0\.\d+$/);
    const posts = (await ftvm.requests()).filter(
      (r) => r.method === "POST" && !r.url.includes(`/vms/${id}/`),
    );
    expect(posts.map((r) => r.url)).toEqual(["/api/v1/free-tier"]);
    expect(await slotFree()).toBe(false);
    expect(await ftvm.diff(id, outs, inputs)).toMatchObject({ changes: false });
  });

  it("refuses a second one with a message naming the first, before sending the create", async () => {
    const second = (await ftvm.check({ name: uniqueName("ft"), image: "ubuntu-22.04" })).inputs;
    const error = await failure(ftvm.create(second));
    expect(error.message).toContain(
      `already has its free-tier VM "${inputs.name as string}" (${id}`,
    );
    expect(error.message).toMatch(/may have only one.*import.*delete it first/);
    expect((await ftvm.requests()).filter((r) => r.method === "POST")).toEqual([]);
  });

  it("never takes over its own untracked VM when created again with the same inputs (an interrupted up)", async () => {
    // The next `up` is a new provider process, which reads the project's names afresh.
    await ftvm.newProcess();
    await expectRefused(ftvm, inputs, {
      id,
      adoptable: false,
      atCheck: true,
      words: /matches this resource's inputs/,
    });
    expect(vmsNamed(emu, inputs.name as string)).toEqual([id]);
  });

  it("refuses an untracked same-named VM that is not a free-tier VM with this image", async () => {
    const name = uniqueName("ft-clash");
    const { id: paidId, outs: paidOuts } = await paid.up(vmArgs({ name }));
    // The free-tier VM's `up` is another run: a new provider process.
    await ftvm.newProcess();
    await ftvm.clearRequests();
    const error = await failure(
      ftvm.create((await ftvm.check({ name, image: "ubuntu-22.04" })).inputs),
    );
    expect(error.message).toContain(`a VM named "${name}" already exists`);
    expect(error.message).toContain(`${paidId}: paid`);
    expect(error.message).toMatch(/differs from this resource's inputs.*choose another name/);
    expect((await ftvm.requests()).filter((r) => r.method === "POST")).toEqual([]);
    await paid.delete(paidId, paidOuts);
  });

  it("reads it, and an import fills every output and matches the program's inputs", async () => {
    expect((await ftvm.read(id, outs)).props).toEqual(outs);
    const imported = await ftvm.read(id, {});
    expect(imported.props).toEqual(outs);
    expect(await ftvm.diff(id, imported.props!, inputs)).toMatchObject({ changes: false });
    const checked = await ftvm.check(imported.inputs!, imported.inputs!);
    expect(checked.failures).toEqual([]);
    expect(await ftvm.diff(id, imported.props!, checked.inputs)).toMatchObject({ changes: false });
  });

  it("checks a password against the image, then sets and removes it in place", async () => {
    const refused = await ftvm.check(
      { ...inputs, imageMetadata: { password: "Secr3t!pass" } },
      inputs,
    );
    expect(refused.failures.map(failureLine)).toEqual([
      expect.stringMatching(/^imageMetadata\.password: .*set password instead/),
    ]);
    const withPassword = (await ftvm.check({ ...inputs, password: "Fr33-tier!" }, inputs)).inputs;
    expect(await ftvm.diff(id, outs, withPassword)).toMatchObject({ changes: true, replaces: [] });
    const set = await ftvm.update(id, outs, withPassword);
    expect(set.outs.password).toBe("Fr33-tier!");
    expect(vmState(emu).vms[id]!.password_logins).toEqual(["ops"]);
    expect(await ftvm.diff(id, set.outs, withPassword)).toMatchObject({ changes: false });
    const removed = await ftvm.update(id, set.outs, inputs);
    expect(removed.outs).not.toHaveProperty("password");
    expect(vmState(emu).vms[id]!.password_logins).toEqual([]);
    const sent = (await ftvm.requests()).filter((r) => r.method === "POST").map((r) => r.url);
    expect(sent).toEqual([`/api/v1/vms/${id}/set-password`, `/api/v1/vms/${id}/delete-password`]);
    outs = removed.outs;
  });

  it("renames and stops it in place, and replaces it for a new image or external IP", async () => {
    const newName = uniqueName("ft-renamed");
    const next = (await ftvm.check({ ...inputs, name: newName, powerState: "stopped" }, inputs))
      .inputs;
    expect(await ftvm.diff(id, outs, next)).toMatchObject({ changes: true, replaces: [] });
    const updated = await ftvm.update(id, outs, next);
    expect(updated.outs).toMatchObject({
      name: newName,
      powerState: "stopped",
      state: "stopped",
      vmId: id,
    });
    expect((await readVm(emu, id))!).toMatchObject({ name: newName, state: "stopped" });
    inputs = next;
    outs = updated.outs;
    for (const [key, value] of [
      ["image", "ubuntu-24.04"],
      ["externalIp", false],
      ["userName", "admin"],
      ["sshPublicKeys", ["ssh-ed25519 AAAAC3Nza other"]],
      ["hostname", "other"],
      ["imageMetadata", { note: "x" }],
      ["availabilityZone", "ru.AZ-2"],
    ] as const) {
      const diff = await ftvm.diff(id, outs, { ...inputs, [key]: value });
      expect(diff.replaces, key).toEqual([key]);
    }
  });

  it("a paid VM cannot be read as a FreeTierVm", async () => {
    const { id: paidId } = await paid.up(vmArgs());
    await expect(ftvm.read(paidId, {})).rejects.toThrow(
      /is not a free-tier VM .*manage it with the Vm resource/,
    );
  });

  it("deletes it with its boot disk and external IP, and the organization may create one again", async () => {
    const ipId = (outs.interfaces as Array<{ externalIpId: string }>)[0]!.externalIpId;
    await ftvm.delete(id, outs);
    expect(await readVm(emu, id)).toBeUndefined();
    expect(await diskState(emu, outs.bootDiskId as string)).toBe("gone");
    expect(vmState(emu).externalIps[ipId]).toBeUndefined();
    expect(await slotFree()).toBe(true);
    await expect(ftvm.delete(id, outs)).resolves.toBeUndefined();
  });

  it("when two creates race, one wins and the other gets the same clear message from the service's 422", async () => {
    const a = (await ftvm.check({ name: uniqueName("ft-a"), image: "ubuntu-22.04" })).inputs;
    const b = (await ftvm.check({ name: uniqueName("ft-b"), image: "ubuntu-22.04" })).inputs;
    const results = await Promise.allSettled([ftvm.create(a), ftvm.create(b)]);
    const won = results.filter((r) => r.status === "fulfilled");
    const lost = results.filter((r): r is PromiseRejectedResult => r.status === "rejected");
    expect(won).toHaveLength(1);
    expect(lost).toHaveLength(1);
    expect((lost[0]!.reason as Error).message).toMatch(
      /already has its free-tier VM ".+" \(.+\).*may have only one/,
    );
    // Both passed the check first, so the loser was refused by the service itself.
    const creates = (await ftvm.requests()).filter(
      (r) => r.method === "POST" && r.url === "/api/v1/free-tier",
    );
    expect(creates.map((r) => r.status).sort()).toEqual([201, 422]);
    const winner = (won[0] as PromiseFulfilledResult<{ id: string; outs: Props }>).value;
    expect(vmsNamed(emu, winner.outs.name as string)).toEqual([winner.id]);
    await ftvm.delete(winner.id, winner.outs);
  });
});
