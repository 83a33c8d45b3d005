/**
 * Free-tier lookup: `getFreeTierAvailability` tells whether the organization of a project may
 * still create its one free-tier VM.
 */
import { z } from "zod";
import { catalogEndpoints } from "../../api/vm/endpoints/catalog";
import { FreeTierCheckQuery, FreeTierCheckResponse } from "../../api/vm/free-tier-check";
import { camelSchema } from "./camelize";
import { defineLookup } from "./define-lookup";

/** The arguments of `getFreeTierAvailability`. */
export const FreeTierArgs = z.strictObject({
  projectId: FreeTierCheckQuery.shape.project_id
    .optional()
    .describe(
      "A project of the organization to check (default: vmcloud:projectId, or VMCLOUD_PROJECT_ID)",
    ),
});

/** `getFreeTierAvailability`. */
export const freeTier = defineLookup({
  read: {
    name: "getFreeTierAvailability",
    description:
      "Tells whether the project's organization may still create its free-tier VM (each organization may have one)",
    args: FreeTierArgs,
    result: camelSchema(FreeTierCheckResponse),
    project: FreeTierCheckQuery.shape.project_id,
    read: (run, _args, projectId) =>
      run.read(catalogEndpoints.getFreeTierAvailability, {
        query: { project_id: projectId },
      }),
  },
});
