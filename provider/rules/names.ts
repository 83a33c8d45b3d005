/**
 * Names the service requires to be unique: a subnet's and a disk's in their project and zone
 * (a VM's boot and new disks are disks too), a VM's, a security group's, a network interface's,
 * an external IP's, a placement group's and an SNAT gateway's in their project (whatever the
 * zone), an image's among the images its project sees; and the one default subnet of a zone.
 * The other holder of the name exists, or the program declares it.
 */
import type { UniqueInProject } from "../../api/vm/projects";
import type { CheckFailure } from "../framework/check-failures";
import type { Party } from "./parties";
import { setInput } from "./fix-words";

/** The kinds whose names are unique, and where. */
export const UNIQUE_NAMES = {
  subnet: "its project and availability zone",
  disk: "its project and availability zone",
  VM: "its project",
  "security group": "its project",
  "network interface": "its project",
  "external IP": "its project",
  "placement group": "its project",
  "SNAT gateway": "its project",
  image: "the images its project sees, the catalog's included",
} as const;

/**
 * The resource classes whose `name` is unique in their project, whatever the zone: the kind
 * messages call them, and the kind `validate_name` checks (none for placement groups, which
 * it does not know). One table for the provider's checks and the program rules; the service's
 * side is `UNIQUE_IN_PROJECT` (api/vm/projects.ts). A `Vm` and a `FreeTierVm` are both VMs.
 */
export const UNIQUE_IN_PROJECT_TYPES = {
  Vm: { kind: "VM", entityType: "vm" },
  FreeTierVm: { kind: "VM", entityType: "vm" },
  SecurityGroup: { kind: "security group", entityType: "security_group" },
  NetworkInterface: { kind: "network interface", entityType: "interface" },
  ExternalIp: { kind: "external IP", entityType: "floating_ip" },
  NatGateway: { kind: "SNAT gateway", entityType: "nat_gateway" },
  PlacementGroup: { kind: "placement group", entityType: undefined },
} as const satisfies Record<
  string,
  { kind: UniquelyNamed; entityType: UniqueInProject | undefined }
>;

/** A class of {@link UNIQUE_IN_PROJECT_TYPES}. */
export type UniqueInProjectType = keyof typeof UNIQUE_IN_PROJECT_TYPES;

/** The entry of {@link UNIQUE_IN_PROJECT_TYPES} for `typeName`, if its names are unique so. */
export function uniqueInProject(
  typeName: string,
): (typeof UNIQUE_IN_PROJECT_TYPES)[UniqueInProjectType] | undefined {
  return Object.hasOwn(UNIQUE_IN_PROJECT_TYPES, typeName)
    ? UNIQUE_IN_PROJECT_TYPES[typeName as UniqueInProjectType]
    : undefined;
}

/** The boot disk's name when the program gives none: `<vm name>-boot`, cut to 64 characters. */
export function defaultBootDiskName(vmName: string): string {
  return `${vmName}-boot`.slice(0, 64);
}

/** A kind of {@link UNIQUE_NAMES}. */
export type UniquelyNamed = keyof typeof UNIQUE_NAMES;

/**
 * The failure of the name `name` (at `property`) of a `kind` that `holder` already has in
 * `where` (e.g. `availability zone ru.AZ-1`). `adopt`: the holder, when the resource can adopt
 * it with `adoptId`.
 */
export function nameTaken(
  property: string,
  kind: UniquelyNamed,
  name: string,
  where: string,
  holder: Party,
  adopt?: { id: string },
): CheckFailure {
  return {
    property,
    reason:
      `${holder.label} already has the name "${name}" in ${where} (${/^[aeiu]/.test(kind) ? "an" : "a"} ${kind}'s name is unique in ${UNIQUE_NAMES[kind]}); ` +
      (holder.declared
        ? "give one of them another name"
        : adopt === undefined
          ? "choose another name, or adopt it with `pulumi import`"
          : `choose another name, or adopt it: ${setInput("adoptId", adopt.id)} (or run \`pulumi import\`)`),
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
