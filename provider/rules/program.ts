/**
 * The rules between resources of one program that do not refer to each other: two subnets
 * whose ranges overlap, or that share a name or the default flag in a zone; two disks (a VM's
 * boot and new disks included) of one name in a zone; two resources of one kind whose names
 * are unique in the project (VMs, free-tier VMs included, security groups, network
 * interfaces, external IPs, placement groups, SNAT gateways) of one name; two interfaces (of
 * VMs or network interfaces) asking for one fixed address of a subnet; two SNAT gateways in
 * one zone of a network; more VMs in an anti-affinity group than its zone has hosts; a second
 * free-tier VM. Each resource is judged against the program's
 * resources declared before it, so a mistake fails on the second resource and names the first.
 * The provider's checks judge each resource as the engine checks it; the policy pack judges the
 * whole stack the same way.
 */
import type { CheckFailure } from "../framework/check-failures";
import { isUnknown } from "../framework/unknowns";
import { addressTaken, declaredRange } from "./addresses";
import { freeTierSlotTaken } from "./free-tier";
import { natGatewayZoneTaken } from "./nat-gateways";
import { defaultBootDiskName, defaultTaken, nameTaken, uniqueInProject } from "./names";
import { programResource, sameZone, serviceObject, type Party, type ZoneRef } from "./parties";
import { placementOverCapacity, type GroupRoom } from "./placement";
import { rangeOverlap } from "./ranges";
import { knownString, records, type ProgramRef } from "./references";

/** A resource of the program as the rules see it. */
export interface ProgramResource {
  /** Its class name, e.g. `Subnet`. */
  readonly typeName: string;
  /** Its Pulumi name. */
  readonly name: string;
  /** Its inputs (checked by its own rules); values not known yet are the engine's unknown. */
  readonly inputs: Readonly<Record<string, unknown>>;
  /** What its inputs refer to among the program's resources, by property path. */
  readonly refs: Readonly<Record<string, ProgramRef>>;
}

/** What the rules need besides the resources. */
export interface ProgramContext {
  /**
   * The zone a zone input names (a name or an id; undefined: the project's default zone), or
   * undefined when that is not known.
   */
  zone(ref: unknown): ZoneRef | undefined;
  /** For a VM judged: what its placement group can hold in its zone, when that is known. */
  readonly room?: GroupRoom | undefined;
}

/** A disk a resource makes: a `Disk`, or a VM's boot or new disk. */
interface MadeDisk {
  readonly property: string;
  readonly name: string;
  readonly zone: ZoneRef | undefined;
  readonly holder: Party;
}

/** A fixed address an interface asks for, and the subnet it names. */
interface FixedAddress {
  readonly property: string;
  readonly where: string;
  readonly ipAddress: string;
  readonly subnet: { key: string; party: Party };
}

/** The disks `r` makes, each with its name, zone and how messages call it. */
function madeDisks(r: ProgramResource, context: ProgramContext): MadeDisk[] {
  const self = programResource(r.typeName, r.name);
  const zone = context.zone(r.inputs["availabilityZone"]);
  if (r.typeName === "Disk") {
    const name = knownString(r.inputs["name"]);
    return name === undefined ? [] : [{ property: "name", name, zone, holder: self }];
  }
  if (r.typeName !== "Vm") return [];
  const disks: MadeDisk[] = [];
  const boot = r.inputs["bootDisk"];
  const bootName =
    boot !== null && typeof boot === "object"
      ? (boot as Record<string, unknown>)["name"]
      : undefined;
  const vmName = knownString(r.inputs["name"]);
  const name =
    bootName === undefined ? vmName && defaultBootDiskName(vmName) : knownString(bootName);
  if (name !== undefined) {
    disks.push({
      property: "bootDisk.name",
      name,
      zone,
      holder: { label: `the boot disk of ${self.label}`, declared: true },
    });
  }
  records(r.inputs["disks"]).forEach((spec, i) => {
    const diskName = knownString(spec["name"]);
    if (diskName !== undefined) {
      disks.push({
        property: `disks[${i}].name`,
        name: diskName,
        zone,
        holder: { label: `disks[${i}] of ${self.label}`, declared: true },
      });
    }
  });
  return disks;
}

/**
 * Which subnet an interface names: the same program resource, the same name or id, or the
 * zone's default subnet; undefined when not known.
 */
