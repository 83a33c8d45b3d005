/**
 * Every endpoint of the VM service, in one table: catalog (flavors, zones, disk types, images,
 * organizations, projects, tasks, free-tier check), disks, network (subnets, security groups
 * and rules), addresses (public IPs, placement groups) and compute (VMs and free-tier VMs).
 */
import { addressesEndpoints } from "./addresses";
import { catalogEndpoints } from "./catalog";
import { computeEndpoints } from "./compute";
import { disksEndpoints } from "./disks";
import { networkEndpoints } from "./network";
import { pricingEndpoints } from "./pricing";

export {
  addressesEndpoints,
  catalogEndpoints,
  computeEndpoints,
  disksEndpoints,
  networkEndpoints,
  pricingEndpoints,
};

/** The VM service's endpoint table. */
export const vmEndpoints = {
  ...catalogEndpoints,
  ...disksEndpoints,
  ...networkEndpoints,
  ...addressesEndpoints,
  ...computeEndpoints,
  ...pricingEndpoints,
} as const;
