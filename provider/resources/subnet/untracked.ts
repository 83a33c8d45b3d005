/**
 * A subnet the stack does not track, in the way of a create: the service keeps names unique
 * per project and zone and addresses unique per virtual network, so a create would only fail
 * with a 409 after the plan was shown. It may be what an interrupted `up` of this resource
 * left, another stack's or a person's: it is never taken over (framework/refuse-untracked.ts).
 * A replacement deletes the old subnet first (see `deleteBeforeReplace` in subnet.ts), so the
 * old one is never met.
 */
import { refuseUntracked } from "../framework/refuse-untracked";
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
 * Refuses the create when a subnet not being deleted holds the requested name in the zone or
 * the address in the network, with what to do (and whether it matches the inputs exactly).
 */
export async function refuseUntrackedSubnet(
  client: VmCloudClient,
  wanted: SubnetWanted,
): Promise<void> {
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
  refuseUntracked({
    clashing: holders,
    matches: (s) =>
      s.name === wanted.name &&
      s.subnet_address === wanted.cidr &&
      inZone(s.availability_zone) &&
      (wanted.defaultGateway === undefined || s.default_gateway === wanted.defaultGateway),
    clash: `a subnet already holds the name "${wanted.name}" or the address ${wanted.cidr}`,
    describe: (s) => `${s.id} "${s.name}" ${s.subnet_address} in ${s.availability_zone.name}`,
    adoptable: true,
    avoid: "choose another name or address",
  });
}
