/**
 * Schemas of the VM service's availability zones: the list and settings queries, the zone
 * response and the per-zone settings (whether VMs there get a virtual or a serial console).
 */
import { z } from "zod";
import { QueryBool, Uuid4 } from "../common";
import { DisplayName, idName, ZoneIdName } from "./fields";

/** Path parameters of `GET /api/v1/availability-zones/{availability_zone_id}`. */
export const ZoneIdParams = z.object({
  availability_zone_id: Uuid4.describe("Availability zone id"),
});

/** Query of `GET /api/v1/availability-zones`. */
export const ZoneListQuery = z.object({
  project_id: Uuid4.optional().describe("Only zones this project exists in"),
  free_tier_default: QueryBool.optional().describe(
    "true: only zones in which free-tier resources can be created (default: every zone)",
  ),
});
/** Parsed {@link ZoneListQuery}. */
export type ZoneListQuery = z.output<typeof ZoneListQuery>;

/** Query of `GET /api/v1/availability-zones/settings`. */
export const ZoneSettingsQuery = z.object({
  project_id: Uuid4.describe("Project whose zones' settings are listed (required)"),
  availability_zone_id: Uuid4.optional().describe("Only the settings of this zone"),
});
/** Parsed {@link ZoneSettingsQuery}. */
export type ZoneSettingsQuery = z.output<typeof ZoneSettingsQuery>;

/** `PublicAvailabilityZoneResponse`: an availability zone. */
export const ZoneResponse = z
  .object({
    ...idName("Availability zone", "Availability zone name, e.g. ru.AZ-1"),
    display_name: DisplayName,
    description: z.string().describe("Description"),
    enabled: z.boolean().describe("true when the zone is enabled"),
    short_name: z.string().describe("Short name, e.g. az1"),
    default: z.boolean().describe("true for the default zone"),
  })
  .describe("Availability zone");
/** A value of {@link ZoneResponse}. */
export type ZoneResponse = z.infer<typeof ZoneResponse>;

/**
 * A settings flag. The reference types these as strings of format boolean, so the service
 * may send `"true"`/`"false"`; real JSON booleans are accepted too.
 */
export const SettingFlag = z
  .union([z.boolean(), z.enum(["true", "false"])])
  .describe("Boolean setting, sent as the text true or false");
/** A value of {@link SettingFlag}. */
export type SettingFlag = z.infer<typeof SettingFlag>;

/** Reads a {@link SettingFlag} as a boolean. */
export function settingEnabled(flag: SettingFlag | undefined): boolean {
  return flag === true || flag === "true";
}

/** `PublicAvailabilityZoneSettings`: which consoles VMs in a zone offer. */
export const ZoneSettings = z
  .object({
    serial_console_enabled: SettingFlag.optional().describe(
      "true when VMs in this zone offer a serial console",
    ),
    vnc_console_enabled: SettingFlag.optional().describe(
      "true when VMs in this zone offer a virtual (VNC) console",
    ),
  })
  .describe("Availability zone settings");
/** A value of {@link ZoneSettings}. */
export type ZoneSettings = z.infer<typeof ZoneSettings>;

/** `PublicAvailabilityZoneSettingsResponse`: the settings of one zone. */
export const ZoneSettingsResponse = z
  .object({
    ...ZoneIdName,
    settings: ZoneSettings,
  })
  .describe("Settings of an availability zone");
/** A value of {@link ZoneSettingsResponse}. */
export type ZoneSettingsResponse = z.infer<typeof ZoneSettingsResponse>;

/** The zone list: a plain array, not a page. */
export const ZoneList = z.array(ZoneResponse).describe("Availability zones");

/** The settings list: a plain array, one item per zone. */
export const ZoneSettingsList = z.array(ZoneSettingsResponse).describe("Settings per zone");
