/**
 * SNAT gateways: one per zone of a project's virtual network, each with an external IP of its
 * own that the outbound traffic of the zone's routed subnets leaves from. A gateway's rules
 * (`nat_rules`) are derived, not stored: one per routed subnet of its network and zone that
 * exists, so a subnet made later is served at once and a deleted one drops out. So that every
 * subnet has at most one gateway, a zone of a network takes one gateway. States: `creating` →
 * `created`, `updating` → `created`, `deleting` → gone (its external IP with it).
 */
import { requireFreeName } from "./projects";
import type { Page } from "../../../api/common";
import type {
  NatGatewayCreateRequest,
  NatGatewayListQuery,
  NatGatewayResponse,
  NatGatewayRule,
  NatGatewayUpdateRequest,
} from "../../../api/vm/nat-gateways";
import { NAT_GATEWAY_STATES } from "../../../api/vm/states";
import { plan, settle } from "../../core/schedule";
import { unprocessable } from "../../core/service-error";
import type { Clock } from "../../core/service-module";
import { DELAYS } from "../delays";
import { GONE, type NatGatewayRecord, type VmState } from "../records";
import { allocateExternalIp } from "./external-ip-binding";
import { projectMini, zoneMini } from "./minis";
import { inOpenZone, listOwned, placeNew, relabel, requireOwned, startChange } from "./owned";
import { derivedId, listed, newId, recordResourceTask, stamps } from "./shared";
import { requireVpc } from "./subnets";

/** States of a gateway that still holds its zone (a gateway on its way out does not). */
const HOLDS_ZONE = (gateway: NatGatewayRecord) =>
  gateway.status !== GONE && gateway.status !== NAT_GATEWAY_STATES.deleting;

/** The subnets `gateway` serves: the routed subnets of its network and zone that exist. */
export function natRules(state: VmState, gateway: NatGatewayRecord): NatGatewayRule[] {
  return Object.values(state.subnets)
    .filter(
      (s) =>
        s.vpc_id === gateway.vpc_id &&
        s.availability_zone_id === gateway.availability_zone_id &&
        s.routed_network &&
        s.status !== GONE &&
        s.status !== "deleting",
    )
    .sort((a, b) => a.seq - b.seq)
    .map((s) => ({
      id: derivedId("nat-rule", gateway.id, s.id),
      subnet_id: s.id,
      internal_address: s.subnet_address,
    }));
}

/** The gateway that serves `subnet`'s zone of its network, if any (and not on its way out). */
export function natGatewayOf(
  state: VmState,
  place: { vpc_id: string; availability_zone_id: string },
): NatGatewayRecord | undefined {
  return Object.values(state.natGateways).find(
    (g) =>
      HOLDS_ZONE(g) &&
      g.vpc_id === place.vpc_id &&
      g.availability_zone_id === place.availability_zone_id,
  );
}

/** The gateway as `PublicNATGatewayResponse`. */
export function presentNatGateway(state: VmState, gateway: NatGatewayRecord): NatGatewayResponse {
  const ip = state.externalIps[gateway.external_ip_id];
  return {
    id: gateway.id,
    name: gateway.name,
    state: (gateway.status === GONE ? "deleting" : gateway.status) as NatGatewayResponse["state"],
    description: gateway.description,
    availability_zone: zoneMini(state.zones[gateway.availability_zone_id]!),
    nat_type: "Public sNAT",
    ...(ip === undefined
      ? {}
      : { floating_ip: { id: ip.id, ip_address: ip.ip_address, state: ip.state } }),
    project: projectMini(state.projects[gateway.project_id]!),
    created_time: gateway.created_time,
    modified_time: gateway.modified_time,
    nat_rules: natRules(state, gateway),
    vpc_id: gateway.vpc_id,
  };
}

/** The gateway with this id, checked for access (404 `nat_gateway_not_found`, 403). */
export function requireNatGateway(state: VmState, id: string): NatGatewayRecord {
  return requireOwned(state, state.natGateways, "nat_gateway", id);
}

/** One page of the project's gateways (newest first), narrowed by zone and name. */
export function listNatGateways(
  state: VmState,
  query: NatGatewayListQuery,
): Page<NatGatewayResponse> {
  return listOwned(state, state.natGateways, query, {
    filter: () => (g) =>
      (query.availability_zone_id === undefined ||
        g.availability_zone_id === query.availability_zone_id) &&
      listed(query.availability_zone_ids, g.availability_zone_id),
    present: (g) => presentNatGateway(state, g),
  });
}

