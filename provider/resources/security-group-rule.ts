/**
 * The `SecurityGroupRule` resource: one rule of a security group, managed on its own. Every
 * field replaces the rule (the new one is made before the old one goes, so traffic is never
 * cut). A create refuses when an identical rule the stack does not track is in the group
 * (see `identicalRule`): it is someone's, and never taken over. Its id
 * is `<securityGroupId>:<ruleId>`, because the service reads a rule only under its group: with
 * both in the id, `read` and `import` need nothing else.
 */
import { Uuid } from "../../api/common";
import { NotFoundError } from "../client";
import { networkEndpoints } from "../../api/vm/endpoints/network";
import type { SecurityGroupRuleResponse } from "../../api/vm/security-group-rules";
import { dynamicProvider } from "../framework/dynamic-provider";
import { defineResource, type ResourceContext } from "./framework/define-resource";
import { SecurityGroupRuleInputs } from "./inputs/security-group-rule";
import { SecurityGroupRuleOutputs, type RuleForm } from "./outputs/security-group-rule";
import { ruleBody, ruleForm, ruleFormOf, ruleKey } from "./security-group-rule/rule-form";
import { deleteAndWait } from "./framework/delete-and-wait";
import { ruleCatalogFailures } from "./security-group-rule/catalog-check";
import { getOrGone } from "./framework/get-or-gone";
import { withAdvice } from "./framework/with-advice";
import { NETWORK_DELETE, NETWORK_SETTLED, NETWORK_TIMEOUT_MS, waitCreated } from "./network/states";
import { waitSettled } from "./framework/wait-for-state";
import { refuseUntracked } from "./framework/refuse-untracked";

const CREATE_ADVICE = {
  wrong_security_group:
    "securityGroupId or remoteSecurityGroupId: no such security group in this project and zone (or it is being deleted)",
  security_group_rule_can_not_be_created_from_current_state:
    "the security group is busy with another change; run `pulumi up` again",
} as const;

/** The resource id of a rule. */
export function ruleResourceId(groupId: string, ruleId: string): string {
  return `${groupId}:${ruleId}`;
}

/** Splits a resource id into the group and rule ids; a clear error for anything else. */
export function parseRuleResourceId(id: string): { groupId: string; ruleId: string } {
  const [groupId, ruleId, ...rest] = id.split(":");
  if (
    rest.length > 0 ||
    groupId === undefined ||
    ruleId === undefined ||
    !Uuid.safeParse(groupId).success ||
    !Uuid.safeParse(ruleId).success
  ) {
    throw new Error(
      `"${id}" is not a SecurityGroupRule id: give <securityGroupId>:<ruleId>, e.g. ` +
        "`pulumi import vmcloud:SecurityGroupRule ssh 5f0c…:9a1b…`",
    );
  }
  return { groupId, ruleId };
}

/** The service's answers that mean the group, and so the rule, is gone. */
function groupGone(error: unknown): boolean {
  return (error as { code?: string }).code === "wrong_security_group";
}

function getRule(
  ctx: ResourceContext,
  groupId: string,
  ruleId: string,
): Promise<SecurityGroupRuleResponse> {
  return ctx.client.call(networkEndpoints.getSecurityGroupRule, {
    params: { security_group_id: groupId, security_group_rule_id: ruleId },
  });
}

function outputsOf(rule: SecurityGroupRuleResponse): SecurityGroupRuleOutputs {
  return {
    ...ruleFormOf(rule),
    securityGroupId: rule.security_group.id,
    ruleId: rule.id,
    securityGroupName: rule.security_group.name,
    state: rule.state,
  };
}

/**
 * The group's rule identical to `form` (every field, description included), not being deleted.
 * Identical rules are the same rule, so a create refuses instead of making a pointless
 * duplicate (it may be what an interrupted `pulumi up` left, or someone else's). The
 * description counts because a replacement (create first) differs from its predecessor in at
 * least one field, so it never meets the rule it is about to delete.
 */
async function identicalRule(
  ctx: ResourceContext,
  groupId: string,
  form: RuleForm,
): Promise<SecurityGroupRuleResponse | undefined> {
  const rules = await ctx.client.listAll(networkEndpoints.listSecurityGroupRules, {
    params: { security_group_id: groupId },
  });
  const key = ruleKey(form);
  return rules.find((r) => r.state !== "deleting" && ruleKey(ruleFormOf(r)) === key);
}

/** The rule `ruleId` of any security group of the project; undefined when none has it. */
async function ruleOfProject(
  ctx: ResourceContext,
  ruleId: string,
): Promise<SecurityGroupRuleResponse | undefined> {
  const projectId = ctx.settings.projectId;
  if (projectId === undefined) {
    throw new Error(
      `rule ${ruleId}: a bare rule id is searched in the project's groups, and no project is set (vmcloud:projectId); or give <securityGroupId>:<ruleId>`,
    );
  }
  const groups = await ctx.client.listAll(networkEndpoints.listSecurityGroups, {
    query: { project_id: projectId },
  });
  for (const group of groups) {
    const rules = await ctx.client.listAll(networkEndpoints.listSecurityGroupRules, {
      params: { security_group_id: group.id },
    });
    const rule = rules.find((r) => r.id === ruleId);
    if (rule !== undefined) return rule;
  }
  return undefined;
}

