/** Inputs of the `NetworkInterface` resource. */
import { z } from "zod";
import { Name } from "../../../api/common";
import { Ipv4Address } from "../../../api/vm/subnets";
import { isUnknown } from "../../framework/unknowns";
import { replaces, resourceInputs, updates } from "../framework/input-fields";
import { fields, NameOrId } from "./common";

/** What a program gives a `NetworkInterface`. */
export const NetworkInterfaceInputs = resourceInputs({
  name: updates(Name.describe("Interface name, unique in the project")),
  description: fields.description,
  availabilityZone: fields.zone(
    "Zone name (e.g. ru.AZ-1) or id (default: the default zone); only VMs of this zone can take the interface; " +
      "changing it replaces the interface",
  ),
  subnet: replaces(
    NameOrId.optional().describe(
      "Subnet name or id in the interface's zone (default: the zone's default subnet); changing it replaces the interface",
    ),
    { cloudDefault: true },
  ),
  ipAddress: replaces(
    Ipv4Address.optional().describe(
      "Fixed private address, a free host address of the subnet (default: the next free one); the interface keeps it " +
        "across the VMs that take it; changing it replaces the interface",
    ),
    { cloudDefault: true },
  ),
  securityGroups: updates(
    z
      .array(NameOrId)
      .max(16)
      .optional()
      .describe(
        "Security groups by name or id, in the interface's zone (default: the zone's default group)",
      ),
    { cloudDefault: true },
  ),
  securityEnabled: updates(
    z
      .boolean()
      .optional()
      .describe(
        "Filter traffic with security groups (default true); false takes no securityGroups",
      ),
    { default: true },
  ),
  projectId: fields.projectId("interface"),
  timeouts: fields.timeouts,
  adoptId: fields.adoptId("network interface"),
}).superRefine((inputs, ctx) => {
  if (
    inputs.securityEnabled === false &&
    inputs.securityGroups !== undefined &&
    !isUnknown(inputs.securityGroups)
  ) {
    ctx.addIssue({
      code: "custom",
      path: ["securityGroups"],
      message: "securityGroups need securityEnabled: true (or leave securityEnabled unset)",
    });
  }
});

/** The parsed inputs of a NetworkInterface. */
export type NetworkInterfaceInputs = z.output<typeof NetworkInterfaceInputs>;
