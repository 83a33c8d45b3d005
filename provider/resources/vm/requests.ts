/**
 * From a VM's inputs to the service's requests: every name is resolved first (through
 * {@link VmLookups}) and checked against what the service would refuse (boot disk smaller
 * than the image needs, a metadata field the image lacks, cloud-init for an image that takes
 * none, a disk size outside its type's range), so those mistakes fail with the field named
 * before the VM is created. Then the create body is built for API v1.1 or the legacy v1.
 */
import type { z } from "zod";
import type { DiskTypeResponse } from "../../../api/vm/disk-types";
import type { FlavorResponse } from "../../../api/vm/flavors";
import type { ImageResponse } from "../../../api/vm/images";
import type { VmCreateV11Item, VmCreateV1Item } from "../../../api/vm/vm-create";
import type { VmUpdateRequest } from "../../../api/vm/vms";
import type { ZoneResponse } from "../../../api/vm/zones";
import { createTagFields, tagFields } from "../framework/tag-fields";
import { isId } from "../inputs/common";
import type { VmInputs } from "../inputs/vm";
import { checkDiskSize } from "../catalog/catalog-lookups";
import { InputError } from "../framework/input-error";
import { addressOutsideSubnet } from "../../rules/addresses";
import { defaultBootDiskName } from "../../rules/names";
import { serviceObject } from "../../rules/parties";
import type { VmLookups } from "./lookups";
import { checkImageMetadata, metadataBody, PASSWORD_FIELD_TYPES } from "./typed-metadata";

/** A disk of the create request, resolved. */
export type ResolvedDisk =
  | { kind: "new"; name: string; size: number; diskType: DiskTypeResponse; field: string }
  | { kind: "existing"; diskId: string; field: string };

/** An interface of the create request, resolved. */
export interface ResolvedInterface {
  /** An existing free interface the VM takes as it is (nothing else of the item applies). */
  interfaceId?: string;
  direct: boolean;
  /** Regular interfaces only. */
  subnetId?: string;
  securityEnabled: boolean;
  /** Undefined: the zone's default group. */
  securityGroupIds?: string[];
  ipAddress?: string;
  externalIp: boolean;
  /** An existing external IP to bind (regular interfaces only). */
  externalIpId?: string;
}

/** Everything a create request needs, with names resolved to ids. */
export interface ResolvedVm {
  projectId: string;
  zone: ZoneResponse;
  flavor: FlavorResponse;
  image: ImageResponse;
  /** The boot disk first, then the extra disks in input order. */
  disks: ResolvedDisk[];
  /** Undefined: the service's default (one interface in the zone's default subnet). */
  interfaces: ResolvedInterface[] | undefined;
}

/** The boot disk must be as large as the image needs. */
export function checkBootDiskSize(image: ImageResponse, size: number): void {
  if (size < image.min_disk) {
    throw new InputError(
      "bootDisk.size",
      `image ${image.name} needs a boot disk of at least ${image.min_disk} GB; got ${size} GB`,
    );
  }
}

/** cloud-init only for images that take it (they have a user-data template). */
export function checkCloudInit(image: ImageResponse, cloudInit: string | undefined): void {
  if (cloudInit !== undefined && image.user_data_template === undefined) {
    throw new InputError(
      "cloudInit",
      `image ${image.name} does not accept cloud-init user data; leave cloudInit out`,
    );
  }
}

/**
 * True when the image's catalog entry says a password can be set on its VMs: an image that
 * declares a password-typed field has the guest agent that `set-password` needs (see
 * docs/api-decisions/compute.md).
 */
export function takesPassword(image: ImageResponse): boolean {
  return image.image_metadata.some((f) => PASSWORD_FIELD_TYPES.has(f.field_type));
}

/**
 * A password only for an image that takes one: otherwise `set-password` is refused after
 * the VM exists (and, in a replacement, after the old VM is gone).
 */
export function checkPasswordTaken(image: ImageResponse, password: string | undefined): void {
  if (password === undefined || takesPassword(image)) return;
  throw new InputError(
    "password",
    `image ${image.name} has no guest agent to set a password (its catalog entry declares no ` +
      "password field); remove password, or change image to one that takes a password",
  );
}

/** A fixed private address must be a host address of its interface's subnet, not its gateway. */
export function checkFixedAddress(
  subnet: { name: string; subnet_address: string; default_gateway: string },
  ipAddress: string,
  field: string,
): void {
  const failure = addressOutsideSubnet(
    field,
    {
      ...serviceObject("subnet", subnet.name),
      cidr: subnet.subnet_address,
      gateway: subnet.default_gateway,
    },
    ipAddress,
  );
  if (failure !== undefined) throw new InputError(field, failure.reason);
}

