/**
 * What a `SecurityGroupRule` records: the rule in its one spelling (every default filled in,
 * as inputs and a group's `rules` hold it too), its group and its own id.
 */
import { z } from "zod";
import { EtherType, IpProtocol, NetworkStatus, TrafficDirection } from "../../../api/vm/enums";
import { output, outputsFrom, resourceOutputs } from "../../framework/output-fields";
import { fields } from "./common";

/** A rule with its defaults applied: what inputs and outputs both hold. */
export const RuleForm = z.strictObject({
  /** `ingress` or `egress`. */
  direction: TrafficDirection.describe("`ingress` or `egress`"),
  /** `IPv4` or `IPv6`. */
  etherType: EtherType.describe("`IPv4` or `IPv6`"),
  /** `tcp`, `udp`, `icmp` or `any`. */
  protocol: IpProtocol.describe("`tcp`, `udp`, `icmp` or `any`"),
  /** `"any"` or `"from:to"`. */
  portRange: z.string().describe('`"any"` or `"from:to"`'),
  /** Remote CIDR, when the rule names one. */
  remoteIpPrefix: z.string().optional().describe("Remote CIDR, when the rule names one"),
  /** Remote security group id, when the rule names one. */
  remoteSecurityGroupId: z
    .string()
    .optional()
    .describe("Remote security group id, when the rule names one"),
  /** Description ("" when none). */
  description: z.string().describe('Description ("" when none)'),
});

/** A rule with its defaults applied. */
export type RuleForm = z.output<typeof RuleForm>;

/** Every output of a SecurityGroupRule (each one an output property of the SDK's `SecurityGroupRule`). */
export const SecurityGroupRuleOutputs = resourceOutputs({
  ...outputsFrom(RuleForm),
  /** Id of the rule's security group. */
  securityGroupId: output(z.string().describe("Id of the rule's security group")),
  /** The rule's own id (the resource id is `<securityGroupId>:<ruleId>`). */
  ruleId: output(
    z.string().describe("The rule's own id (the resource id is `<securityGroupId>:<ruleId>`)"),
  ),
  /** Name of the rule's security group when last read. */
  securityGroupName: output(
    z.string().describe("Name of the rule's security group when last read"),
  ),
  /** State when last read: `created` once ready. */
  state: output(NetworkStatus.describe("State when last read: `created` once ready")),
  ...fields.timeouts,
});

/** Every output of a SecurityGroupRule. */
export type SecurityGroupRuleOutputs = z.output<typeof SecurityGroupRuleOutputs>;
