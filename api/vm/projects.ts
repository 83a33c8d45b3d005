/**
 * Schemas of the VM service's projects: the project, the roles the caller has in it, and the
 * check of names against those the project's objects of a kind already have.
 */
import { z } from "zod";
import { Name, Uuid, Uuid4, queryArray } from "../common";
import { ProjectStatus } from "./enums";

/** Path parameters of the project endpoints. */
export const ProjectIdParams = z.object({
  project_id: Uuid4.describe("Project id"),
});

/** What every project answer says first: the project, its product instance and organization. */
const projectFields = {
  product_instance_id: Uuid.describe("Id of the product instance the project is bound to"),
  id: Uuid.describe("Project id"),
  organization_id: Uuid.describe("Organization the project belongs to"),
};

/** `BaseProjectResponse`: a project. */
export const ProjectResponse = z
  .object({ ...projectFields, state: ProjectStatus })
  .describe("Project");
/** A value of {@link ProjectResponse}. */
export type ProjectResponse = z.infer<typeof ProjectResponse>;

/** `ProjectPermissionsResponse`: a project with the caller's roles in it. */
export const ProjectPermissionsResponse = z
  .object({
    ...projectFields,
    permissions: z.array(z.string()).describe("The caller's roles in the project"),
  })
  .describe("Project permissions");
/** A value of {@link ProjectPermissionsResponse}. */
export type ProjectPermissionsResponse = z.infer<typeof ProjectPermissionsResponse>;

/** `EntityTypeWithUniqueNameWithinProject`: the kinds whose names `validate_name` checks. */
export const NamedEntityType = z
  .enum([
    "disk",
    "floating_ip",
    "interface",
    "load_balancer",
    "nat_gateway",
    "security_group",
    "subnet",
    "vm",
  ])
  .describe("Kind of object whose names are checked");
/** A value of {@link NamedEntityType}. */
export type NamedEntityType = z.infer<typeof NamedEntityType>;

/**
 * The kinds whose names are unique among the live objects of the kind in the whole project,
 * whatever their zone: a create or rename to a taken name is refused (422
 * `<kind>_with_this_data_already_exists`; docs/api-decisions/catalog.md). Disks and subnets
 * are unique per zone only; the service's load balancers are not served here.
 */
export const UNIQUE_IN_PROJECT = [
  "floating_ip",
  "interface",
  "nat_gateway",
  "security_group",
  "vm",
] as const satisfies readonly NamedEntityType[];
/** A kind of {@link UNIQUE_IN_PROJECT}. */
export type UniqueInProject = (typeof UNIQUE_IN_PROJECT)[number];

/** Query of `GET /api/v1/projects/{project_id}/validate_name`. */
export const ValidateNameQuery = z.object({
  entity_type: NamedEntityType,
  names: queryArray(Name).describe("Names to check (repeat the parameter for each)"),
});
/** Parsed {@link ValidateNameQuery}. */
export type ValidateNameQuery = z.output<typeof ValidateNameQuery>;

/** `ProjectValidateNameResponse`: for each name checked, whether it is free. */
export const ValidateNameResponse = z
  .array(
    z.strictObject({
      name: z.string().describe("Name checked"),
      available: z
        .boolean()
        .describe("true when no object of the kind in the project has the name"),
    }),
  )
  .describe("Names and whether each is free");
/** A value of {@link ValidateNameResponse}. */
export type ValidateNameResponse = z.infer<typeof ValidateNameResponse>;
