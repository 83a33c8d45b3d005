/**
 * The rules between a resource and the resources its inputs refer to (by id): a VM and the
 * subnets, security groups, external IPs and disks it uses share its zone, and a fixed address
 * lies in its subnet; so do a network interface and its subnet and security groups; a disk and the VM it is attached to share a zone; a rule's remote group
 * shares its group's zone. What each input refers to is either an object the service shows
 * (its id known) or a resource of the same program (its id not known before it is made, but
 * its inputs are: the facts a reference carries, {@link REFERENCE_FACTS}).
 */
import type { CheckFailure } from "../framework/check-failures";
import { isUnknown, valueAt } from "../framework/unknowns";
import { addressOutsideSubnet, declaredRange, type SubnetRange } from "./addresses";
import { itself, programResource, type Zoned, type ZoneRef } from "./parties";
import { zoneMismatch, type ZoneRelation } from "./zones";

/** The kinds an input can refer to by id. */
export type ReferredKind =
  "Subnet" | "SecurityGroup" | "ExternalIp" | "Disk" | "Vm" | "PlacementGroup" | "NetworkInterface";

/**
 * The inputs of each kind that a reference to a resource of it carries: what the rules judge
 * the reference by (never a secret).
 */
export const REFERENCE_FACTS: Readonly<Record<string, readonly string[]>> = {
  Disk: ["name", "availabilityZone"],
  Vm: ["name", "availabilityZone"],
  FreeTierVm: ["name", "availabilityZone"],
  Subnet: ["name", "availabilityZone", "address", "prefixLength", "defaultGateway"],
  SecurityGroup: ["name", "availabilityZone"],
  ExternalIp: ["name", "availabilityZone"],
  PlacementGroup: ["name", "policy"],
  NatGateway: ["name", "availabilityZone", "vpcId"],
  NetworkInterface: ["name", "availabilityZone", "subnet", "ipAddress"],
};

/** A resource of the program an input refers to: its class, Pulumi name and facts. */
export interface ProgramRef {
  readonly typeName: string;
  readonly name: string;
  readonly facts: Readonly<Record<string, unknown>>;
}

/** One side of a rule: the resource judged itself, or what its input at `path` refers to. */
export type Side = { readonly self: true } | { readonly path: string; readonly kind: ReferredKind };

/** One rule between a resource and what it refers to. */
export type ReferenceRule =
  | {
      readonly rule: "zone";
      readonly property: string;
      readonly relation: ZoneRelation;
      /** The side the other must share a zone with. */
      readonly subject: Side;
      readonly other: Side;
    }
  | {
      readonly rule: "address";
      readonly property: string;
      readonly ipAddress: string;
      readonly subnet: Side;
    };

/** A side as its caller found it: in a zone, and for a subnet its range. */
export type FoundSide = Zoned & { readonly range?: Omit<SubnetRange, "label" | "declared"> };

const SELF: Side = { self: true };

/** The string `value` when it is a known string. */
export function knownString(value: unknown): string | undefined {
  return typeof value === "string" && !isUnknown(value) ? value : undefined;
}

/** `value` as a list of records (unknown or absent: none). */
export function records(value: unknown): Array<Record<string, unknown>> {
  if (!Array.isArray(value)) return [];
  return value.map((item) =>
    item !== null && typeof item === "object" && !Array.isArray(item)
      ? (item as Record<string, unknown>)
      : {},
  );
}

/** The reference rules of a resource of `typeName` with `inputs`. */
export function referenceRules(
  typeName: string,
  inputs: Readonly<Record<string, unknown>>,
): ReferenceRule[] {
  const rules: ReferenceRule[] = [];
  const pair = (property: string, relation: ZoneRelation, subject: Side, other: Side) =>
    rules.push({ rule: "zone", property, relation, subject, other });
  const zone = (property: string, relation: ZoneRelation, kind: ReferredKind) =>
    pair(property, relation, SELF, { path: property, kind });
  switch (typeName) {
    case "Vm":
      records(inputs["interfaces"]).forEach((spec, i) => {
        const at = `interfaces[${i}]`;
        if (spec["directIp"] !== true) {
          zone(`${at}.subnet`, "interface-subnet", "Subnet");
          const ipAddress = knownString(spec["ipAddress"]);
          if (ipAddress !== undefined) {
            rules.push({
              rule: "address",
              property: `${at}.ipAddress`,
              ipAddress,
              subnet: { path: `${at}.subnet`, kind: "Subnet" },
            });
          }
        }
        (Array.isArray(spec["securityGroups"]) ? spec["securityGroups"] : []).forEach((_, j) =>
          zone(`${at}.securityGroups[${j}]`, "interface-security-group", "SecurityGroup"),
        );
        zone(`${at}.externalIpId`, "interface-external-ip", "ExternalIp");
        if (spec["interfaceId"] !== undefined) {
          zone(`${at}.interfaceId`, "interface-kept", "NetworkInterface");
        }
      });
      records(inputs["disks"]).forEach((_, i) => zone(`disks[${i}].diskId`, "vm-disk", "Disk"));
      break;
    case "NetworkInterface":
      zone("subnet", "nic-subnet", "Subnet");
      if (knownString(inputs["ipAddress"]) !== undefined) {
        rules.push({
          rule: "address",
          property: "ipAddress",
          ipAddress: knownString(inputs["ipAddress"])!,
          subnet: { path: "subnet", kind: "Subnet" },
        });
      }
      (Array.isArray(inputs["securityGroups"]) ? inputs["securityGroups"] : []).forEach((_, j) =>
        zone(`securityGroups[${j}]`, "nic-security-group", "SecurityGroup"),
      );
      break;
    case "DiskAttachment":
      pair("vmId", "attachment", { path: "vmId", kind: "Vm" }, { path: "diskId", kind: "Disk" });
      break;
    case "SecurityGroupRule":
      pair(
        "remoteSecurityGroupId",
        "remote-group",
        { path: "securityGroupId", kind: "SecurityGroup" },
        { path: "remoteSecurityGroupId", kind: "SecurityGroup" },
      );
      break;
    case "SecurityGroup":
      records(inputs["rules"]).forEach((_, i) =>
        zone(`rules[${i}].remoteSecurityGroupId`, "remote-group", "SecurityGroup"),
      );
      break;
  }
  return rules;
}

