/**
 * A quota of the project's organization that the program's new resources exceed: what the
 * limit is, what is in use, what the program adds (and which resources), and by how much it is
 * over. The provider's checks (the program's new resources so far) and the policy pack's
 * `vmcloud-project-quotas` (the whole change) say it in the same words.
 */
import type { OrganizationLimitType } from "../../api/vm/enums";

/** What a quota's units are called in messages. */
const UNITS: Record<OrganizationLimitType, string> = {
  vms: "VMs",
  vcpus: "vCPUs",
  ram: "GB of RAM",
  gpus: "GPUs",
  disks: "disks",
  disks_size: "GB of disks",
  subnets: "subnets",
  interfaces: "network interfaces",
  floating_ips: "external IPs",
  security_groups: "security groups",
  security_group_rules: "security group rules",
  public_keys: "public keys",
};

/** A quota exceeded. */
export interface QuotaExcess {
  /** The quota, e.g. `vms`. */
  readonly type: OrganizationLimitType;
  /** Its limit. */
  readonly limit: number;
  /** What the organization uses now. */
  readonly used: number;
  /** What the program (or the change) adds. */
  readonly adds: number;
  /** What adds it, as messages name each (`Vm "a" of this program`, `this resource`). */
  readonly by: readonly string[];
}

/** The message for `excess`: the numbers, by how much it is over, and the fix. */
export function quotaMessage(excess: QuotaExcess): string {
  const unit = UNITS[excess.type];
  const total = excess.used + excess.adds;
  const verb = excess.by.length === 1 ? "adds" : "add";
  return (
    `quota ${excess.type}: the limit is ${excess.limit} ${unit}, ${excess.used} are in use and ` +
    `${listed(excess.by)} ${verb} ${excess.adds} (${total} in all): ${total - excess.limit} over the limit. ` +
    "Fix: make the change smaller, delete unused resources, or ask for a higher quota"
  );
}

/** `labels` in a list for messages: `a`, `a and b`, `a, b and c`. */
export function listed(labels: readonly string[]): string {
  if (labels.length <= 1) return labels.join("");
  return `${labels.slice(0, -1).join(", ")} and ${labels[labels.length - 1]!}`;
}