/**
 * Creates a gateway in a zone of the project's network, with a new external IP of the zone:
 * `creating`, then `created`. A zone of a network takes one gateway (422 otherwise).
 */
export function createNatGateway(
  state: VmState,
  clock: Clock,
  body: NatGatewayCreateRequest,
): NatGatewayRecord {
  const { project, zone } = placeNew(state, body);
  const vpcId = requireVpc(project, body.vpc_id);
  requireFreeName(state, "nat_gateway", project.id, body.name);
  const serving = natGatewayOf(state, { vpc_id: vpcId, availability_zone_id: zone.id });
  if (serving !== undefined) {
    throw unprocessable(
      "nat_gateway_already_exists_in_availability_zone",
      `SNAT gateway ${serving.name} (${serving.id}) already serves the subnets of ${zone.name} in this virtual network; ` +
        "a subnet has one SNAT gateway: use that one, or delete it first",
      body.availability_zone_name !== undefined ? "availability_zone_name" : "availability_zone_id",
    );
  }
  const ip = allocateExternalIp(state, clock, {
    project_id: project.id,
    availability_zone_id: zone.id,
  });
  const gateway: NatGatewayRecord = {
    id: newId(),
    name: body.name,
    description: body.description,
    project_id: project.id,
    availability_zone_id: zone.id,
    vpc_id: vpcId,
    external_ip_id: ip.id,
    status: "creating",
    schedule: [],
    ...stamps(state, clock),
  };
  ip.state = "in_use";
  ip.nat_gateway_id = gateway.id;
  plan<NatGatewayRecord["status"]>(gateway, clock.now(), "creating", [
    clock.delay(DELAYS.natGatewayCreate),
    "created",
  ]);
  state.natGateways[gateway.id] = gateway;
  recordResourceTask(
    state,
    clock,
    "nat_gateway",
    gateway,
    "create_nat_gateway",
    DELAYS.natGatewayCreate,
  );
  return gateway;
}

/** Renames or describes a `created` gateway: `updating`, then `created`. */
export function updateNatGateway(
  state: VmState,
  clock: Clock,
  id: string,
  body: NatGatewayUpdateRequest,
): NatGatewayRecord {
  const gateway = inOpenZone(state, requireNatGateway(state, id));
  if (gateway.status !== "created") {
    throw unprocessable(
      "nat_gateway_can_not_be_changed_from_current_state",
      `SNAT gateway ${gateway.name} is ${String(gateway.status)}; wait until it is created`,
    );
  }
  if (body.name !== undefined)
    requireFreeName(state, "nat_gateway", gateway.project_id, body.name, gateway.id);
  relabel(gateway, body, undefined);
  startChange<NatGatewayRecord["status"]>(state, clock, "nat_gateway", gateway, {
    during: "updating",
    after: "created",
    durationMs: DELAYS.natGatewayUpdate,
    task: "update_nat_gateway",
  });
  return gateway;
}

/** Starts deleting a settled or failed gateway: `deleting`, then gone with its external IP. */
export function deleteNatGateway(state: VmState, clock: Clock, id: string): void {
  const gateway = inOpenZone(state, requireNatGateway(state, id));
  const status = String(gateway.status);
  if (status !== "created" && !NAT_GATEWAY_STATES.isFailed(status)) {
    throw unprocessable(
      "nat_gateway_can_not_be_deleted_from_current_state",
      `SNAT gateway ${gateway.name} is ${status}; it can be deleted once it is created or failed`,
    );
  }
  startChange<NatGatewayRecord["status"]>(state, clock, "nat_gateway", gateway, {
    during: "deleting",
    after: GONE,
    durationMs: DELAYS.natGatewayDelete,
    task: "delete_nat_gateway",
  });
}

/** Applies the due states of every gateway; one whose deletion ended goes, with its address. */
export function settleNatGateways(state: VmState, now: number): void {
  for (const gateway of Object.values(state.natGateways)) {
    settle(gateway, now);
    if (gateway.status !== GONE) continue;
    delete state.externalIps[gateway.external_ip_id];
    delete state.natGateways[gateway.id];
  }
}
