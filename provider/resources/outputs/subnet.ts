/**
 * What a `Subnet` records: every input as the service reports it (the address as a CIDR, the
 * zone and the tags by name) plus what the cloud computed.
 */
import { z } from "zod";
import { NetworkStatus } from "../../../api/vm/enums";
import { output, resourceOutputs } from "../../framework/output-fields";
import { fields } from "./common";

/** Every output of a Subnet (each one an output property of the SDK's `Subnet`). */
export const SubnetOutputs = resourceOutputs({
  /** Subnet name. */
  name: output(z.string().describe("Subnet name")),
  ...fields.description,
  /** The network as a CIDR, e.g. `10.1.0.0/24`. */
  address: output(z.string().describe("The network as a CIDR, e.g. `10.1.0.0/24`")),
  /** Mask length of `address`. */
  prefixLength: output(z.number().describe("Mask length of `address`")),
  ...fields.zone,
  /** Virtual network id. */
  vpcId: output(z.string().optional().describe("Virtual network id")),
  /** True when routed, false when isolated. */
  routedNetwork: output(z.boolean().describe("True when routed, false when isolated")),
  /** Gateway address. */
  defaultGateway: output(z.string().describe("Gateway address")),
  /** DNS servers. */
  dnsServers: output(z.array(z.string()).describe("DNS servers")),
  /** True for the project's default subnet in its zone. */
  isDefault: output(z.boolean().describe("True for the project's default subnet in its zone")),
  ...fields.tags,
  ...fields.project,
  /** State when last read: `created` once ready (`creating`, `updating`, `deleting`, `error*` in between). */
  state: output(
    NetworkStatus.describe(
      "State when last read: `created` once ready (`creating`, `updating`, `deleting`, `error*` in between)",
    ),
  ),
  /** Network interfaces (of VMs) in the subnet when last read. */
  interfaceCount: output(
    z.number().describe("Network interfaces (of VMs) in the subnet when last read"),
  ),
  ...fields.created,
  ...fields.timeouts,
  ...fields.adoptId,
});

/** Every output of a Subnet. */
export type SubnetOutputs = z.output<typeof SubnetOutputs>;
