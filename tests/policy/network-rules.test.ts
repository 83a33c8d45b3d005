// Unit tests of the zone, security group and subnet policies.
import { describe, expect, it } from "vitest";
import { allowedZones } from "../../policy/rules/allowed-zones";
import { securityGroupOpenIngress } from "../../policy/rules/security-group-open-ingress";
import { subnetPrefix } from "../../policy/rules/subnet-prefix";
import { subnetPrivateCidr } from "../../policy/rules/subnet-private-cidr";
import { UNKNOWN_STRING, validateResource, violations, type TestResource } from "./support/harness";

function group(rules: unknown[], name = "web-sg"): TestResource {
  return { type: "SecurityGroup", name, props: { name, rules } };
}
function subnet(props: Record<string, unknown>): TestResource {
  return { type: "Subnet", name: "app", props: { name: "app", ...props } };
}
const sshFromAnywhere = {
  direction: "ingress",
  protocol: "tcp",
  portRange: "22:22",
  remoteIpPrefix: "0.0.0.0/0",
};
const image: TestResource = {
  type: "raw:pulumi:providers:pulumi-nodejs",
  name: "default",
  props: {},
};

describe("vmcloud-allowed-zones", () => {
  const config = { allowedZones: ["ru.AZ-1", "ru.AZ-2"] };
  const vmIn = (zone: unknown): TestResource => ({
    type: "Vm",
    name: "web",
    props: { name: "web", availabilityZone: zone },
  });

  it("passes resources in allowed zones, or with no zone (the default zone)", async () => {
    expect(violations(await validateResource(allowedZones, vmIn("ru.AZ-2"), config))).toEqual([]);
    expect(violations(await validateResource(allowedZones, vmIn(undefined), config))).toEqual([]);
    expect(violations(await validateResource(allowedZones, vmIn(UNKNOWN_STRING), config))).toEqual(
      [],
    );
  });

  it("reports a resource in another zone", async () => {
    const disk: TestResource = {
      type: "Disk",
      name: "data",
      props: { name: "data", availabilityZone: "ru.AZ-3" },
    };
    expect(violations(await validateResource(allowedZones, disk, config))).toEqual([
      expect.stringContaining(
        'Disk "data": availability zone "ru.AZ-3" is not allowed. Fix: set availabilityZone to one of ru.AZ-1, ru.AZ-2',
      ),
    ]);
  });

  it("is not applicable to other resources, nor without configured zones (the default)", async () => {
    expect((await validateResource(allowedZones, image, config)).kind).toBe("not-applicable");
    expect(await validateResource(allowedZones, vmIn("ru.AZ-3"))).toEqual({
      kind: "not-applicable",
      reason: "no allowedZones configured: every zone is allowed",
    });
  });

  it("follows allowedZones", async () => {
    expect(violations(await validateResource(allowedZones, vmIn("ru.AZ-3"), config))).toHaveLength(
      1,
    );
    expect(
      violations(
        await validateResource(allowedZones, vmIn("ru.AZ-3"), { allowedZones: ["ru.AZ-3"] }),
      ),
    ).toEqual([]);
  });
});

describe("vmcloud-security-group-open-ingress", () => {
  it("passes restricted ingress, open web ports, egress, ICMP and remote-group rules", async () => {
    const ok = group([
      {
        direction: "ingress",
        protocol: "tcp",
        portRange: "22:22",
        remoteIpPrefix: "203.0.113.0/24",
      },
      { direction: "ingress", protocol: "tcp", portRange: "443:443", remoteIpPrefix: "0.0.0.0/0" },
      { direction: "egress", protocol: "any", remoteIpPrefix: "0.0.0.0/0" },
      { direction: "ingress", protocol: "icmp", remoteIpPrefix: "0.0.0.0/0" },
      {
        direction: "ingress",
        protocol: "tcp",
        portRange: "5432:5432",
        remoteSecurityGroupId: "2b0f5c1e-0d7a-4c53-8d52-6a1b2c3d4e5f",
      },
    ]);
    expect(violations(await validateResource(securityGroupOpenIngress, ok))).toEqual([]);
  });

  it("reports SSH from 0.0.0.0/0, a port range over databases from ::/0, any port, and no remote", async () => {
    const open = group([
      sshFromAnywhere,
      {
        direction: "ingress",
        etherType: "IPv6",
        protocol: "tcp",
        portRange: "3000:6000",
        remoteIpPrefix: "::/0",
      },
      { direction: "ingress", protocol: "any", remoteIpPrefix: "0.0.0.0/0" },
      { direction: "ingress", protocol: "udp", portRange: "3389:3389" },
    ]);
    const messages = violations(await validateResource(securityGroupOpenIngress, open));
    expect(messages).toHaveLength(4);
    expect(messages[0]).toContain(
      'SecurityGroup "web-sg": rules[0] allows ingress from 0.0.0.0/0 to sensitive port(s) 22.',
    );
    expect(messages[1]).toContain(
      "rules[1] allows ingress from ::/0 to sensitive port(s) 3389, 3306, 5432, 5984",
    );
    expect(messages[2]).toContain(
      "rules[2] allows ingress from 0.0.0.0/0 to sensitive port(s) 22, 3389, 1433",
    );
    expect(messages[3]).toContain(
      "rules[3] allows ingress from any address to sensitive port(s) 3389.",
    );
  });

  it("checks SecurityGroupRule resources too", async () => {
    const rule: TestResource = {
      type: "SecurityGroupRule",
      name: "ssh",
      props: { ...sshFromAnywhere, securityGroupId: "2b0f5c1e-0d7a-4c53-8d52-6a1b2c3d4e5f" },
    };
    expect(violations(await validateResource(securityGroupOpenIngress, rule))).toEqual([
      expect.stringContaining('SecurityGroupRule "ssh": the rule allows ingress from 0.0.0.0/0'),
    ]);
  });

  it("is not applicable to VMs", async () => {
    const vm: TestResource = { type: "Vm", name: "web", props: { name: "web" } };
    expect((await validateResource(securityGroupOpenIngress, vm)).kind).toBe("not-applicable");
  });

  it("follows allowedPorts, allowedGroups and sensitivePorts", async () => {
    const open = group([sshFromAnywhere, { ...sshFromAnywhere, portRange: "8080:8080" }]);
    expect(violations(await validateResource(securityGroupOpenIngress, open))).toHaveLength(1);
    expect(
      violations(await validateResource(securityGroupOpenIngress, open, { allowedPorts: [22] })),
    ).toEqual([]);
    expect(
      violations(
        await validateResource(securityGroupOpenIngress, open, { allowedGroups: ["web-sg"] }),
      ),
    ).toEqual([]);
    const more = violations(
      await validateResource(securityGroupOpenIngress, open, { sensitivePorts: [22, 8080] }),
    );
    expect(more).toHaveLength(2);
  });

  it("skips rules whose remote or ports are unknown during preview", async () => {
    const pending = group([
      { ...sshFromAnywhere, remoteIpPrefix: UNKNOWN_STRING },
      { ...sshFromAnywhere, portRange: UNKNOWN_STRING },
    ]);
    expect(violations(await validateResource(securityGroupOpenIngress, pending))).toEqual([]);
  });
});

