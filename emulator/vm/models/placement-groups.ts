/**
 * Placement groups: a project's rule that spreads its VMs over distinct hosts. A new group is
 * in no zone (nothing is built until a VM needs it, so it is `created` at once); the first VM
 * of a zone that joins it brings the zone into the group, and the zone stays. Per zone the
 * group reports how many of its VMs are there and how many the zone can hold (its hosts). An
 * `anti-affinity` group refuses a VM beyond that; a `soft-anti-affinity` group then lets VMs
 * share hosts. Names are unique in the project (409); the policy never changes; a group that
 * still has VMs cannot be deleted.
 */
import type { Page } from "../../../api/common";
import type {
  PlacementGroupCreateRequest,
  PlacementGroupResponse,
  PlacementGroupUpdateRequest,
} from "../../../api/vm/placement-groups";
import { PLACEMENT_GROUP_STATES } from "../../../api/vm/states";
import { settle } from "../../core/schedule";
import { conflict, unprocessable } from "../../core/service-error";
import type { Clock } from "../../core/service-module";
import { DELAYS } from "../delays";
import {
  GONE,
  type PlacementGroupRecord,
  type PlacementGroupState,
  type VmState,
  type ZoneRecord,
} from "../records";
import { describedHead, tagMinis } from "./minis";
import {
  listOwned,
  type OwnedListFilter,
  relabel,
  requireLiveOwned,
  scheduleChange,
  updatedTags,
} from "./owned";
import { listed, newId, requireProject, resolveTags, stamps } from "./shared";

/** Hosts of a zone that does not say how many it has. */
export const DEFAULT_ZONE_HOSTS = 3;

/** How many VMs of one group the zone can hold on distinct hosts. */
export function hostsOf(zone: ZoneRecord): number {
  return zone.hosts ?? DEFAULT_ZONE_HOSTS;
}

/** The group's VMs in `zoneId` (VMs being deleted still hold their host). */
export function vmCountIn(state: VmState, group: PlacementGroupRecord, zoneId: string): number {
  return Object.values(state.vms).filter(
    (vm) =>
      vm.placement_group_id === group.id &&
      vm.availability_zone_id === zoneId &&
      vm.status !== GONE,
  ).length;
}

/** States of a group that a VM may join: settled, or renamed meanwhile (`updating`). */
const JOINABLE: ReadonlySet<string> = new Set<PlacementGroupState>(["created", "updating"]);

/**
 * 422 unless a VM of `zone` (a zone of the group's project) may join the group: the group must
 * not be on its way out or failed, and (anti-affinity) must have a free host there. `field`
 * names the request field at fault.
 */
export function requireRoomFor(
  state: VmState,
  group: PlacementGroupRecord,
  zone: ZoneRecord,
  field: string,
): void {
  if (!JOINABLE.has(String(group.status))) {
    throw unprocessable(
      "placement_group_unavailable",
      `placement group ${group.name} is ${String(group.status)}; VMs join a group that is created`,
      field,
    );
  }
  const count = vmCountIn(state, group, zone.id);
  if (group.policy === "anti-affinity" && count >= hostsOf(zone)) {
    throw unprocessable(
      "placement_group_max_vm_count_exceeded",
      `placement group ${group.name} (anti-affinity) already has ${count} VMs in ${zone.name}, one per host, ` +
        `and the zone has ${hostsOf(zone)} hosts; use another zone or group, or a soft-anti-affinity group`,
      field,
    );
  }
}

/** Brings `zone` into the group, as a VM of the zone joins it (the zone then stays). */
export function joinZone(group: PlacementGroupRecord, zone: ZoneRecord): void {
  if (!group.zone_ids.includes(zone.id)) group.zone_ids.push(zone.id);
}

/** The group as `PublicPlacementGroupResponse`, its zones in the order of the service's zones. */
export function presentPlacementGroup(
  state: VmState,
  group: PlacementGroupRecord,
): PlacementGroupResponse {
  return {
    ...describedHead(state, group),
    policy: group.policy,
    created_time: group.created_time,
    modified_time: group.modified_time,
    availability_zones: Object.values(state.zones).flatMap((zone) => {
      if (!group.zone_ids.includes(zone.id)) return [];
      return [
        {
          availability_zone_id: zone.id,
          availability_zone_name: zone.name,
          vm_count: vmCountIn(state, group, zone.id),
          max_vm_count: hostsOf(zone),
          state: group.status as PlacementGroupState,
        },
      ];
    }),
    tags: tagMinis(state, group.tag_ids),
  };
}

/** The group with this id, checked for access (404 unknown, 403 foreign project). */
export function requirePlacementGroup(state: VmState, id: string): PlacementGroupRecord {
  return requireLiveOwned(state, state.placementGroups, "placement_group", id);
}

