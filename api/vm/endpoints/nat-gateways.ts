/**
 * Endpoints of the VM service: SNAT gateways — list, create (in a zone of the project's
 * virtual network, with an external IP of its own), read, rename and delete. The error
 * conditions are those of the service's API reference, worded for people.
 */
import {
  NatGatewayCreateRequest,
  NatGatewayListQuery,
  NatGatewayPage,
  NatGatewayParams,
  NatGatewayResponse,
  NatGatewayUpdateRequest,
} from "../nat-gateways";
import { ACCESS, collection } from "./collection";

const natGateways = collection("vm.natGateways", "/api/v1/nat-gateways", NatGatewayParams);

/** The SNAT-gateway endpoints of the VM service, keyed by short name. */
export const natGatewaysEndpoints = {
  listNatGateways: natGateways.list({
    summary: "List the SNAT gateways of a project",
    query: NatGatewayListQuery,
    response: NatGatewayPage,
    errors: {
      ...ACCESS,
      422: ["project not found", "no access to the zone", "validation failure"],
    },
  }),
  createNatGateway: natGateways.create({
    summary:
      "Create an SNAT gateway in a zone: it serves the zone's routed subnets from an external IP of its own",
    body: NatGatewayCreateRequest,
    response: NatGatewayResponse,
    errors: {
      ...ACCESS,
      422: [
        "no external IP address is left",
        "project not found",
        "project does not exist in the zone",
        "zone not found",
        "changes in the zone are forbidden",
        "the zone's subnets already have an SNAT gateway",
        "an SNAT gateway with this name exists in the project",
        "virtual network not found",
        "validation failure",
      ],
    },
  }),
  getNatGateway: natGateways.get({
    summary: "Read an SNAT gateway with the subnets it serves",
    response: NatGatewayResponse,
    errors: { ...ACCESS, 404: ["SNAT gateway not found"], 422: ["validation failure"] },
  }),
  updateNatGateway: natGateways.update({
    summary: "Rename or describe an SNAT gateway",
    body: NatGatewayUpdateRequest,
    response: NatGatewayResponse,
    errors: {
      ...ACCESS,
      404: ["SNAT gateway not found"],
      422: [
        "the gateway's status does not permit the change",
        "changes in the zone are forbidden",
        "an SNAT gateway with this name exists in the project",
        "validation failure",
      ],
    },
  }),
  deleteNatGateway: natGateways.delete({
    summary: "Delete an SNAT gateway and its external IP (it is `deleting`, then gone)",
    errors: {
      ...ACCESS,
      404: ["SNAT gateway not found"],
      422: ["the gateway's status does not permit deletion", "changes in the zone are forbidden"],
    },
  }),
} as const;
