/**
 * The `SecurityGroup` resource: a firewall group in one zone, with optional inline rules
 * managed as a set. Name, description and tags change in place (PUT); when `rules` is set,
 * missing rules are added and extra ones deleted in place; the zone and project replace the
 * group. When `rules` is unset the group's rules are read (so they show) but never changed:
 * that is the mode to use with `SecurityGroupRule` resources on the same group. A same-named
 * group the stack does not track is never taken over: `check` and create say what resolves it.
 */
import type { CallInput } from "../client";
import { networkEndpoints } from "../../api/vm/endpoints/network";
import type { SecurityGroupRuleResponse } from "../../api/vm/security-group-rules";
import type { SecurityGroupResponse } from "../../api/vm/security-groups";
import { NETWORK_STATES } from "../../api/vm/states";
import { dynamicProvider } from "../framework/dynamic-provider";
import { defineResource, type ResourceContext } from "./framework/define-resource";
import { refuseUntracked } from "./framework/refuse-untracked";
import { sameNameOrId, sameNamesOrIds } from "./framework/references";
import { SecurityGroupInputs } from "./inputs/security-group";
import { SecurityGroupOutputs } from "./outputs/security-group";
import type { RuleForm } from "./outputs/security-group-rule";
import {
  reconcileRules,
  ruleBody,
  ruleForm,
  ruleFormOf,
  ruleKey,
  sameRules,
  sortRules,
} from "./security-group-rule/rule-form";
import { deleteNetworkObject } from "./network/delete";
import { networkPoll, SECURITY_GROUP_SOURCE } from "./network/batched-reads";
import { getOrGone } from "./framework/get-or-gone";
import { readThroughList } from "./framework/batched-refresh";
import { withAdvice } from "./framework/with-advice";
import { tagFields } from "./framework/tag-fields";
import { zoneFields } from "./network/zone-fields";
import { NETWORK_SETTLED, NETWORK_TIMEOUT_MS, waitCreated } from "./network/states";
import { waitSettled } from "./framework/wait-for-state";
import { zoneMatcher, type ZoneRef } from "./network/zone-match";
import { CatalogLookups } from "./catalog/catalog-lookups";
import { failuresOf } from "./framework/input-error";
import { takenNameFailures } from "./framework/taken-names";
import { remoteGroupFailures } from "./security-group-rule/catalog-check";
import { itself, type Zoned } from "../rules/parties";
import { containsUnknown, isUnknown } from "../framework/unknowns";

const CREATE_ADVICE = {
  wrong_security_group:
    "rules: a rule's remoteSecurityGroupId names no security group of this project and zone (or one being deleted)",
} as const;

const UPDATE_ADVICE = CREATE_ADVICE;

const DELETE_ADVICE = {
  security_group_has_interface:
    "network interfaces still use the group: remove it from the VMs (or delete them) first; a Vm of this stack " +
    "that uses the group should reference it so that it is deleted first",
  security_group_in_use:
    "rules of other security groups name this group as their remote group: delete those rules first (or make " +
    "them depend on this group so that they go first)",
  can_not_delete_default_security_group:
    "this is the zone's default security group, which the service never deletes: remove it from the stack " +
    "instead with `pulumi state delete <urn>`",
} as const;

function getGroup(ctx: ResourceContext, id: string): Promise<SecurityGroupResponse> {
  return ctx.client.call(networkEndpoints.getSecurityGroup, { params: { security_group_id: id } });
}

/** The group's rules as the service lists them, without those being deleted. */
async function listRules(ctx: ResourceContext, id: string): Promise<SecurityGroupRuleResponse[]> {
  const rules = await ctx.client.listAll(networkEndpoints.listSecurityGroupRules, {
    params: { security_group_id: id },
  });
  return rules.filter((rule) => rule.state !== "deleting");
}

/** Every output of `group` with `rules`; `projectId` when the answer names no project. */
function outputsOf(
  group: SecurityGroupResponse,
  rules: readonly SecurityGroupRuleResponse[],
  projectId: string | undefined,
): SecurityGroupOutputs {
  return {
    name: group.name,
    description: group.description,
    availabilityZone: group.availability_zone.name,
    availabilityZoneId: group.availability_zone.id,
    rules: sortRules(rules.map(ruleFormOf)),
    tags: group.tags.map((t) => t.name),
    tagIds: group.tags.map((t) => t.id),
    projectId: group.project?.id ?? projectId ?? "",
    isDefault: group.default,
    hasInterfaces: group.has_interfaces,
    ingressRuleCount: group.ingress_rules_count,
    egressRuleCount: group.egress_rules_count,
    state: group.state,
    createdTime: group.created_time,
    ...(group.modified_time === undefined ? {} : { modifiedTime: group.modified_time }),
  };
}

