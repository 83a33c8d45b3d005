/**
 * Schemas of the VM service's disks: the list query, the create, update, attach and detach
 * requests, and the disk response with the VMs it is attached to. Limits follow the real
 * service: names 1–64 characters, descriptions up to 255, sizes 1–16384 GB.
 */
import { z } from "zod";
import {
  Description,
  exclusivePairs,
  Name,
  nameContains,
  NewestFirstQuery,
  PageQuery,
  Uuid,
  Uuid4,
  paginated,
  queryArray,
} from "../common";
import { DiskStatus, VmStatus } from "./enums";
import { idName, NewTags, Timestamps } from "./fields";
import { AvailabilityZoneMini, DiskTypeMini, ProjectMini, Tags } from "./minis";

/** The largest disk the service creates, in GB. */
export const DISK_MAX_SIZE = 16384;

/** A disk size in GB: an integer from 1 to {@link DISK_MAX_SIZE}. */
export const DiskSize = z
  .number()
  .int()
  .min(1)
  .max(DISK_MAX_SIZE)
  .describe(`Disk size in GB: 1–${DISK_MAX_SIZE}`);

/** Path parameters of the by-id disk endpoints. */
export const DiskIdParams = z.object({
  disk_id: Uuid4.describe("Disk id"),
});

/** Query of `GET /api/v1/disks`: one project's disks, filtered, paged and ordered. */
export const DiskListQuery = z.object({
  project_id: Uuid.describe("Project whose disks are listed (required)"),
  tag_ids: queryArray(Uuid)
    .default([])
    .describe("Only disks carrying at least one of these tags (default: no tag filter)"),
  availability_zone_id: Uuid.optional().describe("Only disks in this availability zone"),
  name: nameContains("disks", "any case"),
  ...PageQuery.shape,
  ...NewestFirstQuery.shape,
});
/** Parsed {@link DiskListQuery}. */
export type DiskListQuery = z.output<typeof DiskListQuery>;

/**
 * `PublicDiskCreateRequest`: a new disk. The zone defaults to the default zone and the disk
 * type to the zone's first general-purpose type when neither id nor name is given; each may
 * be given by id or by name, never both. `readonly`, `shared` and `encrypted` default to false.
 */
export const DiskCreateRequest = z
  .strictObject({
    project_id: Uuid4.describe("Project the disk belongs to"),
    availability_zone_id: Uuid4.optional().describe(
      "Availability zone by id (or give availability_zone_name)",
    ),
    availability_zone_name: Name.optional().describe(
      "Availability zone by name (or give availability_zone_id)",
    ),
    disk_type_id: Uuid4.optional().describe("Disk type by id (or give disk_type_name)"),
    disk_type_name: Name.optional().describe("Disk type by name (or give disk_type_id)"),
    name: Name.describe("Disk name, unique in its project and zone"),
    description: Description.optional(),
    size: DiskSize,
    readonly: z.boolean().default(false).describe("Read-only disk (default false)"),
    shared: z
      .boolean()
      .default(false)
      .describe("May be attached to several VMs at once (default false)"),
    encrypted: z.boolean().default(false).describe("Encrypted disk (default false)"),
    ...NewTags,
  })
  .superRefine(
    exclusivePairs([
      ["availability_zone_id", "availability_zone_name"],
      ["disk_type_id", "disk_type_name"],
    ]),
  );
/** Parsed {@link DiskCreateRequest}. */
export type DiskCreateRequest = z.output<typeof DiskCreateRequest>;

/**
 * `PublicDiskUpdateRequest`: a partial change; a field left out stays as it is. The size can
 * only grow. `disk_type_id`/`disk_type_name` are accepted only to refuse a change of type
 * (the type of a disk is fixed); tags given replace the disk's tags.
 */
export const DiskUpdateRequest = z
  .strictObject({
    name: Name.optional().describe("New name, unique in the disk's project and zone"),
    description: Description.optional(),
    size: DiskSize.optional().describe(`New size in GB (only larger; at most ${DISK_MAX_SIZE})`),
    readonly: z.boolean().optional().describe("Make the disk read-only or writable"),
    shared: z.boolean().optional().describe("Allow attaching to several VMs at once"),
    encrypted: z.boolean().optional().describe("Encrypted disk"),
    disk_type_id: Uuid4.optional().describe("Must be the disk's current type: types never change"),
    disk_type_name: Name.optional().describe("Must be the disk's current type: types never change"),
    tag_ids: z.array(Uuid4).optional().describe("Tags by id (replace the current tags)"),
    tag_names: z.array(Name).optional().describe("Tags by name (replace the current tags)"),
  })
  .superRefine(exclusivePairs([["disk_type_id", "disk_type_name"]]));
/** Parsed {@link DiskUpdateRequest}. */
export type DiskUpdateRequest = z.output<typeof DiskUpdateRequest>;

/** `DiskAttachRequest`: the VM to attach the disk to. */
export const DiskAttachRequest = z.strictObject({
  vm_id: Uuid.describe("VM to attach the disk to, in the disk's project and zone"),
});
/** Parsed {@link DiskAttachRequest}. */
export type DiskAttachRequest = z.output<typeof DiskAttachRequest>;

/** `DiskDetachRequest`: the VM to detach the disk from. */
export const DiskDetachRequest = z.strictObject({
  vm_id: Uuid.describe("VM to detach the disk from"),
});
/** Parsed {@link DiskDetachRequest}. */
export type DiskDetachRequest = z.output<typeof DiskDetachRequest>;

/** `VmsBlockResponse`: a VM a disk is attached to; `primary` marks the VM it boots. */
export const DiskVm = z
  .object({
    ...idName("VM"),
    primary: z.boolean().describe("true when this disk is the VM's boot disk"),
    state: VmStatus,
  })
  .describe("VM the disk is attached to");
/** A value of {@link DiskVm}. */
export type DiskVm = z.infer<typeof DiskVm>;

/** `PublicDiskResponse`: a disk with its project, zone, type, tags and VMs. */
export const DiskResponse = z
  .object({
    ...idName("Disk"),
    description: z.string().describe("Disk description"),
    size: z.number().int().describe("Size in GB"),
    state: DiskStatus,
    bootable: z.boolean().describe("true for a disk a VM boots from"),
    readonly: z.boolean().describe("true for a read-only disk"),
    shared: z.boolean().describe("true when the disk may be attached to several VMs"),
    encrypted: z.boolean().describe("true for an encrypted disk"),
    serial_id: z.string().optional().describe("Serial number the guest sees"),
    project: ProjectMini,
    availability_zone: AvailabilityZoneMini,
    disk_type: DiskTypeMini,
    ...Timestamps,
    tags: Tags,
    vms: z.array(DiskVm).describe("VMs the disk is attached to"),
  })
  .describe("Disk");
/** A value of {@link DiskResponse}. */
export type DiskResponse = z.infer<typeof DiskResponse>;

/** `PaginationResponse_PublicDiskResponse_`: one page of disks. */
export const DiskPage = paginated(DiskResponse);
/** A value of {@link DiskPage}. */
export type DiskPage = z.infer<typeof DiskPage>;
