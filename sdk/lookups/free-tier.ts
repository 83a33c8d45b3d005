/**
 * Free-tier lookup: `getFreeTierAvailability` tells whether the organization of a project may
 * still create its one free-tier VM.
 */
import { z } from "zod";
import { catalogEndpoints } from "../../api/vm/endpoints/catalog";
import { FreeTierCheckQuery, type FreeTierCheckResponse } from "../../api/vm/free-tier-check";
import { argsSchema } from "./args";
import type { Camelized, Check, SameShape } from "./camelize";
import { defineLookup, type LookupFunction, type LookupOutputFunction } from "./define-lookup";

/** The arguments of {@link getFreeTierAvailability}. */
export interface GetFreeTierAvailabilityArgs {
  /** A project of the organization to check. Default: `vmcloud:projectId` (or `VMCLOUD_PROJECT_ID`). */
  projectId?: string;
}

/** What {@link getFreeTierAvailability} answers. */
export interface GetFreeTierAvailabilityResult {
  /** The organization checked. */
  organizationId: string;
  /** True while the organization may still create a free-tier VM. */
  freeTierEnabled: boolean;
}
type _FreeTierShape = Check<
  SameShape<GetFreeTierAvailabilityResult, Camelized<FreeTierCheckResponse>>
>;

const FreeTierArgs = argsSchema<GetFreeTierAvailabilityArgs>()(
  z.strictObject({ projectId: FreeTierCheckQuery.shape.project_id.optional() }),
);

const freeTier = defineLookup({
  read: {
    name: "getFreeTierAvailability",
    args: FreeTierArgs,
    project: FreeTierCheckQuery.shape.project_id,
    read: (run, _args, projectId) =>
      run.read(catalogEndpoints.getFreeTierAvailability, {
        query: { project_id: projectId },
      }),
  },
});

/**
 * Tells whether the project's organization may still create its free-tier VM (each
 * organization may have one).
 *
 * @example
 * const { freeTierEnabled } = await vmcloud.getFreeTierAvailability();
 */
export const getFreeTierAvailability: LookupFunction<
  GetFreeTierAvailabilityArgs,
  GetFreeTierAvailabilityResult
> = freeTier.read;

/** {@link getFreeTierAvailability} with `pulumi.Input` arguments and an Output result. */
export const getFreeTierAvailabilityOutput: LookupOutputFunction<
  GetFreeTierAvailabilityArgs,
  GetFreeTierAvailabilityResult
> = freeTier.readOutput;