/**
 * True when `previous` outputs hold the group's rules as they are now: the service moves the
 * group's `modified_time` whenever a rule is created, changed or deleted, and a deleted
 * rule's disappearance changes a count.
 */
function rulesUnchanged(
  group: SecurityGroupResponse,
  previous: Partial<SecurityGroupOutputs> | undefined,
): previous is Partial<SecurityGroupOutputs> & { rules: RuleForm[] } {
  return (
    previous?.rules !== undefined &&
    group.modified_time !== undefined &&
    previous.modifiedTime === group.modified_time &&
    previous.ingressRuleCount === group.ingress_rules_count &&
    previous.egressRuleCount === group.egress_rules_count
  );
}

/**
 * Reads the group and its rules; undefined when the group is gone. With `previous` outputs
 * (a refresh) whose rules are still current (see {@link rulesUnchanged}), the group alone is
 * read: one request. `seen` is the group as just read (by a wait), which spares reading it
 * again.
 */
async function readGroup(
  ctx: ResourceContext,
  id: string,
  projectId: string | undefined,
  previous?: Partial<SecurityGroupOutputs>,
  seen?: SecurityGroupResponse,
): Promise<SecurityGroupOutputs | undefined> {
  const group = seen ?? (await getOrGone(() => getGroup(ctx, id)));
  if (group === undefined) return undefined;
  if (rulesUnchanged(group, previous)) {
    return { ...outputsOf(group, [], projectId), rules: previous.rules };
  }
  // The rule list answers 422 wrong_security_group once the group is gone.
  const rules = await getOrGone(
    () => listRules(ctx, id),
    (error) => (error as { code?: string }).code === "wrong_security_group",
  );
  if (rules === undefined) return undefined;
  return outputsOf(group, rules, projectId);
}

/** The groups named `name` in the project and zone, not being deleted. */
async function groupsNamed(
  ctx: ResourceContext,
  projectId: string,
  name: string,
  inZone: (zone: ZoneRef) => boolean,
): Promise<SecurityGroupResponse[]> {
  const groups = await ctx.client.listAll(networkEndpoints.listSecurityGroups, {
    query: { project_id: projectId, name },
  });
  return groups.filter(
    (group) => group.name === name && group.state !== "deleting" && inZone(group.availability_zone),
  );
}

/**
 * Refuses the create when a group of this name (not being deleted) exists in the zone (`named`:
 * one at most, as names are unique in the project): it may be what an interrupted `pulumi up`
 * of this resource left, another stack's, or one a person made, and it is never taken over
 * (framework/refuse-untracked.ts). A replacement that keeps the name deletes its predecessor
 * first, so that one is never met. Its rules are read only to say whether it matches.
 */
async function refuseUntrackedGroup(
  ctx: ResourceContext,
  name: string,
  named: readonly SecurityGroupResponse[],
  rules: readonly RuleForm[] | undefined,
): Promise<void> {
  const sameRules = async (group: SecurityGroupResponse) => {
    if (rules === undefined) return true;
    const current = await listRules(ctx, group.id);
    const plan = reconcileRules(
      current.map((r) => ({ id: r.id, form: ruleFormOf(r) })),
      rules,
    );
    return plan.create.length === 0 && plan.remove.length === 0;
  };
  const matching = new Set<string>();
  for (const group of named) if (await sameRules(group)) matching.add(group.id);
  refuseUntracked({
    clashing: named,
    matches: (group) => matching.has(group.id),
    clash: `a security group named "${name}" already exists in this zone`,
    describe: (group) => group.id,
    adoptable: true,
  });
}

/** The inline rules of `inputs` in their normalized form (undefined: not managed). */
function desiredRules(inputs: SecurityGroupInputs): RuleForm[] | undefined {
  return inputs.rules === undefined ? undefined : sortRules(inputs.rules.map(ruleForm));
}

/**
 * Adds `create` and deletes `remove` (rule ids), then waits until the added rules are
 * `created` and the removed ones gone. New rules go first, so a rule that changes never
 * leaves a moment with neither version.
 */
