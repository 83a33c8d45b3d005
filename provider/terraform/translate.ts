/**
 * The translation of a Terraform state into a Pulumi import file: every managed instance of the
 * two cloud.ru providers that has a vmcloud counterpart becomes one `{type, name, id}` entry,
 * with the id in the form that kind's `read` takes; the objects that are parts of another in
 * vmcloud (a VM's boot disk, its interfaces and attached disks, a group's rules) become no entry
 * of their own, since the whole's import reads them; everything else is left out, with the
 * reason. Nothing is sent anywhere: the import itself reads each object through the provider.
 */
import { pluginToken, TYPE_TOKENS, type VmCloudTypeName } from "../type-tokens";
import {
  COMMUNITY_PREFIX,
  MAPPING_VERSIONS,
  NO_COUNTERPART,
  OFFICIAL_PREFIX,
  TYPE_MAPPINGS,
} from "./mapping";
import { pulumiNames } from "./names";
import type { TfInstance } from "./state";

/** The type tokens an import file uses: the plugin's (any language) or the TypeScript SDK's. */
export type ImportTypes = "plugin" | "nodejs";

/** One resource of a Pulumi import file (`pulumi import --file`). */
export interface ImportEntry {
  /** Its type token: `vmcloud:index:Vm`, or `pulumi-nodejs:dynamic/vmcloud:Vm`. */
  readonly type: string;
  /** Its Pulumi name, from the Terraform address. */
  readonly name: string;
  /** Its id, in the form the kind's `read` takes. */
  readonly id: string;
  /**
   * Inputs the kind's read cannot return, which `pulumi import` takes from here (it keeps what
   * the read returned and adds these).
   */
  readonly inputs?: Readonly<Record<string, unknown>>;
}

/** The import file `pulumi import --file` reads. */
export interface ImportFile {
  readonly resources: readonly ImportEntry[];
}

/** What became of one Terraform instance. */
export type Outcome =
  | { readonly address: string; readonly as: "imported"; readonly entry: ImportEntry }
  | { readonly address: string; readonly as: "part"; readonly of: string; readonly how: string }
  | { readonly address: string; readonly as: "left-out"; readonly reason: string };

/** A stored field no mapping covers, on an instance that was brought over. */
export interface UncoveredField {
  readonly address: string;
  readonly field: string;
  readonly note: string;
}

/** The whole translation. */
export interface Translation {
  readonly importFile: ImportFile;
  /** Every instance of the state, in its order, and what became of it. */
  readonly outcomes: readonly Outcome[];
  readonly uncovered: readonly UncoveredField[];
}

type Attrs = Readonly<Record<string, unknown>>;

/** The id of a reference as each provider stores one: `"…"`, `{id}`, or a block list `[{id}]`. */
function idOf(value: unknown): string | undefined {
  if (typeof value === "string") return value === "" ? undefined : value;
  if (Array.isArray(value)) return idOf(value[0]);
  if (typeof value === "object" && value !== null) {
    return idOf((value as Record<string, unknown>)["id"]);
  }
  return undefined;
}

function listOf(value: unknown): Attrs[] {
  return Array.isArray(value)
    ? value.filter((v): v is Attrs => typeof v === "object" && v !== null)
    : [];
}

function isSet(value: unknown): boolean {
  if (value === null || value === undefined || value === "") return false;
  if (Array.isArray(value)) return value.length > 0;
  if (typeof value === "object") return Object.values(value).some(isSet);
  return true;
}

/** Order of the entries: what others use first, so the state lists it first too. */
const KIND_ORDER: readonly VmCloudTypeName[] = [
  "PlacementGroup",
  "Subnet",
  "SecurityGroup",
  "SecurityGroupRule",
  "Image",
  "Disk",
  "ExternalIp",
  "NatGateway",
  "NetworkInterface",
  "Vm",
  "FreeTierVm",
  "DiskAttachment",
];

