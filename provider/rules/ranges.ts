/**
 * Subnet ranges: one virtual network spans every zone of a project, and no two of its subnets
 * may overlap, whether the other one exists or the same program declares it.
 */
import { formatIpv4Cidr, overlapsIpv4, parseIpv4Cidr } from "../../api/vm/cidr";
import type { CheckFailure } from "../framework/check-failures";
import type { Party } from "./parties";

/** Another subnet, as the overlap rule sees it. */
export interface OtherRange extends Party {
  /** Its range, e.g. `10.1.0.0/24`. */
  readonly cidr: string;
  /** Its zone's name, when known. */
  readonly zoneName?: string | undefined;
}

/** The failure of the range `cidr` (at `property`) when it overlaps `other`'s; else undefined. */
export function rangeOverlap(
  property: string,
  cidr: string,
  other: OtherRange,
): CheckFailure | undefined {
  const mine = parseIpv4Cidr(cidr);
  const theirs = parseIpv4Cidr(other.cidr);
  if (mine === undefined || theirs === undefined || !overlapsIpv4(mine, theirs)) return undefined;
  const where = other.zoneName === undefined ? "" : `, in ${other.zoneName}`;
  return {
    property,
    reason:
      `${formatIpv4Cidr(mine)} overlaps ${other.label} (${other.cidr}${where}) of the project's virtual network ` +
      `(subnets of every zone count); choose a free range${other.declared ? " for one of them" : ""}`,
  };
}
