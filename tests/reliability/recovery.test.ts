// Recovery by name, kind by kind: what the next `pulumi up` does after one that was killed
// while a create was in flight. The engine recorded the create only as pending, so it calls
// `create` again with the same inputs, while the cloud already holds what the first call made.
// Every resource kind must then adopt that resource (same id, nothing new in the cloud) instead
// of making a second one or failing on the name. interruption.test.ts shows the same through
// the real engine and a real kill; this suite names the kind that does not recover, every time.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestEmulator, type TestEmulator } from "../support/emulator";
import { loadProvider, type Props } from "../provider/support/provider-harness";
import { randomSecret } from "./support/secrets";

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

/** Creates `inputs` once, then again as the next `up` would; returns both ids. */
async function createTwice(
  kind: string,
  inputs: Props,
): Promise<{ first: string; second: string }> {
  const provider = await loadProvider(kind, emu);
  const first = await provider.up(inputs);
  // The engine repeats the create in the next `up`: a new provider process.
  await provider.newProcess();
  const second = await provider.up(inputs);
  return { first: first.id, second: second.id };
}

describe("a create repeated after an interrupted up adopts what the first one made", () => {
  it("Subnet", async () => {
    const name = `${prefix}-net`;
    const { first, second } = await createTwice("resources/subnet", {
      name,
      address: "10.90.0.0/24",
    });
    expect(second).toBe(first);
    expect(await recordsWhere("subnets", "name", name)).toEqual([first]);
  });

  it("SecurityGroup", async () => {
    const name = `${prefix}-sg`;
    const { first, second } = await createTwice("resources/security-group", {
      name,
      rules: [
        { direction: "ingress", protocol: "tcp", portRange: "22:22", remoteIpPrefix: "10.0.0.0/8" },
      ],
    });
    expect(second).toBe(first);
    expect(await recordsWhere("securityGroups", "name", name)).toEqual([first]);
  });

  it("SecurityGroupRule", async () => {
    const group = await (
      await loadProvider("resources/security-group", emu)
    ).up({ name: `${prefix}-sg2` });
    const { first, second } = await createTwice("resources/security-group-rule", {
      securityGroupId: group.id,
      direction: "ingress",
      protocol: "tcp",
      portRange: "443:443",
      remoteIpPrefix: "0.0.0.0/0",
    });
    expect(second).toBe(first);
    const rules = (await recordsWhere("securityGroupRules", "security_group_id", group.id)).length;
    // The group's default rules plus the one made here, once.
    const defaults = (await loadProvider("resources/security-group", emu)).read(group.id);
    expect(rules).toBe(((await defaults).props?.rules as unknown[]).length);
  });

  it("Disk", async () => {
    const name = `${prefix}-data`;
    const { first, second } = await createTwice("resources/disk", { name, size: 5 });
    expect(second).toBe(first);
    expect(await recordsWhere("disks", "name", name)).toEqual([first]);
  });

  it("Vm", async () => {
    const name = `${prefix}-vm`;
    const { first, second } = await createTwice("resources/vm", {
      name,
      flavor: "burst-1-1",
      image: "ubuntu-22.04",
      bootDisk: { size: 10 },
    });
    expect(second).toBe(first);
    expect(await recordsWhere("vms", "name", name)).toEqual([first]);
  });

  it("FreeTierVm", async () => {
    const name = `${prefix}-free`;
    const { first, second } = await createTwice("resources/free-tier-vm", {
      name,
      image: "ubuntu-22.04",
    });
    expect(second).toBe(first);
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
    const { first, second } = await createTwice("resources/disk-attachment", {
      diskId: disk.id,
      vmId: vm.id,
    });
    expect(second).toBe(first);
  });
});
