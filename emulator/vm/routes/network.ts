/**
 * Route handlers of the VM service's network slice: subnets, security groups and their
 * rules. Each handler only calls the model and presents the record; the rules live in the
 * models.
 */
import type { networkEndpoints } from "../../../api/vm/endpoints/network";
import type { Handlers } from "../../core/register-endpoints";
import type { VmContext } from "../context";
import {
  createRule,
  deleteRule,
  getRule,
  listRules,
  presentRule,
  updateRule,
} from "../models/security-group-rules";
import {
  createSecurityGroup,
  deleteSecurityGroup,
  listSecurityGroups,
  presentSecurityGroup,
  requireSecurityGroup,
  updateSecurityGroup,
} from "../models/security-groups";
import {
  createSubnet,
  deleteSubnet,
  listSubnets,
  presentSubnet,
  requireSubnet,
  updateSubnet,
} from "../models/subnets";

/**
 * One handler per network endpoint. The registrar has validated every input the endpoint
 * declares, so the `!` on params, query and body only drop the "not declared" case.
 */
export const networkHandlers: Handlers<typeof networkEndpoints, VmContext> = {
  listSubnets: ({ query, ctx }) => listSubnets(ctx.state, query!),
  createSubnet: ({ body, ctx }) =>
    presentSubnet(ctx.state, createSubnet(ctx.state, ctx.clock, body!)),
  getSubnet: ({ params, ctx }) =>
    presentSubnet(ctx.state, requireSubnet(ctx.state, params!.subnet_id)),
  updateSubnet: ({ params, body, ctx }) =>
    presentSubnet(ctx.state, updateSubnet(ctx.state, ctx.clock, params!.subnet_id, body!)),
  deleteSubnet: ({ params, ctx }) => deleteSubnet(ctx.state, ctx.clock, params!.subnet_id),

  listSecurityGroups: ({ query, ctx }) => listSecurityGroups(ctx.state, query!),
  createSecurityGroup: ({ body, ctx }) =>
    presentSecurityGroup(ctx.state, createSecurityGroup(ctx.state, ctx.clock, body!)),
  getSecurityGroup: ({ params, ctx }) =>
    presentSecurityGroup(ctx.state, requireSecurityGroup(ctx.state, params!.security_group_id)),
  updateSecurityGroup: ({ params, body, ctx }) =>
    presentSecurityGroup(
      ctx.state,
      updateSecurityGroup(ctx.state, ctx.clock, params!.security_group_id, body!),
    ),
  deleteSecurityGroup: ({ params, ctx }) =>
    deleteSecurityGroup(ctx.state, ctx.clock, params!.security_group_id),

  listSecurityGroupRules: ({ params, query, ctx }) =>
    listRules(ctx.state, params!.security_group_id, query!),
  createSecurityGroupRule: ({ params, body, ctx }) =>
    presentRule(ctx.state, createRule(ctx.state, ctx.clock, params!.security_group_id, body!)),
  getSecurityGroupRule: ({ params, ctx }) =>
    presentRule(
      ctx.state,
      getRule(ctx.state, params!.security_group_id, params!.security_group_rule_id),
    ),
  updateSecurityGroupRule: ({ params, body, ctx }) =>
    presentRule(
      ctx.state,
      updateRule(
        ctx.state,
        ctx.clock,
        params!.security_group_id,
        params!.security_group_rule_id,
        body!,
      ),
    ),
  deleteSecurityGroupRule: ({ params, ctx }) =>
    deleteRule(ctx.state, ctx.clock, params!.security_group_id, params!.security_group_rule_id),
};