const DATA_SOURCE =
  "a data source: it only reads and owns nothing, so there is nothing to import (vmcloud's lookups read the same, docs/lookups.md)";

/** The boot disks of the VMs of the state, by disk id: the VM's address. */
function bootDisksOf(instances: readonly TfInstance[]): Map<string, string> {
  const boots = new Map<string, string>();
  for (const i of instances) {
    if (i.mode !== "managed") continue;
    if (i.type === "cloudru_evolution_compute_vm") {
      const disks = listOf(i.attributes["disks"]);
      const primary = disks.find((d) => d["primary"] === true) ?? disks[0];
      const id = idOf(primary);
      if (id !== undefined) boots.set(id, i.address);
    } else if (i.type === `${COMMUNITY_PREFIX}vm`) {
      const id = idOf(i.attributes["boot_disk"]);
      if (id !== undefined) boots.set(id, i.address);
    }
  }
  return boots;
}

/** The managed instances of one vmcloud kind in the state, by their stored id. */
function byKind(instances: readonly TfInstance[], kind: VmCloudTypeName): Map<string, string> {
  const found = new Map<string, string>();
  for (const i of instances) {
    const id = idOf(i.attributes["id"]);
    if (i.mode === "managed" && TYPE_MAPPINGS[i.type]?.kind === kind && id !== undefined) {
      found.set(id, i.address);
    }
  }
  return found;
}

interface Whole {
  readonly kind: VmCloudTypeName;
  readonly id: string;
  readonly inputs?: Readonly<Record<string, unknown>>;
}

/**
 * The `diskId` an image made without a source disk is imported with. vmcloud's `Image` requires
 * the boot disk it was copied from, which the service does not report and an image made by
 * Terraform (`cloudru_evolution_compute_image` has no disk) never had: the nil UUID stands for
 * "none", is never sent, and keeps the program's later previews free of changes.
 */
export const NO_SOURCE_DISK = "00000000-0000-0000-0000-000000000000";

