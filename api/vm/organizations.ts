/** Schemas of the VM service's organizations: the organization with its quotas. */
import { z } from "zod";
import { Uuid, Uuid4 } from "../common";
import { OrganizationLimitType } from "./enums";

/** Path parameters of `GET /api/v1/organizations/{organization_id}`. */
export const OrganizationIdParams = z.object({
  organization_id: Uuid4.describe("Organization id"),
});

/** `OrganizationLimitMiniResponse`: one quota and how much of it is used. */
export const OrganizationLimit = z
  .object({
    id: Uuid.describe("Quota id"),
    limit_type: OrganizationLimitType,
    value: z.number().int().describe("The quota: the most the organization may use"),
    current_value: z.number().int().describe("How much the organization uses now"),
  })
  .describe("Organization quota");
/** A value of {@link OrganizationLimit}. */
export type OrganizationLimit = z.infer<typeof OrganizationLimit>;

/** `BaseOrganizationResponse`: an organization and its quotas. */
export const OrganizationResponse = z
  .object({
    id: Uuid.describe("Organization id"),
    limits: z.array(OrganizationLimit).describe("Quotas in force"),
  })
  .describe("Organization");
/** A value of {@link OrganizationResponse}. */
export type OrganizationResponse = z.infer<typeof OrganizationResponse>;
