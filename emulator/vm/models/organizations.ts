/**
 * Organizations: the organization with its quotas, each with what the organization uses now,
 * counted from the state of every project of the organization.
 */
import { forbidden } from "../../core/service-error";
import { OrganizationLimitType } from "../../../api/vm/enums";
import type { OrganizationLimit, OrganizationResponse } from "../../../api/vm/organizations";
import type { VmState } from "../records";
import { fixtureId, mustGet } from "./shared";

/** What the projects of `organizationId` use now, per quota type. */
export function organizationUsage(
  state: VmState,
  organizationId: string,
): Record<OrganizationLimitType, number> {
  const projects = new Set(
    Object.values(state.projects)
      .filter((p) => p.organization_id === organizationId)
      .map((p) => p.id),
  );
  return usageOfProjects(state, projects);
}

/** What the projects `projects` use now, per quota type. */
export function usageOfProjects(
  state: VmState,
  projects: ReadonlySet<string>,
): Record<OrganizationLimitType, number> {
  const vms = Object.values(state.vms).filter((vm) => projects.has(vm.project_id));
  const flavors = vms.flatMap((vm) =>
    state.flavors[vm.flavor_id] === undefined ? [] : [state.flavors[vm.flavor_id]!],
  );
  const disks = Object.values(state.disks).filter((d) => projects.has(d.project_id));
  const groups = Object.values(state.securityGroups).filter((g) => projects.has(g.project_id));
  const groupIds = new Set(groups.map((g) => g.id));
  const sum = (values: number[]) => values.reduce((a, b) => a + b, 0);
  return {
    vcpus: sum(flavors.map((f) => f.cpu)),
    vms: vms.length,
    // The emulator keeps no public keys (they live in image metadata values).
    public_keys: 0,
    ram: sum(flavors.map((f) => f.ram)),
    disks: disks.length,
    disks_size: sum(disks.map((d) => d.size)),
    subnets: Object.values(state.subnets).filter((s) => projects.has(s.project_id)).length,
    interfaces: Object.values(state.interfaces).filter((i) => projects.has(i.project_id)).length,
    floating_ips: Object.values(state.externalIps).filter((f) => projects.has(f.project_id)).length,
    security_groups: groups.length,
    security_group_rules: Object.values(state.securityGroupRules).filter((r) =>
      groupIds.has(r.security_group_id),
    ).length,
    gpus: sum(flavors.map((f) => f.gpu)),
  };
}

/**
 * The organization with its quotas: 404 `organization_not_found` when unknown, 403 when no
 * project the token may use belongs to it.
 */
export function getOrganization(state: VmState, id: string): OrganizationResponse {
  const organization = mustGet(state.organizations, "organization", id);
  if (!Object.values(state.projects).some((p) => p.organization_id === id && p.accessible)) {
    throw forbidden("forbidden", `the token may not use organization ${id}`);
  }
  const usage = organizationUsage(state, id);
  const limits: OrganizationLimit[] = [];
  for (const [type, value] of Object.entries(organization.limits)) {
    const limitType = OrganizationLimitType.safeParse(type);
    if (!limitType.success) continue;
    limits.push({
      id: fixtureId(`organization-limit:${id}:${type}`),
      limit_type: limitType.data,
      value,
      current_value: usage[limitType.data],
    });
  }
  return { id: organization.id, limits };
}