function subnetOf(
  r: ProgramResource,
  path: string,
  spec: Record<string, unknown>,
  context: ProgramContext,
): { key: string; party: Party } | undefined {
  const ref = r.refs[path];
  if (ref !== undefined) {
    return { key: `program:${ref.name}`, party: programResource(ref.typeName, ref.name) };
  }
  const subnet = spec["subnet"];
  if (isUnknown(subnet)) return undefined;
  const zone = context.zone(r.inputs["availabilityZone"]);
  if (zone === undefined) return undefined;
  const where = zone.id ?? zone.name;
  if (subnet === undefined) {
    return {
      key: `default:${where}`,
      party: { label: `the default subnet of ${zone.name}`, declared: false },
    };
  }
  const text = knownString(subnet);
  return text === undefined
    ? undefined
    : { key: `subnet:${where}:${text}`, party: serviceObject("subnet", text) };
}

/** The fixed addresses `r`'s interfaces ask for (a VM's, or a network interface's own). */
function fixedAddresses(r: ProgramResource, context: ProgramContext): FixedAddress[] {
  if (r.typeName === "NetworkInterface") {
    const ipAddress = knownString(r.inputs["ipAddress"]);
    const subnet = ipAddress && subnetOf(r, "subnet", r.inputs, context);
    return ipAddress === undefined || !subnet
      ? []
      : [{ property: "ipAddress", where: "ipAddress", ipAddress, subnet }];
  }
  if (r.typeName !== "Vm") return [];
  return records(r.inputs["interfaces"]).flatMap((spec, i) => {
    const ipAddress = knownString(spec["ipAddress"]);
    if (ipAddress === undefined || spec["directIp"] === true) return [];
    const subnet = subnetOf(r, `interfaces[${i}].subnet`, spec, context);
    return subnet === undefined
      ? []
      : [{ property: `interfaces[${i}].ipAddress`, where: `interfaces[${i}]`, ipAddress, subnet }];
  });
}

/** Which placement group a VM asks for: a program resource, or a name or id; undefined: none. */
function groupOf(r: ProgramResource): string | undefined {
  const ref = r.refs["placementGroup"];
  if (ref !== undefined) return `program:${ref.name}`;
  return knownString(r.inputs["placementGroup"]);
}

/** True when two resources are in one zone (undefined: not known). */
function together(a: ZoneRef | undefined, b: ZoneRef | undefined): boolean {
  return a !== undefined && b !== undefined && sameZone(a, b) === true;
}

/** The failures of a subnet against the earlier subnets. */
function subnetFailures(
  subject: ProgramResource,
  earlier: readonly ProgramResource[],
  context: ProgramContext,
): CheckFailure[] {
  const failures: CheckFailure[] = [];
  const range = declaredRange(subject.inputs);
  const zone = context.zone(subject.inputs["availabilityZone"]);
  const name = knownString(subject.inputs["name"]);
  const vpc = knownString(subject.inputs["vpcId"]);
  for (const other of earlier.filter((r) => r.typeName === "Subnet")) {
    const party = programResource(other.typeName, other.name);
    const theirs = declaredRange(other.inputs);
    const theirVpc = knownString(other.inputs["vpcId"]);
    const otherZone = context.zone(other.inputs["availabilityZone"]);
    if (
      range !== undefined &&
      theirs !== undefined &&
      (vpc === undefined || theirVpc === undefined || vpc === theirVpc)
    ) {
      const overlap = rangeOverlap("address", range.cidr, {
        ...party,
        cidr: theirs.cidr,
        zoneName: otherZone?.name,
      });
      if (overlap !== undefined) failures.push(overlap);
    }
    if (!together(zone, otherZone)) continue;
    if (name !== undefined && name === knownString(other.inputs["name"])) {
      failures.push(nameTaken("name", "subnet", name, `availability zone ${zone!.name}`, party));
    }
    if (subject.inputs["isDefault"] === true && other.inputs["isDefault"] === true) {
      failures.push(defaultTaken(zone!.name, party));
    }
  }
  return failures;
}

/** The failures of a VM's or disk's made disks against those of the earlier resources. */
function diskNameFailures(
  subject: ProgramResource,
  earlier: readonly ProgramResource[],
  context: ProgramContext,
): CheckFailure[] {
  const theirs = earlier.flatMap((r) => madeDisks(r, context));
  return madeDisks(subject, context).flatMap((disk) => {
    const clash = theirs.find(
      (other) => other.name === disk.name && together(disk.zone, other.zone),
    );
    return clash === undefined
      ? []
      : [
          nameTaken(
            disk.property,
            "disk",
            disk.name,
            `availability zone ${disk.zone!.name}`,
            clash.holder,
          ),
        ];
  });
}

/**
 * The failures of the fixed addresses of a VM's interfaces or of a network interface against
 * those of the earlier VMs and network interfaces.
 */
