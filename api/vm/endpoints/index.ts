/**
 * Every endpoint of the VM service, in one table: catalog (flavors, zones, disk types, images,
 * organizations, projects, tasks, free-tier check), disks, network (subnets, security groups
 * and rules), network interfaces, external IPs, SNAT gateways, placement groups, compute (VMs
 * and free-tier VMs) and backups.
 */
import { backupsEndpoints } from "./backups";
import { catalogEndpoints } from "./catalog";
import { computeEndpoints } from "./compute";
import { disksEndpoints } from "./disks";
import { externalIpsEndpoints } from "./external-ips";
import { interfacesEndpoints } from "./interfaces";
import { natGatewaysEndpoints } from "./nat-gateways";
import { networkEndpoints } from "./network";
import { placementGroupsEndpoints } from "./placement-groups";
import { pricingEndpoints } from "./pricing";

export {
  backupsEndpoints,
  catalogEndpoints,
  computeEndpoints,
  disksEndpoints,
  externalIpsEndpoints,
  interfacesEndpoints,
  natGatewaysEndpoints,
  networkEndpoints,
  placementGroupsEndpoints,
  pricingEndpoints,
};

/** The VM service's endpoint table. */
export const vmEndpoints = {
  ...catalogEndpoints,
  ...disksEndpoints,
  ...networkEndpoints,
  ...interfacesEndpoints,
  ...externalIpsEndpoints,
  ...natGatewaysEndpoints,
  ...placementGroupsEndpoints,
  ...computeEndpoints,
  ...backupsEndpoints,
  ...pricingEndpoints,
} as const;
