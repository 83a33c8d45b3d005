/**
 * Organization lookup: `getOrganization` reads an organization with its quotas and how much
 * of each is used. By default it is the organization of the configured project.
 */
import { z } from "zod";
import { catalogEndpoints } from "../../api/vm/endpoints/catalog";
import { OrganizationIdParams, OrganizationResponse } from "../../api/vm/organizations";
import { camelSchema } from "./camelize";
import { defineLookup } from "./define-lookup";
import { LookupError } from "./errors";
import { DefaultProjectArg, readProject } from "./projects";

/** The arguments of `getOrganization`: at most one of the two. */
export const OrganizationArgs = z.strictObject({
  organizationId: OrganizationIdParams.shape.organization_id
    .optional()
    .describe("The organization id (default: the organization of projectId)"),
  projectId: DefaultProjectArg.describe(
    "Read the organization of this project instead (default: vmcloud:projectId, or VMCLOUD_PROJECT_ID); used only when organizationId is not given",
  ),
});

/** An organization with its quotas, as `getOrganization` answers it. */
export const OrganizationInfo = camelSchema(OrganizationResponse);

/** `getOrganization`. */
export const organization = defineLookup({
  read: {
    name: "getOrganization",
    description:
      "Reads an organization and its quotas (by default the organization of the configured project)",
    args: OrganizationArgs,
    result: OrganizationInfo,
    async read(run, args) {
      if (args.organizationId !== undefined && args.projectId !== undefined) {
        throw new LookupError({
          lookup: run.name,
          argument: "projectId",
          detail: "give organizationId or projectId, not both; nothing was sent",
        });
      }
      const organizationId =
        args.organizationId ?? (await readProject(run, args.projectId)).organizationId;
      return run.read(catalogEndpoints.getOrganization, {
        params: { organization_id: organizationId },
      });
    },
  },
});
