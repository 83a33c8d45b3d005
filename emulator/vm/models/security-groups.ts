/**
 * Security groups: creation (with inline rules), partial updates and deletion. A group's
 * rule counts and `has_interfaces` are computed from the state when it is presented.
 */
import { requireFreeName } from "./projects";
import type { Page } from "../../../api/common";
import type {
  SecurityGroupCreateRequest,
  SecurityGroupResponse,
  SecurityGroupUpdateRequest,
} from "../../../api/vm/security-groups";
import { plan } from "../../core/schedule";
import { hasReferences, unprocessable } from "../../core/service-error";
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
import { buildRule, resolveRemoteGroup, rulesOf } from "./security-group-rules";
import { describedHead, tagMinis, zoneMini } from "./minis";
import {
  inOpenZone,
  listOwned,
  type OwnedListFilter,
  placeNew,
  relabel,
  requireOwned,
  startChange,
  updatedTags,
} from "./owned";
import { newId, recordResourceTask, resolveTags, resolveZone, stamps } from "./shared";
import { requireQuota } from "./quotas";

/** Whether a network interface uses the group. */
function hasInterfaces(state: VmState, groupId: string): boolean {
  return Object.values(state.interfaces).some((i) => i.security_group_ids.includes(groupId));
}

/** The group as `PublicSecurityGroupResponse`. */
export function presentSecurityGroup(
  state: VmState,
  group: SecurityGroupRecord,
): SecurityGroupResponse {
  const rules = rulesOf(state, group.id);
  return {
    ...describedHead(state, group),
    default: group.default,
    has_interfaces: hasInterfaces(state, group.id),
    ingress_rules_count: rules.filter((r) => r.direction === "ingress").length,
    egress_rules_count: rules.filter((r) => r.direction === "egress").length,
    created_time: group.created_time,
    modified_time: group.modified_time,
    availability_zone: zoneMini(state.zones[group.availability_zone_id]!),
    tags: tagMinis(state, group.tag_ids),
    state: group.status as NetworkStatus,
  };
}

/** The group with this id, checked for access (404 unknown, 403 foreign project). */
export function requireSecurityGroup(state: VmState, groupId: string): SecurityGroupRecord {
  return requireOwned(state, state.securityGroups, "security_group", groupId);
}

/** Filters of the group list, as parsed from the query. */
export interface SecurityGroupListFilter extends OwnedListFilter {
  availability_zone_id?: string | undefined;
}

/**
 * One page of the project's groups. Filters combine with AND; `tag_ids` matches a group with
 * any of the tags; `name` matches a case-insensitive substring. Without `order_desc` the
 * oldest come first.
 */
export function listSecurityGroups(
  state: VmState,
  query: SecurityGroupListFilter,
): Page<SecurityGroupResponse> {
  return listOwned(state, state.securityGroups, query, {
    filter: () => {
      const zone = resolveZone(state, { availability_zone_id: query.availability_zone_id });
      return (g) => zone === undefined || g.availability_zone_id === zone.id;
    },
    present: (g) => presentSecurityGroup(state, g),
    oldestFirst: true,
  });
}

/**
 * Creates a group with its inline rules: all `creating` now, `created` after the group
 * delay. Every rule is checked before anything is stored, so a bad rule creates nothing.
 */
export function createSecurityGroup(
  state: VmState,
  clock: Clock,
  body: SecurityGroupCreateRequest,
): SecurityGroupRecord {
  const { project, zone } = placeNew(state, body);
  requireFreeName(state, "security_group", project.id, body.name);
  const tagIds = resolveTags(state, body);
  requireQuota(state, project, { security_groups: 1 });
  const group: SecurityGroupRecord = {
    id: newId(),
    name: body.name,
    description: body.description,
    project_id: project.id,
    availability_zone_id: zone.id,
    default: false,
    tag_ids: tagIds,
    status: "creating",
    schedule: [],
    ...stamps(state, clock),
  };
  const delay = clock.delay(DELAYS.securityGroupCreate);
  const rules: SecurityGroupRuleRecord[] = (body.security_group_rules ?? []).map((ruleBody, i) => {
    const remote = resolveRemoteGroup(state, group, ruleBody, group, `security_group_rules.${i}.`);
    return buildRule(state, clock, group, ruleBody, remote, delay);
  });
  plan<SecurityGroupRecord["status"]>(group, clock.now(), "creating", [delay, "created"]);
  state.securityGroups[group.id] = group;
  for (const rule of rules) state.securityGroupRules[rule.id] = rule;
  recordResourceTask(
    state,
    clock,
    "security_group",
    group,
    "create_security_group",
    DELAYS.securityGroupCreate,
  );
  return group;
}

/** Applies a partial update to a `created` group: `updating` now, `created` after the delay. */
export function updateSecurityGroup(
  state: VmState,
  clock: Clock,
  groupId: string,
  body: SecurityGroupUpdateRequest,
): SecurityGroupRecord {
  const group = inOpenZone(state, requireSecurityGroup(state, groupId));
  requireCreated(group, "security group", "security_group_can_not_be_changed_from_current_state");
  if (body.name !== undefined) {
    requireFreeName(state, "security_group", group.project_id, body.name, group.id);
  }
  relabel(group, body, updatedTags(state, body));
  startChange(state, clock, "security_group", group, {
    during: "updating",
    after: "created",
    durationMs: DELAYS.securityGroupUpdate,
    task: "update_security_group",
  });
  return group;
}

/**
 * Starts deleting a group and its rules: `deleting` now, gone after the delay. The default
 * group is kept (422); a group that interfaces use or that rules of other groups name as
 * their remote group is kept (405).
 */
export function deleteSecurityGroup(state: VmState, clock: Clock, groupId: string): void {
  const group = inOpenZone(state, requireSecurityGroup(state, groupId));
  if (group.default) {
    throw unprocessable(
      "can_not_delete_default_security_group",
      `security group ${group.name} is the zone's default group and cannot be deleted`,
    );
  }
  requireDeletable(group, "security group", "security_group_can_not_be_deleted_from_current_state");
  if (hasInterfaces(state, group.id)) {
    throw hasReferences(
      "security_group_has_interface",
      `security group ${group.name} is used by network interfaces; remove it from the VMs first`,
    );
  }
  const referrer = Object.values(state.securityGroupRules).find(
    (r) => r.remote_security_group_id === group.id && r.security_group_id !== group.id,
  );
  if (referrer !== undefined) {
    throw hasReferences(
      "security_group_in_use",
      `rule ${referrer.id} of security group ${referrer.security_group_id} names ${group.name} as its remote group; delete that rule first`,
    );
  }
  startChange<SecurityGroupRecord["status"]>(state, clock, "security_group", group, {
    during: "deleting",
    after: GONE,
    durationMs: DELAYS.securityGroupDelete,
    task: "delete_security_group",
  });
  // The rules go with their group.
  for (const rule of rulesOf(state, group.id)) {
    plan<SecurityGroupRuleRecord["status"]>(rule, clock.now(), "deleting", [
      clock.delay(DELAYS.securityGroupDelete),
      GONE,
    ]);
  }
}