/**
 * The failures of the reference rules of a resource of `typeName` with `inputs`, judged when a
 * side they refer to is a resource of the program whose id is not known yet (in `refs`): the
 * objects the service shows are judged by each kind's own check, which also lists the valid
 * choices. `find` gives each side (undefined: not known, or nothing to judge).
 */
export async function referenceFailures(
  typeName: string,
  inputs: Readonly<Record<string, unknown>>,
  refs: Readonly<Record<string, ProgramRef>>,
  find: (side: Side) => FoundSide | undefined | Promise<FoundSide | undefined>,
): Promise<CheckFailure[]> {
  const declared = (side: Side) =>
    !("self" in side) &&
    refs[side.path] !== undefined &&
    isUnknown(valueAt(inputs, pathKeys(side.path)));
  const failures: CheckFailure[] = [];
  for (const rule of referenceRules(typeName, inputs)) {
    if (rule.rule === "zone") {
      if (!declared(rule.subject) && !declared(rule.other)) continue;
      const [subject, other] = await Promise.all([find(rule.subject), find(rule.other)]);
      if (subject === undefined || other === undefined) continue;
      const failure = zoneMismatch(rule.property, rule.relation, subject, other);
      if (failure !== undefined) failures.push(failure);
    } else {
      if (!declared(rule.subnet)) continue;
      const subnet = await find(rule.subnet);
      if (subnet?.range === undefined) continue;
      const failure = addressOutsideSubnet(
        rule.property,
        { ...subnet.range, label: subnet.label, declared: true },
        rule.ipAddress,
      );
      if (failure !== undefined) failures.push(failure);
    }
  }
  return failures;
}

/** How a resource's own messages call it, by class. */
const SELF_WORDS: Readonly<Record<string, string>> = {
  Vm: "the VM",
  SecurityGroup: "the group",
  NetworkInterface: "the interface",
};

/**
 * A side of a rule of the resource of `typeName` with `inputs` and `refs`, as the program
 * declares it: the resource itself in its zone, or the program's resource its input refers to
 * by an id not known yet, in the zone (and, a subnet, with the range) its facts give; undefined
 * for anything else (an object the service shows, or what is not known). `zone` resolves zone
 * inputs.
 */
export function declaredSide(
  side: Side,
  typeName: string,
  inputs: Readonly<Record<string, unknown>>,
  refs: Readonly<Record<string, ProgramRef>>,
  zone: (ref: unknown) => ZoneRef | undefined,
): FoundSide | undefined {
  if ("self" in side) {
    const own = zone(inputs["availabilityZone"]);
    return own === undefined ? undefined : { ...itself(SELF_WORDS[typeName] ?? "it"), zone: own };
  }
  const ref = refs[side.path];
  if (ref === undefined || !isUnknown(valueAt(inputs, pathKeys(side.path)))) return undefined;
  const where = zone(ref.facts["availabilityZone"]);
  if (where === undefined) return undefined;
  const range = ref.typeName === "Subnet" ? declaredRange(ref.facts) : undefined;
  return {
    ...programResource(ref.typeName, ref.name),
    zone: where,
    ...(range === undefined ? {} : { range }),
  };
}

/**
 * Every input of a resource of `typeName` with `inputs` that may refer to another resource by
 * its id, with the kind it refers to: what the policy pack resolves through the dependencies
 * the engine records (the SDK finds them by the outputs themselves).
 */
export function referencePaths(
  typeName: string,
  inputs: Readonly<Record<string, unknown>>,
): Array<{ path: string; kind: ReferredKind }> {
  const sides = referenceRules(typeName, inputs).flatMap((rule) =>
    rule.rule === "zone" ? [rule.subject, rule.other] : [rule.subnet],
  );
  const paths = sides.flatMap((side) => ("self" in side ? [] : [side]));
  if (typeName === "Vm") paths.push({ path: "placementGroup", kind: "PlacementGroup" });
  return paths.filter((p, i) => paths.findIndex((q) => q.path === p.path) === i);
}

/** The keys of a property path written `a.b[0].c` (the paths of {@link referenceRules}). */
export function pathKeys(path: string): PropertyKey[] {
  return [...path.matchAll(/([^.[\]]+)|\[(\d+)\]/g)].map((m) =>
    m[2] !== undefined ? Number(m[2]) : m[1]!,
  );
}
