/**
 * The part of `check` that judges a resource against the rest of its program: against the
 * program's resources its inputs refer to (their facts, which the SDK sends; see
 * program-input.ts) and against the program's other new resources checked before it (see
 * program-view.ts), with the rules of provider/rules, which each kind's own check also uses
 * against what already exists. With the service reachable, zones are resolved through the
 * catalog, a placement group's room and the quotas are read (GETs, shared through the
 * process-wide cache); without it, what needs no answer of the service is still judged.
 */
import type { CheckFailure } from "../../framework/check-failures";
import { isUnknown, valueAt } from "../../framework/unknowns";
import { programResource, serviceObject, zoneResolver, type ZoneRef } from "../../rules/parties";
import type { GroupRoom } from "../../rules/placement";
import { programFailures } from "../../rules/program";
import {
  declaredSide,
  knownString,
  pathKeys,
  referenceFailures,
  type FoundSide,
  type Side,
} from "../../rules/references";
import { CatalogLookups } from "../catalog/catalog-lookups";
import type { ResourceContext } from "../framework/resource-context";
import { matches } from "../framework/input-error";
import { VmLookups } from "../vm/lookups";
import { cloudChanged, earlierNew, type ProgramEntry } from "./program-view";
import { quotaFailures } from "./quota-check";
import { serviceSide } from "./service-side";

/**
 * What the VM's placement group (a program's group or one the service shows) can hold in
 * `zone`, when that can be told: a new group spans every zone, and a zone holds as many VMs of
 * an anti-affinity group as it has hosts, which every group spanning it reports.
 */
async function roomOf(
  ctx: ResourceContext,
  projectId: string,
  entry: ProgramEntry,
  zone: ZoneRef,
  fresh = false,
): Promise<GroupRoom | undefined> {
  const { inputs, refs } = entry.resource;
  const value = inputs["placementGroup"];
  const ref = refs["placementGroup"];
  const name = knownString(value);
  if (name === undefined && (ref === undefined || !isUnknown(value))) return undefined;
  // A group named but missing from the cached list may be new since: read again.
  const groups = await new VmLookups(ctx.client, projectId, "shared").placementGroups(
    (list) => !fresh && (name === undefined || list.some((g) => matches(name, g))),
  );
  const inZone = (g: (typeof groups)[number]) =>
    g.availability_zones.find((z) => z.availability_zone_id === zone.id);
  // A group lists a zone only once a VM of it is there; the zone's hosts show in any group
  // that lists it.
  const max = groups.map(inZone).find((z) => z?.max_vm_count !== undefined)?.max_vm_count;
  if (name !== undefined) {
    const group = groups.find((g) => matches(name, g));
    if (group === undefined) return undefined;
    const here = inZone(group);
    const hosts = here?.max_vm_count ?? max;
    if (hosts === undefined) return undefined;
    return {
      group: serviceObject("placement group", group.name, group.id),
      policy: group.policy,
      max: hosts,
      inUse: here?.vm_count ?? 0,
    };
  }
  const policy = knownString(ref!.facts["policy"]);
  if (max === undefined || policy === undefined) return undefined;
  return { group: programResource(ref!.typeName, ref!.name), policy, max, inUse: 0 };
}

/**
 * The failures of `entry`'s resource against the rest of its program. `ctx` is the check's
 * context when the service can be read, else undefined (only what needs no answer of the
 * service is judged).
 */
export async function programCheckFailures(
  entry: ProgramEntry,
  ctx: ResourceContext | undefined,
): Promise<CheckFailure[]> {
  const { typeName, inputs, refs } = entry.resource;
  const projectId = entry.projectId;
  const cloud = ctx !== undefined && projectId !== undefined ? { ctx, projectId } : undefined;
  const zones =
    cloud === undefined
      ? undefined
      : await new CatalogLookups(cloud.ctx.client, cloud.projectId).zones();
  const zone = zoneResolver(zones);
  const find = async (side: Side): Promise<FoundSide | undefined> => {
    const declared = declaredSide(side, typeName, inputs, refs, zone);
    if (declared !== undefined || "self" in side) return declared;
    const id = knownString(valueAt(inputs, pathKeys(side.path)));
    return cloud === undefined || id === undefined
      ? undefined
      : serviceSide(cloud.ctx.client, side.kind, id);
  };
  const earlier = earlierNew(entry);
  const siblings = async (fresh: boolean) => {
    const own = zone(inputs["availabilityZone"]);
    // Once this process made VMs, they are in the group's count too: the service judges then.
    const room =
      cloud !== undefined && typeName === "Vm" && own !== undefined && !cloudChanged()
        ? await roomOf(cloud.ctx, cloud.projectId, entry, own, fresh)
        : undefined;
    return programFailures(
      entry.resource,
      earlier.map((e) => e.resource),
      { zone, room },
    );
  };
  let judged = entry.isNew ? await siblings(false) : [];
  // A group found full is read again first: the failure is never told from an old read.
  if (judged.some((f) => f.property === "placementGroup")) judged = await siblings(true);
  return [
    ...(await referenceFailures(typeName, inputs, refs, find)),
    ...judged,
    ...(cloud !== undefined && entry.isNew
      ? await quotaFailures(cloud.ctx, cloud.projectId, entry, earlier)
      : []),
  ];
}