async function applyRules(
  ctx: ResourceContext,
  groupId: string,
  knownIds: readonly string[],
  create: readonly RuleForm[],
  remove: readonly string[],
  timeoutMs: number,
): Promise<void> {
  const known = new Set(knownIds);
  const added: string[] = [];
  for (const rule of create) {
    const made = await withAdvice(UPDATE_ADVICE, () =>
      ctx.client.call(
        networkEndpoints.createSecurityGroupRule,
        { params: { security_group_id: groupId }, body: ruleBody(rule) },
        {
          findExisting: async () =>
            (await listRules(ctx, groupId)).find(
              (r) => !known.has(r.id) && ruleKey(ruleFormOf(r)) === ruleKey(rule),
            ),
        },
      ),
    );
    known.add(made.id);
    added.push(made.id);
  }
  for (const ruleId of remove) {
    await getOrGone(
      () =>
        ctx.client.call(networkEndpoints.deleteSecurityGroupRule, {
          params: { security_group_id: groupId, security_group_rule_id: ruleId },
        }),
      // A rule already being deleted refuses a second delete; the wait below covers it.
      (error) =>
        (error as { code?: string }).code ===
        "security_group_rule_can_not_be_deleted_from_current_state",
    );
  }
  if (added.length === 0 && remove.length === 0) return;
  await ctx.wait({
    what: `the rules of security group ${groupId}`,
    poll: () =>
      ctx.client.listAll(networkEndpoints.listSecurityGroupRules, {
        params: { security_group_id: groupId },
      }),
    isDone: (rules) =>
      added.every((id) => rules.some((r) => r.id === id && r.state === "created")) &&
      remove.every((id) => !rules.some((r) => r.id === id)),
    failure: (rules) => {
      const failed = rules.find(
        (r) => (added.includes(r.id) || remove.includes(r.id)) && NETWORK_STATES.isFailed(r.state),
      );
      return failed === undefined ? undefined : `rule ${failed.id} is in state ${failed.state}`;
    },
    describe: (rules) => {
      const pending = rules.filter((r) => added.includes(r.id) || remove.includes(r.id));
      return pending.map((r) => `${r.id}: ${r.state}`).join(", ") || "no rule pending";
    },
    timeoutMs,
  });
}

/** Waits until the group is `created`; a group that exists but fails stays in the stack. */
async function untilCreated(
  ctx: ResourceContext,
  group: SecurityGroupResponse,
  projectId: string,
  timeoutMs: number,
): Promise<SecurityGroupResponse> {
  try {
    return await waitCreated(
      ctx,
      `security group ${group.id}`,
      networkPoll(ctx, SECURITY_GROUP_SOURCE, group.id, projectId, () => getGroup(ctx, group.id)),
      timeoutMs,
      true,
    );
  } catch (error) {
    const outs = await readGroup(ctx, group.id, projectId).catch(() => undefined);
    if (outs === undefined) throw error;
    throw ctx.notReady(group.id, outs, error);
  }
}

