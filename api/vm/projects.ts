/** Schemas of the VM service's projects: the project and the roles the caller has in it. */
import { z } from "zod";
import { Uuid, Uuid4 } from "../common";
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
