/**
 * Brings a VM-service state written by an earlier release up to date. Earlier releases named
 * the external IPs by the service's word, floating IPs: the collection `floatingIps`, a VM's
 * `release_floating_ip_ids` and the price list's `floatingIpPerHour`; they had no collection
 * of the kinds added since (SNAT gateways, backups, ...), which start empty; and their interfaces were
 * only ever VMs' own, so each takes its VM's project, zone and times. A state file of theirs
 * still loads; the next change writes it with the current names.
 */

/** Collections of the state that earlier releases did not have. */
const ADDED_COLLECTIONS = ["natGateways", "backups"] as const;

/** Keys an earlier release wrote, each with its current name. */
const RENAMED = {
  state: [["floatingIps", "externalIps"]],
  vm: [["release_floating_ip_ids", "release_external_ip_ids"]],
  prices: [["floatingIpPerHour", "externalIpPerHour"]],
} as const;

/** Renames `from` to `to` in `record`; answers a problem when both are there. */
function rename(
  record: Record<string, unknown>,
  renames: ReadonlyArray<readonly [string, string]>,
  where: string,
): string | undefined {
  for (const [from, to] of renames) {
    if (!(from in record)) continue;
    if (to in record) return `holds both "${from}" and "${to}" (its current name) in ${where}`;
    record[to] = record[from];
    delete record[from];
  }
  return undefined;
}

function asRecord(value: unknown): Record<string, unknown> | undefined {
  return typeof value === "object" && value !== null && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : undefined;
}

/**
 * Renames, in place, the keys of `slice` (a VM-service state) that an earlier release wrote;
 * answers what stops it, if anything.
 */
export function upgradeVmState(slice: Record<string, unknown>): string | undefined {
  const problem = rename(slice, RENAMED.state, "the VM service's state");
  if (problem !== undefined) return problem;
  for (const key of ADDED_COLLECTIONS) slice[key] ??= {};
  const vms = asRecord(slice["vms"]) ?? {};
  for (const iface of Object.values(asRecord(slice["interfaces"]) ?? {})) {
    const record = asRecord(iface);
    if (record === undefined || "made_by_vm" in record) continue;
    const vm = asRecord(vms[String(record["vm_id"])]) ?? {};
    Object.assign(record, {
      description: "",
      project_id: vm["project_id"],
      availability_zone_id: vm["availability_zone_id"],
      made_by_vm: true,
      allowed_address_pairs: [],
      created_time: vm["created_time"],
      modified_time: vm["modified_time"],
      seq: vm["seq"],
    });
  }
  for (const [id, vm] of Object.entries(asRecord(slice["vms"]) ?? {})) {
    const record = asRecord(vm);
    const failed = record && rename(record, RENAMED.vm, `VM ${id}`);
    if (failed !== undefined) return failed;
  }
  const prices = asRecord(slice["prices"]);
  return prices && rename(prices, RENAMED.prices, "the price list");
}