/** Values the service fills for metadata fields left out: the image's defaults. */
export function metadataDefaults(image: ImageResponse | undefined): Record<string, string> {
  const defaults: Record<string, string> = {};
  for (const f of image?.image_metadata ?? []) {
    if (f.default_value !== undefined) defaults[f.name] = f.default_value;
  }
  return defaults;
}

/** Resolves and checks every reference of a VM's inputs. */
export async function resolveVm(
  lookups: VmLookups,
  projectId: string,
  inputs: VmInputs,
): Promise<ResolvedVm> {
  const zone = await lookups.zone(inputs.availabilityZone);
  if (inputs.placementGroup !== undefined) await lookups.placementGroup(inputs.placementGroup);
  const flavor = await lookups.flavor(zone, inputs.flavor);
  const image = await lookups.image(zone, inputs.image);
  checkBootDiskSize(image, inputs.bootDisk.size);
  checkImageMetadata(image, inputs);
  checkCloudInit(image, inputs.cloudInit);
  checkPasswordTaken(image, inputs.password);
  const bootType = await lookups.diskType(zone, inputs.bootDisk.diskType, "bootDisk.diskType");
  checkDiskSize(bootType, inputs.bootDisk.size, "bootDisk.size");
  const disks: ResolvedDisk[] = [
    {
      kind: "new",
      name: inputs.bootDisk.name ?? defaultBootDiskName(inputs.name),
      size: inputs.bootDisk.size,
      diskType: bootType,
      field: "bootDisk",
    },
  ];
  for (const [i, spec] of (inputs.disks ?? []).entries()) {
    const field = `disks[${i}]`;
    if ("diskId" in spec) {
      disks.push({ kind: "existing", diskId: spec.diskId, field });
      continue;
    }
    const diskType = await lookups.diskType(zone, spec.diskType, `${field}.diskType`);
    checkDiskSize(diskType, spec.size, `${field}.size`);
    disks.push({ kind: "new", name: spec.name, size: spec.size, diskType, field });
  }
  const names = disks.flatMap((d) => (d.kind === "new" ? [d.name] : []));
  const twice = names.find((n, i) => names.indexOf(n) !== i);
  if (twice !== undefined) {
    throw new InputError(
      "disks",
      `two new disks are named "${twice}"; disk names are unique in a zone`,
    );
  }
  let interfaces: ResolvedInterface[] | undefined;
  if (inputs.interfaces !== undefined) {
    interfaces = [];
    for (const [i, spec] of inputs.interfaces.entries()) {
      const field = `interfaces[${i}]`;
      if (spec.interfaceId !== undefined) {
        const nic = await lookups.networkInterface(zone, spec.interfaceId, `${field}.interfaceId`);
        interfaces.push({
          interfaceId: nic.id,
          direct: false,
          securityEnabled: nic.interface_security_enabled,
          externalIp: false,
        });
        continue;
      }
      const direct = spec.directIp ?? false;
      const securityEnabled = spec.securityEnabled ?? true;
      const securityGroupIds =
        spec.securityGroups === undefined
          ? undefined
          : await Promise.all(
              spec.securityGroups.map(
                async (ref, j) =>
                  (await lookups.securityGroup(zone, ref, `${field}.securityGroups[${j}]`)).id,
              ),
            );
      const subnet = direct
        ? undefined
        : await lookups.subnet(zone, spec.subnet, `${field}.subnet`);
      if (subnet !== undefined && spec.ipAddress !== undefined) {
        checkFixedAddress(subnet, spec.ipAddress, `${field}.ipAddress`);
      }
      interfaces.push({
        direct,
        ...(subnet === undefined ? {} : { subnetId: subnet.id }),
        securityEnabled,
        ...(securityGroupIds === undefined
          ? {}
          : { securityGroupIds: [...new Set(securityGroupIds)] }),
        ...(spec.ipAddress === undefined ? {} : { ipAddress: spec.ipAddress }),
        externalIp: spec.externalIp ?? false,
        ...(spec.externalIpId === undefined
          ? {}
          : {
              externalIpId: (
                await lookups.externalIp(zone, spec.externalIpId, `${field}.externalIpId`)
              ).id,
            }),
      });
    }
  }
  return { projectId, zone, flavor, image, disks, interfaces };
}

