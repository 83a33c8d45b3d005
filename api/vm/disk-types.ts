/**
 * Schemas of the VM service's disk types: the list query and the disk type response with its
 * size bounds, speed limits and zones.
 */
import { z } from "zod";
import { Uuid4 } from "../common";
import { DISK_MAX_SIZE } from "./disks";
import { CatalogZone, DisplayName, idName } from "./fields";

/** Path parameters of `GET /api/v1/disk-types/{disk_type_id}`. */
export const DiskTypeIdParams = z.object({
  disk_type_id: Uuid4.describe("Disk type id"),
});

/** Query of `GET /api/v1/disk-types`. */
export const DiskTypeListQuery = z.object({
  availability_zone_id: Uuid4.optional().describe("Only disk types offered in this zone"),
  project_id: Uuid4.optional().describe("Only disk types offered in this project's zones"),
});
/** Parsed {@link DiskTypeListQuery}. */
export type DiskTypeListQuery = z.output<typeof DiskTypeListQuery>;

/** `SpeedLimit`: the throughput limits of disks from a given size up. */
export const SpeedLimit = z
  .object({
    size: z.number().int().describe("Disk size in GB from which these limits apply"),
    limit_bw: z.number().int().describe("Bandwidth limit in Mbit/s"),
    limit_rate: z.number().int().describe("Operation rate limit"),
  })
  .describe("Speed limit");
/** A value of {@link SpeedLimit}. */
export type SpeedLimit = z.infer<typeof SpeedLimit>;

/** `PublicAvailabilityZoneDiskTypeResponse`: one zone a disk type is offered in. */
export const DiskTypeZone = CatalogZone.describe("Availability zone of a disk type");
/** A value of {@link DiskTypeZone}. */
export type DiskTypeZone = z.infer<typeof DiskTypeZone>;

/** `PublicDiskTypeResponse`: a disk type. */
export const DiskTypeResponse = z
  .object({
    ...idName("Disk type", "Disk type name, e.g. SSD"),
    display_name: DisplayName,
    speed_limits: z.array(SpeedLimit).describe("Speed limits by disk size"),
    availability_zones: z.array(DiskTypeZone).describe("Zones the disk type is offered in"),
    free_tier: z.boolean().describe("true when the type is meant for free-tier VMs"),
    min_size: z.number().int().min(1).max(DISK_MAX_SIZE).describe("Smallest disk size in GB"),
    max_size: z.number().int().min(1).max(DISK_MAX_SIZE).describe("Largest disk size in GB"),
  })
  .describe("Disk type");
/** A value of {@link DiskTypeResponse}. */
export type DiskTypeResponse = z.infer<typeof DiskTypeResponse>;

/** The disk type list: a plain array, not a page. */
export const DiskTypeList = z.array(DiskTypeResponse).describe("Disk types");
