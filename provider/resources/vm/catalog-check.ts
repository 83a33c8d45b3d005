/**
 * What `check` of a VM can know from the service's catalog before anything changes: the zone,
 * flavor, image and disk types exist (with the valid choices when not), the boot disk is as
 * large as the image needs, disk sizes fit their types, the image takes the metadata,
 * cloud-init and password given; the placement group exists; an external
 * IP given by id exists in the zone. It runs at `pulumi preview` and again at `up` before any
 * delete of a replacement, so a change `create` would refuse fails before a working VM is
 * lost. The subnets and security groups of the interfaces must exist in the VM's zone, and a
 * fixed address must be a host address of its subnet; an existing network interface must be
 * in the VM's zone and free (or this VM's); an existing disk it is made with must be
 * in its zone. Values not known yet (preview: an id
 * that another resource of the program computes) are skipped, field by field.
 */
import type { ImageResponse } from "../../../api/vm/images";
import type { ZoneResponse } from "../../../api/vm/zones";
import type { CheckFailure } from "../framework/check-inputs";
import { containsUnknown, isUnknown } from "../../framework/unknowns";
import type { InterfaceSpec, VmInputs } from "../inputs/vm";
import { checkDiskSize } from "../catalog/catalog-lookups";
import { failuresOf } from "../framework/input-error";
import type { VmLookups } from "./lookups";
import {
  checkBootDiskSize,
  checkCloudInit,
  checkFixedAddress,
  checkPasswordTaken,
} from "./requests";
import { checkImageMetadata } from "./typed-metadata";
import { itself, serviceObject } from "../../rules/parties";
import { zoneMismatch } from "../../rules/zones";

/** Every catalog failure of `inputs` (values may be unknown during preview). */
export async function vmCatalogFailures(
  lookups: VmLookups,
  inputs: VmInputs,
  olds: Partial<VmInputs> = {},
): Promise<CheckFailure[]> {
  if (containsUnknown(inputs.availabilityZone)) return [];
  let zone: ZoneResponse | undefined;
  const failures = await failuresOf(async () => {
    zone = await lookups.zone(inputs.availabilityZone);
  });
  if (zone === undefined) return failures;
  const inZone = zone;
  // Each part reads its own catalog list (most already cached): they are read together, and
  // their failures kept in the order of the inputs.
  const parts = await Promise.all([
    inputs.placementGroup !== undefined && !isUnknown(inputs.placementGroup)
      ? failuresOf(() => lookups.placementGroup(inputs.placementGroup!))
      : [],
    ...(inputs.interfaces ?? []).map((spec, i) => {
      const id = (spec as { externalIpId?: unknown } | undefined)?.externalIpId;
      if (typeof id !== "string" || isUnknown(id)) return [];
      return failuresOf(() => lookups.externalIp(inZone, id, `interfaces[${i}].externalIpId`));
    }),
    isUnknown(inputs.flavor) ? [] : failuresOf(() => lookups.flavor(inZone, inputs.flavor)),
    isUnknown(inputs.image) ? [] : imageFailures(lookups, inZone, inputs),
    bootDiskTypeFailures(lookups, inZone, inputs),
    ...(inputs.disks ?? []).map((spec, i) =>
      containsUnknown(spec)
        ? []
        : "diskId" in spec
          ? existingDiskFailures(lookups, inZone, spec.diskId, `disks[${i}].diskId`)
          : failuresOf(async () => {
              const type = await lookups.diskType(inZone, spec.diskType, `disks[${i}].diskType`);
              checkDiskSize(type, spec.size, `disks[${i}].size`);
            }),
    ),
    ...(isUnknown(inputs.interfaces) ? [] : (inputs.interfaces ?? [])).map((spec, i) =>
      isUnknown(spec) ? [] : interfaceFailures(lookups, inZone, spec, i, olds.name),
    ),
  ]);
  return [...failures, ...parts.flat()];
}

