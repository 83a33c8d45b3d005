/**
 * How network and address waits read in batches (framework/batched-reads.ts): the real subnet,
 * security-group, public IP and placement-group lists filter by project, not by ids, so a
 * check reads the project's list, newest first, as far as the objects waited for.
 */
import { addressesEndpoints } from "../../../api/vm/endpoints/addresses";
import type { FloatingIpResponse } from "../../../api/vm/floating-ips";
import type { PlacementGroupResponse } from "../../../api/vm/placement-groups";
import { networkEndpoints } from "../../../api/vm/endpoints/network";
import type { SecurityGroupResponse } from "../../../api/vm/security-groups";
import type { SubnetListItemResponse } from "../../../api/vm/subnets";
import type { ResourceContext } from "../framework/define-resource";
import { batchedPoll, firstShowing, type BatchSource } from "../framework/batched-reads";

/** Newest first: the objects waited for are among the newest. */
const NEWEST_FIRST = { order_by: "created_time", order_desc: true } as const;

/** Subnets, read by the project's list (its items carry the interface count too). */
export const SUBNET_SOURCE: BatchSource<SubnetListItemResponse> = {
  kind: "subnets",
  list: (client, projectId, ids) =>
    firstShowing(
      client.paginate(networkEndpoints.listSubnets, {
        query: { project_id: projectId, ...NEWEST_FIRST },
      }),
      ids,
    ),
};

/** Security groups, read by the project's list. */
export const SECURITY_GROUP_SOURCE: BatchSource<SecurityGroupResponse> = {
  kind: "security-groups",
  list: (client, projectId, ids) =>
    firstShowing(
      client.paginate(networkEndpoints.listSecurityGroups, {
        query: { project_id: projectId, ...NEWEST_FIRST },
      }),
      ids,
    ),
};

/** Public IP addresses, read by the project's list. */
export const FLOATING_IP_SOURCE: BatchSource<FloatingIpResponse> = {
  kind: "floating-ips",
  list: (client, projectId, ids) =>
    firstShowing(
      client.paginate(addressesEndpoints.listFloatingIps, {
        query: { project_id: projectId, ...NEWEST_FIRST },
      }),
      ids,
    ),
};

/** Placement groups, read by the project's list. */
export const PLACEMENT_GROUP_SOURCE: BatchSource<PlacementGroupResponse> = {
  kind: "placement-groups",
  list: (client, projectId, ids) =>
    firstShowing(
      client.paginate(addressesEndpoints.listPlacementGroups, {
        query: { project_id: projectId, ...NEWEST_FIRST },
      }),
      ids,
    ),
};

/**
 * The poll of a network wait: `id` read in batches from `source` in `projectId`; `read` (by
 * id) for an object the list does not show, so a 404 still decides "gone" (or, with
 * `goneWhenAbsent`, the list read whole not showing it).
 */
export function networkPoll<L extends { id: string }, F>(
  ctx: ResourceContext,
  source: BatchSource<L>,
  id: string,
  projectId: string,
  read: () => Promise<F>,
  goneWhenAbsent = false,
): () => Promise<L | F> {
  return batchedPoll<L, F>({
    client: ctx.client,
    source,
    id,
    projectId,
    read,
    // The project is given, so it is never learnt from a read.
    projectOf: () => projectId,
    goneWhenAbsent,
  }) as () => Promise<L | F>;
}
