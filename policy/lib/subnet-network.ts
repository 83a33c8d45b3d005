/** The network a `Subnet`'s `address` and `prefixLength` give, read the way the service reads them. */
import {
  DEFAULT_SUBNET_PREFIX,
  parseIpv4,
  parseIpv4Cidr,
  type Ipv4Network,
} from "../../api/vm/cidr";
import type { Props } from "./values";

/**
 * `address` may carry the mask (`10.1.0.0/24`) or not, in which case `prefixLength` or the
 * service's default /24 gives it. Undefined while unknown or malformed (the provider's check
 * rejects malformed addresses).
 */
export function subnetNetwork(props: Props): Ipv4Network | undefined {
  const address = props["address"];
  if (typeof address !== "string") return undefined;
  if (address.includes("/")) return parseIpv4Cidr(address);
  const base = parseIpv4(address);
  const prefixLength = props["prefixLength"];
  if (base === undefined) return undefined;
  if (prefixLength === undefined || prefixLength === null)
    return { base, prefix: DEFAULT_SUBNET_PREFIX };
  return typeof prefixLength === "number" ? { base, prefix: prefixLength } : undefined;
}
