/**
 * A fixed private address (of a VM's interface or a `NetworkInterface`): a host address of its
 * subnet, not the subnet's gateway, and not the address of another interface in the same
 * subnet. The subnet is
 * one the service shows or one the program declares (its range from its inputs).
 */
import {
  formatIpv4,
  hostRange,
  isHostOf,
  parseIpv4,
  parseIpv4Cidr,
  resolveSubnetAddress,
  type Ipv4Network,
} from "../../api/vm/cidr";
import type { CheckFailure } from "../framework/check-failures";
import type { Party } from "./parties";

/** A subnet as the address rules see it. */
export interface SubnetRange extends Party {
  /** Its range, e.g. `10.1.0.0/24`. */
  readonly cidr: string;
  /** Its gateway's address. */
  readonly gateway: string;
}

/**
 * The range and gateway a subnet's inputs ask for (`address` with or without a mask, else
 * `prefixLength`; the gateway is the first host unless `defaultGateway` says otherwise), or
 * undefined when they are not known or not a range.
 */
export function declaredRange(inputs: {
  address?: unknown;
  prefixLength?: unknown;
  defaultGateway?: unknown;
}): { cidr: string; gateway: string } | undefined {
  if (typeof inputs.address !== "string") return undefined;
  if (inputs.prefixLength !== undefined && typeof inputs.prefixLength !== "number")
    return undefined;
  const resolved = resolveSubnetAddress(inputs.address, inputs.prefixLength);
  if (!resolved.ok) return undefined;
  const gateway =
    typeof inputs.defaultGateway === "string"
      ? inputs.defaultGateway
      : formatIpv4(hostRange(resolved.network).first);
  return { cidr: resolved.cidr, gateway };
}

/** The failure of `ipAddress` (at `property`) in `subnet`: outside its hosts, or its gateway. */
export function addressOutsideSubnet(
  property: string,
  subnet: SubnetRange,
  ipAddress: string,
): CheckFailure | undefined {
  const network = parseIpv4Cidr(subnet.cidr);
  const address = parseIpv4(ipAddress);
  if (network === undefined || address === undefined) return undefined;
  if (!isHostOf(network, address)) {
    return {
      property,
      reason: `${ipAddress} is not a host address of ${subnet.label} (${subnet.cidr}); use one ${freeHosts(network, subnet.gateway)}, or leave ipAddress out for the next free one`,
    };
  }
  if (ipAddress === subnet.gateway) {
    return {
      property,
      reason: `${ipAddress} is the gateway of ${subnet.label}; use another host address ${freeHosts(network, subnet.gateway)}, or leave ipAddress out`,
    };
  }
  return undefined;
}

/**
 * The host addresses an interface may take in `network`, in words: its hosts but the gateway,
 * so that every address the advice names is one {@link addressOutsideSubnet} accepts.
 */
export function freeHosts(network: Ipv4Network, gatewayText: string): string {
  const { first, last } = hostRange(network);
  const gateway = parseIpv4(gatewayText);
  if (gateway === first && last > first)
    return `from ${formatIpv4(first + 1)} to ${formatIpv4(last)}`;
  if (gateway === last && last > first)
    return `from ${formatIpv4(first)} to ${formatIpv4(last - 1)}`;
  if (gateway !== undefined && gateway > first && gateway < last) {
    return `from ${formatIpv4(first)} to ${formatIpv4(last)} but ${gatewayText} (the gateway)`;
  }
  return `from ${formatIpv4(first)} to ${formatIpv4(last)}`;
}

/**
 * The failure of `ipAddress` (at `property`) that `holder` already asks for (at `where`, e.g.
 * `interfaces[0]`) in the same subnet: the service gives each address to one interface.
 */
export function addressTaken(
  property: string,
  ipAddress: string,
  subnet: Party,
  holder: Party,
  where: string,
): CheckFailure {
  return {
    property,
    reason:
      `${ipAddress} is also the fixed address of ${holder.label} (${where}) in ${subnet.label}; ` +
      "an address of a subnet goes to one interface: choose another address for one of them, or leave ipAddress out for the next free one",
  };
}

/**
 * The failure of `ipAddress` (at `property`) that an interface the service shows (`holder`)
 * already has in `subnet`.
 */
export function addressInUse(
  property: string,
  ipAddress: string,
  subnet: Party,
  holder: Party,
): CheckFailure {
  return {
    property,
    reason:
      `${ipAddress} is already the address of ${holder.label} in ${subnet.label}, and an address of a subnet goes to ` +
      "one interface: choose another address, leave ipAddress out for the next free one, or adopt that interface with `pulumi import`",
  };
}
