/** Inputs of the `SecurityGroupRule` resource, and of the rules a `SecurityGroup` takes inline. */
import { z } from "zod";
import { Description, Uuid } from "../../api/common";
import { PortRangeText } from "../../api/vm/security-group-rules";
import { EtherType, IpProtocol, TrafficDirection } from "../../api/vm/enums";
import { TimeoutsInput } from "./common";

/** One rule: direction, ether type, protocol, ports and the remote side. */
export const RuleSpec = z.strictObject({
  direction: TrafficDirection.describe("ingress or egress"),
  etherType: EtherType.optional().describe("IPv4 (default) or IPv6"),
  protocol: IpProtocol.describe("tcp, udp, icmp or any"),
  portRange: PortRangeText.optional().describe('Ports "from:to" (e.g. "22:22"), or "any" (default)'),
  remoteIpPrefix: z.string().optional().describe("Remote network in CIDR notation, e.g. 203.0.113.0/24"),
  remoteSecurityGroupId: Uuid.optional().describe("Remote security group (instead of remoteIpPrefix)"),
  description: Description.optional().describe("Description"),
});

/** The parsed value of {@link RuleSpec}. */
export type RuleSpec = z.output<typeof RuleSpec>;

/** What a program gives a `SecurityGroupRule`. Every field replaces the rule. */
export const SecurityGroupRuleInputs = RuleSpec.extend({
  securityGroupId: Uuid.describe("The group the rule belongs to"),
  timeouts: TimeoutsInput,
});

/** The parsed inputs of a SecurityGroupRule. */
export type SecurityGroupRuleInputs = z.output<typeof SecurityGroupRuleInputs>;
