// Every range or value an error suggests is one the same check accepts: the host addresses a
// fixed IP is told to take (never the subnet's gateway), the gateway a subnet is told to take,
// and a subnet's mask. Each suggestion is read back out of the message and given to the check
// that wrote it.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { formatIpv4, parseIpv4, type Ipv4Network } from "../../api/vm/cidr";
import { checkInputs } from "../../provider/resources/framework/check-inputs";
import { SubnetInputs } from "../../provider/resources/inputs/subnet";
import { addressOutsideSubnet, type SubnetRange } from "../../provider/rules/addresses";

/** The addresses a suggestion `from A to B[ but G (the gateway)]` names: A, B and their neighbours inside. */
function suggested(reason: string): { named: string[]; except: string | undefined } {
  const match =
    /from (\d+\.\d+\.\d+\.\d+) to (\d+\.\d+\.\d+\.\d+)(?: but (\d+\.\d+\.\d+\.\d+))?/.exec(reason);
  if (match === null) throw new Error(`no range suggested in: ${reason}`);
  const [from, to] = [parseIpv4(match[1]!)!, parseIpv4(match[2]!)!];
  const inside = [from, to, from + 1, to - 1].filter((a) => a >= from && a <= to);
  return {
    named: [...new Set(inside)].map(formatIpv4).filter((a) => a !== match[3]),
    except: match[3],
  };
}

/** A subnet of `prefix` bits at `base`, with its gateway at host `gatewayAt` (0: the first). */
function subnetOf(base: number, prefix: number, gatewayAt: number): SubnetRange {
  const size = 2 ** (32 - prefix);
  const start = Math.floor(base / size) * size;
  const network: Ipv4Network = { base: start, prefix };
  const hosts = size - 2;
  const gateway = formatIpv4(start + 1 + (gatewayAt % hosts));
  return {
    kind: "program",
    typeName: "Subnet",
    name: "app",
    label: 'Subnet "app"',
    cidr: `${formatIpv4(network.base)}/${prefix}`,
    gateway,
  } as unknown as SubnetRange;
}

describe("a fixed IP's suggested range", () => {
  it("names only host addresses the same check accepts, the gateway never, wherever it sits", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0x0a000000, max: 0x0affffff }),
        fc.integer({ min: 8, max: 29 }),
        fc.nat(),
        fc.integer({ min: 0, max: 0xffffffff }),
        (base, prefix, gatewayAt, outside) => {
          const subnet = subnetOf(base, prefix, gatewayAt);
          // An address outside the subnet, and the gateway itself: both refused, with a range.
          const candidates = [formatIpv4(outside), subnet.gateway];
          for (const address of candidates) {
            const failure = addressOutsideSubnet("ipAddress", subnet, address);
            if (failure === undefined) continue;
            const { named, except } = suggested(failure.reason);
            expect(named.length).toBeGreaterThan(0);
            for (const ip of named) {
              expect(addressOutsideSubnet("ipAddress", subnet, ip), `${ip} in ${subnet.cidr}`).toBe(
                undefined,
              );
            }
            if (except !== undefined) expect(except).toBe(subnet.gateway);
            expect(named).not.toContain(subnet.gateway);
          }
        },
      ),
      { numRuns: 300 },
    );
  });

  it("leaves the default gateway (the first host) out: 10.65.0.1 is not suggested", () => {
    const subnet = subnetOf(0x0a410000, 24, 0);
    const failure = addressOutsideSubnet("ipAddress", subnet, "10.66.0.9");
    expect(failure?.reason).toContain("use one from 10.65.0.2 to 10.65.0.254");
    expect(addressOutsideSubnet("ipAddress", subnet, "10.65.0.2")).toBeUndefined();
  });
});

describe("a subnet's suggested gateway", () => {
  it("is a host address of the subnet, which the same check accepts", () => {
    const inputs = { name: "app", address: "10.65.0.0/24", defaultGateway: "10.66.0.1" };
    const { failures } = checkInputs(SubnetInputs, inputs, {});
    expect(failures).toHaveLength(1);
    const { named } = suggested(failures[0]!.reason);
    for (const gateway of named) {
      expect(
        checkInputs(SubnetInputs, { ...inputs, defaultGateway: gateway }, {}).failures,
      ).toEqual([]);
    }
  });

  it("and a mask out of bounds is told the masks the same check accepts", () => {
    const { failures } = checkInputs(SubnetInputs, { name: "app", address: "10.65.0.0/30" }, {});
    expect(failures).toHaveLength(1);
    const [, low, high] = /from \/(\d+) to \/(\d+)/.exec(failures[0]!.reason) ?? [];
    expect(low).toBeDefined();
    for (const mask of [Number(low), Number(high)]) {
      expect(
        checkInputs(SubnetInputs, { name: "app", address: `10.0.0.0/${mask}` }, {}).failures,
      ).toEqual([]);
    }
  });
});
