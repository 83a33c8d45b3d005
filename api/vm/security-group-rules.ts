/**
 * Schemas of security group rules (`/api/v1/security-groups/{id}/rules`): the create and
 * update bodies, the response, and the rule checks that both the schemas and the emulator use.
 */
import { z } from "zod";
import { Description, Name, PageQuery, Uuid, Uuid4, paginated, issueAt } from "../common";
import { cidrHostBits, hostBitsMessage, isCidrOf, parsePortRange } from "./cidr";
import { EtherType, IpProtocol, NetworkStatus, TrafficDirection } from "./enums";
import { RemoteSecurityGroupMini, SecurityGroupMini } from "./minis";

/** `port_range`: `any`, or `from:to` with 1 ≤ from ≤ to ≤ 65535 (one port: `80:80`). */
export const PortRangeText = z
  .string()
  .superRefine((value, ctx) => {
    const parsed = parsePortRange(value);
    if ("error" in parsed) ctx.addIssue({ code: "custom", message: parsed.error });
  })
  .describe('Ports: "any", or "from:to" with 1 ≤ from ≤ to ≤ 65535 (one port: "80:80")');

/** The fields of a rule that the cross-field checks look at. */
export interface RuleShape {
  ether_type?: "IPv4" | "IPv6" | undefined;
  ip_protocol?: "tcp" | "udp" | "icmp" | "any" | undefined;
  port_range?: string | undefined;
  remote_ip_prefix?: string | undefined;
  remote_security_group_id?: string | undefined;
  remote_security_group_name?: string | undefined;
}

/**
 * The cross-field rules a security group rule must keep, as `{field, message}` problems
 * (empty when the rule is fine). Fields left undefined are not checked:
 * - `remote_ip_prefix` is a CIDR of the rule's `ether_type` (`0.0.0.0/0`, `::/0`) whose host
 *   bits are clear, as a subnet's address (`203.0.113.0/24`; one address is `203.0.113.5/32`);
 * - a rule names its remote side by `remote_ip_prefix` or by a remote group, not both, and
 *   a remote group by id or by name, not both;
 * - ports only apply to tcp and udp: icmp and `any` rules take `port_range` "any".
 */
export function ruleProblems(rule: RuleShape): Array<{ field: string; message: string }> {
  const problems: Array<{ field: string; message: string }> = [];
  if (
    rule.remote_ip_prefix !== undefined &&
    rule.ether_type !== undefined &&
    !isCidrOf(rule.remote_ip_prefix, rule.ether_type)
  ) {
    const example =
      rule.ether_type === "IPv4" ? "0.0.0.0/0 or 192.168.1.0/24" : "::/0 or 2001:db8::/32";
    problems.push({
      field: "remote_ip_prefix",
      message: `remote_ip_prefix "${rule.remote_ip_prefix}" is not an ${rule.ether_type} CIDR such as ${example}`,
    });
  }
  const hostBits =
    rule.remote_ip_prefix === undefined || rule.ether_type === undefined
      ? undefined
      : cidrHostBits(rule.remote_ip_prefix, rule.ether_type);
  if (hostBits !== undefined) {
    problems.push({
      field: "remote_ip_prefix",
      message: `remote_ip_prefix ${hostBitsMessage(rule.remote_ip_prefix!, hostBits)} (or ${hostBits.host} for that one address)`,
    });
  }
  const remoteGroup = rule.remote_security_group_id ?? rule.remote_security_group_name;
  if (rule.remote_ip_prefix !== undefined && remoteGroup !== undefined) {
    problems.push({
      field: "remote_ip_prefix",
      message: "give remote_ip_prefix or a remote security group, not both",
    });
  }
  if (
    rule.remote_security_group_id !== undefined &&
    rule.remote_security_group_name !== undefined
  ) {
    problems.push({
      field: "remote_security_group_id",
      message: "give remote_security_group_id or remote_security_group_name, not both",
    });
  }
  if (
    rule.port_range !== undefined &&
    rule.port_range !== "any" &&
    (rule.ip_protocol === "icmp" || rule.ip_protocol === "any")
  ) {
    problems.push({
      field: "port_range",
      message: `ports apply only to tcp and udp: a rule with ip_protocol "${rule.ip_protocol}" takes port_range "any"`,
    });
  }
  return problems;
}

