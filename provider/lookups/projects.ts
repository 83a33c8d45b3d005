/**
 * Project lookups: `getProject` reads a project (its organization and state),
 * `getProjectPermissions` the roles the caller's token has in it. Both default to the
 * configured project (`vmcloud:projectId`).
 */
import { z } from "zod";
import { catalogEndpoints } from "../../api/vm/endpoints/catalog";
import {
  ProjectIdParams,
  ProjectPermissionsResponse,
  ProjectResponse,
} from "../../api/vm/projects";
import type { Camelized } from "./camelize";
import { camelSchema } from "./camelize";
import type { LookupRun } from "./context";
import { defineLookup } from "./define-lookup";

/** A `projectId` argument whose default is the configured project. */
export const DefaultProjectArg = ProjectIdParams.shape.project_id
  .optional()
  .describe("The project id (default: vmcloud:projectId, or VMCLOUD_PROJECT_ID)");

/**
 * The arguments of a lookup that takes only a project (`getProject`, `getProjectPermissions`,
 * `getProjectUsage`): `projectId`, optional here because the configured project is the default.
 */
export const ProjectArgs = z.strictObject({ projectId: DefaultProjectArg });

/** A project, as `getProject` answers it. */
export const ProjectInfo = camelSchema(ProjectResponse);

/** A project with the caller's roles in it, as `getProjectPermissions` answers it. */
export const ProjectPermissionsInfo = camelSchema(ProjectPermissionsResponse);

/** `getProject`. */
export const project = defineLookup({
  read: {
    name: "getProject",
    description: "Reads a project: its organization, product instance and state",
    args: ProjectArgs,
    result: ProjectInfo,
    read: (run, args) => readProject(run, args.projectId),
  },
});

/** `getProjectPermissions`. */
export const permissions = defineLookup({
  read: {
    name: "getProjectPermissions",
    description: "Reads the roles the configured token has in a project",
    args: ProjectArgs,
    result: ProjectPermissionsInfo,
    project: ProjectIdParams.shape.project_id,
    read: (run, _args, projectId) =>
      run.read(catalogEndpoints.getProjectPermissions, {
        params: { project_id: projectId },
      }),
  },
});

/** Reads `projectId` (or the configured project) within `run`. */
export async function readProject(
  run: LookupRun,
  projectId: string | undefined,
): Promise<Camelized<ProjectResponse>> {
  const id = run.projectId(projectId, ProjectIdParams.shape.project_id);
  return run.read(catalogEndpoints.getProject, { params: { project_id: id } });
}
