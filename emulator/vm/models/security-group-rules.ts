/**
 * Security group rules: a sub-resource of a group. Rules are validated as a whole (the
 * remote side matches the ether type, ports only for tcp/udp), name their remote side by a
 * CIDR or by another group of the same project and zone, and move through `creating`,
 * `updating` and `deleting` like their group.
 */
import type { Page } from "../../../api/common";
import {
  ruleProblems,
  type SecurityGroupRuleCreateRequest,
  type SecurityGroupRuleResponse,
  type SecurityGroupRuleUpdateRequest,
} from "../../../api/vm/security-group-rules";
import { plan } from "../../core/schedule";
import { ServiceError, unprocessable } from "../../core/service-error";
import type { Clock } from "../../core/service-module";
import { DELAYS } from "../delays";
import {
  GONE,
  type NetworkStatus,
  type SecurityGroupRecord,
  type SecurityGroupRuleRecord,
  type VmState,
} from "../records";
import { requireCreated, requireDeletable } from "./network-status";
import { inOpenZone } from "./owned";
import {
  mustFind,
  mustGet,
  newId,
  optionalGet,
  page,
  requireProject,
  stamps,
  touch,
} from "./shared";
import { requireQuota } from "./quotas";

/** The rule as `PublicSecurityGroupRuleResponse`. */
export function presentRule(
  state: VmState,
  rule: SecurityGroupRuleRecord,
): SecurityGroupRuleResponse {
  const group = state.securityGroups[rule.security_group_id]!;
  const remote = optionalGet(state.securityGroups, rule.remote_security_group_id);
  return {
    id: rule.id,
    direction: rule.direction,
    ether_type: rule.ether_type,
    ip_protocol: rule.ip_protocol,
    port_range: rule.port_range,
    ...(rule.remote_ip_prefix === undefined ? {} : { remote_ip_prefix: rule.remote_ip_prefix }),
    ...(remote === undefined
      ? {}
      : { remote_security_group: { id: remote.id, name: remote.name } }),
    description: rule.description,
    security_group: { id: group.id, name: group.name, state: group.status as NetworkStatus },
    state: rule.status as NetworkStatus,
  };
}

/** The rules of a group, oldest first. */
export function rulesOf(state: VmState, groupId: string): SecurityGroupRuleRecord[] {
  return Object.values(state.securityGroupRules)
    .filter((r) => r.security_group_id === groupId)
    .sort((a, b) => a.seq - b.seq);
}

/**
 * The group named in a rule path: 422 `wrong_security_group` when it does not exist (as the
 * real service answers on rule endpoints), 403 when it belongs to a foreign project.
 */
function requireRuleGroup(state: VmState, groupId: string): SecurityGroupRecord {
  const group = mustFind(
    state.securityGroups,
    groupId,
    "wrong_security_group",
    "security group",
    "security_group_id",
  );
  requireProject(state, group.project_id);
  return group;
}

/** The rule, checked against its group: 404 unknown rule, 422 rule of another group. */
function requireRule(
  state: VmState,
  groupId: string,
  ruleId: string,
): { group: SecurityGroupRecord; rule: SecurityGroupRuleRecord } {
  const group = requireRuleGroup(state, groupId);
  const rule = mustGet(state.securityGroupRules, "security_group_rule", ruleId);
  if (rule.security_group_id !== group.id) {
    throw unprocessable(
      "security_group_rule_not_in_security_group",
      `rule ${ruleId} belongs to security group ${rule.security_group_id}, not ${group.id}`,
      "security_group_rule_id",
    );
  }
  return { group, rule };
}

/**
 * Resolves a rule's remote group, given by id or by name, among the groups of the owner's
 * project and zone that are not being deleted. `extra` is a group not yet stored (a group being created may name itself).
 */
export function resolveRemoteGroup(
  state: VmState,
  owner: SecurityGroupRecord,
  ref: {
    remote_security_group_id?: string | undefined;
    remote_security_group_name?: string | undefined;
  },
  extra?: SecurityGroupRecord,
  fieldPrefix = "",
): string | undefined {
  const candidates = [
    ...Object.values(state.securityGroups).filter(
      (g) =>
        g.project_id === owner.project_id &&
        g.availability_zone_id === owner.availability_zone_id &&
        g.status !== "deleting",
    ),
    ...(extra === undefined ? [] : [extra]),
  ];
  if (ref.remote_security_group_id !== undefined) {
    if (!candidates.some((g) => g.id === ref.remote_security_group_id)) {
      throw unprocessable(
        "wrong_security_group",
        `remote security group ${ref.remote_security_group_id} not found in the project and zone of the rule's group`,
        `${fieldPrefix}remote_security_group_id`,
      );
    }
    return ref.remote_security_group_id;
  }
  if (ref.remote_security_group_name !== undefined) {
    const found = candidates.filter((g) => g.name === ref.remote_security_group_name);
    if (found.length !== 1) {
      throw unprocessable(
        "wrong_security_group",
        found.length === 0
          ? `remote security group "${ref.remote_security_group_name}" not found in the project and zone of the rule's group`
          : `several security groups are named "${ref.remote_security_group_name}"; give remote_security_group_id`,
        `${fieldPrefix}remote_security_group_name`,
      );
    }
    return found[0]!.id;
  }
  return undefined;
}

/**
 * Builds a rule record (not stored) for `group`, `creating` now and `created` after
 * `delayMs` (already scaled).
 */