function checkRule(rule: RuleShape, ctx: z.RefinementCtx): void {
  for (const problem of ruleProblems(rule)) {
    issueAt(ctx, problem.field, problem.message);
  }
}

/** `PublicSecurityGroupRuleCreateRequest`: one firewall rule. */
export const SecurityGroupRuleCreateRequest = z
  .strictObject({
    direction: TrafficDirection.describe("ingress (incoming) or egress (outgoing)"),
    ether_type: EtherType.describe("IPv4 or IPv6"),
    ip_protocol: IpProtocol.describe("tcp, udp, icmp or any"),
    port_range: PortRangeText,
    remote_ip_prefix: z
      .string()
      .optional()
      .describe(
        "Remote addresses as a CIDR of the ether type, host bits clear, e.g. 0.0.0.0/0 or 203.0.113.5/32 (or give a remote group)",
      ),
    remote_security_group_id: Uuid4.optional().describe("Remote security group by id"),
    remote_security_group_name: Name.optional().describe(
      "Remote security group by name (same project and zone)",
    ),
    description: Description.optional().describe("Description: at most 255 characters"),
  })
  .superRefine(checkRule);
/** The parsed value of {@link SecurityGroupRuleCreateRequest}. */
export type SecurityGroupRuleCreateRequest = z.output<typeof SecurityGroupRuleCreateRequest>;

/**
 * `SecurityGroupRuleUpdateRequest`: a partial update; a field left out stays as it is. A new
 * `remote_ip_prefix` replaces a remote group and vice versa. The real schema also accepts the
 * integer `1` as a "not provided" sentinel; we accept only real values.
 */
export const SecurityGroupRuleUpdateRequest = z
  .strictObject({
    description: Description.optional().describe("New description"),
    direction: TrafficDirection.optional().describe("New direction"),
    ether_type: EtherType.optional().describe("New ether type"),
    ip_protocol: IpProtocol.optional().describe("New protocol"),
    port_range: PortRangeText.optional(),
    remote_ip_prefix: z.string().optional().describe("New remote CIDR (replaces a remote group)"),
    remote_security_group_id: Uuid4.optional().describe(
      "New remote group by id (replaces a remote CIDR)",
    ),
    remote_security_group_name: Name.optional().describe(
      "New remote group by name (replaces a remote CIDR)",
    ),
  })
  .superRefine(checkRule);
/** The parsed value of {@link SecurityGroupRuleUpdateRequest}. */
export type SecurityGroupRuleUpdateRequest = z.output<typeof SecurityGroupRuleUpdateRequest>;

/** Path parameters of the rule collection. */
export const SecurityGroupRulesParams = z.object({
  security_group_id: Uuid4.describe("Security group id"),
});

/** Path parameters of one rule. */
export const SecurityGroupRuleParams = z.object({
  security_group_id: Uuid4.describe("Security group id"),
  security_group_rule_id: Uuid4.describe("Rule id"),
});

/** `GET .../rules` query: paging only; rules come oldest first. */
export const SecurityGroupRuleListQuery = PageQuery;

/** `PublicSecurityGroupRuleResponse`: one rule with its group. */
export const SecurityGroupRuleResponse = z.object({
  id: Uuid.describe("Rule id"),
  direction: TrafficDirection,
  ether_type: EtherType,
  ip_protocol: IpProtocol,
  port_range: z.string().describe('Ports: "any" or "from:to"'),
  remote_ip_prefix: z.string().optional().describe("Remote CIDR, when the rule names one"),
  remote_security_group: RemoteSecurityGroupMini.optional(),
  description: z.string().optional().describe("Description"),
  security_group: SecurityGroupMini,
  state: NetworkStatus,
});
/** A value of {@link SecurityGroupRuleResponse}. */
export type SecurityGroupRuleResponse = z.infer<typeof SecurityGroupRuleResponse>;

/** `PaginationResponse_PublicSecurityGroupRuleResponse_`. */
export const SecurityGroupRulePage = paginated(SecurityGroupRuleResponse);
