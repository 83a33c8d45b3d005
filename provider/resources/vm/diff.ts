/**
 * How a VM's inputs are compared with its outputs. The outputs hold what the cloud has (so
 * drift shows), and the comparisons accept every way a program may say the same thing: names
 * or ids, defaults left unset, a boot disk grown outside the program, disks attached later by
 * a DiskAttachment, metadata values the image filled in. Write-only inputs (cloud-init, the
 * password) are compared with what the program gave last time. After an import, where that
 * is unknown, cloud-init is not compared (an imported VM is never replaced for it), and a
 * password the program sets is a change, so it is applied.
 */
import { sameNamesOrIds } from "../framework/references";
import type { InterfaceSpec, VmDiskSpec } from "../inputs/vm";
import type { AttachedDiskOutput, BootDiskOutput, VmInterfaceOutput } from "../outputs/vm";

type Olds = Record<string, unknown>;

/** True when `ref` (unset: anything) names `item` by name or id. */
function refMatches(ref: unknown, name: string | undefined, id: string | undefined): boolean {
  return ref === undefined || ref === null || ref === name || ref === id;
}

/**
 * A write-only input: equal when the last outputs lack the key (unknown since an import),
 * otherwise equal to what the program gave last time (null there means none).
 */
export function writeOnly(key: string) {
  return (next: unknown, olds: Olds): boolean => {
    if (!(key in olds)) return true;
    return (next ?? null) === (olds[key] ?? null);
  };
}

/**
 * A write-only input that changes in place (the password): what the program gave last time,
 * and none when that is unknown (after an import). Setting it on an imported VM is therefore
 * a change, and the update applies it, where {@link writeOnly} would silently skip it.
 */
export function writeOnlyInPlace(key: string) {
  return (next: unknown, olds: Olds): boolean => (next ?? null) === (olds[key] ?? null);
}

/** An optional reference (placement group): unset equals none, set equals the name or id. */
export function optionalRef(nameKey: string, idKey: string) {
  return (next: unknown, olds: Olds): boolean => {
    if (next === undefined || next === null)
      return olds[nameKey] === undefined && olds[idKey] === undefined;
    return next === olds[nameKey] || next === olds[idKey];
  };
}

/**
 * A disk size: equal when the disk is as large as asked, or larger (grown outside the
 * program, e.g. through the disks API; replacing the VM for that would lose data).
 */
function sizeMatches(asked: unknown, actual: number): boolean {
  return typeof asked === "number" && actual >= asked;
}

/** The boot disk spec and the boot disk output, when both are there to compare. */
function bootDisks(
  next: unknown,
  olds: Olds,
): { spec: Record<string, unknown>; boot: BootDiskOutput } | undefined {
  const boot = olds.bootDisk as BootDiskOutput | undefined;
  if (boot === undefined || next === null || typeof next !== "object") return undefined;
  return { spec: next as Record<string, unknown>, boot };
}

/** The boot disk's type and name, when given, are those of the disk. */
function sameBootDiskBesidesSize(spec: Record<string, unknown>, boot: BootDiskOutput): boolean {
  return (
    refMatches(spec.diskType, boot.diskType, boot.diskTypeId) &&
    refMatches(spec.name, boot.name, undefined)
  );
}

/** The boot disk: size (or larger), and the type and name when given. */
export function sameBootDisk(next: unknown, olds: Olds): boolean {
  const both = bootDisks(next, olds);
  return (
    both !== undefined &&
    sizeMatches(both.spec.size, both.boot.size) &&
    sameBootDiskBesidesSize(both.spec, both.boot)
  );
}

/**
 * True when the boot disk changes in its size alone: the service grows a disk in place (and
 * never shrinks one: `check` refuses that), so only a new type or name replaces the VM. A
 * size not known yet (preview) is a size change too.
 */
export function bootDiskOnlyResized(next: unknown, olds: Olds): boolean {
  const both = bootDisks(next, olds);
  return both !== undefined && sameBootDiskBesidesSize(both.spec, both.boot);
}

/** True when the disk spec describes the attached disk (its size too, unless `anySize`). */
function diskMatches(
  spec: Record<string, unknown>,
  disk: AttachedDiskOutput,
  anySize = false,
): boolean {
  if ("diskId" in spec) return spec.diskId === disk.id;
  return (
    spec.name === disk.name &&
    (anySize || sizeMatches(spec.size, disk.size)) &&
    refMatches(spec.diskType, disk.diskType, disk.diskTypeId)
  );
}

/**
 * The attached disk each extra disk spec of `next` describes, in order (sizes compared unless
 * `anySize`), or undefined when one describes none, or a disk the VM was created with has
 * left the list.
 */
