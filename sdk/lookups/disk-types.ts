/** Disk type lookup: `getDiskTypes` lists the disk types, optionally of one zone or project. */
import type * as pulumi from "@pulumi/pulumi";
import type { z } from "zod";
import { DiskTypeListQuery, type DiskTypeResponse } from "../../provider/api/vm/disk-types";
import { catalogEndpoints } from "../../provider/api/vm/endpoints/catalog";
import type { ArgsMatchSchema, Assert } from "../../provider/resources/framework/args-match";
import { argsFrom, parseArgs, toQuery } from "./args";
import { camelize, type Camelized, type Check, type SameShape } from "./camelize";
import { LookupRun, type LookupOptions } from "./context";
import { lookupOutput, type LookupInputs } from "./output";
import { ZoneRef, resolveZoneRef } from "./zone-ref";

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

const FIELDS = { projectId: "project_id" } as const;
const DiskTypesArgs = argsFrom(DiskTypeListQuery, FIELDS).extend({
  availabilityZone: ZoneRef.optional(),
});
type _DiskTypesArgs = Assert<ArgsMatchSchema<GetDiskTypesArgs, z.output<typeof DiskTypesArgs>>>;

/**
 * Lists the disk types, optionally only those of one zone or project.
 *
 * @example
 * const { diskTypes } = await vmcloud.getDiskTypes({ availabilityZone: "ru.AZ-1" });
 * const ssd = diskTypes.find((t) => t.name === "SSD");
 */
export async function getDiskTypes(
  args?: GetDiskTypesArgs,
  options?: LookupOptions,
): Promise<GetDiskTypesResult> {
  const run = new LookupRun("getDiskTypes", options);
  const parsed = parseArgs(run.name, DiskTypesArgs, args);
  const zoneId = await resolveZoneRef(
    run,
    parsed.availabilityZone,
    DiskTypeListQuery.shape.availability_zone_id,
  );
  const query = {
    ...toQuery(FIELDS, parsed),
    ...(zoneId === undefined ? {} : { availability_zone_id: zoneId }),
  };
  const diskTypes = (await run.call(catalogEndpoints.listDiskTypes, { query })).map((t) =>
    camelize(t),
  );
  return { diskTypes, ids: diskTypes.map((t) => t.id), names: diskTypes.map((t) => t.name) };
}

/** {@link getDiskTypes} with `pulumi.Input` arguments and an Output result. */
export function getDiskTypesOutput(
  args?: LookupInputs<GetDiskTypesArgs>,
  options?: LookupOptions,
): pulumi.Output<GetDiskTypesResult> {
  return lookupOutput(args, options, getDiskTypes);
}
