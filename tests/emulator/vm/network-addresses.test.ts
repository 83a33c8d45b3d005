/**
 * The address book of subnets (`allocateAddress`/`releaseAddress`, used by the compute slice
 * for VM interfaces) and the shared CIDR and port-range helpers.
 */
import { describe, expect, it } from "vitest";
import {
  cidrHostBits,
  formatIpv6,
  isCidrOf,
  parseIpv6,
  parsePortRange,
  resolveSubnetAddress,
} from "../../../api/vm/cidr";
import { ServiceError } from "../../../emulator/core/service-error";
import type { Clock } from "../../../emulator/core/service-module";
import { vmFixtures } from "../../../emulator/vm/fixtures";
import { allocateAddress, createSubnet, releaseAddress } from "../../../emulator/vm/models/subnets";
import type { SubnetRecord, VmState } from "../../../emulator/vm/records";

const clock: Clock = { now: () => Date.parse("2026-01-01T00:00:00Z"), delay: (ms) => ms };

function tinySubnet(state: VmState): SubnetRecord {
  const projectId = Object.values(state.projects).find((p) => p.accessible)!.id;
  return createSubnet(state, clock, {
    name: "tiny",
    project_id: projectId,
    subnet_address: "192.168.7.0/29",
    description: "",
    routed_network: true,
    default: false,
  });
}

function failure(run: () => unknown): ServiceError {
  try {
    run();
  } catch (error) {
    if (error instanceof ServiceError) return error;
    throw error;
  }
  throw new Error("expected a ServiceError");
}

describe("subnet addresses", () => {
  it("hands out the lowest free host address after the gateway, then requested ones", () => {
    const state = vmFixtures(clock);
    const subnet = tinySubnet(state);
    expect(subnet.default_gateway).toBe("192.168.7.1");
    expect(allocateAddress(state, subnet)).toBe("192.168.7.2");
    expect(allocateAddress(state, subnet, "192.168.7.5")).toBe("192.168.7.5");
    expect(allocateAddress(state, subnet)).toBe("192.168.7.3");
    expect(subnet.used_ips).toEqual(["192.168.7.1", "192.168.7.2", "192.168.7.5", "192.168.7.3"]);
  });

  it("refuses addresses outside the subnet, taken ones, and a full subnet", () => {
    const state = vmFixtures(clock);
    const subnet = tinySubnet(state);
    for (const outside of ["192.168.8.2", "192.168.7.0", "192.168.7.7", "not-an-ip"]) {
      const error = failure(() => allocateAddress(state, subnet, outside));
      expect([error.status, error.code, error.field]).toEqual([
        422,
        "ip_address_not_in_subnet",
        "ip_address",
      ]);
    }
    expect(failure(() => allocateAddress(state, subnet, "192.168.7.1")).code).toBe(
      "ip_address_unavailable",
    );
    // A /29 has six hosts; the gateway takes one.
    for (let i = 0; i < 5; i++) allocateAddress(state, subnet);
    const full = failure(() => allocateAddress(state, subnet));
    expect([full.status, full.code]).toEqual([422, "no_free_ip_address"]);
  });

  it("takes released addresses back but never the gateway", () => {
    const state = vmFixtures(clock);
    const subnet = tinySubnet(state);
    const ip = allocateAddress(state, subnet);
    releaseAddress(state, subnet, ip);
    releaseAddress(state, subnet, subnet.default_gateway);
    expect(subnet.used_ips).toEqual(["192.168.7.1"]);
    expect(allocateAddress(state, subnet, ip)).toBe(ip);
  });
});

