/**
 * Names the service requires to be unique: a subnet's and a disk's in their project and zone
 * (a VM's boot and new disks are disks too), a placement group's and an SNAT gateway's in
 * their project, an image's among the images its project sees; and the one default subnet of
 * a zone. The other holder of the name exists, or the program declares it.
 */
import type { CheckFailure } from "../framework/check-failures";
import type { Party } from "./parties";

/** The kinds whose names are unique, and where. */
export const UNIQUE_NAMES = {
  subnet: "its project and availability zone",
  disk: "its project and availability zone",
  "placement group": "its project",
  "SNAT gateway": "its project",
  image: "the images its project sees, the catalog's included",
} as const;

/** The boot disk's name when the program gives none: `<vm name>-boot`, cut to 64 characters. */
export function defaultBootDiskName(vmName: string): string {
  return `${vmName}-boot`.slice(0, 64);
}

/** A kind of {@link UNIQUE_NAMES}. */
export type UniquelyNamed = keyof typeof UNIQUE_NAMES;

/**
 * The failure of the name `name` (at `property`) of a `kind` that `holder` already has in
 * `where` (e.g. `availability zone ru.AZ-1`).
 */
export function nameTaken(
  property: string,
  kind: UniquelyNamed,
  name: string,
  where: string,
  holder: Party,
): CheckFailure {
  return {
    property,
    reason:
      `${holder.label} already has the name "${name}" in ${where} (a ${kind}'s name is unique in ${UNIQUE_NAMES[kind]}); ` +
      (holder.declared
        ? "give one of them another name"
        : "choose another name, or adopt it with `pulumi import`"),
  };
}

/**
 * The failure of `isDefault` when `holder` is (or will be) the default subnet of zone
 * `zoneName` already: a zone has one default subnet.
 */
export function defaultTaken(zoneName: string, holder: Party): CheckFailure {
  return {
    property: "isDefault",
    reason:
      `${holder.label} is already the default subnet of availability zone ${zoneName}, and a zone has one; ` +
      (holder.declared
        ? "set isDefault on one of them only"
        : "create this subnet with isDefault false, then set isDefault true in a later update to move the flag here"),
  };
}
