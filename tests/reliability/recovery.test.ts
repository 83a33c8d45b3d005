// Recovery, kind by kind: what the next `pulumi up` does after one that was killed while a
// create was in flight. The engine recorded the create only as pending, so it calls `check` and
// `create` again with the same inputs, while the cloud already holds what the first call made.
// Nothing the service keeps tells that object from another stack's or a person's
// (docs/api-decisions/adoption.md), so no kind takes it over: each refuses, before anything is
// sent, naming the object's id and `pulumi refresh --import-pending-creates`, and never makes a
// second one. That command reads the object by id (an import), and the program then matches it.
// interruption.test.ts shows the same through the real engine and a real kill; this suite names
// the kind that does not keep the contract, every time.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestEmulator, type TestEmulator } from "../support/emulator";
import { loadProvider, type Props } from "../provider/support/provider-harness";
import { randomSecret } from "./support/secrets";
import { expectRecordable, expectRefused } from "../provider/support/untracked";

let emu: TestEmulator;
const prefix = `rec${Date.now().toString(36)}`;

beforeAll(async () => {
  emu = await startTestEmulator({ token: randomSecret("rel-token-") });
});
afterAll(async () => emu?.close());

/** Records of the emulator's `collection` whose `field` equals `value`. */
async function recordsWhere(collection: string, field: string, value: unknown): Promise<string[]> {
  const reply = await emu.call("GET", "/_emulator/state");
  const records = (reply.body as { vm: Record<string, Record<string, Record<string, unknown>>> })
    .vm[collection]!;
  return Object.values(records)
    .filter((r) => r[field] === value && r.status !== "deleting")
    .map((r) => String(r.id));
}

/**
 * Creates `inputs` once, then again as the next `up` would (a new provider process): the second
 * is refused at check where the kind can tell, and at create, with nothing sent but reads; the
 * first object is then recordable by id. Returns its id.
 */
async function createTwice(kind: string, inputs: Props, atCheck = true): Promise<string> {
  const provider = await loadProvider(kind, emu);
  const first = await provider.up(inputs);
  // The engine repeats the create in the next `up`: a new provider process.
  await provider.newProcess();
  await expectRefused(provider, inputs, { id: first.id, adoptable: ADOPTABLE[kind]!, atCheck });
  await expectRecordable(provider, first.id, inputs);
  return first.id;
}

/** The kinds that take `adoptId`. */
const ADOPTABLE: Record<string, boolean> = {
  "resources/subnet": true,
  "resources/security-group": true,
  "resources/security-group-rule": false,
  "resources/disk": true,
  "resources/vm": true,
  "resources/free-tier-vm": false,
};

describe("a create repeated after an interrupted up takes nothing over and makes nothing twice", () => {
  it("Subnet", async () => {
    const name = `${prefix}-net`;
    const first = await createTwice("resources/subnet", {
      name,
      address: "10.90.0.0/24",
    });
    expect(await recordsWhere("subnets", "name", name)).toEqual([first]);
  });

  it("SecurityGroup", async () => {
    const name = `${prefix}-sg`;
    const first = await createTwice("resources/security-group", {
      name,
      rules: [
        { direction: "ingress", protocol: "tcp", portRange: "22:22", remoteIpPrefix: "10.0.0.0/8" },
      ],
    });
    expect(await recordsWhere("securityGroups", "name", name)).toEqual([first]);
  });

  it("SecurityGroupRule", async () => {
    const group = await (
      await loadProvider("resources/security-group", emu)
    ).up({ name: `${prefix}-sg2` });
    await createTwice(
      "resources/security-group-rule",
      {
        securityGroupId: group.id,
        direction: "ingress",
        protocol: "tcp",
        portRange: "443:443",
        remoteIpPrefix: "0.0.0.0/0",
      },
      false,
    );
    const rules = (await recordsWhere("securityGroupRules", "security_group_id", group.id)).length;
    // The group's default rules plus the one made here, once.
    const defaults = (await loadProvider("resources/security-group", emu)).read(group.id);
    expect(rules).toBe(((await defaults).props?.rules as unknown[]).length);
  });

  it("Disk", async () => {
    const name = `${prefix}-data`;
    const first = await createTwice("resources/disk", { name, size: 5 });
    expect(await recordsWhere("disks", "name", name)).toEqual([first]);
  });

  it("Vm", async () => {
    const name = `${prefix}-vm`;
    const first = await createTwice("resources/vm", {
      name,
      flavor: "burst-1-1",
      image: "ubuntu-22.04",
      bootDisk: { size: 10 },
    });
    expect(await recordsWhere("vms", "name", name)).toEqual([first]);
  });

  it("FreeTierVm", async () => {
    const name = `${prefix}-free`;
    const first = await createTwice("resources/free-tier-vm", {
      name,
      image: "ubuntu-22.04",
    });
    expect(await recordsWhere("vms", "name", name)).toEqual([first]);
  });

  it("DiskAttachment", async () => {
    const disk = await (
      await loadProvider("resources/disk", emu)
    ).up({ name: `${prefix}-att`, size: 5 });
    const vm = await (
      await loadProvider("resources/vm", emu)
    ).up({
      name: `${prefix}-vm2`,
      flavor: "burst-1-1",
      image: "ubuntu-22.04",
      bootDisk: { size: 10 },
    });
    // An attachment is no object of its own, only the disk's link to the VM: the repeated
    // create finds the disk already on this VM and records that link (its delete detaches, and
    // destroys nothing).
    const attachment = await loadProvider("resources/disk-attachment", emu);
    const inputs = { diskId: disk.id, vmId: vm.id };
    const first = await attachment.up(inputs);
    await attachment.newProcess();
    const second = await attachment.up(inputs);
    expect(second.id).toBe(first.id);
  });
});
