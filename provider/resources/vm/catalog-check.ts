/**
 * What `check` of a VM can know from the service's catalog before anything changes: the zone,
 * flavor, image and disk types exist (with the valid choices when not), the boot disk is as
 * large as the image needs, disk sizes fit their types, the image takes the metadata,
 * cloud-init and password given; the placement group exists and spans the zone; a public
 * address given by id exists in the zone. It runs at `pulumi preview` and again at `up` before any
 * delete of a replacement, so a change `create` would refuse fails before a working VM is
 * lost. The subnets and security groups of the interfaces must exist in the VM's zone, and a
 * fixed address must be a host address of its subnet. Values not known yet (preview: an id
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

/** Every catalog failure of `inputs` (values may be unknown during preview). */
export async function vmCatalogFailures(
  lookups: VmLookups,
  inputs: VmInputs,
): Promise<CheckFailure[]> {
  if (containsUnknown(inputs.availabilityZone)) return [];
  let zone: ZoneResponse | undefined;
  const failures = await failuresOf(async () => {
    zone = await lookups.zone(inputs.availabilityZone);
  });
  if (zone === undefined) return failures;
  const inZone = zone;

  if (inputs.placementGroup !== undefined && !isUnknown(inputs.placementGroup)) {
    const ref = inputs.placementGroup;
    failures.push(...(await failuresOf(() => lookups.placementGroup(inZone, ref))));
  }
  for (const [i, spec] of (inputs.interfaces ?? []).entries()) {
    const id = (spec as { externalIpId?: unknown } | undefined)?.externalIpId;
    if (typeof id !== "string" || isUnknown(id)) continue;
    const field = `interfaces[${i}].externalIpId`;
    failures.push(...(await failuresOf(() => lookups.externalIp(inZone, id, field))));
  }

  if (!isUnknown(inputs.flavor)) {
    failures.push(...(await failuresOf(() => lookups.flavor(inZone, inputs.flavor))));
  }

  let image: ImageResponse | undefined;
  if (!isUnknown(inputs.image)) {
    failures.push(
      ...(await failuresOf(async () => {
        image = await lookups.image(inZone, inputs.image);
      })),
    );
  }
  const boot = inputs.bootDisk as VmInputs["bootDisk"] | undefined;
  if (image !== undefined) {
    const known = image;
    failures.push(
      ...(await failuresOf(async () => {
        if (boot !== undefined && !isUnknown(boot.size)) checkBootDiskSize(known, boot.size);
      })),
      ...(await failuresOf(async () => {
        checkImageMetadata(known, inputs);
      })),
      ...(await failuresOf(async () => checkCloudInit(known, inputs.cloudInit))),
      ...(await failuresOf(async () => checkPasswordTaken(known, inputs.password))),
    );
  }

  if (boot !== undefined && !containsUnknown(boot.diskType)) {
    failures.push(
      ...(await failuresOf(async () => {
        const type = await lookups.diskType(inZone, boot.diskType, "bootDisk.diskType");
        if (!isUnknown(boot.size)) checkDiskSize(type, boot.size, "bootDisk.size");
      })),
    );
  }
  for (const [i, spec] of (inputs.disks ?? []).entries()) {
    if (containsUnknown(spec) || "diskId" in spec) continue;
    failures.push(
      ...(await failuresOf(async () => {
        const type = await lookups.diskType(inZone, spec.diskType, `disks[${i}].diskType`);
        checkDiskSize(type, spec.size, `disks[${i}].size`);
      })),
    );
  }
  for (const [i, spec] of (isUnknown(inputs.interfaces)
    ? []
    : (inputs.interfaces ?? [])
  ).entries()) {
    if (!isUnknown(spec)) failures.push(...(await interfaceFailures(lookups, inZone, spec, i)));
  }
  return failures;
}

/** The failures of interface `i`: its subnet and groups exist in the zone, its address fits. */
async function interfaceFailures(
  lookups: VmLookups,
  zone: ZoneResponse,
  spec: InterfaceSpec,
  i: number,
): Promise<CheckFailure[]> {
  const field = `interfaces[${i}]`;
  const failures: CheckFailure[] = [];
  if (spec.directIp !== true && !isUnknown(spec.subnet)) {
    failures.push(
      ...(await failuresOf(async () => {
        const subnet = await lookups.subnet(zone, spec.subnet, `${field}.subnet`);
        if (spec.ipAddress !== undefined && !isUnknown(spec.ipAddress)) {
          checkFixedAddress(subnet, spec.ipAddress, `${field}.ipAddress`);
        }
      })),
    );
  }
  if (spec.securityGroups !== undefined && !isUnknown(spec.securityGroups)) {
    for (const [j, ref] of spec.securityGroups.entries()) {
      if (isUnknown(ref)) continue;
      failures.push(
        ...(await failuresOf(() =>
          lookups.securityGroup(zone, ref, `${field}.securityGroups[${j}]`),
        )),
      );
    }
  }
  return failures;
}