function addressFailures(
  subject: ProgramResource,
  earlier: readonly ProgramResource[],
  context: ProgramContext,
): CheckFailure[] {
  const failures: CheckFailure[] = [];
  const holders = earlier.filter((r) => r.typeName === "Vm" || r.typeName === "NetworkInterface");
  for (const mine of fixedAddresses(subject, context)) {
    for (const holder of holders) {
      const clash = fixedAddresses(holder, context).find(
        (theirs) => theirs.subnet.key === mine.subnet.key && theirs.ipAddress === mine.ipAddress,
      );
      if (clash !== undefined) {
        failures.push(
          addressTaken(
            mine.property,
            mine.ipAddress,
            mine.subnet.party,
            programResource(holder.typeName, holder.name),
            clash.where,
          ),
        );
        break;
      }
    }
  }
  return failures;
}

/** The failures of a VM's placement group against the earlier VMs. */
function vmFailures(
  subject: ProgramResource,
  earlier: readonly ProgramResource[],
  context: ProgramContext,
): CheckFailure[] {
  const failures: CheckFailure[] = [];
  const vms = earlier.filter((r) => r.typeName === "Vm");
  const group = groupOf(subject);
  const zone = context.zone(subject.inputs["availabilityZone"]);
  if (group !== undefined && zone !== undefined && context.room !== undefined) {
    const others = vms
      .filter(
        (vm) =>
          groupOf(vm) === group && together(zone, context.zone(vm.inputs["availabilityZone"])),
      )
      .map((vm) => programResource(vm.typeName, vm.name));
    const failure = placementOverCapacity(context.room, zone, others);
    if (failure !== undefined) failures.push(failure);
  }
  return failures;
}

/**
 * The failure of the name of a resource whose kind's names are unique in the project
 * (names.ts) against the earlier resources of that kind.
 */
function projectNameFailures(
  subject: ProgramResource,
  earlier: readonly ProgramResource[],
): CheckFailure[] {
  const unique = uniqueInProject(subject.typeName);
  const name = knownString(subject.inputs["name"]);
  if (unique === undefined || name === undefined) return [];
  const other = earlier.find(
    (r) =>
      uniqueInProject(r.typeName)?.kind === unique.kind && knownString(r.inputs["name"]) === name,
  );
  return other === undefined
    ? []
    : [
        nameTaken(
          "name",
          unique.kind,
          name,
          "the project",
          programResource(other.typeName, other.name),
        ),
      ];
}

/** The failures of an SNAT gateway against the earlier ones: one gateway per zone of a network. */
function natGatewayFailures(
  subject: ProgramResource,
  earlier: readonly ProgramResource[],
  context: ProgramContext,
): CheckFailure[] {
  const failures: CheckFailure[] = [];
  const zone = context.zone(subject.inputs["availabilityZone"]);
  const vpc = subject.inputs["vpcId"];
  const gateways = earlier.filter((r) => r.typeName === "NatGateway");
  const inZone = gateways.find(
    (r) =>
      together(zone, context.zone(r.inputs["availabilityZone"])) &&
      (vpc === undefined || r.inputs["vpcId"] === undefined || r.inputs["vpcId"] === vpc) &&
      !isUnknown(vpc) &&
      !isUnknown(r.inputs["vpcId"]),
  );
  if (inZone !== undefined) {
    failures.push(natGatewayZoneTaken(zone!.name, programResource(inZone.typeName, inZone.name)));
  }
  return failures;
}

/**
 * The failures of `subject` against the program's resources declared before it (`earlier`,
 * the new ones: those that exist are the service's, which each kind's own check judges), at
 * most one per property.
 */
export function programFailures(
  subject: ProgramResource,
  earlier: readonly ProgramResource[],
  context: ProgramContext,
): CheckFailure[] {
  const failures: CheckFailure[] = [...projectNameFailures(subject, earlier)];
  switch (subject.typeName) {
    case "Subnet":
      failures.push(...subnetFailures(subject, earlier, context));
      break;
    case "Disk":
      failures.push(...diskNameFailures(subject, earlier, context));
      break;
    case "Vm":
      failures.push(
        ...diskNameFailures(subject, earlier, context),
        ...addressFailures(subject, earlier, context),
        ...vmFailures(subject, earlier, context),
      );
      break;
    case "NetworkInterface":
      failures.push(...addressFailures(subject, earlier, context));
      break;
    case "NatGateway":
      failures.push(...natGatewayFailures(subject, earlier, context));
      break;
    case "FreeTierVm": {
      const first = earlier.find((r) => r.typeName === "FreeTierVm");
      if (first !== undefined)
        failures.push(freeTierSlotTaken(programResource(first.typeName, first.name)));
      break;
    }
  }
  return failures.filter((f, i) => failures.findIndex((g) => g.property === f.property) === i);
}
