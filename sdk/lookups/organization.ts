/**
 * Organization lookup: `getOrganization` reads an organization with its quotas and how much
 * of each is used. By default it is the organization of the configured project.
 */
import type { OrganizationLimitType } from "../../api/vm/enums";
import type { OrganizationResponse } from "../../api/vm/organizations";
import type { Camelized, Check, SameShape } from "../../provider/lookups/camelize";
import { organization } from "../../provider/lookups/organization";
import {
  lookupFunction,
  lookupOutputFunction,
  type LookupFunction,
  type LookupOutputFunction,
} from "./define-lookup";

/** The arguments of {@link getOrganization}: at most one of the two. */
export interface GetOrganizationArgs {
  /** The organization id. Default: the organization of `projectId`. */
  organizationId?: string;
  /**
   * Read the organization of this project instead. Default: `vmcloud:projectId` (or
   * `VMCLOUD_PROJECT_ID`); used only when `organizationId` is not given.
   */
  projectId?: string;
}

/** One quota of an organization. */
export interface OrganizationLimitInfo {
  /** Quota id. */
  id: string;
  /** What is limited, e.g. `vcpus`, `ram` or `disks_size`. */
  limitType: OrganizationLimitType;
  /** The quota: the most the organization may use. */
  value: number;
  /** How much the organization uses now. */
  currentValue: number;
}

/** An organization with its quotas, as {@link getOrganization} answers it. */
export interface OrganizationInfo {
  /** Organization id. */
  id: string;
  /** The quotas in force. */
  limits: OrganizationLimitInfo[];
}
type _OrganizationShape = Check<SameShape<OrganizationInfo, Camelized<OrganizationResponse>>>;

/** What {@link getOrganization} answers. */
export type GetOrganizationResult = OrganizationInfo;

/**
 * Reads an organization and its quotas. Without `organizationId` it reads the project
 * first (one more request) and answers that project's organization.
 *
 * @example
 * const org = await vmcloud.getOrganization();
 * const vcpus = org.limits.find((l) => l.limitType === "vcpus");
 */
export const getOrganization: LookupFunction<GetOrganizationArgs, GetOrganizationResult> =
  lookupFunction(organization.read);

/** {@link getOrganization} with `pulumi.Input` arguments and an Output result. */
export const getOrganizationOutput: LookupOutputFunction<
  GetOrganizationArgs,
  GetOrganizationResult
> = lookupOutputFunction(organization.read);
