/**
 * Availability zone lookups: `getAvailabilityZones` lists the zones (optionally one project's,
 * optionally only those that allow free-tier resources), `getAvailabilityZoneSettings` the
 * console settings of a project's zones.
 */
import type * as pulumi from "@pulumi/pulumi";
import type { z } from "zod";
import { catalogEndpoints } from "../../provider/api/vm/endpoints/catalog";
import {
  ZoneListQuery,
  ZoneSettingsQuery,
  settingEnabled,
  type ZoneResponse,
} from "../../provider/api/vm/zones";
import type { ArgsMatchSchema, Assert } from "../../provider/resources/framework/args-match";
import { argsFrom, parseArgs, toQuery } from "./args";
import { camelize, type Camelized, type Check, type SameShape } from "./camelize";
import { LookupRun, type LookupOptions } from "./context";
import { lookupOutput, type LookupInputs } from "./output";
import { ZoneRef, resolveZoneRef } from "./zone-ref";

/** The filters of {@link getAvailabilityZones}. */
export interface GetAvailabilityZonesArgs {
  /** Only the zones this project exists in (a project id). Default: every zone. */
  projectId?: string;
  /** True: only zones in which free-tier resources can be created. Default false (every zone). */
  freeTierOnly?: boolean;
}

/** An availability zone, as the lookups answer it. */
export interface AvailabilityZoneInfo {
  /** Zone id. */
  id: string;
  /** Zone name, e.g. `ru.AZ-1` (what resources take as `availabilityZone`). */
  name: string;
  /** Name shown to people. */
  displayName: string;
  /** Description. */
  description: string;
  /** True when the zone is enabled. */
  enabled: boolean;
  /** Short name, e.g. `az1`. */
  shortName: string;
  /** True for the default zone (where resources go when no zone is given). */
  default: boolean;
}
type _ZoneShape = Check<SameShape<AvailabilityZoneInfo, Camelized<ZoneResponse>>>;

/** What {@link getAvailabilityZones} answers. */
export interface GetAvailabilityZonesResult {
  /** The zones, in the service's order. */
  availabilityZones: AvailabilityZoneInfo[];
  /** Their ids, in the same order. */
  ids: string[];
  /** Their names, in the same order. */
  names: string[];
}

/** The arguments of {@link getAvailabilityZoneSettings}. */
export interface GetAvailabilityZoneSettingsArgs {
  /** The project whose zones are read. Default: `vmcloud:projectId` (or `VMCLOUD_PROJECT_ID`). */
  projectId?: string;
  /** Only this zone, by name (e.g. `ru.AZ-1`) or id. Default: every zone of the project. */
  availabilityZone?: string;
}

/** The console settings of one zone. */
export interface AvailabilityZoneSettingsInfo {
  /** Zone id. */
  availabilityZoneId: string;
  /** Zone name. */
  availabilityZoneName: string;
  /** The settings; a flag the service leaves out reads as false. */
  settings: {
    /** True when VMs in this zone offer a serial console. */
    serialConsoleEnabled: boolean;
    /** True when VMs in this zone offer a virtual (VNC) console. */
    vncConsoleEnabled: boolean;
  };
}

/** What {@link getAvailabilityZoneSettings} answers. */
export interface GetAvailabilityZoneSettingsResult {
  /** One entry per zone of the project (or the one zone asked for). */
  availabilityZones: AvailabilityZoneSettingsInfo[];
}

const ZONE_FIELDS = { projectId: "project_id", freeTierOnly: "free_tier_default" } as const;
const ZonesArgs = argsFrom(ZoneListQuery, ZONE_FIELDS);
type _ZonesArgs = Assert<ArgsMatchSchema<GetAvailabilityZonesArgs, z.output<typeof ZonesArgs>>>;

const SettingsArgs = argsFrom(ZoneSettingsQuery, { projectId: "project_id" } as const)
  .partial()
  .extend({ availabilityZone: ZoneRef.optional() });
type _SettingsArgs = Assert<
  ArgsMatchSchema<GetAvailabilityZoneSettingsArgs, z.output<typeof SettingsArgs>>
>;

/**
 * Lists the availability zones: every zone, or those of `projectId`, optionally only the
 * free-tier ones.
 *
 * @example
 * const { names } = await vmcloud.getAvailabilityZones({ freeTierOnly: true });
 */
export async function getAvailabilityZones(
  args?: GetAvailabilityZonesArgs,
  options?: LookupOptions,
): Promise<GetAvailabilityZonesResult> {
  const run = new LookupRun("getAvailabilityZones", options);
  const parsed = parseArgs(run.name, ZonesArgs, args);
  const zones = (
    await run.call(catalogEndpoints.listAvailabilityZones, { query: toQuery(ZONE_FIELDS, parsed) })
  ).map((zone) => camelize(zone));
  return { availabilityZones: zones, ids: zones.map((z) => z.id), names: zones.map((z) => z.name) };
}

/** {@link getAvailabilityZones} with `pulumi.Input` arguments and an Output result. */
export function getAvailabilityZonesOutput(
  args?: LookupInputs<GetAvailabilityZonesArgs>,
  options?: LookupOptions,
): pulumi.Output<GetAvailabilityZonesResult> {
  return lookupOutput(args, options, getAvailabilityZones);
}

/**
 * Reads which consoles VMs get in each zone of a project (or in one zone). The service sends
 * the flags as the text `true`/`false`; they are answered as booleans.
 *
 * @example
 * const { availabilityZones } = await vmcloud.getAvailabilityZoneSettings({ availabilityZone: "ru.AZ-1" });
 */
export async function getAvailabilityZoneSettings(
  args?: GetAvailabilityZoneSettingsArgs,
  options?: LookupOptions,
): Promise<GetAvailabilityZoneSettingsResult> {
  const run = new LookupRun("getAvailabilityZoneSettings", options);
  const parsed = parseArgs(run.name, SettingsArgs, args);
  const projectId = run.projectId(parsed.projectId, ZoneSettingsQuery.shape.project_id);
  const zoneId = await resolveZoneRef(
    run,
    parsed.availabilityZone,
    ZoneSettingsQuery.shape.availability_zone_id,
  );
  const items = await run.call(catalogEndpoints.listAvailabilityZoneSettings, {
    query: {
      project_id: projectId,
      ...(zoneId === undefined ? {} : { availability_zone_id: zoneId }),
    },
  });
  return {
    availabilityZones: items.map((item) => ({
      availabilityZoneId: item.availability_zone_id,
      availabilityZoneName: item.availability_zone_name,
      settings: {
        serialConsoleEnabled: settingEnabled(item.settings.serial_console_enabled),
        vncConsoleEnabled: settingEnabled(item.settings.vnc_console_enabled),
      },
    })),
  };
}

/** {@link getAvailabilityZoneSettings} with `pulumi.Input` arguments and an Output result. */
export function getAvailabilityZoneSettingsOutput(
  args?: LookupInputs<GetAvailabilityZoneSettingsArgs>,
  options?: LookupOptions,
): pulumi.Output<GetAvailabilityZoneSettingsResult> {
  return lookupOutput(args, options, getAvailabilityZoneSettings);
}
