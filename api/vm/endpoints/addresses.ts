/**
 * Endpoints of the VM service's placement slice: public (floating) IP addresses and placement
 * groups. Every one authenticates with a bearer token and answers errors as `[{code, message}]`.
 */
import { endpoint } from "../../endpoint";
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

const common = { service: "vm", auth: "bearer", errorShape: "vm" } as const;
const ACCESS = {
  401: ["missing or invalid token"],
  403: ["the token may not use the project"],
} as const;

/** The public-address and placement-group endpoints of the VM service. */
export const addressesEndpoints = {
  listFloatingIps: endpoint({
    ...common,
    id: "vm.floatingIps.list",
    method: "GET",
    path: "/api/v1/floating-ips",
    summary: "List the public IP addresses of a project",
    query: FloatingIpListQuery,
    response: { status: 200, schema: FloatingIpPage },
    errors: { ...ACCESS, 422: ["project not found", "invalid offset", "validation failure"] },
  }),
  createFloatingIp: endpoint({
    ...common,
    id: "vm.floatingIps.create",
    method: "POST",
    path: "/api/v1/floating-ips",
    summary: "Allocate a public IP address, free or bound to an interface",
    body: FloatingIpCreateRequest,
    response: { status: 201, schema: FloatingIpResponse },
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
  getFloatingIp: endpoint({
    ...common,
    id: "vm.floatingIps.get",
    method: "GET",
    path: "/api/v1/floating-ips/{floating_ip_id}",
    summary: "Read a public IP address",
    params: FloatingIpParams,
    response: { status: 200, schema: FloatingIpResponse },
    errors: { ...ACCESS, 404: ["public IP not found"], 422: ["validation failure"] },
  }),
  updateFloatingIp: endpoint({
    ...common,
    id: "vm.floatingIps.update",
    method: "PUT",
    path: "/api/v1/floating-ips/{floating_ip_id}",
    summary: "Rename, describe or tag a public IP, bind it to an interface or release it",
    params: FloatingIpParams,
    body: FloatingIpUpdateRequest,
    response: { status: 200, schema: FloatingIpResponse },
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
  deleteFloatingIp: endpoint({
    ...common,
    id: "vm.floatingIps.delete",
    method: "DELETE",
    path: "/api/v1/floating-ips/{floating_ip_id}",
    summary: "Release a free public IP address (it is `deleting`, then gone)",
    params: FloatingIpParams,
    response: { status: 204 },
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
  listPlacementGroups: endpoint({
    ...common,
    id: "vm.placementGroups.list",
    method: "GET",
    path: "/api/v1/placement-groups",
    summary: "List the placement groups of a project",
    query: PlacementGroupListQuery,
    response: { status: 200, schema: PlacementGroupPage },
    errors: { ...ACCESS, 404: ["project not found"], 422: ["validation failure"] },
  }),
  createPlacementGroup: endpoint({
    ...common,
    id: "vm.placementGroups.create",
    method: "POST",
    path: "/api/v1/placement-groups",
    summary: "Create a placement group in every open zone of the project",
    body: PlacementGroupCreateRequest,
    response: { status: 201, schema: PlacementGroupResponse },
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
  getPlacementGroup: endpoint({
    ...common,
    id: "vm.placementGroups.get",
    method: "GET",
    path: "/api/v1/placement-groups/{placement_group_id}",
    summary: "Read a placement group",
    params: PlacementGroupParams,
    response: { status: 200, schema: PlacementGroupResponse },
    errors: { ...ACCESS, 404: ["placement group not found"], 422: ["validation failure"] },
  }),
  updatePlacementGroup: endpoint({
    ...common,
    id: "vm.placementGroups.update",
    method: "PUT",
    path: "/api/v1/placement-groups/{placement_group_id}",
    summary: "Change a placement group's name, description or tags",
    params: PlacementGroupParams,
    body: PlacementGroupUpdateRequest,
    response: { status: 200, schema: PlacementGroupResponse },
    errors: {
      ...ACCESS,
      404: ["placement group not found"],
      409: ["a placement group with this name exists in the project"],
      422: ["status does not permit change", "tag not found", "validation failure"],
    },
  }),
  deletePlacementGroup: endpoint({
    ...common,
    id: "vm.placementGroups.delete",
    method: "DELETE",
    path: "/api/v1/placement-groups/{placement_group_id}",
    summary: "Delete an empty placement group (it is `deleting`, then gone)",
    params: PlacementGroupParams,
    response: { status: 204 },
    errors: {
      ...ACCESS,
      404: ["placement group not found"],
      422: ["VMs are in the group", "status does not permit deletion"],
    },
  }),
} as const;
