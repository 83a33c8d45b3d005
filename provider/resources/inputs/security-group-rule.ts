/** Inputs of the `SecurityGroupRule` resource, and of the rules a `SecurityGroup` takes inline. */
import { z } from "zod";
import { Description, Uuid } from "../../../api/common";
import { PortRangeText, ruleProblems } from "../../../api/vm/security-group-rules";
import { EtherType, IpProtocol, TrafficDirection } from "../../../api/vm/enums";
import { containsUnknown } from "../../framework/unknowns";
import { replaces, resourceInputs } from "../framework/input-fields";
import { fields } from "./common";

/** The service's rule field names as the program spells them. */
const FIELD_NAMES: Record<string, string> = {
  remote_ip_prefix: "remoteIpPrefix",
  remote_security_group_id: "remoteSecurityGroupId",
  port_range: "portRange",
};

/** The defaults of a rule's optional fields. */
export const RULE_DEFAULTS = { etherType: "IPv4", portRange: "any", description: "" } as const;

/** The fields of one rule. */
const RULE_FIELDS = {
  direction: TrafficDirection.describe("ingress (incoming) or egress (outgoing)"),
  etherType: EtherType.optional().describe("IPv4 (default) or IPv6"),
  protocol: IpProtocol.describe("tcp, udp, icmp or any"),
  portRange: PortRangeText.optional().describe(
    'Ports "from:to" (one port: "22:22"), or "any" (default); only tcp and udp take ports',
  ),
  remoteIpPrefix: z
    .string()
    .optional()
    .describe(
      "Remote network as a CIDR of etherType, host bits clear, e.g. 203.0.113.0/24, 203.0.113.5/32 or ::/0 (default: any address)",
    ),
  remoteSecurityGroupId: Uuid.optional().describe(
    "Remote security group, same project and zone (instead of remoteIpPrefix)",
  ),
  description: Description.optional().describe("Description (default empty)"),
};

/**
 * The service's cross-field rule checks (remote prefix of the ether type, one remote side,
 * ports only for tcp/udp), run before anything is sent. Values not known yet are skipped.
 */
function checkRule(
  rule: Partial<Record<keyof typeof RULE_FIELDS, unknown>>,
  ctx: z.RefinementCtx,
): void {
  const known = <T>(value: unknown): T | undefined =>
    value === undefined || containsUnknown(value) ? undefined : (value as T);
  const problems = ruleProblems({
    ether_type:
      known<"IPv4" | "IPv6">(rule.etherType) ?? (rule.etherType === undefined ? "IPv4" : undefined),
    ip_protocol: known(rule.protocol),
    port_range: known(rule.portRange),
    remote_ip_prefix: known(rule.remoteIpPrefix),
    remote_security_group_id: known(rule.remoteSecurityGroupId),
  });
  for (const problem of problems) {
    const field = FIELD_NAMES[problem.field] ?? problem.field;
    const message = problem.message
      .replace(/\bremote_ip_prefix\b/g, "remoteIpPrefix")
      .replace(/\ba remote security group\b/g, "remoteSecurityGroupId")
      .replace(/\bip_protocol\b/g, "protocol")
      .replace(/\bport_range\b/g, "portRange");
    ctx.addIssue({ code: "custom", path: [field], message });
  }
}

/** One rule: direction, ether type, protocol, ports and the remote side. */
export const RuleSpec = z.strictObject(RULE_FIELDS).superRefine(checkRule);

/** The parsed value of {@link RuleSpec}. */
export type RuleSpec = z.output<typeof RuleSpec>;

/** What a program gives a `SecurityGroupRule`. Every field but `timeouts` replaces the rule. */
export const SecurityGroupRuleInputs = resourceInputs({
  securityGroupId: replaces(
    Uuid.describe("The group the rule belongs to; changing it replaces the rule"),
  ),
  direction: replaces(RULE_FIELDS.direction),
  etherType: replaces(RULE_FIELDS.etherType, { default: RULE_DEFAULTS.etherType }),
  protocol: replaces(RULE_FIELDS.protocol),
  portRange: replaces(RULE_FIELDS.portRange, { default: RULE_DEFAULTS.portRange }),
  remoteIpPrefix: replaces(RULE_FIELDS.remoteIpPrefix),
  remoteSecurityGroupId: replaces(RULE_FIELDS.remoteSecurityGroupId),
  description: replaces(RULE_FIELDS.description, { default: RULE_DEFAULTS.description }),
  timeouts: fields.timeouts,
}).superRefine(checkRule);

/** The parsed inputs of a SecurityGroupRule. */
export type SecurityGroupRuleInputs = z.output<typeof SecurityGroupRuleInputs>;
