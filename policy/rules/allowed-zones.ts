/** `vmcloud-allowed-zones`: resources are placed only in allowed availability zones. */
import { label, stringList, resourceRule } from "../lib/define";
import { previewAfter, withValue } from "../lib/fix-effect";
import { catalogName, isCatalog, listedIn, serviceCatalog } from "../lib/service-catalog";
import { asString } from "../lib/values";

/** Configuration of {@link allowedZones}. */
export interface AllowedZonesConfig {
  /** Zone names (e.g. `ru.AZ-1`) or ids; empty: every zone is allowed. */
  allowedZones: string[];
}

/**
 * A resource that leaves `availabilityZone` unset goes to the project's default zone, which
 * the policy cannot see without calling the cloud: it passes.
 */
export const allowedZones = resourceRule<AllowedZonesConfig>({
  name: "vmcloud-allowed-zones",
  description:
    "VMs, disks, subnets and security groups must be placed in an allowed availability zone.",
  enforcementLevel: "mandatory",
  appliesTo: ["Vm", "FreeTierVm", "Disk", "Subnet", "SecurityGroup"],
  configSchema: {
    properties: {
      allowedZones: stringList(
        [],
        "Zone names (e.g. ru.AZ-1) or ids allowed; empty allows every zone.",
      ),
    },
  },
  inactiveWhen: (config) =>
    config.allowedZones.length === 0
      ? "no allowedZones configured: every zone is allowed"
      : undefined,
  async check(resource, config) {
    const zone = asString(resource.props["availabilityZone"]);
    if (typeof zone !== "string" || config.allowedZones.includes(zone)) return [];
    // A zone given by id (or an allow-list of ids) is compared through the service's zones.
    const catalog = await serviceCatalog();
    if (isCatalog(catalog) && listedIn(config.allowedZones, catalog.zones, zone)) return [];
    const name = isCatalog(catalog) ? catalogName(catalog.zones, zone) : zone;
    const shows = await previewAfter(
      resource.typeName as "Vm" | "FreeTierVm" | "Disk" | "Subnet" | "SecurityGroup",
      resource.props,
      withValue(resource.props, ["availabilityZone"], config.allowedZones[0]!),
    );
    return [
      `${label(resource)}: availability zone "${zone}"${name === zone ? "" : ` (${name})`} is not allowed. Fix: set availabilityZone to one of ` +
        `${config.allowedZones.join(", ")}, or add the zone to allowedZones in the config of vmcloud-allowed-zones. ` +
        shows,
    ];
  },
});