/** The lifecycle of `SecurityGroup` (served by the dynamic provider and the plugin). */
export const definition = defineResource<SecurityGroupInputs, SecurityGroupOutputs>({
  typeName: "SecurityGroup",
  inputs: SecurityGroupInputs,
  outputs: SecurityGroupOutputs,
  diff: {
    // A replacement that keeps the name deletes the old group first, so that the create's
    // check for untracked groups (refuseUntrackedGroup) never meets it. Renaming while
    // replacing keeps Pulumi's create-first order.
    deleteBeforeReplace: (changed) => !changed.includes("name"),
    compare: {
      availabilityZone: sameNameOrId("availabilityZone", "availabilityZoneId"),
      tags: sameNamesOrIds("tags", "tagIds"),
      // A set: order and spelled-out defaults do not matter.
      rules: (next, olds) => sameRules(next, olds.rules),
    },
  },
  async checkCatalog(ctx, inputs, olds) {
    if (isUnknown(inputs.projectId) || containsUnknown(inputs.availabilityZone)) return [];
    const projectId = ctx.projectId(inputs);
    const lookups = new CatalogLookups(ctx.client, projectId);
    let own: Zoned | undefined;
    const failures = await failuresOf(async () => {
      own = { ...itself("the group"), zone: await lookups.zone(inputs.availabilityZone) };
    });
    const rules = isUnknown(inputs.rules) ? [] : (inputs.rules ?? []);
    for (const [i, rule] of rules.entries()) {
      if (isUnknown(rule)) continue;
      failures.push(
        ...(await remoteGroupFailures(
          ctx.client,
          rule.remoteSecurityGroupId,
          own,
          `rules[${i}].remoteSecurityGroupId`,
        )),
      );
    }
    failures.push(
      ...(await takenNameFailures(ctx.client, {
        typeName: "SecurityGroup",
        projectId,
        name: inputs.name,
        oldName: olds.name,
        adoptId: inputs.adoptId,
        adoptable: true,
        holders: (name) => groupsNamed(ctx, projectId, name, () => true),
      })),
    );
    return failures;
  },
  async create(ctx, inputs) {
    const projectId = ctx.projectId(inputs);
    const rules = desiredRules(inputs);
    const inZone = await zoneMatcher(ctx.client, projectId, inputs.availabilityZone);
    const named = () => groupsNamed(ctx, projectId, inputs.name, inZone);
    await refuseUntrackedGroup(ctx, inputs.name, await named(), rules);
    const body: CallInput<typeof networkEndpoints.createSecurityGroup>["body"] = {
      project_id: projectId,
      name: inputs.name,
      description: inputs.description ?? "",
      ...(rules === undefined || rules.length === 0
        ? {}
        : { security_group_rules: rules.map(ruleBody) }),
      ...zoneFields(inputs.availabilityZone),
      ...tagFields(inputs.tags),
    };
    // No group of this name was in the zone, so one there after a lost answer is this create's.
    const created = await withAdvice(CREATE_ADVICE, () =>
      ctx.client.call(
        networkEndpoints.createSecurityGroup,
        { body },
        { findExisting: async () => (await named())[0] },
      ),
    );
    const remaining = ctx.deadline(NETWORK_TIMEOUT_MS);
    const group = await untilCreated(ctx, created, projectId, remaining());
    // The group as the wait saw it is current.
    const outs = await readGroup(ctx, group.id, projectId, undefined, group);
    if (outs === undefined)
      throw new Error(`security group ${group.id} disappeared right after it was created`);
    return { id: group.id, outs };
  },
  async read(ctx, id, previous) {
    // The list item is the whole group (the same schema as the read by id), read with the
    // refresh's other group reads; a group the list does not show is read by id.
    const group = await readThroughList(ctx, {
      source: SECURITY_GROUP_SOURCE,
      id,
      projectId: previous.projectId,
      read: () => getOrGone(() => getGroup(ctx, id)),
    });
    return group === undefined
      ? undefined
      : readGroup(ctx, id, previous.projectId, previous, group);
  },
  async update(ctx, id, olds, news, diff) {
    const remaining = ctx.deadline(NETWORK_TIMEOUT_MS);
    const group = await getGroup(ctx, id);
    // A change still running must end before the service takes another.
    if (NETWORK_STATES.isChanging(group.state))
      await waitSettled(ctx, {
        ...NETWORK_SETTLED,
        what: `security group ${id}`,
        poll: () => getGroup(ctx, id),
        timeoutMs: remaining(),
      });
    const changed = new Set(diff.changed);
    const body: CallInput<typeof networkEndpoints.updateSecurityGroup>["body"] = {
      ...(changed.has("name") ? { name: news.name } : {}),
      ...(changed.has("description") ? { description: news.description ?? "" } : {}),
      ...(changed.has("tags") ? tagFields(news.tags ?? []) : {}),
    };
    if (Object.keys(body).length > 0) {
      await withAdvice(UPDATE_ADVICE, () =>
        ctx.client.call(networkEndpoints.updateSecurityGroup, {
          params: { security_group_id: id },
          body,
        }),
      );
    }
    try {
      await waitCreated(ctx, `security group ${id}`, () => getGroup(ctx, id), remaining());
      const desired = desiredRules(news);
      if (desired !== undefined) {
        // Reconcile with the rules as they are now, not as last read: they may have changed since.
        const current = await listRules(ctx, id);
        const plan = reconcileRules(
          current.map((r) => ({ id: r.id, form: ruleFormOf(r) })),
          desired,
        );
        await applyRules(
          ctx,
          id,
          current.map((r) => r.id),
          plan.create,
          plan.remove,
          remaining(),
        );
      }
    } catch (error) {
      // Part of the change is applied: record the group as it is now, so the next `up` finishes it.
      const outs = await readGroup(ctx, id, olds.projectId).catch(() => undefined);
      if (outs === undefined) throw error;
      throw ctx.notReady(id, outs, error);
    }
    const outs = await readGroup(ctx, id, olds.projectId);
    if (outs === undefined) throw new Error(`security group ${id} disappeared during the update`);
    return outs;
  },
  async delete(ctx, id, olds) {
    await deleteNetworkObject(ctx, olds, {
      what: `security group ${id}`,
      id,
      source: SECURITY_GROUP_SOURCE,
      read: () => getGroup(ctx, id),
      remove: () =>
        ctx.client.call(networkEndpoints.deleteSecurityGroup, {
          params: { security_group_id: id },
        }),
      advice: DELETE_ADVICE,
    });
  },
  inputsOf(outs) {
    return {
      name: outs.name,
      description: outs.description,
      availabilityZone: outs.availabilityZone,
      rules: outs.rules,
      tags: outs.tags,
      projectId: outs.projectId,
    };
  },
});

/** The dynamic provider of `SecurityGroup` (loaded by the shim `resources/security-group`). */
/** The dynamic provider of `SecurityGroup`. */
export const provider = dynamicProvider(definition);