/** Translates the instances of a state; `types` chooses the type tokens of the entries. */
export function translateState(
  instances: readonly TfInstance[],
  types: ImportTypes = "plugin",
): Translation {
  const vms = byKind(instances, "Vm");
  const groups = byKind(instances, "SecurityGroup");
  const boots = bootDisksOf(instances);

  const decided = instances.map((i): { address: string; whole?: Whole; other?: Outcome } => {
    const a = i.attributes;
    const leftOut = (reason: string) => ({
      address: i.address,
      other: { address: i.address, as: "left-out", reason } as const,
    });
    const part = (of: string, how: string) => ({
      address: i.address,
      other: { address: i.address, as: "part", of, how } as const,
    });
    if (i.mode === "data") return leftOut(DATA_SOURCE);
    const mapping = TYPE_MAPPINGS[i.type];
    if (mapping === undefined) {
      const known = NO_COUNTERPART[i.type];
      if (known !== undefined) return leftOut(known);
      if (i.type.startsWith(OFFICIAL_PREFIX) || i.type.startsWith(COMMUNITY_PREFIX)) {
        return leftOut(
          `vmcloud has no counterpart of ${i.type} (it covers the VM service: VMs, disks, networks, addresses, images)`,
        );
      }
      return leftOut(
        `a resource of another provider (${i.provider || "unknown provider"}): vmcloud does not manage it`,
      );
    }
    const id = idOf(a["id"]);
    if (i.type === "cloudru_evolution_compute_attach_disk") {
      const diskId = idOf(a["disk_id"]);
      const vmId = idOf(a["vm_id"]);
      if (diskId === undefined || vmId === undefined) {
        return leftOut("no disk_id or vm_id stored: run `terraform refresh` and try again");
      }
      const vm = vms.get(vmId);
      if (vm !== undefined) {
        return a["primary"] === true || boots.get(diskId) === vm
          ? part(vm, "its boot disk (`bootDisk`)")
          : part(vm, "one of its disks (`disks: [{ diskId }]`; the disk outlives the VM)");
      }
      return { address: i.address, whole: { kind: "DiskAttachment", id: `${diskId}:${vmId}` } };
    }
    if (id === undefined) {
      return leftOut("no id stored (an instance Terraform never finished creating)");
    }
    if (mapping.kind === "Disk") {
      const vm = boots.get(id);
      if (vm !== undefined) return part(vm, "its boot disk (`bootDisk`)");
    }
    if (mapping.kind === "NetworkInterface") {
      const vm = vms.get(idOf(a["vm"]) ?? "");
      if (vm !== undefined) return part(vm, "one of its interfaces (`interfaces`)");
    }
    if (mapping.kind === "SecurityGroupRule") {
      const groupId = idOf(a["security_group_id"]) ?? idOf(a["security_group"]);
      if (groupId === undefined) return leftOut("no security_group_id stored");
      const group = groups.get(groupId);
      if (group !== undefined) return part(group, "one of its rules (`rules`)");
      return { address: i.address, whole: { kind: "SecurityGroupRule", id: `${groupId}:${id}` } };
    }
    if (mapping.kind === "Image") {
      return {
        address: i.address,
        whole: { kind: "Image", id, inputs: { diskId: NO_SOURCE_DISK } },
      };
    }
    return { address: i.address, whole: { kind: mapping.kind, id } };
  });

  const names = pulumiNames(
    decided.flatMap((d) => {
      const instance = instances.find((i) => i.address === d.address);
      return d.whole === undefined || instance === undefined
        ? []
        : [
            {
              address: d.address,
              tfType: instance.type,
              tfName: instance.name,
              vmcloudType: d.whole.kind,
            },
          ];
    }),
  );
  const token = (kind: VmCloudTypeName) =>
    types === "plugin" ? pluginToken(kind) : TYPE_TOKENS[kind];
  const outcomes: Outcome[] = decided.map((d) =>
    d.whole === undefined
      ? d.other!
      : {
          address: d.address,
          as: "imported",
          entry: {
            type: token(d.whole.kind),
            name: names.get(d.address)!,
            id: d.whole.id,
            ...(d.whole.inputs === undefined ? {} : { inputs: d.whole.inputs }),
          },
        },
  );
  const rank = (entry: ImportEntry) =>
    KIND_ORDER.indexOf(entry.type.slice(entry.type.lastIndexOf(":") + 1) as VmCloudTypeName);
  const entries = outcomes
    .flatMap((o) => (o.as === "imported" ? [o.entry] : []))
    .sort((x, y) => rank(x) - rank(y) || (x.name < y.name ? -1 : x.name > y.name ? 1 : 0));

  const uncovered = instances.flatMap((i) => {
    const mapping = TYPE_MAPPINGS[i.type];
    const outcome = outcomes.find((o) => o.address === i.address);
    if (i.mode !== "managed" || mapping === undefined || outcome?.as === "left-out") return [];
    const versions = MAPPING_VERSIONS[mapping.provider];
    return Object.entries(i.attributes).flatMap(([field, value]): UncoveredField[] => {
      if (!isSet(value) || mapping.covered.includes(field)) return [];
      const note =
        mapping.uncovered?.[field] ??
        `not in the mapping, written for ${versions.source} ${versions.version}: check it after the import`;
      return [{ address: i.address, field, note }];
    });
  });
  const notes = outcomes.flatMap((o): UncoveredField[] =>
    o.as === "imported" && o.entry.inputs?.["diskId"] === NO_SOURCE_DISK
      ? [
          {
            address: o.address,
            field: "(diskId)",
            note: `vmcloud's Image records the boot disk it was copied from, which this image never had: it is imported with diskId ${NO_SOURCE_DISK} ("none"); a real diskId would replace the image`,
          },
        ]
      : [],
  );
  return { importFile: { resources: entries }, outcomes, uncovered: [...uncovered, ...notes] };
}
