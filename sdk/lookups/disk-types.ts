/** Disk type lookup: `getDiskTypes` lists the disk types, optionally of one zone or project. */
import type { DiskTypeResponse } from "../../api/vm/disk-types";
import type { Camelized, Check, SameShape } from "../../provider/lookups/camelize";
import { diskTypes } from "../../provider/lookups/disk-types";
import {
  lookupFunction,
  lookupOutputFunction,
  type LookupFunction,
  type LookupOutputFunction,
} from "./define-lookup";

/** The filters of {@link getDiskTypes}. */
export interface GetDiskTypesArgs {
  /** Only disk types offered in this availability zone, by name (e.g. `ru.AZ-1`) or id. */
  availabilityZone?: string;
  /** Only disk types offered in this project's zones (a project id). Default: no project filter. */
  projectId?: string;
}

/** The throughput limits of disks from a given size up. */
export interface DiskTypeSpeedLimitInfo {
  /** Disk size in GB from which these limits apply. */
  size: number;
  /** Bandwidth limit in Mbit/s. */
  limitBw: number;
  /** Operation rate limit. */
  limitRate: number;
}

/** One zone a disk type is offered in. */
export interface DiskTypeAvailabilityZoneInfo {
  /** Availability zone id. */
  availabilityZoneId: string;
  /** Availability zone name. */
  availabilityZoneName: string;
  /** True for the default availability zone. */
  default: boolean;
  /** True when the zone is enabled. */
  enabled: boolean;
}

/** A disk type, as the lookups answer it. */
export interface DiskTypeInfo {
  /** Disk type id. */
  id: string;
  /** Name, e.g. `SSD` (what `Disk` takes as `diskType`). */
  name: string;
  /** Name shown to people. */
  displayName: string;
  /** Speed limits by disk size. */
  speedLimits: DiskTypeSpeedLimitInfo[];
  /** The zones the type is offered in. */
  availabilityZones: DiskTypeAvailabilityZoneInfo[];
  /** True when the type is meant for free-tier VMs. */
  freeTier: boolean;
  /** Smallest disk size in GB. */
  minSize: number;
  /** Largest disk size in GB. */
  maxSize: number;
}
type _DiskTypeShape = Check<SameShape<DiskTypeInfo, Camelized<DiskTypeResponse>>>;

/** What {@link getDiskTypes} answers. */
export interface GetDiskTypesResult {
  /** The disk types, in the service's order. */
  diskTypes: DiskTypeInfo[];
  /** Their ids, in the same order. */
  ids: string[];
  /** Their names, in the same order. */
  names: string[];
}

/**
 * Lists the disk types, optionally only those of one zone or project.
 *
 * @example
 * const { diskTypes } = await vmcloud.getDiskTypes({ availabilityZone: "ru.AZ-1" });
 * const ssd = diskTypes.find((t) => t.name === "SSD");
 */
export const getDiskTypes: LookupFunction<GetDiskTypesArgs, GetDiskTypesResult> = lookupFunction(
  diskTypes.list,
);

/** {@link getDiskTypes} with `pulumi.Input` arguments and an Output result. */
export const getDiskTypesOutput: LookupOutputFunction<GetDiskTypesArgs, GetDiskTypesResult> =
  lookupOutputFunction(diskTypes.list);
