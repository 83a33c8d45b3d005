/**
 * Endpoints of the VM service: external IPs — list, allocate (free or bound to an interface at
 * once), read, update (rename, tag, bind, move, release) and delete. The service calls them
 * floating IPs and serves them at `/api/v1/floating-ips`; the wire keeps its names
 * (`floating_ip_id`), our code calls the thing an external IP, as the SDK's `ExternalIp` does.
 * The error conditions are those of the service's API reference, worded for people.
 */
import {
  ExternalIpCreateRequest,
  ExternalIpListQuery,
  ExternalIpPage,
  ExternalIpParams,
  ExternalIpResponse,
  ExternalIpUpdateRequest,
} from "../external-ips";
import { ACCESS, collection } from "./collection";

const externalIps = collection("vm.externalIps", "/api/v1/floating-ips", ExternalIpParams);

/** The external-IP endpoints of the VM service, keyed by short name. */
export const externalIpsEndpoints = {
  listExternalIps: externalIps.list({
    summary: "List the public IP addresses of a project",
    query: ExternalIpListQuery,
    response: ExternalIpPage,
    errors: { ...ACCESS, 422: ["project not found", "invalid offset", "validation failure"] },
  }),
  createExternalIp: externalIps.create({
    summary: "Allocate a public IP address, free or bound to an interface",
    body: ExternalIpCreateRequest,
    response: ExternalIpResponse,
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
        "a public IP with this name exists in the project",
        "validation failure",
      ],
    },
  }),
  getExternalIp: externalIps.get({
    summary: "Read a public IP address",
    response: ExternalIpResponse,
    errors: { ...ACCESS, 404: ["public IP not found"], 422: ["validation failure"] },
  }),
  updateExternalIp: externalIps.update({
    summary: "Rename, describe or tag a public IP, bind it to an interface or release it",
    body: ExternalIpUpdateRequest,
    response: ExternalIpResponse,
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
        "a public IP with this name exists in the project",
        "validation failure",
      ],
    },
  }),
  deleteExternalIp: externalIps.delete({
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
} as const;
