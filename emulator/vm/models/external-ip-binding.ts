/**
 * External IPs of VM interfaces. The emulator hands them out from the
 * documentation ranges 203.0.113.0/24 and 198.51.100.0/24, so they never collide with a
 * real address. An address outlives its VM unless the VM's deletion lists it.
 */
import { notFound, unprocessable } from "../../core/service-error";
import type { Clock } from "../../core/service-module";
import type { ExternalIpRecord, InterfaceRecord, VmState } from "../records";
import { newId, stamps, touch } from "./shared";
import { requireQuota } from "./quotas";

/** The /24 networks the addresses of external IPs come from, in order. */
const POOLS = ["203.0.113", "198.51.100"] as const;

/** The next IPv4 address no external IP holds (hosts .2 to .254 of each pool). */
function freeAddress(state: VmState): string {
  const used = new Set(Object.values(state.externalIps).map((f) => f.ip_address));
  for (const pool of POOLS) {
    for (let host = 2; host <= 254; host++) {
      const address = `${pool}.${host}`;
      if (!used.has(address)) return address;
    }
  }
  throw unprocessable("public_ip_unavailable", "no external IP address is left; release one first");
}

/**
 * Allocates a new external IP in the project and zone, bound to `iface` when given (then
 * `in_use`, else `available`). Its name is derived from the address, e.g. `ip-203-0-113-2`.
 */
export function allocateExternalIp(
  state: VmState,
  clock: Clock,
  owner: { project_id: string; availability_zone_id: string },
  iface?: InterfaceRecord,
): ExternalIpRecord {
  const project = state.projects[owner.project_id];
  if (project !== undefined) requireQuota(state, project, { floating_ips: 1 });
  const address = freeAddress(state);
  const record: ExternalIpRecord = {
    id: newId(),
    name: `ip-${address.replace(/\./g, "-")}`,
    ip_address: address,
    state: iface === undefined ? "available" : "in_use",
    project_id: owner.project_id,
    availability_zone_id: owner.availability_zone_id,
    ...(iface === undefined ? {} : { interface_id: iface.id }),
    ...stamps(state, clock),
  };
  state.externalIps[record.id] = record;
  if (iface !== undefined) iface.floating_ip_id = record.id;
  return record;
}

/**
 * The external IP a create request names by id or by name (404 `floating_ip_not_found`; a
 * foreign project's address counts as not found).
 */
export function findExternalIp(
  state: VmState,
  projectId: string,
  ref: { id?: string | undefined; name?: string | undefined },
): ExternalIpRecord {
  const found =
    ref.id !== undefined
      ? state.externalIps[ref.id]
      : Object.values(state.externalIps).find(
          (f) => f.name === ref.name && f.project_id === projectId,
        );
  if (found === undefined || found.project_id !== projectId) {
    throw notFound("floating_ip", ref.id ?? `"${ref.name}"`);
  }
  return found;
}

/**
 * 422 `floating_ip_address_is_used_by_nat_gateway` (the document's code) when `ip` is the
 * address of an SNAT gateway: it is bound, released and deleted only with its gateway.
 */
export function requireNotNatGateways(ip: ExternalIpRecord, field?: string): void {
  if (ip.nat_gateway_id !== undefined) {
    throw unprocessable(
      "floating_ip_address_is_used_by_nat_gateway",
      `external IP ${ip.ip_address} (${ip.id}) is the address of SNAT gateway ${ip.nat_gateway_id}; it goes with the gateway`,
      field,
    );
  }
}

/**
 * Binds an existing external IP to `iface`: 422 `floating_ip_in_use` when another interface
 * holds it (or `floating_ip_address_is_used_by_nat_gateway`, an SNAT gateway), 422
 * `floating_ip_unavailable` when it lives in another zone.
 */
export function bindExternalIp(
  clock: Clock,
  ip: ExternalIpRecord,
  iface: InterfaceRecord,
  zoneId: string,
  field: string,
): void {
  requireNotNatGateways(ip, field);
  if (ip.state === "in_use" || ip.interface_id !== undefined) {
    throw unprocessable(
      "floating_ip_in_use",
      `external IP ${ip.ip_address} (${ip.id}) is already bound to another interface; pick a free one or ask for a new one`,
      field,
    );
  }
  if (ip.state !== "available") {
    throw unprocessable(
      "floating_ip_can_not_be_changed_from_current_state",
      `external IP ${ip.ip_address} (${ip.id}) is ${ip.state}; wait until it is available`,
      field,
    );
  }
  if (ip.availability_zone_id !== zoneId) {
    throw unprocessable(
      "floating_ip_unavailable",
      `external IP ${ip.ip_address} (${ip.id}) is in another availability zone; every resource of a VM must be in the VM's zone`,
      field,
    );
  }
  ip.state = "in_use";
  ip.interface_id = iface.id;
  iface.floating_ip_id = ip.id;
  touch(ip, clock);
}

/** Unbinds an external IP from its interface; it stays in the project, `available`. */
export function unbindExternalIp(ip: ExternalIpRecord, now: number): void {
  ip.state = "available";
  delete ip.interface_id;
  ip.modified_time = new Date(now).toISOString();
}
