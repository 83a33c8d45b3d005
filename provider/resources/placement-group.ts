/**
 * The `PlacementGroup` resource: a project's rule that puts its VMs (Vm `placementGroup`) on
 * distinct hosts of each zone. Name, description and tags change in place; the policy and the
 * project replace it. Names are unique in the project, so a replacement that keeps the name
 * deletes the old group first; `check` and create refuse a name another group of the project
 * has, even one an interrupted `up` left, saying what resolves it.
 */
import { placementGroupsEndpoints as api } from "../../api/vm/endpoints/placement-groups";
import type { PlacementGroupResponse, PlacementGroupState } from "../../api/vm/placement-groups";
import { PLACEMENT_GROUP_STATES } from "../../api/vm/states";
import { refuseUntracked } from "./framework/refuse-untracked";
import { dynamicProvider } from "../framework/dynamic-provider";
import { defineResource } from "./framework/define-resource";
import { currentResourceUrn } from "../runtime/engine-log";
import { withZoneState } from "./framework/zone-state";
import { getOrGone } from "./framework/get-or-gone";
import { sameNamesOrIds } from "./framework/references";
import { PlacementGroupInputs } from "./inputs/placement-group";
import { PlacementGroupOutputs } from "./outputs/placement-group";
import { PLACEMENT_GROUP_SOURCE } from "./network/batched-reads";
import { batchedWaits } from "./network/batched-waits";
import { detailsUpdate } from "./network/details-update";
import { tagFields } from "./framework/tag-fields";
import { VmLookups } from "./vm/lookups";
import { isUnknown } from "../framework/unknowns";
import { nameTaken } from "../rules/names";
import { serviceObject } from "../rules/parties";

const TIMEOUT_MS = 10 * 60_000;
const DELETE_ADVICE = {
  placement_group_in_use:
    "VMs are still in the group: delete them (or move them to another group by replacing them) first; a Vm of " +
    "this stack in the group should reference it, so that it goes first",
} as const;

const { get, settled, deleted } = batchedWaits({
  what: "placement group",
  source: PLACEMENT_GROUP_SOURCE,
  get: async (ctx, id) =>
    withZoneState(
      await ctx.client.call(api.getPlacementGroup, { params: { placement_group_id: id } }),
    ),
  busy: PLACEMENT_GROUP_STATES.changing,
  failed: PLACEMENT_GROUP_STATES.failed,
  complete: withZoneState,
});

/** The outputs of `group`; `state` is `created` once every zone is, else the first other. */
function outputsOf(
  group: PlacementGroupResponse & { state: PlacementGroupState },
): PlacementGroupOutputs {
  return {
    name: group.name,
    description: group.description,
    policy: group.policy,
    zones: group.availability_zones.map((z) => ({
      availabilityZone: z.availability_zone_name,
      availabilityZoneId: z.availability_zone_id,
      vmCount: z.vm_count,
      maxVmCount: z.max_vm_count,
      state: z.state,
    })),
    state: group.state,
    tags: group.tags.map((t) => t.name),
    tagIds: group.tags.map((t) => t.id),
    projectId: group.project.id,
    createdTime: group.created_time,
  };
}

/** The dynamic provider of `PlacementGroup` (loaded by the shim `resources/placement-group`). */
/** The lifecycle of `PlacementGroup` (served by the dynamic provider and the plugin). */
export const definition = defineResource<PlacementGroupInputs, PlacementGroupOutputs>({
  typeName: "PlacementGroup",
  inputs: PlacementGroupInputs,
  outputs: PlacementGroupOutputs,
  diff: {
    // Names are unique in the project: a replacement that keeps the name must go second.
    deleteBeforeReplace: (changed) => !changed.includes("name") && !changed.includes("projectId"),
    compare: { tags: sameNamesOrIds("tags", "tagIds") },
  },
  async checkCatalog(ctx, inputs, olds) {
    if (isUnknown(inputs.projectId) || isUnknown(inputs.name) || olds.name === inputs.name) {
      return [];
    }
    // Names are unique in the project; a same-named group is never taken over (not even one of
    // this policy: framework/refuse-untracked.ts).
    const clash = (groups: PlacementGroupResponse[]) => groups.find((g) => g.name === inputs.name);
    const lookups = new VmLookups(ctx.client, ctx.projectId(inputs), "shared");
    const other = clash(await lookups.placementGroups((groups) => clash(groups) === undefined));
    return other === undefined
      ? []
      : [
          nameTaken(
            "name",
            "placement group",
            inputs.name,
            "the project",
            serviceObject("placement group", other.name, other.id),
            { id: other.id, adoptable: false, urn: currentResourceUrn() },
          ),
        ];
  },
  async create(ctx, inputs) {
    const remaining = ctx.deadline(TIMEOUT_MS);
    const projectId = ctx.projectId(inputs);
    const find = async () =>
      (
        await ctx.client.listAll(api.listPlacementGroups, {
          query: { project_id: projectId, name: inputs.name },
        })
      ).filter(
        (g) => g.name === inputs.name && g.availability_zones.every((z) => z.state !== "deleting"),
      );
    refuseUntracked({
      clashing: await find(),
      matches: (g) => g.policy === inputs.policy,
      clash: `a placement group named "${inputs.name}" already exists in the project`,
      describe: (g) => `${g.id}: ${g.policy}`,
      adoptable: false,
    });
    const created = await ctx.client.call(
      api.createPlacementGroup,
      {
        body: {
          project_id: projectId,
          name: inputs.name,
          description: inputs.description ?? "",
          policy: inputs.policy,
          ...tagFields(inputs.tags),
        },
      },
      { findExisting: async () => (await find())[0] },
    );
    try {
      return {
        id: created.id,
        outs: outputsOf(await settled(ctx, created.id, remaining(), projectId)),
      };
    } catch (error) {
      throw ctx.notReady(created.id, outputsOf({ ...created, state: "creating" }), error);
    }
  },
  async read(ctx, id) {
    const group = await getOrGone(() => get(ctx, id));
    return group === undefined ? undefined : outputsOf(group);
  },
  async update(ctx, id, olds, news, diff) {
    const remaining = ctx.deadline(TIMEOUT_MS);
    await settled(ctx, id, remaining(), olds.projectId);
    const body = detailsUpdate(diff.changed, news);
    if (Object.keys(body).length > 0) {
      await ctx.client.call(api.updatePlacementGroup, { params: { placement_group_id: id }, body });
    }
    return outputsOf(await settled(ctx, id, remaining(), olds.projectId));
  },
  async delete(ctx, id, olds) {
    await deleted(
      ctx,
      id,
      olds,
      () => ctx.client.call(api.deletePlacementGroup, { params: { placement_group_id: id } }),
      DELETE_ADVICE,
    );
  },
});

/** The dynamic provider of `PlacementGroup`. */
export const provider = dynamicProvider(definition);
