/**
 * Endpoints of the VM service's placement slice: public (floating) IP addresses and placement
 * groups. Every one authenticates with a bearer token and answers errors as `[{code, message}]`.
 */
import {
  FloatingIpCreateRequest,
  FloatingIpListQuery,
  FloatingIpPage,
  FloatingIpParams,
  FloatingIpResponse,
  FloatingIpUpdateRequest,
} from "../floating-ips";
import {
  PlacementGroupCreateRequest,
  PlacementGroupListQuery,
  PlacementGroupPage,
  PlacementGroupParams,
  PlacementGroupResponse,
  PlacementGroupUpdateRequest,
} from "../placement-groups";
import { collection } from "./collection";

const ACCESS = {
  401: ["missing or invalid token"],
  403: ["the token may not use the project"],
} as const;

const floatingIps = collection("vm.floatingIps", "/api/v1/floating-ips", FloatingIpParams);
const placementGroups = collection(
  "vm.placementGroups",
  "/api/v1/placement-groups",
  PlacementGroupParams,
);

/** The public-address and placement-group endpoints of the VM service. */
export const addressesEndpoints = {
  listFloatingIps: floatingIps.list({
    summary: "List the public IP addresses of a project",
    query: FloatingIpListQuery,
    response: FloatingIpPage,
    errors: { ...ACCESS, 422: ["project not found", "invalid offset", "validation failure"] },
  }),
  createFloatingIp: floatingIps.create({
    summary: "Allocate a public IP address, free or bound to an interface",
    body: FloatingIpCreateRequest,
    response: FloatingIpResponse,
    errors: {
      ...ACCESS,
      422: [
        "zone not found",
        "another public IP is bound to the interface",
        "interface not found",
        "project not found",
        "project does not exist in the zone",
        "changes in zone forbidden",
        "the interface's status does not permit the change",
        "tag not found",
        "VM not found",
        "validation failure",
      ],
    },
  }),
  getFloatingIp: floatingIps.get({
    summary: "Read a public IP address",
    response: FloatingIpResponse,
    errors: { ...ACCESS, 404: ["public IP not found"], 422: ["validation failure"] },
  }),
  updateFloatingIp: floatingIps.update({
    summary: "Rename, describe or tag a public IP, bind it to an interface or release it",
    body: FloatingIpUpdateRequest,
    response: FloatingIpResponse,
    errors: {
      ...ACCESS,
      404: ["public IP not found"],
      422: [
        "another public IP is bound to the interface",
        "interface not found",
        "the public IP is in use",
        "the VM's status does not permit binding",
        "the interface cannot take a public IP (direct IP)",
        "the public IP's status does not permit the change",
        "VM not found",
        "changes in zone forbidden",
        "tag not found",
        "validation failure",
      ],
    },
  }),
  deleteFloatingIp: floatingIps.delete({
    summary: "Release a free public IP address (it is `deleting`, then gone)",
    errors: {
      ...ACCESS,
      404: ["public IP not found"],
      422: [
        "the public IP is bound to an interface",
        "the public IP's status does not permit deletion",
        "changes in zone forbidden",
      ],
    },
  }),
  listPlacementGroups: placementGroups.list({
    summary: "List the placement groups of a project",
    query: PlacementGroupListQuery,
    response: PlacementGroupPage,
    errors: { ...ACCESS, 404: ["project not found"], 422: ["validation failure"] },
  }),
  createPlacementGroup: placementGroups.create({
    summary: "Create a placement group in every open zone of the project",
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
