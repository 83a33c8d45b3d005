/**
 * Schemas of `GET /api/v1/free-tier`: whether an organization may still create its one
 * free-tier VM.
 */
import { z } from "zod";
import { Uuid } from "../common";

/** Query of `GET /api/v1/free-tier`. */
export const FreeTierCheckQuery = z.object({
  project_id: Uuid.describe("A project of the organization to check (required)"),
});
/** Parsed {@link FreeTierCheckQuery}. */
export type FreeTierCheckQuery = z.output<typeof FreeTierCheckQuery>;

/** `PublicVmFreeTierReachedResponse`: the organization and whether it may create a free-tier VM. */
export const FreeTierCheckResponse = z
  .object({
    organization_id: Uuid.describe("Organization id"),
    free_tier_enabled: z
      .boolean()
      .default(false)
      .describe("true while the organization may still create a free-tier VM (default false)"),
  })
  .describe("Free-tier availability");
/** A value of {@link FreeTierCheckResponse}. */
export type FreeTierCheckResponse = z.infer<typeof FreeTierCheckResponse>;
