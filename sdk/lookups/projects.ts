/**
 * Project lookups: `getProject` reads a project (its organization and state),
 * `getProjectPermissions` the roles the caller's token has in it. Both default to the
 * configured project (`vmcloud:projectId`).
 */
import { z } from "zod";
import type { ProjectStatus } from "../../api/vm/enums";
import { catalogEndpoints } from "../../api/vm/endpoints/catalog";
import {
  ProjectIdParams,
  type ProjectPermissionsResponse,
  type ProjectResponse,
} from "../../api/vm/projects";
import { argsSchema } from "./args";
import type { Camelized, Check, SameShape } from "./camelize";
import type { LookupRun } from "./context";
import { defineLookup, type LookupFunction, type LookupOutputFunction } from "./define-lookup";

/** The arguments of {@link getProject} and {@link getProjectPermissions}. */
export interface GetProjectArgs {
  /** The project id. Default: `vmcloud:projectId` (or `VMCLOUD_PROJECT_ID`). */
  projectId?: string;
}

/** A project, as {@link getProject} answers it. */
export interface ProjectInfo {
  /** Id of the product instance the project is bound to. */
  productInstanceId: string;
  /** Project id. */
  id: string;
  /** The organization the project belongs to. */
  organizationId: string;
  /** Project state; `created` when usable. */
  state: ProjectStatus;
}
type _ProjectShape = Check<SameShape<ProjectInfo, Camelized<ProjectResponse>>>;

/** What {@link getProject} answers: the project. */
export type GetProjectResult = ProjectInfo;

/** A project with the caller's roles in it, as {@link getProjectPermissions} answers it. */
export interface ProjectPermissionsInfo {
  /** Id of the product instance the project is bound to. */
  productInstanceId: string;
  /** Project id. */
  id: string;
  /** The organization the project belongs to. */
  organizationId: string;
  /** The roles the token has in the project, e.g. `vm.admin`. */
  permissions: string[];
}
type _PermissionsShape = Check<
  SameShape<ProjectPermissionsInfo, Camelized<ProjectPermissionsResponse>>
>;

/** What {@link getProjectPermissions} answers. */
export type GetProjectPermissionsResult = ProjectPermissionsInfo;

/**
 * The arguments of a lookup that takes only a project (`getProject`, `getProjectPermissions`,
 * `getProjectUsage`): `projectId`, optional here because the configured project is the default.
 */
export const ProjectArgs = argsSchema<GetProjectArgs>()(
  z.strictObject({
    projectId: ProjectIdParams.shape.project_id.optional(),
  }),
);

const project = defineLookup({
  read: {
    name: "getProject",
    args: ProjectArgs,
    read: (run, args) => readProject(run, args.projectId),
  },
});

const permissions = defineLookup({
  read: {
    name: "getProjectPermissions",
    args: ProjectArgs,
    project: ProjectIdParams.shape.project_id,
    read: (run, _args, projectId) =>
      run.read(catalogEndpoints.getProjectPermissions, {
        params: { project_id: projectId },
      }),
  },
});

/**
 * Reads a project: its organization, product instance and state.
 *
 * @example
 * const project = await vmcloud.getProject(); // the configured project
 */
export const getProject: LookupFunction<GetProjectArgs, GetProjectResult> = project.read;

/** {@link getProject} with `pulumi.Input` arguments and an Output result. */
export const getProjectOutput: LookupOutputFunction<GetProjectArgs, GetProjectResult> =
  project.readOutput;

/**
 * Reads the roles the configured token has in a project.
 *
 * @example
 * const { permissions } = await vmcloud.getProjectPermissions();
 */
export const getProjectPermissions: LookupFunction<GetProjectArgs, GetProjectPermissionsResult> =
  permissions.read;

/** {@link getProjectPermissions} with `pulumi.Input` arguments and an Output result. */
export const getProjectPermissionsOutput: LookupOutputFunction<
  GetProjectArgs,
  GetProjectPermissionsResult
> = permissions.readOutput;

/** Reads `projectId` (or the configured project) within `run`. */
export async function readProject(
  run: LookupRun,
  projectId: string | undefined,
): Promise<ProjectInfo> {
  const id = run.projectId(projectId, ProjectIdParams.shape.project_id);
  return run.read(catalogEndpoints.getProject, { params: { project_id: id } });
}
