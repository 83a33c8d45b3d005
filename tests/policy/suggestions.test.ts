// Every value a policy's fix suggests is one the same policy accepts: the value is read back
// out of the message and judged again.
import { describe, expect, it } from "vitest";
import { allowedZones } from "../../policy/rules/allowed-zones";
import { diskMaxSize } from "../../policy/rules/disk-max-size";
import { diskType } from "../../policy/rules/disk-type";
import { securityGroupOpenIngress } from "../../policy/rules/security-group-open-ingress";
import { subnetPrefix } from "../../policy/rules/subnet-prefix";
import { subnetPrivateCidr } from "../../policy/rules/subnet-private-cidr";
import { vmBootDiskSize } from "../../policy/rules/vm-boot-disk-size";
import { vmFlavor } from "../../policy/rules/vm-flavor";
import { validateResource, violations, type TestResource } from "./support/harness";

const disk = (props: Record<string, unknown>): TestResource => ({
  type: "Disk",
  name: "data",
  props: { name: "data", size: 10, encrypted: true, ...props },
});
const vm = (props: Record<string, unknown>): TestResource => ({
  type: "Vm",
  name: "web",
  props: {
    name: "web",
    flavor: "gen-2-4",
    image: "ubuntu-22.04",
    bootDisk: { size: 20 },
    ...props,
  },
});
const subnet = (address: string): TestResource => ({
  type: "Subnet",
  name: "net",
  props: { name: "net", address },
});

/** The one message `resource` gets, and the part of it `pattern` captures. */
async function suggestion(
  policy: Parameters<typeof validateResource>[0],
  resource: TestResource,
  config: Record<string, unknown>,
  pattern: RegExp,
): Promise<string[]> {
  const [message, ...more] = violations(await validateResource(policy, resource, config));
  expect(more).toEqual([]);
  const match = pattern.exec(message ?? "");
  if (match === null) throw new Error(`no suggestion ${String(pattern)} in: ${message}`);
  return match.slice(1);
}

describe("what a fix suggests passes the same policy", () => {
  it("vmcloud-disk-max-size: the size it names", async () => {
    const [size] = await suggestion(
      diskMaxSize,
      disk({ size: 2000 }),
      {},
      /set size to (\d+) or less/,
    );
    expect(violations(await validateResource(diskMaxSize, disk({ size: Number(size) })))).toEqual(
      [],
    );
  });

  it("vmcloud-vm-boot-disk-size: the size it names", async () => {
    const config = { minSizeGb: 30 };
    const [size] = await suggestion(vmBootDiskSize, vm({}), config, /to at least (\d+)/);
    const fixed = vm({ bootDisk: { size: Number(size) } });
    expect(violations(await validateResource(vmBootDiskSize, fixed, config))).toEqual([]);
  });

  it("vmcloud-subnet-prefix: both ends of the masks it names", async () => {
    const masks = await suggestion(
      subnetPrefix,
      subnet("10.0.0.0/30"),
      {},
      /allowed are \/(\d+) to \/(\d+)/,
    );
    for (const mask of masks) {
      expect(violations(await validateResource(subnetPrefix, subnet(`10.0.0.0/${mask}`)))).toEqual(
        [],
      );
    }
  });

  it("vmcloud-security-group-open-ingress: the network it names", async () => {
    const rule = { direction: "ingress", protocol: "tcp", portRange: "22:22" };
    const group = (remoteIpPrefix: string): TestResource => ({
      type: "SecurityGroup",
      name: "sg",
      props: { name: "sg", rules: [{ ...rule, remoteIpPrefix }] },
    });
    const [prefix] = await suggestion(
      securityGroupOpenIngress,
      group("0.0.0.0/0"),
      {},
      /\(e\.g\. ([\d./]+)\)/,
    );
    expect(violations(await validateResource(securityGroupOpenIngress, group(prefix!)))).toEqual(
      [],
    );
  });

  it("vmcloud-vm-flavor: the flavor it names", async () => {
    const [flavor] = await suggestion(vmFlavor, vm({ flavor: "large" }), {}, /e\.g\. ([\w-]+),/);
    expect(violations(await validateResource(vmFlavor, vm({ flavor: flavor! })))).toEqual([]);
  });

  it("vmcloud-allowed-zones and vmcloud-disk-type: each value of the list they name", async () => {
    const zones = { allowedZones: ["ru.AZ-2", "ru.AZ-3"] };
    const [zoneList] = await suggestion(
      allowedZones,
      disk({ availabilityZone: "ru.AZ-1" }),
      zones,
      /one of (.+?), or add/,
    );
    for (const zone of zoneList!.split(", ")) {
      expect(
        violations(await validateResource(allowedZones, disk({ availabilityZone: zone }), zones)),
      ).toEqual([]);
    }
    const [typeList] = await suggestion(
      diskType,
      disk({ diskType: "NVME" }),
      {},
      /use one of (.+?), or add/,
    );
    for (const type of typeList!.split(", ")) {
      expect(violations(await validateResource(diskType, disk({ diskType: type })))).toEqual([]);
    }
  });

  it("vmcloud-subnet-private-cidr: the ranges it names, as addresses", async () => {
    const config = { allowedRanges: ["10.40.0.0/16"] };
    const [ranges] = await suggestion(
      subnetPrivateCidr,
      subnet("10.41.0.0/24"),
      config,
      /private ranges (.+)\. Fix/,
    );
    for (const range of ranges!.split(", ")) {
      expect(violations(await validateResource(subnetPrivateCidr, subnet(range), config))).toEqual(
        [],
      );
    }
  });
});
