/**
 * "In one availability zone": the rule between a VM and the subnets, security groups, external
 * IPs and disks it uses, between a network interface and its subnet and security groups, between a disk and the VM it is attached to, and between a security
 * group rule's group and its remote group. The service refuses each of these across zones.
 */
import type { CheckFailure } from "../framework/check-failures";
import { sameZone, type Zoned } from "./parties";

/** The relations that need one zone: the rule, and the fix given both zones' names. */
export const ZONE_RELATIONS = {
  "interface-subnet": {
    rule: "an interface's subnet must be in the VM's zone",
    fix: (other: string, subject: string) =>
      `set the VM's availabilityZone to ${other}, or use a subnet of ${subject}`,
  },
  "interface-security-group": {
    rule: "an interface's security group must be in the VM's zone",
    fix: (other: string, subject: string) =>
      `set the VM's availabilityZone to ${other}, or use a security group of ${subject}`,
  },
  "interface-external-ip": {
    rule: "a VM takes only external IPs of its own zone",
    fix: (other: string, subject: string) =>
      `set the VM's availabilityZone to ${other}, or use an external IP of ${subject}`,
  },
  "nic-subnet": {
    rule: "a network interface's subnet must be in the interface's zone",
    fix: (other: string, subject: string) =>
      `set the interface's availabilityZone to ${other}, or use a subnet of ${subject}`,
  },
  "nic-security-group": {
    rule: "a network interface's security group must be in the interface's zone",
    fix: (other: string, subject: string) =>
      `set the interface's availabilityZone to ${other}, or use a security group of ${subject}`,
  },
  "interface-kept": {
    rule: "a VM takes only network interfaces of its own zone",
    fix: (other: string, subject: string) =>
      `set the VM's availabilityZone to ${other}, or use a network interface of ${subject}`,
  },
  "vm-disk": {
    rule: "a VM's disks must be in the VM's zone",
    fix: (other: string, subject: string) =>
      `set the VM's availabilityZone to ${other}, or use a disk of ${subject}`,
  },
  attachment: {
    rule: "a disk attaches only to a VM of its zone",
    fix: () => "put the disk and the VM in one zone, or attach the disk to a VM of its zone",
  },
  "remote-group": {
    rule: "a rule's remote group must be in its own group's zone",
    fix: (other: string, subject: string) =>
      `use a remote group of ${subject}, or put both groups in ${other}`,
  },
} as const;

/** A relation of {@link ZONE_RELATIONS}. */
export type ZoneRelation = keyof typeof ZONE_RELATIONS;

/**
 * The failure on `property` when `other` (what the property refers to) is not in the zone of
 * `subject` (the side it must share a zone with); undefined when they share one or that cannot
 * be told. `choices`, when given, lists what would do (e.g. the subnets of the subject's zone).
 */
export function zoneMismatch(
  property: string,
  relation: ZoneRelation,
  subject: Zoned,
  other: Zoned,
  choices?: string,
): CheckFailure | undefined {
  if (sameZone(subject.zone, other.zone) !== false) return undefined;
  const { rule, fix } = ZONE_RELATIONS[relation];
  return {
    property,
    reason:
      `${other.label} is in availability zone ${other.zone.name} and ${subject.label} in ` +
      `${subject.zone.name}; ${rule}: ${fix(other.zone.name, subject.zone.name)}` +
      (choices === undefined ? "" : `: ${choices}`),
  };
}
