/**
 * Availability zone lookups: `getAvailabilityZones` lists the zones (optionally one project's,
 * optionally only those that allow free-tier resources), `getAvailabilityZoneSettings` the
 * console settings of a project's zones.
 */
import type { z } from "zod";
import type { ZoneResponse } from "../../api/vm/zones";
import {
  AvailabilityZoneSettingsInfo as SettingsInfoSchema,
  zoneSettings,
  zones,
} from "../../provider/lookups/availability-zones";
import type { Camelized, Check, SameShape } from "../../provider/lookups/camelize";
import {
  lookupFunction,
  lookupOutputFunction,
  type LookupFunction,
  type LookupOutputFunction,
} from "./define-lookup";

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

type _SettingsShape = Check<
  SameShape<AvailabilityZoneSettingsInfo, z.output<typeof SettingsInfoSchema>>
>;

/**
 * Lists the availability zones: every zone, or those of `projectId`, optionally only the
 * free-tier ones.
 *
 * @example
 * const { names } = await vmcloud.getAvailabilityZones({ freeTierOnly: true });
 */
export const getAvailabilityZones: LookupFunction<
  GetAvailabilityZonesArgs,
  GetAvailabilityZonesResult
> = lookupFunction(zones.list);

/** {@link getAvailabilityZones} with `pulumi.Input` arguments and an Output result. */
export const getAvailabilityZonesOutput: LookupOutputFunction<
  GetAvailabilityZonesArgs,
  GetAvailabilityZonesResult
> = lookupOutputFunction(zones.list);

/**
 * Reads which consoles VMs get in each zone of a project (or in one zone). The service sends
 * the flags as the text `true`/`false`; they are answered as booleans.
 *
 * @example
 * const { availabilityZones } = await vmcloud.getAvailabilityZoneSettings({ availabilityZone: "ru.AZ-1" });
 */
export const getAvailabilityZoneSettings: LookupFunction<
  GetAvailabilityZoneSettingsArgs,
  GetAvailabilityZoneSettingsResult
> = lookupFunction(zoneSettings.list);

/** {@link getAvailabilityZoneSettings} with `pulumi.Input` arguments and an Output result. */
export const getAvailabilityZoneSettingsOutput: LookupOutputFunction<
  GetAvailabilityZoneSettingsArgs,
  GetAvailabilityZoneSettingsResult
> = lookupOutputFunction(zoneSettings.list);
