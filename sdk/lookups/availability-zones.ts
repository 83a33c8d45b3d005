/**
 * Availability zone lookups: `getAvailabilityZones` lists the zones (optionally one project's,
 * optionally only those that allow free-tier resources), `getAvailabilityZoneSettings` the
 * console settings of a project's zones.
 */
import { catalogEndpoints } from "../../api/vm/endpoints/catalog";
import {
  ZoneListQuery,
  ZoneSettingsQuery,
  settingEnabled,
  type ZoneResponse,
} from "../../api/vm/zones";
import { argsFrom, argsSchema, toQuery } from "./args";
import type { Camelized, Check, SameShape } from "./camelize";
import {
  defineLookup,
  idsAndNames,
  type LookupFunction,
  type LookupOutputFunction,
} from "./define-lookup";
import { ZoneRef, zoneQuery } from "./zone-ref";

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
const ZonesArgs = argsSchema<GetAvailabilityZonesArgs>()(argsFrom(ZoneListQuery, ZONE_FIELDS));

const SettingsArgs = argsSchema<GetAvailabilityZoneSettingsArgs>()(
  argsFrom(ZoneSettingsQuery, { projectId: "project_id" } as const)
    .partial()
    .extend({ availabilityZone: ZoneRef.optional() }),
);

const zones = defineLookup({
  list: {
    name: "getAvailabilityZones",
    args: ZonesArgs,
    async items(run, args): Promise<AvailabilityZoneInfo[]> {
      const query = toQuery(ZONE_FIELDS, args);
      return run.read(catalogEndpoints.listAvailabilityZones, { query });
    },
    answer: (items) => ({ availabilityZones: items, ...idsAndNames(items) }),
  },
});

const zoneSettings = defineLookup({
  list: {
    name: "getAvailabilityZoneSettings",
    args: SettingsArgs,
    async items(run, args): Promise<AvailabilityZoneSettingsInfo[]> {
      const projectId = run.projectId(args.projectId, ZoneSettingsQuery.shape.project_id);
      const query = {
        project_id: projectId,
        ...(await zoneQuery(run, args, ZoneSettingsQuery.shape.availability_zone_id)),
      };
      const items = await run.call(catalogEndpoints.listAvailabilityZoneSettings, { query });
      return items.map((item) => ({
        availabilityZoneId: item.availability_zone_id,
        availabilityZoneName: item.availability_zone_name,
        settings: {
          serialConsoleEnabled: settingEnabled(item.settings.serial_console_enabled),
          vncConsoleEnabled: settingEnabled(item.settings.vnc_console_enabled),
        },
      }));
    },
    answer: (availabilityZones) => ({ availabilityZones }),
  },
});

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
> = zones.list;

/** {@link getAvailabilityZones} with `pulumi.Input` arguments and an Output result. */
export const getAvailabilityZonesOutput: LookupOutputFunction<
  GetAvailabilityZonesArgs,
  GetAvailabilityZonesResult
> = zones.listOutput;

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
> = zoneSettings.list;

/** {@link getAvailabilityZoneSettings} with `pulumi.Input` arguments and an Output result. */
export const getAvailabilityZoneSettingsOutput: LookupOutputFunction<
  GetAvailabilityZoneSettingsArgs,
  GetAvailabilityZoneSettingsResult
> = zoneSettings.listOutput;
