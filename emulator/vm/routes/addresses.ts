/**
 * Route handlers of the VM service's public IPs and placement groups. Each handler only calls
 * the model and presents the record; the rules live in the models.
 */
import type { addressesEndpoints } from "../../../api/vm/endpoints/addresses";
import type { Handlers } from "../../core/register-endpoints";
import type { VmContext } from "../context";
import {
  createPlacementGroup,
  deletePlacementGroup,
  listPlacementGroups,
  presentPlacementGroup,
  requirePlacementGroup,
  updatePlacementGroup,
} from "../models/placement-groups";
import {
  createPublicIp,
  deletePublicIp,
  listFloatingIps,
  presentFloatingIp,
  requireFloatingIp,
  updatePublicIp,
} from "../models/public-ips";

/**
 * One handler per endpoint. The registrar has validated every input the endpoint declares,
 * so the `!` on params, query and body only drop the "not declared" case.
 */
export const addressesHandlers: Handlers<typeof addressesEndpoints, VmContext> = {
  listFloatingIps: ({ query, ctx }) => listFloatingIps(ctx.state, query!),
  createFloatingIp: ({ body, ctx }) =>
    presentFloatingIp(ctx.state, createPublicIp(ctx.state, ctx.clock, body!)),
  getFloatingIp: ({ params, ctx }) =>
    presentFloatingIp(ctx.state, requireFloatingIp(ctx.state, params!.floating_ip_id)),
  updateFloatingIp: ({ params, body, ctx }) =>
    presentFloatingIp(
      ctx.state,
      updatePublicIp(ctx.state, ctx.clock, params!.floating_ip_id, body!),
    ),
  deleteFloatingIp: ({ params, ctx }) =>
    deletePublicIp(ctx.state, ctx.clock, params!.floating_ip_id),

  listPlacementGroups: ({ query, ctx }) => listPlacementGroups(ctx.state, query!),
  createPlacementGroup: ({ body, ctx }) =>
    presentPlacementGroup(ctx.state, createPlacementGroup(ctx.state, ctx.clock, body!)),
  getPlacementGroup: ({ params, ctx }) =>
    presentPlacementGroup(ctx.state, requirePlacementGroup(ctx.state, params!.placement_group_id)),
  updatePlacementGroup: ({ params, body, ctx }) =>
    presentPlacementGroup(
      ctx.state,
      updatePlacementGroup(ctx.state, ctx.clock, params!.placement_group_id, body!),
    ),
  deletePlacementGroup: ({ params, ctx }) =>
    deletePlacementGroup(ctx.state, ctx.clock, params!.placement_group_id),
};
