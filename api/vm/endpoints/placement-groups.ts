/**
 * Endpoints of the VM service: placement groups — list, create (in no zone until VMs join),
 * read, update and delete. The error conditions are those of the service's API
 * reference, worded for people.
 */
import {
  PlacementGroupCreateRequest,
  PlacementGroupListQuery,
  PlacementGroupPage,
  PlacementGroupParams,
  PlacementGroupResponse,
  PlacementGroupUpdateRequest,
} from "../placement-groups";
import { ACCESS, collection } from "./collection";

const placementGroups = collection(
  "vm.placementGroups",
  "/api/v1/placement-groups",
  PlacementGroupParams,
);

/** The placement-group endpoints of the VM service, keyed by short name. */
export const placementGroupsEndpoints = {
  listPlacementGroups: placementGroups.list({
    summary: "List the placement groups of a project",
    query: PlacementGroupListQuery,
    response: PlacementGroupPage,
    errors: { ...ACCESS, 404: ["project not found"], 422: ["validation failure"] },
  }),
  createPlacementGroup: placementGroups.create({
    summary: "Create a placement group; it lists the zones VMs join it in (none at first)",
    body: PlacementGroupCreateRequest,
    response: PlacementGroupResponse,
    errors: {
      ...ACCESS,
      409: ["a placement group with this name exists in the project"],
      422: [
        "no zone of the project accepts changes",
        "project not found",
        "tag not found",
        "validation failure",
      ],
    },
  }),
  getPlacementGroup: placementGroups.get({
    summary: "Read a placement group",
    response: PlacementGroupResponse,
    errors: { ...ACCESS, 404: ["placement group not found"], 422: ["validation failure"] },
  }),
  updatePlacementGroup: placementGroups.update({
    summary: "Change a placement group's name, description or tags",
    body: PlacementGroupUpdateRequest,
    response: PlacementGroupResponse,
    errors: {
      ...ACCESS,
      404: ["placement group not found"],
      409: ["a placement group with this name exists in the project"],
      422: ["status does not permit change", "tag not found", "validation failure"],
    },
  }),
  deletePlacementGroup: placementGroups.delete({
    summary: "Delete an empty placement group (it is `deleting`, then gone)",
    errors: {
      ...ACCESS,
      404: ["placement group not found"],
      422: ["VMs are in the group", "status does not permit deletion"],
    },
  }),
} as const;
