/** `vmcloud-allowed-zones`: resources are placed only in allowed availability zones. */
import { label, resourceRule } from "../lib/define";
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
      allowedZones: {
        type: "array",
        items: { type: "string" },
        default: [],
        description: "Zone names (e.g. ru.AZ-1) or ids allowed; empty allows every zone.",
      },
    },
  },
  inactiveWhen: (config) =>
    config.allowedZones.length === 0
      ? "no allowedZones configured: every zone is allowed"
      : undefined,
  check(resource, config) {
    const zone = asString(resource.props["availabilityZone"]);
    if (typeof zone !== "string" || config.allowedZones.includes(zone)) return [];
    return [
      `${label(resource)}: availability zone "${zone}" is not allowed. Fix: set availabilityZone to one of ` +
        `${config.allowedZones.join(", ")}, or add the zone to allowedZones in the config of vmcloud-allowed-zones.`,
    ];
  },
});