describe("CIDR helpers", () => {
  it("combines subnet_address and prefix_length", () => {
    expect(resolveSubnetAddress("10.1.0.0/24")).toMatchObject({ ok: true, cidr: "10.1.0.0/24" });
    expect(resolveSubnetAddress("10.1.0.0", 20)).toMatchObject({ ok: true, cidr: "10.1.0.0/20" });
    expect(resolveSubnetAddress("10.1.0.0")).toMatchObject({ ok: true, cidr: "10.1.0.0/24" });
    expect(resolveSubnetAddress("10.1.0.0/24", 24)).toMatchObject({ ok: true });
    expect(resolveSubnetAddress("10.1.0.0/24", 23)).toMatchObject({
      ok: false,
      code: "invalid_mask_length",
      field: "prefix_length",
    });
    expect(resolveSubnetAddress("172.31.255.248/29")).toMatchObject({ ok: true });
    expect(resolveSubnetAddress("172.15.0.0/16")).toMatchObject({
      ok: false,
      code: "not_private_network",
    });
    expect(resolveSubnetAddress("192.168.0.0/15")).toMatchObject({
      ok: false,
      code: "not_private_network",
    });
    expect(resolveSubnetAddress("10.1.0.1/24")).toMatchObject({
      ok: false,
      code: "invalid_base_address",
    });
    expect(resolveSubnetAddress("10.1.0.0/30")).toMatchObject({
      ok: false,
      code: "invalid_mask_length",
    });
    expect(resolveSubnetAddress("10.01.0.0/24")).toMatchObject({
      ok: false,
      code: "validation_error",
    });
  });

  it("parses port ranges", () => {
    expect(parsePortRange("any")).toEqual({ any: true });
    expect(parsePortRange("1:65535")).toEqual({ any: false, from: 1, to: 65535 });
    expect(parsePortRange("22:22")).toEqual({ any: false, from: 22, to: 22 });
    for (const bad of ["22", "0:1", "2:1", "1:65536", "a:b", "1-2", ":1"])
      expect(parsePortRange(bad)).toHaveProperty("error");
  });

  it("holds every CIDR to one rule, host bits clear, and gives the network and the one host", () => {
    expect(cidrHostBits("203.0.113.5/24", "IPv4")).toEqual({
      network: "203.0.113.0/24",
      host: "203.0.113.5/32",
    });
    expect(cidrHostBits("2001:db8::1/32", "IPv6")).toEqual({
      network: "2001:db8::/32",
      host: "2001:db8::1/128",
    });
    for (const fine of ["0.0.0.0/0", "203.0.113.0/24", "203.0.113.5/32", "10.0.0.0/8"])
      expect(cidrHostBits(fine, "IPv4"), fine).toBeUndefined();
    for (const fine of ["::/0", "2001:db8::/32", "2001:db8::1/128", "fe80::/10"])
      expect(cidrHostBits(fine, "IPv6"), fine).toBeUndefined();
    // Not a CIDR of that type: isCidrOf's question, not this one.
    expect(cidrHostBits("10.0.0.1/24", "IPv6")).toBeUndefined();
    // A subnet's address and a rule's prefix say the same of the same mistake.
    const subnet = resolveSubnetAddress("10.1.0.5/24");
    expect(subnet).toMatchObject({ ok: false, code: "invalid_base_address" });
    expect((subnet as { message: string }).message).toBe(
      "10.1.0.5/24 has host bits set: the base address must be the network address, e.g. 10.1.0.0/24",
    );
  });

  it("formats IPv6 addresses with the longest run of zero groups as ::", () => {
    for (const text of [
      "::",
      "::1",
      "2001:db8::",
      "2001:db8::1",
      "1:0:0:2::3",
      "1:2:3:4:5:6:7:8",
      "fe80::",
    ])
      expect(formatIpv6(parseIpv6(text)!), text).toBe(text);
    expect(formatIpv6(parseIpv6("2001:0db8:0:0:1:0:0:1")!)).toBe("2001:db8::1:0:0:1");
    expect(formatIpv6(parseIpv6("1:0:2:3:4:5:6:7")!)).toBe("1:0:2:3:4:5:6:7");
  });

  it("parses IPv6 addresses and tells CIDRs of each ether type apart", () => {
    expect(parseIpv6("::")).toBe(0n);
    expect(parseIpv6("::1")).toBe(1n);
    expect(parseIpv6("2001:db8::1")).toBe((0x2001n << 112n) | (0xdb8n << 96n) | 1n);
    expect(parseIpv6("::ffff:10.0.0.1")).toBe((0xffffn << 32n) | 0x0a000001n);
    expect(parseIpv6("1:2:3:4:5:6:7:8")).toBe(0x00010002000300040005000600070008n);
    for (const bad of ["1::2::3", "1:2:3:4:5:6:7:8:9", "12345::", "1:2:3:4:5:6:7", "g::"])
      expect(parseIpv6(bad)).toBeUndefined();
    expect(isCidrOf("0.0.0.0/0", "IPv4")).toBe(true);
    expect(isCidrOf("::/0", "IPv6")).toBe(true);
    expect(isCidrOf("::/0", "IPv4")).toBe(false);
    expect(isCidrOf("10.0.0.0/8", "IPv6")).toBe(false);
    expect(isCidrOf("2001:db8::/129", "IPv6")).toBe(false);
  });
});
