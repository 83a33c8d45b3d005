/**
 * One spelling of a security group rule, used for inline rules of a `SecurityGroup` and for
 * `SecurityGroupRule`: the program's camelCase fields with every default filled in. Rules read
 * from the service are brought to the same form, so equal rules compare equal; outputs list
 * rules sorted, so a set of rules has one order.
 */
import type {
  SecurityGroupRuleCreateRequest,
  SecurityGroupRuleResponse,
} from "../../../api/vm/security-group-rules";
import { canonical } from "../../framework/diff-inputs";
import { RULE_DEFAULTS, type RuleSpec } from "../inputs/security-group-rule";
import type { RuleForm } from "../outputs/security-group-rule";

/** `spec` with its defaults filled in; fields left undefined are dropped. */
export function ruleForm(spec: RuleSpec): RuleForm {
  return {
    direction: spec.direction,
    etherType: spec.etherType ?? RULE_DEFAULTS.etherType,
    protocol: spec.protocol,
    portRange: spec.portRange ?? RULE_DEFAULTS.portRange,
    ...(spec.remoteIpPrefix === undefined ? {} : { remoteIpPrefix: spec.remoteIpPrefix }),
    ...(spec.remoteSecurityGroupId === undefined
      ? {}
      : { remoteSecurityGroupId: spec.remoteSecurityGroupId }),
    description: spec.description ?? RULE_DEFAULTS.description,
  };
}

/** A rule as the service answers it, in the program's form. */
export function ruleFormOf(rule: SecurityGroupRuleResponse): RuleForm {
  return {
    direction: rule.direction,
    etherType: rule.ether_type,
    protocol: rule.ip_protocol,
    portRange: rule.port_range,
    ...(rule.remote_ip_prefix === undefined ? {} : { remoteIpPrefix: rule.remote_ip_prefix }),
    ...(rule.remote_security_group === undefined
      ? {}
      : { remoteSecurityGroupId: rule.remote_security_group.id }),
    description: rule.description ?? "",
  };
}

/** The create body of a rule. */
export function ruleBody(rule: RuleForm): SecurityGroupRuleCreateRequest {
  return {
    direction: rule.direction,
    ether_type: rule.etherType,
    ip_protocol: rule.protocol,
    port_range: rule.portRange,
    ...(rule.remoteIpPrefix === undefined ? {} : { remote_ip_prefix: rule.remoteIpPrefix }),
    ...(rule.remoteSecurityGroupId === undefined
      ? {}
      : { remote_security_group_id: rule.remoteSecurityGroupId }),
    ...(rule.description === "" ? {} : { description: rule.description }),
  };
}

/** A key equal for equal rules. */
export function ruleKey(rule: RuleForm): string {
  return canonical(rule);
}

/** The sort key of a rule: direction, ether type, protocol, ports (numerically), remote side, description. */
function orderKey(rule: RuleForm): string {
  const ports = rule.portRange.replace(/\d+/g, (n) => n.padStart(5, "0"));
  return [
    rule.direction,
    rule.etherType,
    rule.protocol,
    ports,
    rule.remoteIpPrefix ?? "",
    rule.remoteSecurityGroupId ?? "",
    rule.description,
  ].join("\u0000");
}

/** Rules in their one stable order: egress before ingress, then by protocol and ports. */
export function sortRules<T extends RuleForm>(rules: readonly T[]): T[] {
  return [...rules].sort((a, b) => {
    const ka = orderKey(a);
    const kb = orderKey(b);
    return ka < kb ? -1 : ka > kb ? 1 : 0;
  });
}

/**
 * Whether `next` (inline rules from the program, already checked) and `current` (rule forms
 * from the outputs) are the same multiset of rules, once defaults are filled in.
 */
export function sameRules(next: unknown, current: unknown): boolean {
  if (!Array.isArray(next) || !Array.isArray(current)) return false;
  const keys = (rules: unknown[]) => rules.map((r) => ruleKey(ruleForm(r as RuleSpec))).sort();
  return canonical(keys(next)) === canonical(keys(current));
}

/** What to change so that rules `current` (with ids) become the multiset `desired`. */
export function reconcileRules(
  current: ReadonlyArray<{ id: string; form: RuleForm }>,
  desired: readonly RuleForm[],
): { create: RuleForm[]; remove: string[] } {
  const unmatched = [...current];
  const create: RuleForm[] = [];
  for (const rule of desired) {
    const key = ruleKey(rule);
    const i = unmatched.findIndex((c) => ruleKey(c.form) === key);
    if (i >= 0) unmatched.splice(i, 1);
    else create.push(rule);
  }
  return { create, remove: unmatched.map((c) => c.id) };
}
