/**
 * What a stack holds that costs money or counts against a quota, read from a resource's
 * properties (its inputs, or its outputs once it exists). A value that is not known yet
 * (during preview) is `null`; a value left out is `undefined` (the service's default).
 */
import { pluginToken, TYPE_PREFIX } from "../type-tokens";
import { UNKNOWN } from "../framework/unknowns";

/** A VM: its flavor and image (names or ids) are priced per hour. */
export interface VmItem {
  kind: "vm";
  /** The Pulumi resource name. */
  resource: string;
  /** Flavor name or id; null when not known yet. */
  flavor: string | null;
  /** Image name or id; null when not known yet, undefined when none. */
  image: string | null | undefined;
  /** A free-tier VM: it costs nothing and its size is the free-tier flavor's. */
  freeTier: boolean;
  /** Its network interfaces (a quota counts them). */
  interfaces: number;
}

/** A disk: priced per GB and month by its type. */
export interface DiskItem {
  kind: "disk";
  /** The Pulumi resource name, with the part for a VM's disks: `web (boot disk)`. */
  resource: string;
  /** Disk type name or id; undefined: the default type; null: not known yet. */
  diskType: string | null | undefined;
  /** Size in GB; null when not known yet. */
  size: number | null;
  /** A free-tier VM's boot disk: it costs nothing. */
  freeTier: boolean;
}

/** External IPs a resource allocates (`address`, the kind of their cost lines). */
export interface AddressItem {
  kind: "address";
  resource: string;
  count: number;
}

/**
 * An SNAT gateway: priced as a gateway (`nat_gateways`), and its own external IP counts
 * against the addresses' quota.
 */
export interface NatGatewayItem {
  kind: "natGateway";
  resource: string;
}

/** Things that only count against a quota (a network interface of its own among them). */
export interface CountedItem {
  kind: "subnet" | "securityGroup" | "securityGroupRule" | "interface";
  resource: string;
}

/** One thing the stack holds. */
export type CostItem = VmItem | DiskItem | AddressItem | NatGatewayItem | CountedItem;

/** The prefixes of vmcloud type tokens: the dynamic providers', then the provider plugin's. */
const TOKEN_PREFIXES = [TYPE_PREFIX, pluginToken("")];

/**
 * The class name of a vmcloud type token (also for classes newer than this file): a dynamic
 * provider's (`pulumi-nodejs:dynamic/vmcloud:Vm`) or the provider plugin's (`vmcloud:index:Vm`,
 * from a program of any language), so both cost and count alike.
 */
export function vmcloudTypeName(type: string): string | undefined {
  const prefix = TOKEN_PREFIXES.find((p) => type.startsWith(p));
  return prefix === undefined ? undefined : type.slice(prefix.length);
}

/** True for a value that is not known yet: the engine's sentinel, or a marker `isUnknown` names. */
type UnknownTest = (value: unknown) => boolean;

const defaultUnknown: UnknownTest = (value) => value === UNKNOWN || typeof value === "symbol";

function record(value: unknown): Record<string, unknown> | undefined {
  return typeof value === "object" && value !== null && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : undefined;
}

/**
 * The cost and quota items of one resource, from its type token, name and properties.
 * `isUnknown` says which values are not known yet (default: the engine's sentinel string or a
 * symbol, which the policy pack uses).
 */
export function itemsOf(
  type: string,
  name: string,
  props: Readonly<Record<string, unknown>>,
  isUnknown: UnknownTest = defaultUnknown,
): CostItem[] {
  const typeName = vmcloudTypeName(type);
  const text = (v: unknown): string | null | undefined =>
    isUnknown(v) ? null : typeof v === "string" ? v : undefined;
  const size = (v: unknown): number | null => (typeof v === "number" ? v : null);
  switch (typeName) {
    case "Disk":
      return [
        {
          kind: "disk",
          resource: name,
          diskType: text(props["diskType"]),
          size: size(props["size"]),
          freeTier: false,
        },
      ];
    case "Vm":
      return vmItems(name, props, isUnknown, text, size);
    case "FreeTierVm": {
      const items: CostItem[] = [
        {
          kind: "vm",
          resource: name,
          flavor: null,
          image: undefined,
          freeTier: true,
          interfaces: 1,
        },
        {
          kind: "disk",
          resource: `${name} (boot disk)`,
          diskType: undefined,
          size: null,
          freeTier: true,
        },
      ];
      if (props["externalIp"] === true || typeof props["externalIpAddress"] === "string") {
        items.push({ kind: "address", resource: name, count: 1 });
      }
      return items;
    }
    case "Subnet":
      return [{ kind: "subnet", resource: name }];
    case "SecurityGroup":
      return [{ kind: "securityGroup", resource: name }];
    case "SecurityGroupRule":
      return [{ kind: "securityGroupRule", resource: name }];
    case "ExternalIp":
      return [{ kind: "address", resource: name, count: 1 }];
    case "NatGateway":
      return [{ kind: "natGateway", resource: name }];
    case "NetworkInterface":
      return [{ kind: "interface", resource: name }];
    default:
      return [];
  }
}

function vmItems(
  name: string,
  props: Readonly<Record<string, unknown>>,
  isUnknown: UnknownTest,
  text: (v: unknown) => string | null | undefined,
  size: (v: unknown) => number | null,
): CostItem[] {
  const interfaces = Array.isArray(props["interfaces"]) ? props["interfaces"] : undefined;
  const items: CostItem[] = [
    {
      kind: "vm",
      resource: name,
      flavor: text(props["flavor"]) ?? null,
      image: text(props["image"]),
      freeTier: false,
      // No interfaces given: the one default interface. An existing interface it takes
      // (`interfaceId`) counts where it is declared.
      interfaces:
        interfaces === undefined || interfaces.length === 0
          ? 1
          : interfaces.filter((entry) => record(entry)?.["interfaceId"] === undefined).length,
    },
  ];
  const boot = record(props["bootDisk"]);
  if (boot !== undefined || isUnknown(props["bootDisk"])) {
    items.push({
      kind: "disk",
      resource: `${name} (boot disk)`,
      diskType: boot === undefined ? null : text(boot["diskType"]),
      size: boot === undefined ? null : size(boot["size"]),
      freeTier: false,
    });
  }
  const disks = Array.isArray(props["disks"]) ? props["disks"] : [];
  disks.forEach((entry) => {
    const disk = record(entry);
    // An existing disk (by diskId) is priced where it is declared, not here.
    if (disk === undefined || disk["diskId"] !== undefined) return;
    const diskName = typeof disk["name"] === "string" ? disk["name"] : "disk";
    items.push({
      kind: "disk",
      resource: `${name} (${diskName})`,
      diskType: text(disk["diskType"]),
      size: size(disk["size"]),
      freeTier: false,
    });
  });
  // An address the VM made is its own; one it was given (`externalIpId`, an ExternalIp of the
  // stack or elsewhere) is priced where it is declared. Outputs list the ones it made.
  const made = Array.isArray(props["madeExternalIpIds"])
    ? new Set(props["madeExternalIpIds"] as unknown[])
    : undefined;
  const addresses = (interfaces ?? []).filter((entry) => {
    const spec = record(entry);
    if (spec === undefined) return false;
    if (spec["directIp"] === true) return true;
    if (spec["externalIp"] !== true) return false;
    return made === undefined ? spec["externalIpId"] === undefined : made.has(spec["externalIpId"]);
  }).length;
  if (addresses > 0) items.push({ kind: "address", resource: name, count: addresses });
  return items;
}