function matchDisks(
  next: unknown,
  olds: Olds,
  anySize: boolean,
): Array<{ spec: Record<string, unknown>; disk: AttachedDiskOutput }> | undefined {
  const specs = (next ?? []) as unknown[];
  if (!Array.isArray(specs)) return undefined;
  const attached = ((olds.attachedDisks ?? []) as AttachedDiskOutput[]).filter((d) => !d.boot);
  const used = new Set<string>();
  const pairs: Array<{ spec: Record<string, unknown>; disk: AttachedDiskOutput }> = [];
  for (const item of specs) {
    if (item === null || typeof item !== "object") return undefined;
    const spec = item as Record<string, unknown>;
    const disk = attached.find((d) => !used.has(d.id) && diskMatches(spec, d, anySize));
    if (disk === undefined) return undefined;
    used.add(disk.id);
    pairs.push({ spec, disk });
  }
  const before = (olds.disks ?? []) as VmDiskSpec[];
  const kept = before.every(
    (old) => "diskId" in old || specs.some((s) => (s as Record<string, unknown>).name === old.name),
  );
  return kept ? pairs : undefined;
}

/**
 * The extra disks: every disk the program lists is attached (each to a different disk), and
 * no disk the VM was created with has left the list. Disks attached later (DiskAttachment)
 * are not the VM's inputs and are ignored; so are existing disks dropped from the list, which
 * stay attached (detach them with the disks API or a DiskAttachment).
 */
export function sameDisks(next: unknown, olds: Olds): boolean {
  return matchDisks(next, olds, false) !== undefined;
}

/**
 * True when the extra disks change in their sizes alone: the service grows a disk in place,
 * so a larger size updates the VM (its disks keep their data) instead of replacing it.
 */
export function disksOnlyResized(next: unknown, olds: Olds): boolean {
  return matchDisks(next, olds, true) !== undefined;
}

/** The disks the VM was made with whose new size is larger than the disk: id and size. */
export function disksToGrow(next: unknown, olds: Olds): Array<{ id: string; size: number }> {
  return (matchDisks(next, olds, true) ?? []).flatMap(({ spec, disk }) =>
    typeof spec.size === "number" && spec.size > disk.size
      ? [{ id: disk.id, size: spec.size }]
      : [],
  );
}

/** One interface: the fields the program gives must match; unset ones take any value. */
function interfaceMatches(spec: Record<string, unknown>, actual: VmInterfaceOutput): boolean {
  // An existing interface is that interface, whatever it holds now.
  if (spec.interfaceId !== undefined) return spec.interfaceId === actual.id;
  const direct = spec.directIp === true;
  if (direct !== actual.directIp) return false;
  if ((spec.securityEnabled ?? true) !== actual.securityEnabled) return false;
  if (
    spec.securityGroups !== undefined &&
    !sameNamesOrIds("securityGroups", "securityGroupIds")(
      spec.securityGroups,
      actual as unknown as Olds,
    )
  ) {
    return false;
  }
  if (direct) return true;
  // An existing address (externalIpId) must be the one bound; otherwise a new one or none.
  const externalIpMatches =
    spec.externalIpId !== undefined
      ? spec.externalIpId === actual.externalIpId
      : (spec.externalIp === true) === actual.externalIp;
  return (
    refMatches(spec.subnet, actual.subnet, actual.subnetId) &&
    refMatches(spec.ipAddress, actual.ipAddress, undefined) &&
    externalIpMatches
  );
}

/** The interfaces, in order (unset: one interface with every default). */
export function sameInterfaces(next: unknown, olds: Olds): boolean {
  const specs = (next ?? [{}]) as InterfaceSpec[];
  const actual = (olds.interfaces ?? []) as VmInterfaceOutput[];
  if (!Array.isArray(specs) || specs.length !== actual.length) return false;
  return specs.every(
    (spec, i) =>
      spec !== null &&
      typeof spec === "object" &&
      interfaceMatches(spec as Record<string, unknown>, actual[i]!),
  );
}

/**
 * Image metadata: each field has the value the program gives, or, when it gives none, the
 * image's default or no value. `imageMetadataDefaults` in the outputs holds the defaults.
 */
export function sameImageMetadata(
  valuesKey = "imageMetadata",
  defaultsKey = "imageMetadataDefaults",
) {
  return (next: unknown, olds: Olds): boolean => {
    if (next !== undefined && next !== null && (typeof next !== "object" || Array.isArray(next)))
      return false;
    const given = (next ?? {}) as Record<string, unknown>;
    const actual = (olds[valuesKey] ?? {}) as Record<string, string>;
    const defaults = (olds[defaultsKey] ?? {}) as Record<string, string>;
    const keys = new Set([...Object.keys(given), ...Object.keys(actual)]);
    for (const key of keys) {
      const value = given[key];
      const expected = value === undefined || value === "" ? defaults[key] : value;
      if (value === undefined && actual[key] === undefined) continue;
      if (expected !== actual[key]) return false;
    }
    return true;
  };
}

/** True when the VM's inputs give any existing interface (`interfaces[].interfaceId`). */
export function takesInterfaces(news: Record<string, unknown>): boolean {
  const specs = news.interfaces;
  return (
    Array.isArray(specs) &&
    specs.some(
      (spec) =>
        spec !== null &&
        typeof spec === "object" &&
        (spec as { interfaceId?: unknown }).interfaceId !== undefined,
    )
  );
}
