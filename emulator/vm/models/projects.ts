/** Projects: one project, the caller's roles in it, and which names its objects hold. */
import type {
  NamedEntityType,
  ProjectPermissionsResponse,
  UniqueInProject,
  ProjectResponse,
  ValidateNameQuery,
  ValidateNameResponse,
} from "../../../api/vm/projects";
import { GONE, type ProjectRecord, type VmState } from "../records";
import { unprocessable } from "../../core/service-error";
import { requireProject } from "./shared";

/** The project (404 `project_not_found` when unknown, 403 when the token may not use it). */
export function getProject(state: VmState, id: string): ProjectResponse {
  const project = requireProject(state, id, 404);
  return { ...identity(project), state: project.state };
}

/** The caller's roles in the project (404 when unknown, 403 when foreign). */
export function getProjectPermissions(state: VmState, id: string): ProjectPermissionsResponse {
  const project = requireProject(state, id, 404);
  return { ...identity(project), permissions: [...project.permissions] };
}

/** The ids every project answer starts with. */
function identity(project: ProjectRecord) {
  return {
    product_instance_id: project.product_instance_id,
    id: project.id,
    organization_id: project.organization_id,
  };
}

/** A record that holds a name in its project while it lives. */
interface Named {
  id: string;
  name: string;
  project_id: string;
  status?: string;
  state?: string;
}

/**
 * The records of each kind whose names `validate_name` checks. The emulator has no load
 * balancers: every name of one is free.
 */
const HOLDERS: Record<NamedEntityType, (state: VmState) => readonly Named[]> = {
  disk: (s) => Object.values(s.disks),
  floating_ip: (s) => Object.values(s.externalIps),
  interface: (s) => Object.values(s.interfaces),
  load_balancer: () => [],
  nat_gateway: (s) => Object.values(s.natGateways),
  security_group: (s) => Object.values(s.securityGroups),
  subnet: (s) => Object.values(s.subnets),
  vm: (s) => Object.values(s.vms),
};

/** Whether a record still holds its name: one being deleted (or gone) has let it go. */
function holdsName(record: Named): boolean {
  const status = record.status ?? record.state;
  return status !== GONE && status !== "deleting";
}

/** How messages call each kind whose names are unique in the project (one, several). */
const CALLED: Record<UniqueInProject, readonly [string, string]> = {
  floating_ip: ["an external IP", "external IPs"],
  interface: ["a network interface", "network interfaces"],
  nat_gateway: ["an SNAT gateway", "SNAT gateways"],
  security_group: ["a security group", "security groups"],
  vm: ["a VM", "VMs"],
};

/**
 * 422 `<kind>_with_this_data_already_exists` (field `name`) when another live object of `kind`
 * in the project has `name`, compared as `validate_name` compares (any zone; one being deleted
 * has let its name go). `self`: the object being renamed, which is no clash.
 */
export function requireFreeName(
  state: VmState,
  kind: UniqueInProject,
  projectId: string,
  name: string,
  self?: string,
): void {
  const holder = HOLDERS[kind](state).find(
    (r) => r.project_id === projectId && r.name === name && r.id !== self && holdsName(r),
  );
  if (holder === undefined) return;
  const [one, many] = CALLED[kind];
  throw unprocessable(
    `${kind}_with_this_data_already_exists`,
    `${one} named "${name}" already exists in project ${projectId} (${holder.id}); ` +
      `names of ${many} are unique in a project: choose another name`,
    "name",
  );
}

/**
 * `GET /api/v1/projects/{project_id}/validate_name`: for each name (in the order given), whether
 * no live object of the kind in the project has it. Names are compared whole and by case, as
 * every create compares them; the check is project-wide, whatever zone the object is in.
 */
export function validateNames(
  state: VmState,
  projectId: string,
  query: ValidateNameQuery,
): ValidateNameResponse {
  const project = requireProject(state, projectId);
  const taken = new Set(
    HOLDERS[query.entity_type](state)
      .filter((r) => r.project_id === project.id && holdsName(r))
      .map((r) => r.name),
  );
  return query.names.map((name) => ({ name, available: !taken.has(name) }));
}
