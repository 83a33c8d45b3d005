import * as vmcloud from "@vmcloud/pulumi";

const settings = vmcloud.getAvailabilityZoneSettingsOutput({ availabilityZone: "ru.AZ-1" });

export const serialConsole = settings.apply(
  (r) => r.availabilityZones[0]?.settings?.serialConsoleEnabled,
);
export const vncConsole = settings.apply(
  (r) => r.availabilityZones[0]?.settings?.vncConsoleEnabled,
);
