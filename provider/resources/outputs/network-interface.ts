/**
 * What a `NetworkInterface` records: every input as the service reports it (the zone, subnet
 * and security groups by name), and the VM and external IP it had when last read.
 */
import { z } from "zod";
import { NetworkStatus } from "../../../api/vm/enums";
import { output, resourceOutputs } from "../../framework/output-fields";
import { fields } from "./common";

/** Every output of a NetworkInterface (each one an output property of the SDK's `NetworkInterface`). */
export const NetworkInterfaceOutputs = resourceOutputs({
  /** Interface name. */
  name: output(z.string().describe("Interface name")),
  ...fields.description,
  ...fields.zone,
  /** Subnet name. */
  subnet: output(z.string().describe("Subnet name")),
  /** Subnet id. */
  subnetId: output(z.string().describe("Subnet id")),
  /** The subnet's range, e.g. `10.1.0.0/24`. */
  subnetAddress: output(z.string().describe("The subnet's range, e.g. `10.1.0.0/24`")),
  /** The interface's private IPv4 address: it keeps it across the VMs that take it. */
  ipAddress: output(
    z
      .string()
      .describe("The interface's private IPv4 address: it keeps it across the VMs that take it"),
  ),
  /** Security group names. */
  securityGroups: output(z.array(z.string()).describe("Security group names")),
  /** Security group ids, in the order of `securityGroups`. */
  securityGroupIds: output(
    z.array(z.string()).describe("Security group ids, in the order of `securityGroups`"),
  ),
  /** Whether security groups filter its traffic. */
  securityEnabled: output(z.boolean().describe("Whether security groups filter its traffic")),
  /** The VM the interface was on when last read, if any (none while free). */
  vmId: output(
    z
      .string()
      .optional()
      .describe("The VM the interface was on when last read, if any (none while free)"),
  ),
  /** The external IP bound to the interface when last read, if any. */
  externalIpId: output(
    z.string().optional().describe("The external IP bound to the interface when last read, if any"),
  ),
  /** That external IP's public address, if any. */
  externalAddress: output(
    z.string().optional().describe("That external IP's public address, if any"),
  ),
  /** `created` once settled; on the way: `creating`, `updating`, `deleting`. */
  state: output(
    NetworkStatus.describe(
      "`created` once settled; on the way: `creating`, `updating`, `deleting`",
    ),
  ),
  ...fields.project,
  ...fields.created,
  ...fields.timeouts,
  ...fields.adoptId,
});

/** Every output of a NetworkInterface. */
export type NetworkInterfaceOutputs = z.output<typeof NetworkInterfaceOutputs>;
