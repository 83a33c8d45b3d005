/**
 * An `anti-affinity` placement group puts each of its VMs on its own host, so a zone holds as
 * many of its VMs as it has hosts (the group's `max_vm_count` there). VMs already in the group
 * and the program's new VMs that ask for it count together.
 */
import type { CheckFailure } from "../framework/check-failures";
import type { Party, ZoneRef } from "./parties";
import { listed } from "./quota";

/** What a group can hold in one zone. */
export interface GroupRoom {
  /** The group. */
  readonly group: Party;
  /** Its policy: only `anti-affinity` refuses VMs beyond the hosts. */
  readonly policy: string;
  /** How many of its VMs the zone can hold (one per host). */
  readonly max: number;
  /** How many are there now. */
  readonly inUse: number;
}

/**
 * The failure of `placementGroup` when the VM judged, after `others` (the program's other new
 * VMs that ask for the same group and zone), would be one too many; else undefined.
 */
export function placementOverCapacity(
  room: GroupRoom,
  zone: ZoneRef,
  others: readonly Party[],
): CheckFailure | undefined {
  if (room.policy !== "anti-affinity") return undefined;
  const total = room.inUse + others.length + 1;
  if (total <= room.max) return undefined;
  const program = listed([...others.map((p) => p.label), "this VM"]);
  return {
    property: "placementGroup",
    reason:
      `${room.group.label} (anti-affinity) holds at most ${room.max} VMs in availability zone ${zone.name}, one per host; ` +
      `${room.inUse} ${room.inUse === 1 ? "is" : "are"} there and ${program} would make ${total}: ${total - room.max} too many. ` +
      "Use a soft-anti-affinity group, another zone or group, or fewer VMs",
  };
}
