/** Projects: one project and the caller's roles in it. */
import type { ProjectPermissionsResponse, ProjectResponse } from "../../../api/vm/projects";
import type { ProjectRecord, VmState } from "../records";
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