/** Filters of the group list, as parsed from the query. */
export interface PlacementGroupListFilter extends OwnedListFilter {
  availability_zone_ids?: string[] | undefined;
  policy?: PlacementGroupRecord["policy"] | undefined;
}

/** One page of the project's groups, newest first unless `order_desc` is false. */
export function listPlacementGroups(
  state: VmState,
  query: PlacementGroupListFilter,
): Page<PlacementGroupResponse> {
  return listOwned(state, state.placementGroups, query, {
    filter: () => (g) =>
      g.status !== GONE &&
      (query.availability_zone_ids === undefined ||
        g.zone_ids.some((z) => listed(query.availability_zone_ids, z))) &&
      (query.policy === undefined || g.policy === query.policy),
    present: (g) => presentPlacementGroup(state, g),
    missingProject: 404,
  });
}

/** 409 when another group of the project has this name. */
function requireFreeName(state: VmState, projectId: string, name: string, self?: string): void {
  const clash = Object.values(state.placementGroups).find(
    (g) => g.project_id === projectId && g.name === name && g.id !== self && g.status !== GONE,
  );
  if (clash !== undefined) {
    throw conflict(
      "placement_group_with_this_data_already_exists",
      `a placement group named "${name}" already exists in project ${projectId} (${clash.id})`,
      "name",
    );
  }
}

/**
 * Creates a group, in no zone yet: it is `created` at once, since nothing is built until a VM
 * joins it. A project none of whose zones accepts changes could place no VM in it (422).
 */
export function createPlacementGroup(
  state: VmState,
  clock: Clock,
  body: PlacementGroupCreateRequest,
): PlacementGroupRecord {
  const project = requireProject(state, body.project_id);
  requireFreeName(state, project.id, body.name);
  const open = project.zone_ids.some((id) => {
    const zone = state.zones[id];
    return zone !== undefined && zone.enabled && !zone.changes_forbidden;
  });
  if (!open) {
    throw unprocessable(
      "no_enable_az",
      `no availability zone of project ${project.id} accepts changes now`,
    );
  }
  const group: PlacementGroupRecord = {
    id: newId(),
    name: body.name,
    description: body.description,
    project_id: project.id,
    policy: body.policy,
    zone_ids: [],
    tag_ids: resolveTags(state, body),
    status: "created",
    schedule: [],
    ...stamps(state, clock),
  };
  state.placementGroups[group.id] = group;
  return group;
}

/** Renames, describes or tags a `created` group: `updating`, then `created`. */
export function updatePlacementGroup(
  state: VmState,
  clock: Clock,
  id: string,
  body: PlacementGroupUpdateRequest,
): PlacementGroupRecord {
  const group = requirePlacementGroup(state, id);
  if (group.status !== "created") {
    throw unprocessable(
      "placement_group_can_not_be_changed_from_current_state",
      `placement group ${group.name} is ${String(group.status)}; wait until it is created`,
    );
  }
  if (body.name !== undefined) requireFreeName(state, group.project_id, body.name, group.id);
  relabel(group, body, updatedTags(state, body));
  scheduleChange<PlacementGroupRecord["status"]>(clock, group, {
    during: "updating",
    after: "created",
    durationMs: DELAYS.placementGroupUpdate,
  });
  return group;
}

/** Starts deleting an empty group: `deleting`, then gone. One with VMs is refused (422). */
export function deletePlacementGroup(state: VmState, clock: Clock, id: string): void {
  const group = requirePlacementGroup(state, id);
  const vms = Object.values(state.vms).filter(
    (vm) => vm.placement_group_id === group.id && vm.status !== GONE,
  );
  if (vms.length > 0) {
    throw unprocessable(
      "placement_group_in_use",
      `placement group ${group.name} still has ${vms.length} VM(s) (${vms.map((v) => v.id).join(", ")}); delete them first`,
    );
  }
  // Deletable once settled or failed (a failed object may always be deleted).
  if (group.status !== "created" && !PLACEMENT_GROUP_STATES.isFailed(String(group.status))) {
    throw unprocessable(
      "placement_group_can_not_be_deleted_from_current_state",
      `placement group ${group.name} is ${String(group.status)}; wait until it is created`,
    );
  }
  scheduleChange<PlacementGroupRecord["status"]>(clock, group, {
    during: "deleting",
    after: GONE,
    durationMs: DELAYS.placementGroupDelete,
  });
}

/** Applies the due states of every group; one whose deletion ended is removed. */
export function settlePlacementGroups(state: VmState, now: number): void {
  for (const group of Object.values(state.placementGroups)) {
    settle(group, now);
    if (group.status === GONE) delete state.placementGroups[group.id];
  }
}