export function buildRule(
  state: VmState,
  clock: Clock,
  group: SecurityGroupRecord,
  body: SecurityGroupRuleCreateRequest,
  remoteGroupId: string | undefined,
  delayMs: number,
): SecurityGroupRuleRecord {
  const rule: SecurityGroupRuleRecord = {
    id: newId(),
    security_group_id: group.id,
    direction: body.direction,
    ether_type: body.ether_type,
    ip_protocol: body.ip_protocol,
    port_range: body.port_range,
    ...(body.remote_ip_prefix === undefined ? {} : { remote_ip_prefix: body.remote_ip_prefix }),
    ...(remoteGroupId === undefined ? {} : { remote_security_group_id: remoteGroupId }),
    description: body.description ?? "",
    status: "creating",
    schedule: [],
    ...stamps(state, clock),
  };
  plan<SecurityGroupRuleRecord["status"]>(rule, clock.now(), "creating", [delayMs, "created"]);
  return rule;
}

/** One page of a group's rules, oldest first. */
export function listRules(
  state: VmState,
  groupId: string,
  query: { offset: number; limit: number },
): Page<SecurityGroupRuleResponse> {
  requireRuleGroup(state, groupId);
  return page(
    rulesOf(state, groupId),
    { ...query, order_desc: false },
    (r) => presentRule(state, r),
    false,
  );
}

/** Reads one rule of a group. */
export function getRule(state: VmState, groupId: string, ruleId: string): SecurityGroupRuleRecord {
  return requireRule(state, groupId, ruleId).rule;
}

/** Adds a rule to a `created` group: `creating` now, `created` after the rule delay. */
export function createRule(
  state: VmState,
  clock: Clock,
  groupId: string,
  body: SecurityGroupRuleCreateRequest,
): SecurityGroupRuleRecord {
  const group = inOpenZone(state, requireRuleGroup(state, groupId));
  requireCreated(
    group,
    "security group",
    "security_group_rule_can_not_be_created_from_current_state",
    "add rules once it is created",
  );
  const remote = resolveRemoteGroup(state, group, body);
  const owner = state.projects[group.project_id];
  if (owner !== undefined) requireQuota(state, owner, { security_group_rules: 1 });
  const rule = buildRule(state, clock, group, body, remote, clock.delay(DELAYS.ruleCreate));
  state.securityGroupRules[rule.id] = rule;
  touch(group, clock);
  return rule;
}

/**
 * Applies a partial update to a `created` rule and checks the result as a whole. A new
 * `remote_ip_prefix` replaces the remote group and a new remote group replaces the prefix.
 */
export function updateRule(
  state: VmState,
  clock: Clock,
  groupId: string,
  ruleId: string,
  body: SecurityGroupRuleUpdateRequest,
): SecurityGroupRuleRecord {
  const { group, rule } = requireRule(state, groupId, ruleId);
  inOpenZone(state, group);
  requireCreated(rule, "rule", "security_group_rule_can_not_be_changed_from_current_state");
  const newRemoteGroup =
    body.remote_security_group_id !== undefined || body.remote_security_group_name !== undefined;
  const merged = {
    ether_type: body.ether_type ?? rule.ether_type,
    ip_protocol: body.ip_protocol ?? rule.ip_protocol,
    port_range: body.port_range ?? rule.port_range,
    remote_ip_prefix: newRemoteGroup ? undefined : (body.remote_ip_prefix ?? rule.remote_ip_prefix),
  };
  const problems = ruleProblems(merged);
  if (problems.length > 0) {
    const details = problems.map((p) => ({ ...p, code: "validation_error" }));
    throw new ServiceError(422, "validation_error", details[0]!.message, {
      field: details[0]!.field,
      details,
    });
  }
  let remoteGroupId =
    body.remote_ip_prefix !== undefined ? undefined : rule.remote_security_group_id;
  if (newRemoteGroup) remoteGroupId = resolveRemoteGroup(state, group, body);

  if (body.direction !== undefined) rule.direction = body.direction;
  if (body.description !== undefined) rule.description = body.description;
  rule.ether_type = merged.ether_type;
  rule.ip_protocol = merged.ip_protocol;
  rule.port_range = merged.port_range;
  if (merged.remote_ip_prefix === undefined) delete rule.remote_ip_prefix;
  else rule.remote_ip_prefix = merged.remote_ip_prefix;
  if (remoteGroupId === undefined) delete rule.remote_security_group_id;
  else rule.remote_security_group_id = remoteGroupId;
  touch(rule, clock);
  touch(group, clock);
  plan<SecurityGroupRuleRecord["status"]>(rule, clock.now(), "updating", [
    clock.delay(DELAYS.ruleCreate),
    "created",
  ]);
  return rule;
}

/** Starts deleting a rule: `deleting` now, gone after the rule delay. */
export function deleteRule(state: VmState, clock: Clock, groupId: string, ruleId: string): void {
  const { group, rule } = requireRule(state, groupId, ruleId);
  inOpenZone(state, group);
  requireDeletable(rule, "rule", "security_group_rule_can_not_be_deleted_from_current_state");
  touch(rule, clock);
  touch(group, clock);
  plan<SecurityGroupRuleRecord["status"]>(rule, clock.now(), "deleting", [
    clock.delay(DELAYS.ruleDelete),
    GONE,
  ]);
}
