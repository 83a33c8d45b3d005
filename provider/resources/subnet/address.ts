/**
 * A subnet's address can be written `10.1.0.0/24`, or `10.1.0.0` with `prefixLength: 24`, or
 * `10.1.0.0` alone (mask /24). The service answers the CIDR, so inputs are brought to the CIDR
 * plus its prefix length before they are compared.
 */
import { resolveSubnetAddress } from "../../../api/vm/cidr";
import { isUnknown } from "../../framework/unknowns";

/** `inputs` with `address` as a CIDR and `prefixLength` as its mask, when both are known and valid. */
export function normalizeSubnetAddress(inputs: Record<string, unknown>): Record<string, unknown> {
  const { address, prefixLength } = inputs;
  if (typeof address !== "string" || isUnknown(address)) return inputs;
  if (prefixLength !== undefined && typeof prefixLength !== "number") return inputs;
  const resolved = resolveSubnetAddress(address, prefixLength);
  if (!resolved.ok) return inputs;
  return { ...inputs, address: resolved.cidr, prefixLength: resolved.network.prefix };
}
