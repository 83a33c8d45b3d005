/**
 * Endpoints of the VM service: network interfaces — list, create (on a VM or free), read,
 * update (name, security groups, allowed address pairs) and delete (a free one). The error
 * conditions are those of the service's API reference, worded for people.
 */
import {
  InterfaceCreateRequest,
  InterfaceListQuery,
  InterfacePage,
  InterfaceParams,
  InterfaceResponse,
  InterfaceUpdateRequest,
} from "../interfaces";
import { ACCESS, collection } from "./collection";

const interfaces = collection("vm.interfaces", "/api/v1/interfaces", InterfaceParams);

/** The network-interface endpoints of the VM service, keyed by short name. */
export const interfacesEndpoints = {
  listInterfaces: interfaces.list({
    summary: "List the network interfaces of a project, those of VMs and free ones",
    query: InterfaceListQuery,
    response: InterfacePage,
    errors: { ...ACCESS, 422: ["project not found", "validation failure"] },
  }),
  createInterface: interfaces.create({
    summary:
      "Create a network interface in a subnet, on a VM or free (a free one outlives the VMs it is given to)",
    body: InterfaceCreateRequest,
    response: InterfaceResponse,
    errors: {
      ...ACCESS,
      422: [
        "project not found",
        "zone not found by id or by name",
        "VM not found, or its status does not permit the change",
        "subnet not found or unavailable",
        "security group not found or unavailable",
        "external IP not found, in use or in another zone",
        "no free address in the subnet, or the address is taken or outside it",
        "the VM has too many interfaces",
        "changes in the zone are forbidden",
        "an interface with this name exists in the project",
        "validation failure",
      ],
    },
  }),
  getInterface: interfaces.get({
    summary: "Read a network interface",
    response: InterfaceResponse,
    errors: { ...ACCESS, 404: ["interface not found"], 422: ["validation failure"] },
  }),
  updateInterface: interfaces.update({
    summary:
      "Rename or describe a network interface, change its security groups or allowed address pairs",
    body: InterfaceUpdateRequest,
    response: InterfaceResponse,
    errors: {
      ...ACCESS,
      404: ["interface not found"],
      422: [
        "security group not found or unavailable",
        "the VM's status does not permit the change",
        "changes in the zone are forbidden",
        "the interface's status does not permit the change",
        "an interface with this name exists in the project",
        "validation failure",
      ],
    },
  }),
  deleteInterface: interfaces.delete({
    summary:
      "Delete a free network interface (it is `deleting`, then gone); one on a VM goes with its VM",
    errors: {
      ...ACCESS,
      404: ["interface not found"],
      422: [
        "the interface is on a VM",
        "changes in the zone are forbidden",
        "the interface's status does not permit deletion",
      ],
    },
  }),
} as const;
