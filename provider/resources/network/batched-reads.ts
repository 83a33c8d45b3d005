/**
 * How the waits of the network kinds read in batches (framework/batched-reads.ts): the real
 * subnet, security-group, external-IP, placement-group, SNAT-gateway and interface lists filter
 * by project, not by ids, so a check reads the project's list, newest first, as far as the
 * objects waited for.
 */
import { externalIpsEndpoints } from "../../../api/vm/endpoints/external-ips";
import { interfacesEndpoints } from "../../../api/vm/endpoints/interfaces";
import { natGatewaysEndpoints } from "../../../api/vm/endpoints/nat-gateways";
import { placementGroupsEndpoints } from "../../../api/vm/endpoints/placement-groups";
import { networkEndpoints } from "../../../api/vm/endpoints/network";
import type { ResourceContext } from "../framework/resource-context";
import { batchedPoll, projectListSource, type BatchSource } from "../framework/batched-reads";

/** Subnets, read by the project's list (its items carry the interface count too). */
export const SUBNET_SOURCE = projectListSource("subnets", networkEndpoints.listSubnets);

/** Security groups, read by the project's list. */
export const SECURITY_GROUP_SOURCE = projectListSource(
  "security-groups",
  networkEndpoints.listSecurityGroups,
);

/** External IPs, read by the project's list. */
export const EXTERNAL_IP_SOURCE = projectListSource(
  "external-ips",
  externalIpsEndpoints.listExternalIps,
);

/** Placement groups, read by the project's list. */
export const PLACEMENT_GROUP_SOURCE = projectListSource(
  "placement-groups",
  placementGroupsEndpoints.listPlacementGroups,
);

/**
 * SNAT gateways, read by the project's list (newest first already: the list takes no order).
 */
export const NAT_GATEWAY_SOURCE = projectListSource(
  "nat-gateways",
  natGatewaysEndpoints.listNatGateways,
  "as-listed",
);

/**
 * Network interfaces, read by the project's list (VMs' and free ones, newest first already:
 * the list takes no order).
 */
export const INTERFACE_SOURCE = projectListSource(
  "interfaces",
  interfacesEndpoints.listInterfaces,
  "as-listed",
);

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