/** The lifecycle of `SecurityGroupRule` (served by the dynamic provider and the plugin). */
export const definition = defineResource<SecurityGroupRuleInputs, SecurityGroupRuleOutputs>({
  typeName: "SecurityGroupRule",
  inputs: SecurityGroupRuleInputs,
  outputs: SecurityGroupRuleOutputs,
  checkCatalog: (ctx, inputs) => ruleCatalogFailures(ctx.client, inputs),
  async create(ctx, inputs) {
    const groupId = inputs.securityGroupId;
    const form = ruleForm(inputs);
    const remaining = ctx.deadline(NETWORK_TIMEOUT_MS);
    // The service adds rules only to a settled group (one created in the same run may still be busy).
    await withAdvice(CREATE_ADVICE, () =>
      waitSettled(ctx, {
        ...NETWORK_SETTLED,
        what: `security group ${groupId}`,
        poll: () =>
          ctx.client.call(networkEndpoints.getSecurityGroup, {
            params: { security_group_id: groupId },
          }),
        timeoutMs: remaining(),
      }),
    ).catch((error: unknown) => {
      if (error instanceof NotFoundError) {
        throw new Error(`securityGroupId: security group ${groupId} does not exist; check the id`, {
          cause: error,
        });
      }
      throw error;
    });
    // An identical rule someone else made (or an interrupted `up`) is never taken over: its
    // delete would remove what another stack or a person relies on.
    const identical = await identicalRule(ctx, groupId, form);
    refuseUntracked({
      clashing: identical === undefined ? [] : [{ id: ruleResourceId(groupId, identical.id) }],
      matches: () => true,
      clash: `security group ${groupId} already has a rule identical to this one`,
      describe: (rule) => rule.id,
      adoptable: false,
      avoid: "remove this resource from the program (the group already allows it)",
    });
    // No identical rule was in the group, so one there after a lost answer is this create's.
    const created = await withAdvice(CREATE_ADVICE, () =>
      ctx.client.call(
        networkEndpoints.createSecurityGroupRule,
        { params: { security_group_id: groupId }, body: ruleBody(form) },
        { findExisting: () => identicalRule(ctx, groupId, form) },
      ),
    );
    const id = ruleResourceId(groupId, created.id);
    try {
      const rule = await waitCreated(
        ctx,
        `rule ${created.id}`,
        () => getRule(ctx, groupId, created.id),
        remaining(),
      );
      return { id, outs: outputsOf(rule) };
    } catch (error) {
      const last = await getOrGone(() => getRule(ctx, groupId, created.id), groupGone).catch(
        () => undefined,
      );
      throw ctx.notReady(id, outputsOf(last ?? created), error);
    }
  },
  async read(ctx, id) {
    // A bare rule UUID (what Terraform's cloudru_evolution_compute_security_group_rule stores):
    // the service reads a rule only under its group, so the project's groups are searched.
    if (Uuid.safeParse(id).success) {
      const found = await ruleOfProject(ctx, id);
      return found === undefined ? undefined : outputsOf(found);
    }
    const { groupId, ruleId } = parseRuleResourceId(id);
    const rule = await getOrGone(() => getRule(ctx, groupId, ruleId), groupGone);
    return rule === undefined ? undefined : outputsOf(rule);
  },
  idOf: (outs) => ruleResourceId(outs.securityGroupId, outs.ruleId),
  async update(ctx, id, _olds, news) {
    // Only `timeouts` updates in place, and the framework applies it without calling here; this
    // runs after an earlier create ended before the rule was ready: wait for it again.
    const { groupId, ruleId } = parseRuleResourceId(id);
    const rule = await waitCreated(
      ctx,
      `rule ${ruleId}`,
      () => getRule(ctx, groupId, ruleId),
      ctx.timeoutMs(news, "create", NETWORK_TIMEOUT_MS),
    );
    return outputsOf(rule);
  },
  async delete(ctx, id, olds) {
    const { groupId, ruleId } = parseRuleResourceId(id);
    await deleteAndWait(ctx, {
      ...NETWORK_DELETE,
      what: `rule ${ruleId}`,
      read: () => getRule(ctx, groupId, ruleId),
      remove: () =>
        ctx.client.call(networkEndpoints.deleteSecurityGroupRule, {
          params: { security_group_id: groupId, security_group_rule_id: ruleId },
        }),
      isGone: groupGone,
      timeoutMs: ctx.timeoutMs(olds, "delete", NETWORK_TIMEOUT_MS),
    });
  },
  inputsOf(outs) {
    // The outputs hold the rule in its one form already: ruleForm keeps just its fields.
    return { securityGroupId: outs.securityGroupId, ...ruleForm(outs) };
  },
});

/** The dynamic provider of `SecurityGroupRule` (loaded by the shim `resources/security-group-rule`). */
/** The dynamic provider of `SecurityGroupRule`. */
export const provider = dynamicProvider(definition);
