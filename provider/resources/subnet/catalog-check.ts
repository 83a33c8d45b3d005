/**
 * What `check` of a subnet can know before anything changes: its zone exists, its address
 * range overlaps no other subnet of the project's virtual network (subnets of every zone
 * count), its name is free in its zone, and a new default subnet does not meet another one.
 * The subnet's own record (same address as the previous inputs) and the one `adoptId` names are
 * no conflict; an untracked subnet of the same name, address and zone (maybe what an interrupted
 * `up` left) is one failure, with the commands that resolve it. Unknown values skip what needs
 * them.
 */
import { resolveSubnetAddress } from "../../../api/vm/cidr";
import type { SubnetListItemResponse } from "../../../api/vm/subnets";
import { containsUnknown, isUnknown } from "../../framework/unknowns";
import type { CheckFailure } from "../framework/check-inputs";
import { failuresOf } from "../framework/input-error";
import type { SubnetInputs } from "../inputs/subnet";
import type { NetworkLookups } from "../network/network-lookups";
import { defaultTaken, nameTaken } from "../../rules/names";
import { serviceObject } from "../../rules/parties";
import { rangeOverlap } from "../../rules/ranges";
import { currentResourceUrn } from "../../runtime/engine-log";

/** The CIDR `inputs` ask for, or undefined when it is not known (or not valid). */
function cidrOf(inputs: Partial<SubnetInputs>): string | undefined {
  if (typeof inputs.address !== "string" || isUnknown(inputs.address)) return undefined;
  if (isUnknown(inputs.prefixLength)) return undefined;
  const resolved = resolveSubnetAddress(inputs.address, inputs.prefixLength);
  return resolved.ok ? resolved.cidr : undefined;
}

/** Every catalog and network failure of a subnet's `inputs` (`olds`: its previous inputs). */
export async function subnetCatalogFailures(
  lookups: NetworkLookups,
  inputs: SubnetInputs,
  olds: Partial<SubnetInputs>,
): Promise<CheckFailure[]> {
  if (containsUnknown(inputs.availabilityZone)) return [];
  let zoneId: string | undefined;
  const failures = await failuresOf(async () => {
    zoneId = (await lookups.zone(inputs.availabilityZone)).id;
  });
  if (zoneId === undefined) return failures;
  const cidr = cidrOf(inputs);
  const own = cidrOf(olds);
  const sameVpc = (s: SubnetListItemResponse) =>
    inputs.vpcId === undefined ||
    isUnknown(inputs.vpcId) ||
    s.vpc_id === undefined ||
    s.vpc_id === inputs.vpcId;
  // What an interrupted `up` of this resource would have left (or another stack's twin): one
  // failure, the name's, rather than a name and an overlap for one object.
  const twin = (s: SubnetListItemResponse) =>
    s.name === inputs.name && s.subnet_address === cidr && s.availability_zone.id === zoneId;
  const others = (s: SubnetListItemResponse) =>
    s.subnet_address !== own && (inputs.adoptId === undefined || s.id !== inputs.adoptId);

  const overlapping = (subnets: SubnetListItemResponse[]) =>
    cidr === undefined
      ? undefined
      : subnets
          .filter((s) => others(s) && !twin(s) && sameVpc(s))
          .map((s) =>
            rangeOverlap("address", cidr, {
              ...serviceObject("subnet", s.name),
              cidr: s.subnet_address,
              zoneName: s.availability_zone.name,
            }),
          )
          .find((failure) => failure !== undefined);
  const sameName = (subnets: SubnetListItemResponse[]) =>
    isUnknown(inputs.name)
      ? undefined
      : subnets.find(
          (s) => others(s) && s.name === inputs.name && s.availability_zone.id === zoneId,
        );
  const otherDefault = (subnets: SubnetListItemResponse[]) =>
    inputs.isDefault === true && own === undefined
      ? subnets.find((s) => others(s) && s.default && s.availability_zone.id === zoneId)
      : undefined;

  // A conflict seen in a cached list is confirmed with a fresh one (the predicate is "no
  // conflict", so the cache reads again only when it would fail).
  const subnets = await lookups.allSubnets(
    (list) =>
      overlapping(list) === undefined &&
      sameName(list) === undefined &&
      otherDefault(list) === undefined,
  );
  const overlap = overlapping(subnets);
  if (overlap !== undefined) failures.push(overlap);
  const named = sameName(subnets);
  if (named !== undefined) {
    const where = `availability zone ${named.availability_zone.name}`;
    failures.push(
      nameTaken(
        "name",
        "subnet",
        named.name,
        where,
        serviceObject("subnet", named.name, named.id),
        {
          id: named.id,
          adoptable: true,
          urn: currentResourceUrn(),
          avoid: twin(named) ? "choose another name and address" : undefined,
        },
      ),
    );
  }
  const current = otherDefault(subnets);
  if (current !== undefined) {
    failures.push(
      defaultTaken(
        current.availability_zone.name,
        serviceObject("subnet", current.name, current.id),
      ),
    );
  }
  return failures;
}
