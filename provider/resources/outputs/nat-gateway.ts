/**
 * What a `NatGateway` records: every input as the service reports it (the zone by name), the
 * external IP its traffic leaves from, and the subnets it served when last read.
 */
import { z } from "zod";
import { NatGatewayStatus } from "../../../api/vm/enums";
import { output, resourceOutputs } from "../../framework/output-fields";
import { fields } from "./common";

/** Every output of a NatGateway (each one an output property of the SDK's `NatGateway`). */
export const NatGatewayOutputs = resourceOutputs({
  /** Gateway name. */
  name: output(z.string().describe("Gateway name")),
  ...fields.description,
  ...fields.zone,
  /** The virtual network the gateway serves. */
  vpcId: output(z.string().optional().describe("The virtual network the gateway serves")),
  /** `created` once settled; on the way: `creating`, `updating`, `deleting`. */
  state: output(
    NatGatewayStatus.describe(
      "`created` once settled; on the way: `creating`, `updating`, `deleting`",
    ),
  ),
  /**
   * The public IPv4 address the served subnets' outbound traffic leaves from (what a remote
   * allow-list needs); "" until the service reports one.
   */
  address: output(
    z
      .string()
      .describe(
        'The public IPv4 address the served subnets\' outbound traffic leaves from (what a remote allow-list needs); "" until the service reports one',
      ),
  ),
  /** The gateway's own external IP (it goes with the gateway). */
  externalIpId: output(
    z.string().optional().describe("The gateway's own external IP (it goes with the gateway)"),
  ),
  /** The routed subnets of the zone the gateway served when last read. */
  subnetIds: output(
    z
      .array(z.string())
      .describe("The routed subnets of the zone the gateway served when last read"),
  ),
  ...fields.project,
  ...fields.created,
  ...fields.timeouts,
  ...fields.adoptId,
});

/** Every output of a NatGateway. */
export type NatGatewayOutputs = z.output<typeof NatGatewayOutputs>;