/** Base64 of cloud-init user data given as plain text. */
export function encodeCloudInit(text: string): string {
  return Buffer.from(text, "utf8").toString("base64");
}

/** `image_metadata` when there is some. */
function withMetadata(body: Record<string, string> | undefined): {
  image_metadata?: Record<string, string>;
} {
  return body === undefined ? {} : { image_metadata: body };
}

/** The fields both create versions share. */
function commonFields(inputs: VmInputs, resolved: ResolvedVm) {
  return {
    project_id: resolved.projectId,
    availability_zone_id: resolved.zone.id,
    name: inputs.name,
    description: inputs.description ?? "",
    flavor_id: resolved.flavor.id,
    image_id: resolved.image.id,
    ...(inputs.placementGroup === undefined
      ? {}
      : isId(inputs.placementGroup)
        ? { placement_group_id: inputs.placementGroup }
        : { placement_group_name: inputs.placementGroup }),
    disks: resolved.disks.map((d) =>
      d.kind === "new"
        ? { name: d.name, size: d.size, disk_type_id: d.diskType.id }
        : { disk_id: d.diskId },
    ),
    ...withMetadata(metadataBody(resolved.image, inputs)),
    ...createTagFields(inputs.tags),
    ...(inputs.cloudInit === undefined ? {} : { cloud_init: encodeCloudInit(inputs.cloudInit) }),
  };
}

/** The one-VM body of `POST /api/v1.1/vms`. */
export function createRequestV11(
  inputs: VmInputs,
  resolved: ResolvedVm,
): Array<z.input<typeof VmCreateV11Item>> {
  return [
    {
      ...commonFields(inputs, resolved),
      ...(resolved.interfaces === undefined
        ? {}
        : {
            interfaces: resolved.interfaces.map((i) =>
              i.interfaceId !== undefined
                ? { type: "regular" as const, interface_id: i.interfaceId }
                : {
                    type: i.direct ? ("direct_ip" as const) : ("regular" as const),
                    ...(i.subnetId === undefined ? {} : { subnet_id: i.subnetId }),
                    interface_security_enabled: i.securityEnabled,
                    ...(i.securityGroupIds === undefined
                      ? {}
                      : { security_groups: i.securityGroupIds }),
                    ...(i.ipAddress === undefined ? {} : { ip_address: i.ipAddress }),
                    ...(i.direct
                      ? {}
                      : i.externalIpId !== undefined
                        ? { attach_external_ip_id: i.externalIpId }
                        : { new_external_ip: i.externalIp }),
                  },
            ),
          }),
    },
  ];
}

/** The one-VM body of the legacy `POST /api/v1/vms` (interfaces through `subnets`). */
export function createRequestV1(
  inputs: VmInputs,
  resolved: ResolvedVm,
): Array<z.input<typeof VmCreateV1Item>> {
  if (resolved.interfaces?.some((i) => i.direct)) {
    throw new InputError("apiVersion", 'directIp interfaces need apiVersion "v1.1"');
  }
  if (resolved.interfaces?.some((i) => i.interfaceId !== undefined)) {
    throw new InputError("apiVersion", 'interfaceId needs apiVersion "v1.1"');
  }
  return [
    {
      ...commonFields(inputs, resolved),
      ...(resolved.interfaces === undefined
        ? {}
        : {
            subnets: resolved.interfaces.map((i) => ({
              subnet_id: i.subnetId!,
              interface_security_enabled: i.securityEnabled,
              ...(i.securityGroupIds === undefined ? {} : { security_groups: i.securityGroupIds }),
              ...(i.ipAddress === undefined ? {} : { ip_address: i.ipAddress }),
              ...(i.externalIpId !== undefined
                ? { attach_floating_ip_id: i.externalIpId }
                : { new_floating_ip: i.externalIp }),
            })),
          }),
    },
  ];
}

/** The partial update for the in-place changes among `changed` (name, description, flavor, tags). */
export function updateRequest(
  news: VmInputs,
  changed: readonly string[],
  flavorId: string | undefined,
): VmUpdateRequest {
  const body: VmUpdateRequest = {};
  if (changed.includes("name")) body.name = news.name;
  if (changed.includes("description")) body.description = news.description ?? "";
  if (changed.includes("flavor") && flavorId !== undefined) body.flavor_id = flavorId;
  if (changed.includes("tags")) Object.assign(body, tagFields(news.tags ?? []));
  return body;
}