describe("vmcloud-subnet-private-cidr", () => {
  it("passes RFC 1918 networks, with the mask in the address or in prefixLength", async () => {
    expect(
      violations(await validateResource(subnetPrivateCidr, subnet({ address: "10.20.0.0/24" }))),
    ).toEqual([]);
    expect(
      violations(
        await validateResource(
          subnetPrivateCidr,
          subnet({ address: "192.168.4.0", prefixLength: 26 }),
        ),
      ),
    ).toEqual([]);
  });

  it("reports public space and networks that straddle a private range", async () => {
    expect(
      violations(await validateResource(subnetPrivateCidr, subnet({ address: "100.64.0.0/24" }))),
    ).toEqual([
      expect.stringContaining(
        'Subnet "app": 100.64.0.0/24 is outside the allowed private ranges 10.0.0.0/8, 172.16.0.0/12, 192.168.0.0/16',
      ),
    ]);
    expect(
      violations(
        await validateResource(
          subnetPrivateCidr,
          subnet({ address: "172.16.0.0", prefixLength: 11 }),
        ),
      ),
    ).toHaveLength(1);
  });

  it("is not applicable to disks", async () => {
    const disk: TestResource = { type: "Disk", name: "d", props: { name: "d", size: 1 } };
    expect((await validateResource(subnetPrivateCidr, disk)).kind).toBe("not-applicable");
  });

  it("follows allowedRanges", async () => {
    const config = { allowedRanges: ["10.0.0.0/8"] };
    expect(
      violations(
        await validateResource(subnetPrivateCidr, subnet({ address: "192.168.1.0/24" }), config),
      ),
    ).toHaveLength(1);
    expect(
      violations(
        await validateResource(subnetPrivateCidr, subnet({ address: "10.1.0.0/24" }), config),
      ),
    ).toEqual([]);
  });

  it("skips an address unknown during preview", async () => {
    expect(
      violations(await validateResource(subnetPrivateCidr, subnet({ address: UNKNOWN_STRING }))),
    ).toEqual([]);
  });
});

describe("vmcloud-subnet-prefix", () => {
  it("passes /16 to /28, and a bare address (the service's default /24)", async () => {
    expect(
      violations(await validateResource(subnetPrefix, subnet({ address: "10.0.0.0/16" }))),
    ).toEqual([]);
    expect(
      violations(await validateResource(subnetPrefix, subnet({ address: "10.0.0.0/28" }))),
    ).toEqual([]);
    expect(
      violations(await validateResource(subnetPrefix, subnet({ address: "10.0.0.0" }))),
    ).toEqual([]);
  });

  it("reports too large and too small subnets", async () => {
    expect(
      violations(await validateResource(subnetPrefix, subnet({ address: "10.0.0.0/8" }))),
    ).toEqual([
      expect.stringContaining('Subnet "app": prefix /8 is too large; allowed are /16 to /28'),
    ]);
    expect(
      violations(
        await validateResource(subnetPrefix, subnet({ address: "10.0.0.0", prefixLength: 29 })),
      ),
    ).toEqual([expect.stringContaining("prefix /29 is too small")]);
  });

  it("is not applicable to security groups", async () => {
    expect((await validateResource(subnetPrefix, group([]))).kind).toBe("not-applicable");
  });

  it("follows minPrefixLength and maxPrefixLength", async () => {
    const wide = subnet({ address: "10.0.0.0/12" });
    expect(violations(await validateResource(subnetPrefix, wide))).toHaveLength(1);
    expect(violations(await validateResource(subnetPrefix, wide, { minPrefixLength: 12 }))).toEqual(
      [],
    );
    const narrow = subnet({ address: "10.0.0.0/24" });
    expect(
      violations(await validateResource(subnetPrefix, narrow, { maxPrefixLength: 22 })),
    ).toHaveLength(1);
  });
});
