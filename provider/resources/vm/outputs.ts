/**
 * What a `Vm` records in the stack (its schema: outputs/vm.ts), built from one VM response.
 * Inputs the service never returns (cloud-init, the password, and the provider-only settings)
 * are carried over from the program or the last outputs; after an import they are absent
 * (write-only) or take their defaults.
 */
import type { VmStatus } from "../../../api/vm/enums";
import type { VmDisk, VmInterface, VmMetadataField, VmResponse } from "../../../api/vm/vms";
import { CARRIED_DEFAULTS, type InterfaceSpec, type VmInputs } from "../inputs/vm";
import type { AttachedDiskOutput, VmCarried, VmInterfaceOutput, VmOutputs } from "../outputs/vm";
import type { ImageFieldFacts } from "./state";
import { metadataInputsOf, splitMetadata } from "./typed-metadata";

/**
 * What the outputs of a VM are made from: the read by id's answer, or the same facts put
 * together from the lists of VMs, disks, interfaces and placement groups (listed-read.ts).
 */
export type VmView = Omit<VmResponse, "disks" | "metadata_fields" | "project" | "image"> & {
  image: Pick<VmResponse["image"], "id" | "name">;
  disks: ReadonlyArray<Pick<VmDisk, "id" | "name" | "size" | "disk_type" | "primary" | "state">>;
  metadata_fields: ReadonlyArray<Pick<VmMetadataField, "name" | "value">>;
  project: Pick<VmResponse["project"], "id">;
};

/** The power state a VM state stands for; `fallback` for states that say neither. */
export function powerStateOf(
  state: VmStatus,
  fallback: "running" | "stopped",
): "running" | "stopped" {
  if (state === "running" || state === "starting" || state === "rebooting" || state === "creating")
    return "running";
  if (state === "stopped" || state === "stopping") return "stopped";
  return fallback;
}

/** One interface of a VM response. */
export function interfaceOutput(
  iface: Omit<VmInterface, "subnet"> & { subnet?: VmInterface["subnet"] },
): VmInterfaceOutput {
  const direct = iface.type === "direct_ip";
  const address = iface.floating_ip?.ip_address ?? (direct ? iface.ip_address : undefined);
  return {
    id: iface.id,
    name: iface.name,
    ...(iface.subnet === undefined ? {} : { subnet: iface.subnet.name, subnetId: iface.subnet.id }),
    ipAddress: iface.ip_address,
    securityEnabled: iface.interface_security_enabled,
    securityGroups: iface.security_groups.map((g) => g.name),
    securityGroupIds: iface.security_groups.map((g) => g.id),
    externalIp: !direct && iface.floating_ip !== undefined,
    ...(address === undefined ? {} : { externalIpAddress: address }),
    ...(iface.floating_ip === undefined ? {} : { externalIpId: iface.floating_ip.id }),
    directIp: direct,
    primary: iface.primary,
  };
}

function attachedDisk(disk: VmView["disks"][number]): AttachedDiskOutput {
  return {
    id: disk.id,
    name: disk.name,
    size: disk.size,
    diskType: disk.disk_type.name,
    diskTypeId: disk.disk_type.id,
    boot: disk.primary,
    state: disk.state,
  };
}

/** The metadata values of a VM, by field name. */
export function metadataOf(vm: Pick<VmView, "metadata_fields">): Record<string, string> {
  return Object.fromEntries(vm.metadata_fields.map((f) => [f.name, f.value]));
}

/** The outputs of `vm`; `carried` are the inputs the service does not return. */
export function vmOutputs(
  vm: VmView,
  carried: VmCarried,
  extra: {
    image: ImageFieldFacts;
    powerStateFallback: "running" | "stopped";
  },
): VmOutputs {
  const metadata = splitMetadata(metadataOf(vm), extra.image.types);
  const disks = vm.disks.map(attachedDisk);
  const boot = disks.find((d) => d.boot) ?? disks[0];
  const interfaces = vm.interfaces.map(interfaceOutput);
  const primary = interfaces.find((i) => i.primary) ?? interfaces[0];
  const publicAddress = interfaces.find(
    (i) => i.externalIpAddress !== undefined,
  )?.externalIpAddress;
  return {
    ...carried,
    name: vm.name,
    description: vm.description,
    flavor: vm.flavor.name,
    flavorId: vm.flavor.id,
    image: vm.image.name,
    imageId: vm.image.id,
    availabilityZone: vm.availability_zone.name,
    availabilityZoneId: vm.availability_zone.id,
    bootDisk:
      boot === undefined
        ? { name: "", size: 0, diskType: "", diskTypeId: "" }
        : {
            name: boot.name,
            size: boot.size,
            diskType: boot.diskType,
            diskTypeId: boot.diskTypeId,
          },
    bootDiskId: boot?.id ?? "",
    diskIds: disks.filter((d) => d !== boot).map((d) => d.id),
    attachedDisks: disks,
    interfaces,
    ...metadata.typed,
    imageMetadata: metadata.other,
    imageMetadataDefaults: extra.image.defaults,
    imageMetadataTypes: extra.image.types,
    tags: vm.tags.map((t) => t.name),
    tagIds: vm.tags.map((t) => t.id),
    ...(vm.placement_group === undefined
      ? {}
      : { placementGroup: vm.placement_group.name, placementGroupId: vm.placement_group.id }),
    powerState: powerStateOf(vm.state, extra.powerStateFallback),
    projectId: vm.project.id,
    vmId: vm.id,
    state: vm.state,
    privateIp: primary?.ipAddress ?? "",
    ...(publicAddress === undefined
      ? {}
      : { externalIpAddress: publicAddress, externalIp: publicAddress }),
    ...(vm.vnc_url === undefined ? {} : { vncUrl: vm.vnc_url }),
    ...(vm.remote_console_url === undefined ? {} : { remoteConsoleUrl: vm.remote_console_url }),
    createdTime: vm.created_time,
    ...(vm.modified_time === undefined ? {} : { modifiedTime: vm.modified_time }),
  };
}

