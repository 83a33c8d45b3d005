/**
 * Route handlers of the VM service's network slice: subnets and security groups (see
 * ./crud.ts), the lookups of free blocks and addresses, and the groups' rules. Each handler only calls the model and presents the record;
 * the rules live in the models.
 */
import type { networkEndpoints } from "../../../api/vm/endpoints/network";
import type { Handlers } from "../../core/register-endpoints";
import type { VmContext } from "../context";
import { availableIpAddresses, availableSubnets } from "../models/available-addresses";
import {
  createRule,
  deleteRule,
  getRule,
  listRules,
  presentRule,
  updateRule,
} from "../models/security-group-rules";
import { securityGroupHandlers, subnetHandlers } from "./crud";

/**
 * One handler per network endpoint. The registrar has validated every input the endpoint
 * declares, so the `!` on params, query and body only drop the "not declared" case.
 */
export const networkHandlers: Handlers<typeof networkEndpoints, VmContext> = {
  ...subnetHandlers,
  ...securityGroupHandlers,
  listAvailableSubnets: ({ query, ctx }) => availableSubnets(ctx.state, query!),
  listAvailableIpAddresses: ({ query, ctx }) => availableIpAddresses(ctx.state, query!),

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
