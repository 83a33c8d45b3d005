/**
 * The subnet an interrupted `pulumi up` left for this very resource. When `up` is killed while
 * a create is in flight, the engine keeps only a pending create and the next `up` creates the
 * resource again, while the subnet from the first attempt exists, untracked. The service keeps
 * names unique per project and zone and addresses unique per virtual network, so a second
 * create would only fail with a 409; the leftover is adopted instead. A replacement deletes the
 * old subnet first (see `deleteBeforeReplace` in subnet.ts), so it is never mistaken for one.
 */
import { adoptLeftover } from "../framework/adopt-leftover";
import { networkEndpoints } from "../../../api/vm/endpoints/network";
import type { SubnetListItemResponse } from "../../../api/vm/subnets";
import type { VmCloudClient } from "../../client";
import { zoneMatcher } from "../network/zone-match";

/** What the create asks for: the subnet's identity in the service. */
export type SubnetWanted = {
  projectId: string;
  name: string;
  /** The address as a CIDR. */
  cidr: string;
  /** Zone name or id; unset: the project's default zone. */
  zone: string | undefined;
  vpcId: string | undefined;
  defaultGateway: string | undefined;
};

/** The project's subnets with exactly this address (at most one per network), not being deleted. */
export async function subnetsAt(
  client: VmCloudClient,
  projectId: string,
  cidr: string,
): Promise<SubnetListItemResponse[]> {
  const page = await client.call(networkEndpoints.listSubnets, {
    query: { project_id: projectId, subnet_address: cidr, limit: 100 },
  });
  return page.items.filter((s) => s.state !== "deleting");
}

/**
 * The subnet to adopt: the one with the requested name and address in the requested zone (and
 * network and gateway, when given), not being deleted; undefined when there is no subnet of
 * that name in the zone and none at that address. Any other subnet holding the name or the
 * address is not this resource's, and the create is refused with what to do.
 */
export async function leftoverSubnet(
  client: VmCloudClient,
  wanted: SubnetWanted,
): Promise<SubnetListItemResponse | undefined> {
  const inZone = await zoneMatcher(client, wanted.projectId, wanted.zone);
  const atAddress = (await subnetsAt(client, wanted.projectId, wanted.cidr)).filter(
    (s) => wanted.vpcId === undefined || s.vpc_id === undefined || s.vpc_id === wanted.vpcId,
  );
  const named = (
    await client.listAll(networkEndpoints.listSubnets, {
      query: { project_id: wanted.projectId, name: wanted.name },
    })
  ).filter((s) => s.name === wanted.name && s.state !== "deleting" && inZone(s.availability_zone));
  const holders = [...new Map([...atAddress, ...named].map((s) => [s.id, s])).values()];
  return adoptLeftover({
    clashing: holders,
    matches: (s) =>
      s.name === wanted.name &&
      s.subnet_address === wanted.cidr &&
      inZone(s.availability_zone) &&
      (wanted.defaultGateway === undefined || s.default_gateway === wanted.defaultGateway),
    clash: `a subnet already holds the name "${wanted.name}" or the address ${wanted.cidr}`,
    describe: (s) => `${s.id} "${s.name}" ${s.subnet_address} in ${s.availability_zone.name}`,
    why: "it does not match this resource",
    avoid: "choose another name or address",
  });
}