/** The carried inputs of a program's inputs (what create and update record). */
export function carriedFrom(inputs: VmInputs): VmCarried {
  return {
    disks: inputs.disks ?? [],
    cloudInit: inputs.cloudInit ?? null,
    password: inputs.password ?? null,
    ...carriedSettings(inputs),
  };
}

/** The carried settings, from inputs or last outputs: the defaults where unset. */
function carriedSettings(from: {
  passwordLogin?: string | undefined;
  allowRebuild?: boolean | undefined;
  consoleLinks?: boolean | undefined;
  deleteDisksOnDestroy?: boolean | undefined;
  deleteExternalIpsOnDestroy?: boolean | undefined;
  apiVersion?: VmCarried["apiVersion"] | undefined;
}): Omit<VmCarried, "disks" | "cloudInit" | "password" | "madeExternalIpIds"> {
  return {
    ...(from.passwordLogin === undefined ? {} : { passwordLogin: from.passwordLogin }),
    allowRebuild: from.allowRebuild ?? CARRIED_DEFAULTS.allowRebuild,
    ...(from.consoleLinks === undefined ? {} : { consoleLinks: from.consoleLinks }),
    deleteDisksOnDestroy: from.deleteDisksOnDestroy ?? CARRIED_DEFAULTS.deleteDisksOnDestroy,
    deleteExternalIpsOnDestroy:
      from.deleteExternalIpsOnDestroy ?? CARRIED_DEFAULTS.deleteExternalIpsOnDestroy,
    apiVersion: from.apiVersion ?? CARRIED_DEFAULTS.apiVersion,
  };
}

/**
 * The addresses bound to `vm` that it made (for create): all but those `inputs` gave by id,
 * and those of the existing interfaces it took (they stay with the interface).
 */
export function madeExternalIpIds(vm: VmResponse, inputs: VmInputs): string[] {
  const given = new Set((inputs.interfaces ?? []).map((i) => i.externalIpId));
  const kept = new Set((inputs.interfaces ?? []).map((i) => i.interfaceId));
  return vm.interfaces.flatMap((i) =>
    i.floating_ip === undefined || given.has(i.floating_ip.id) || kept.has(i.id)
      ? []
      : [i.floating_ip.id],
  );
}

/**
 * The carried inputs for a read: the last outputs' when there are some (refresh), else
 * (import) the attached extra disks by id, no write-only values, and the defaults.
 */
export function carriedForRead(previous: Partial<VmOutputs>, vm: VmView): VmCarried {
  // `vmId` is an output only: its presence tells a refresh (last outputs) from an import or a
  // `get` (no outputs; the host may pass inputs instead, which are not the VM's record).
  if (previous.vmId !== undefined) {
    return {
      disks: previous.disks ?? [],
      ...(previous.cloudInit === undefined ? {} : { cloudInit: previous.cloudInit }),
      ...(previous.password === undefined ? {} : { password: previous.password }),
      ...carriedSettings(previous),
      ...(previous.madeExternalIpIds === undefined
        ? {}
        : { madeExternalIpIds: previous.madeExternalIpIds }),
    };
  }
  // Imported: which extra disks and public addresses were made with the VM is unknown, so they
  // are recorded as existing ones, which destroy keeps.
  return {
    disks: vm.disks.filter((d) => !d.primary).map((d) => ({ diskId: d.id })),
    ...CARRIED_DEFAULTS,
    madeExternalIpIds: [],
  };
}

/** The inputs an interface output stands for (no fixed address: a copy could not reuse it). */
function interfaceInput(iface: VmInterfaceOutput): InterfaceSpec {
  return {
    ...(iface.directIp || iface.subnet === undefined ? {} : { subnet: iface.subnet }),
    ...(iface.securityEnabled
      ? { securityGroups: [...iface.securityGroups] }
      : { securityEnabled: false }),
    ...(iface.externalIp ? { externalIp: true } : {}),
    ...(iface.directIp ? { directIp: true } : {}),
  };
}

/** The inputs that describe the VM these outputs were read from (for import and refresh). */
export function vmInputsOf(outs: VmOutputs): VmInputs {
  return {
    name: outs.name,
    description: outs.description,
    flavor: outs.flavor,
    image: outs.image,
    availabilityZone: outs.availabilityZone,
    bootDisk: {
      size: outs.bootDisk.size,
      diskType: outs.bootDisk.diskType,
      name: outs.bootDisk.name,
    },
    ...(outs.disks.length === 0 ? {} : { disks: outs.disks }),
    interfaces: outs.interfaces.map(interfaceInput),
    ...metadataInputsOf(outs),
    ...(typeof outs.cloudInit === "string" ? { cloudInit: outs.cloudInit } : {}),
    tags: outs.tags,
    ...(outs.placementGroup === undefined ? {} : { placementGroup: outs.placementGroup }),
    powerState: outs.powerState,
    ...(outs.passwordLogin === undefined ? {} : { passwordLogin: outs.passwordLogin }),
    allowRebuild: outs.allowRebuild,
    ...(outs.consoleLinks === undefined ? {} : { consoleLinks: outs.consoleLinks }),
    deleteDisksOnDestroy: outs.deleteDisksOnDestroy,
    deleteExternalIpsOnDestroy: outs.deleteExternalIpsOnDestroy,
    apiVersion: outs.apiVersion,
    projectId: outs.projectId,
  };
}
