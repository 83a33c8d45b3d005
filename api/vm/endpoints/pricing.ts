/**
 * Endpoints of the VM service: cost and quota reads — the price of a set of entities and a
 * project's entity usage. The error conditions are those of the service's API reference,
 * worded for people.
 */
import { endpoint } from "../../endpoint";
import { ProjectIdParams } from "../projects";
import { EntityUsageQuery, EntityUsageResponse, PriceRequest, PriceResponse } from "../pricing";
import { VM_SERVICE } from "./collection";

const FOREIGN = "the token may not use the project";

/** The cost and quota endpoints of the VM service, keyed by short name. */
export const pricingEndpoints = {
  calculatePrice: endpoint({
    ...VM_SERVICE,
    id: "vm.prices.calculate",
    method: "POST",
    path: "/api/v1/projects/{project_id}/price-calculation",
    summary: "Price a configuration (flavor, image, disks, external IPs) taken N times",
    params: ProjectIdParams,
    body: PriceRequest,
    response: { status: 200, schema: PriceResponse },
    errors: {
      403: [FOREIGN],
      404: ["project not found"],
      422: ["disk type not found", "flavor not found", "image not found", "validation failure"],
    },
  }),
  getProjectEntityUsage: endpoint({
    ...VM_SERVICE,
    id: "vm.projectEntityUsage.get",
    method: "GET",
    path: "/api/v1/project-entity-usage",
    summary: "Count what a project holds: VMs, vCPUs, RAM, disks, addresses, networks",
    query: EntityUsageQuery,
    // The document gives 201 for this read, and the real service answers so.
    response: { status: 201, schema: EntityUsageResponse },
    errors: { 403: [FOREIGN], 422: ["project not found", "validation failure"] },
  }),
} as const;
