/**
 * Every lookup's definition, in the order of docs/lookups.md: what the provider plugin serves as
 * its functions (besides the action functions), from the same definitions the TypeScript SDK's
 * lookups run.
 */
import { zoneSettings, zones } from "./availability-zones";
import { estimator, price, usage } from "./cost";
import type { LookupDefinition } from "./define-lookup";
import { diskTypes } from "./disk-types";
import { externalIps } from "./external-ips";
import { flavors } from "./flavors";
import { freeTier } from "./free-tier";
import { images } from "./images";
import { organization } from "./organization";
import { natGateways } from "./nat-gateways";
import { networkInterfaces } from "./network-interfaces";
import { vmBackups } from "./vm-backups";
import { placementGroups } from "./placement-groups";
import { permissions, project } from "./projects";
import { tasks } from "./tasks";

/** Every lookup. */
export const LOOKUPS: ReadonlyArray<LookupDefinition<unknown, unknown>> = [
  flavors.list,
  flavors.single,
  zones.list,
  zoneSettings.list,
  diskTypes.list,
  images.list,
  images.single,
  externalIps.list,
  externalIps.single,
  placementGroups.list,
  placementGroups.single,
  natGateways.list,
  natGateways.single,
  networkInterfaces.list,
  networkInterfaces.single,
  vmBackups.list,
  vmBackups.single,
  organization.read,
  project.read,
  permissions.read,
  usage.read,
  price.read,
  estimator.read,
  freeTier.read,
  tasks.list,
  tasks.single,
];
