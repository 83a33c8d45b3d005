/**
 * A zone of a project's virtual network has at most one SNAT gateway: it serves every routed
 * subnet of the network in that zone, and a subnet is served by one gateway. The gateway that
 * holds the zone exists, or the program declares it.
 */
import type { CheckFailure } from "../framework/check-failures";
import type { Party } from "./parties";

/**
 * The failure of a new gateway's `availabilityZone` when `holder` already serves zone
 * `zoneName` (of the same virtual network).
 */
export function natGatewayZoneTaken(zoneName: string, holder: Party): CheckFailure {
  return {
    property: "availabilityZone",
    reason:
      `${holder.label} already serves availability zone ${zoneName}, and a zone of a virtual network has one SNAT ` +
      "gateway (it serves every routed subnet of the zone); " +
      (holder.declared
        ? "keep one NatGateway per zone"
        : "keep using that gateway (adopt it with `pulumi import`), delete it first, or choose another zone"),
  };
}
