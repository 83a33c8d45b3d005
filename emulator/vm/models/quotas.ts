/**
 * Quotas: the limits of an organization (`OrganizationLimitTypeName`), shared by its
 * projects, and what one project uses. Creates check them through {@link requireQuota}
 * (adds known up front) or {@link requireGrowthWithinQuota} (adds measured after the work,
 * inside `atomically`, which undoes the work when the quota refuses it).
 */
import type { OrganizationLimitType } from "../../../api/vm/enums";
import type { EntityUsageResponse } from "../../../api/vm/pricing";
import { unprocessable } from "../../core/service-error";
import type { ProjectRecord, VmState } from "../records";
import { organizationUsage, usageOfProjects } from "./organizations";
import { requireProject } from "./shared";

/** Amounts per quota type; a type left out is zero. */
export type QuotaAmounts = Partial<Record<OrganizationLimitType, number>>;

/** How each quota reads in messages and which error code its refusal has. */
const QUOTA_WORDS: Record<OrganizationLimitType, { code: string; unit: string }> = {
  vms: { code: "vm_quota_exceeded", unit: "VMs" },
  vcpus: { code: "vcpu_quota_exceeded", unit: "vCPUs" },
  ram: { code: "ram_quota_exceeded", unit: "GB of RAM" },
  gpus: { code: "gpu_quota_exceeded", unit: "GPUs" },
  disks: { code: "disk_quota_exceeded", unit: "disks" },
  disks_size: { code: "disk_size_quota_exceeded", unit: "GB of disks" },
  subnets: { code: "subnet_quota_exceeded", unit: "subnets" },
  interfaces: { code: "interface_quota_exceeded", unit: "network interfaces" },
  floating_ips: { code: "floating_ip_quota_exceeded", unit: "external IPs" },
  security_groups: { code: "security_group_quota_exceeded", unit: "security groups" },
  security_group_rules: {
    code: "security_group_rule_quota_exceeded",
    unit: "security group rules",
  },
  public_keys: { code: "public_key_quota_exceeded", unit: "public keys" },
};

/** `GET /api/v1/project-entity-usage`: what the project holds (422 `bad_project_id`, 403). */
export function projectEntityUsage(state: VmState, projectId: string): EntityUsageResponse {
  const project = requireProject(state, projectId);
  return { entities: usageOfProjects(state, new Set([project.id])) };
}

/** The first quota `adds` would break, given what is `used` now, or undefined. */
function firstBreach(
  limits: Readonly<Record<string, number>>,
  used: Readonly<Record<OrganizationLimitType, number>>,
  adds: QuotaAmounts,
): { type: OrganizationLimitType; limit: number; used: number; adds: number } | undefined {
  for (const [type, add] of Object.entries(adds) as Array<[OrganizationLimitType, number]>) {
    const limit = limits[type];
    if (limit === undefined || add <= 0) continue;
    if (used[type] + add > limit) return { type, limit, used: used[type], adds: add };
  }
  return undefined;
}

/** The 422 for a breached quota: names the quota, its limit, the use now and what was asked. */
function quotaError(breach: NonNullable<ReturnType<typeof firstBreach>>) {
  const words = QUOTA_WORDS[breach.type];
  return unprocessable(
    words.code,
    `the organization's ${breach.type} quota is ${breach.limit} ${words.unit}; ` +
      `${breach.used} are in use and this request adds ${breach.adds}. ` +
      "Delete unused resources or ask for a higher quota",
  );
}

/** Refuses (422 `<quota>_quota_exceeded`) a create that would add `adds` beyond a quota. */
export function requireQuota(state: VmState, project: ProjectRecord, adds: QuotaAmounts): void {
  const limits = state.organizations[project.organization_id]?.limits;
  if (limits === undefined) return;
  const breach = firstBreach(limits, organizationUsage(state, project.organization_id), adds);
  if (breach !== undefined) throw quotaError(breach);
}

/** What the organization of `project` uses now: pass it to {@link requireGrowthWithinQuota}. */
export function quotaUsageBefore(
  state: VmState,
  project: ProjectRecord,
): Record<OrganizationLimitType, number> {
  return organizationUsage(state, project.organization_id);
}

/**
 * Refuses work already done (inside `atomically`, so the refusal undoes it) when it made the
 * organization of `project` use more than a quota allows; `before` is the use before the work.
 */
export function requireGrowthWithinQuota(
  state: VmState,
  project: ProjectRecord,
  before: Readonly<Record<OrganizationLimitType, number>>,
): void {
  const limits = state.organizations[project.organization_id]?.limits;
  if (limits === undefined) return;
  const after = organizationUsage(state, project.organization_id);
  const adds: QuotaAmounts = {};
  for (const type of Object.keys(after) as OrganizationLimitType[]) {
    adds[type] = after[type] - before[type];
  }
  const breach = firstBreach(limits, before, adds);
  if (breach !== undefined) throw quotaError(breach);
}