/** An existing disk a VM is made with exists, in the VM's zone. */
async function existingDiskFailures(
  lookups: VmLookups,
  zone: ZoneResponse,
  diskId: string,
  field: string,
): Promise<CheckFailure[]> {
  const disk = await lookups.disk(diskId);
  if (disk === undefined) {
    return [
      {
        property: field,
        reason: `no disk ${diskId} exists (or it is being deleted); use the id of an existing disk, e.g. a Disk resource's \`id\``,
      },
    ];
  }
  const mismatch = zoneMismatch(
    field,
    "vm-disk",
    { ...itself("the VM"), zone },
    { ...serviceObject("disk", disk.name, disk.id), zone: disk.availability_zone },
  );
  return mismatch === undefined ? [] : [mismatch];
}

/** The image exists, and the boot disk, metadata, cloud-init and password suit it. */
async function imageFailures(
  lookups: VmLookups,
  zone: ZoneResponse,
  inputs: VmInputs,
): Promise<CheckFailure[]> {
  let image: ImageResponse | undefined;
  const failures = await failuresOf(async () => {
    image = await lookups.image(zone, inputs.image);
  });
  if (image === undefined) return failures;
  const known = image;
  const boot = inputs.bootDisk as VmInputs["bootDisk"] | undefined;
  return [
    ...failures,
    ...(await failuresOf(async () => {
      if (boot !== undefined && !isUnknown(boot.size)) checkBootDiskSize(known, boot.size);
    })),
    ...(await failuresOf(async () => {
      checkImageMetadata(known, inputs);
    })),
    ...(await failuresOf(async () => checkCloudInit(known, inputs.cloudInit))),
    ...(await failuresOf(async () => checkPasswordTaken(known, inputs.password))),
  ];
}

/** The boot disk's type exists in the zone, and its size fits the type. */
async function bootDiskTypeFailures(
  lookups: VmLookups,
  zone: ZoneResponse,
  inputs: VmInputs,
): Promise<CheckFailure[]> {
  const boot = inputs.bootDisk as VmInputs["bootDisk"] | undefined;
  if (boot === undefined || containsUnknown(boot.diskType)) return [];
  return failuresOf(async () => {
    const type = await lookups.diskType(zone, boot.diskType, "bootDisk.diskType");
    if (!isUnknown(boot.size)) checkDiskSize(type, boot.size, "bootDisk.size");
  });
}

/**
 * The failures of interface `i`: its subnet and groups exist in the zone, its address fits;
 * an existing interface exists in the zone and is free, unless the VM `heldBy` (this one, by
 * its previous name) has it.
 */
async function interfaceFailures(
  lookups: VmLookups,
  zone: ZoneResponse,
  spec: InterfaceSpec,
  i: number,
  heldBy: string | undefined,
): Promise<CheckFailure[]> {
  const field = `interfaces[${i}]`;
  if (spec.interfaceId !== undefined) {
    const id = spec.interfaceId;
    return isUnknown(id)
      ? []
      : failuresOf(() => lookups.networkInterface(zone, id, `${field}.interfaceId`, heldBy));
  }
  const groups =
    spec.securityGroups === undefined || isUnknown(spec.securityGroups) ? [] : spec.securityGroups;
  const parts = await Promise.all([
    spec.directIp === true || isUnknown(spec.subnet)
      ? []
      : failuresOf(async () => {
          const subnet = await lookups.subnet(zone, spec.subnet, `${field}.subnet`);
          if (spec.ipAddress !== undefined && !isUnknown(spec.ipAddress)) {
            checkFixedAddress(subnet, spec.ipAddress, `${field}.ipAddress`);
          }
        }),
    ...groups.map((ref, j) =>
      isUnknown(ref)
        ? []
        : failuresOf(() => lookups.securityGroup(zone, ref, `${field}.securityGroups[${j}]`)),
    ),
  ]);
  return parts.flat();
}
