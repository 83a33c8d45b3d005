/**
 * Availability zone lookups: `getAvailabilityZones` lists the zones (optionally one project's,
 * optionally only those that allow free-tier resources), `getAvailabilityZoneSettings` the
 * console settings of a project's zones.
 */
import { z } from "zod";
import { catalogEndpoints } from "../../api/vm/endpoints/catalog";
import { ZoneIdName } from "../../api/vm/fields";
import {
  ZoneListQuery,
  ZoneResponse,
  ZoneSettings,
  ZoneSettingsQuery,
  settingEnabled,
} from "../../api/vm/zones";
import { argsFrom, toQuery } from "./args";
import { camelSchema } from "./camelize";
import { defineLookup, listedAs } from "./define-lookup";
import { projectZoneQuery, ZoneRef } from "./zone-ref";

const ZONE_FIELDS = { projectId: "project_id", freeTierOnly: "free_tier_default" } as const;

/** The filters of `getAvailabilityZones`. */
export const ZonesArgs = argsFrom(ZoneListQuery, ZONE_FIELDS);

/** The arguments of `getAvailabilityZoneSettings`. */
export const SettingsArgs = argsFrom(ZoneSettingsQuery, { projectId: "project_id" } as const)
  .partial()
  .extend({ availabilityZone: ZoneRef.optional() });

/** An availability zone, as the lookups answer it. */
export const AvailabilityZoneInfo = camelSchema(ZoneResponse);

/** A console flag as answered: the service's text `true`/`false` (or nothing) as a boolean. */
function flag(field: z.ZodType): z.ZodBoolean {
  return z.boolean().describe(`${field.description ?? ""} (false when the service leaves it out)`);
}

/** The console settings of one zone, flags as booleans. */
export const AvailabilityZoneSettingsInfo = z.object({
  availabilityZoneId: ZoneIdName.availability_zone_id,
  availabilityZoneName: ZoneIdName.availability_zone_name,
  settings: z
    .object({
      serialConsoleEnabled: flag(ZoneSettings.shape.serial_console_enabled),
      vncConsoleEnabled: flag(ZoneSettings.shape.vnc_console_enabled),
    })
    .describe("Which consoles VMs in the zone offer"),
});

/** `getAvailabilityZones`. */
export const zones = defineLookup({
  list: {
    name: "getAvailabilityZones",
    description:
      "Lists the availability zones: every zone, or those of projectId, optionally only the free-tier ones",
    args: ZonesArgs,
    async items(run, args) {
      const query = toQuery(ZONE_FIELDS, args);
      return run.read(catalogEndpoints.listAvailabilityZones, { query });
    },
    ...listedAs("availabilityZones", AvailabilityZoneInfo, "The zones, in the service's order"),
  },
});

/** `getAvailabilityZoneSettings`. */
export const zoneSettings = defineLookup({
  list: {
    name: "getAvailabilityZoneSettings",
    description:
      "Reads which consoles VMs get in each zone of a project (or in one zone), the flags as booleans",
    args: SettingsArgs,
    async items(run, args) {
      const query = await projectZoneQuery(run, args, ZoneSettingsQuery);
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
    result: z.object({
      availabilityZones: z
        .array(AvailabilityZoneSettingsInfo)
        .describe("One entry per zone of the project (or the one zone asked for)"),
    }),
  },
});
