/**
 * The handlers of the kinds the VM service lists, creates, reads, updates and deletes alike
 * (disks, subnets, security groups, network interfaces, external IPs, SNAT gateways, placement
 * groups): one row per
 * kind names its model functions, and {@link crudHandlers} turns the row into the kind's five
 * handlers. The rules live in the models; a handler only calls the model and presents the
 * record.
 */
import type { DiskUpdateRequest } from "../../../api/vm/disks";
import type { Clock } from "../../core/service-module";
import type { VmContext } from "../context";
import {
  createDisk,
  deleteDisk,
  listDisks,
  presentDisk,
  requireDisk,
  updateDisk,
} from "../models/disks";
import {
  createPlacementGroup,
  deletePlacementGroup,
  listPlacementGroups,
  presentPlacementGroup,
  requirePlacementGroup,
  updatePlacementGroup,
} from "../models/placement-groups";
import {
  createExternalIp,
  deleteExternalIp,
  listExternalIps,
  presentExternalIp,
  requireExternalIp,
  updateExternalIp,
} from "../models/external-ips";
import {
  createInterface,
  deleteInterface,
  listInterfaces,
  presentNetworkInterface,
  requireInterface,
  updateInterface,
} from "../models/network-interfaces";
import {
  createNatGateway,
  deleteNatGateway,
  listNatGateways,
  presentNatGateway,
  requireNatGateway,
  updateNatGateway,
} from "../models/nat-gateways";
import {
  createSecurityGroup,
  deleteSecurityGroup,
  listSecurityGroups,
  presentSecurityGroup,
  requireSecurityGroup,
  updateSecurityGroup,
} from "../models/security-groups";
import {
  createSubnet,
  deleteSubnet,
  listSubnets,
  presentSubnet,
  requireSubnet,
  updateSubnet,
} from "../models/subnets";
import type { VmState } from "../records";

/** What one kind's model offers its handlers. */
interface KindModel<R, Q, C, U> {
  /** The path parameter that names one record, e.g. `subnet_id`. */
  id: string;
  /** One page of records, presented. */
  list(state: VmState, query: Q): unknown;
  create(state: VmState, clock: Clock, body: C): R;
  /** The record with this id, checked for access (404, 403). */
  get(state: VmState, id: string): R;
  update(state: VmState, clock: Clock, id: string, body: U): R;
  delete(state: VmState, clock: Clock, id: string): void;
  /** The record as the service answers it. */
  present(state: VmState, record: R): unknown;
}

/**
 * What the handlers read of their input. The registrar has validated every input the endpoint
 * declares against its schemas, the ones the model's types come from, so the handlers only
 * name those types.
 */
interface KindInput {
  params?: unknown;
  query?: unknown;
  body?: unknown;
  ctx: VmContext;
}

/** The five handlers of kind `K`, named as the endpoint tables name them (`listSubnets`…). */
type KindHandlers<K extends string> = Record<
  `list${K}s` | `create${K}` | `get${K}` | `update${K}` | `delete${K}`,
  (input: KindInput) => unknown
>;

/** The five handlers of `kind`, from its model. */
function crudHandlers<K extends string, R, Q, C, U>(
  kind: K,
  model: KindModel<R, Q, C, U>,
): KindHandlers<K> {
  const id = (params: unknown): string => (params as Record<string, string>)[model.id]!;
  const handlers: Record<string, (input: KindInput) => unknown> = {
    [`list${kind}s`]: ({ query, ctx }) => model.list(ctx.state, query as Q),
    [`create${kind}`]: ({ body, ctx }) =>
      model.present(ctx.state, model.create(ctx.state, ctx.clock, body as C)),
    [`get${kind}`]: ({ params, ctx }) => model.present(ctx.state, model.get(ctx.state, id(params))),
    [`update${kind}`]: ({ params, body, ctx }) =>
      model.present(ctx.state, model.update(ctx.state, ctx.clock, id(params), body as U)),
    [`delete${kind}`]: ({ params, ctx }) => {
      model.delete(ctx.state, ctx.clock, id(params));
    },
  };
  return handlers as KindHandlers<K>;
}

/** Disks: the model changes and deletes a disk it was handed, so the row reads it first. */
export const diskHandlers = crudHandlers("Disk", {
  id: "disk_id",
  list: listDisks,
  create: createDisk,
  get: requireDisk,
  update: (state, clock, id, body: DiskUpdateRequest) =>
    updateDisk(state, clock, requireDisk(state, id), body),
  delete: (state, clock, id) => deleteDisk(state, clock, requireDisk(state, id)),
  present: presentDisk,
});

/** Subnets. */
export const subnetHandlers = crudHandlers("Subnet", {
  id: "subnet_id",
  list: listSubnets,
  create: createSubnet,
  get: requireSubnet,
  update: updateSubnet,
  delete: deleteSubnet,
  present: presentSubnet,
});

/** Security groups (their rules have handlers of their own, in ./network.ts). */
export const securityGroupHandlers = crudHandlers("SecurityGroup", {
  id: "security_group_id",
  list: listSecurityGroups,
  create: createSecurityGroup,
  get: requireSecurityGroup,
  update: updateSecurityGroup,
  delete: deleteSecurityGroup,
  present: presentSecurityGroup,
});

/** External IPs (the service's floating IPs, at `/api/v1/floating-ips`). */
export const externalIpHandlers = crudHandlers("ExternalIp", {
  id: "floating_ip_id",
  list: listExternalIps,
  create: createExternalIp,
  get: requireExternalIp,
  update: updateExternalIp,
  delete: deleteExternalIp,
  present: presentExternalIp,
});

/** Network interfaces (`/api/v1/interfaces`). */
export const interfaceHandlers = crudHandlers("Interface", {
  id: "interface_id",
  list: listInterfaces,
  create: createInterface,
  get: requireInterface,
  update: updateInterface,
  delete: deleteInterface,
  present: presentNetworkInterface,
});

/** SNAT gateways (`/api/v1/nat-gateways`). */
export const natGatewayHandlers = crudHandlers("NatGateway", {
  id: "nat_gateway_id",
  list: listNatGateways,
  create: createNatGateway,
  get: requireNatGateway,
  update: updateNatGateway,
  delete: deleteNatGateway,
  present: presentNatGateway,
});

/** Placement groups. */
export const placementGroupHandlers = crudHandlers("PlacementGroup", {
  id: "placement_group_id",
  list: listPlacementGroups,
  create: createPlacementGroup,
  get: requirePlacementGroup,
  update: updatePlacementGroup,
  delete: deletePlacementGroup,
  present: presentPlacementGroup,
});
