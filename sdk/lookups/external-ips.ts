/**
 * External IP lookups: `getExternalIps` lists the project's external IPs matching
 * every filter given, `getExternalIp` finds exactly one (by id, by exact name, or by filters).
 */
import type { ExternalIpResponse } from "../../api/vm/external-ips";
import type { Camelized } from "../../provider/lookups/camelize";
import { externalIps } from "../../provider/lookups/external-ips";
import {
  lookupFunction,
  lookupOutputFunction,
  type LookupFunction,
  type LookupOutputFunction,
} from "./define-lookup";

/** The filters of {@link getExternalIps}; they combine with AND. Every one is optional. */
export interface GetExternalIpsArgs {
  /** The project. Default: the provider's `vmcloud:projectId`. */
  projectId?: string;
  /** Only addresses of this availability zone, by name (e.g. `ru.AZ-1`) or id. */
  availabilityZone?: string;
  /** Only addresses whose name contains this text, in any case (1–64 characters). */
  name?: string;
  /** `true`: only free addresses (a VM can take them); `false`: only bound ones. */
  free?: boolean;
  /** Only the address bound to this network interface (an interface id). */
  interfaceId?: string;
}

/**
 * An external IP as the lookups answer it: `id`, `name`, `description`, `ipAddress`,
 * `state` (`available` when free, `in_use` when bound), the `interface` and `vm` it is bound
 * to, its `availabilityZone`, `tags` and times.
 */
export type ExternalIpInfo = Camelized<ExternalIpResponse>;

/** What {@link getExternalIps} answers. */
export interface GetExternalIpsResult {
  /** Every matching address, newest first (all pages). */
  externalIps: ExternalIpInfo[];
  /** Their ids, in the same order (what a Vm interface takes as `externalIpId`). */
  ids: string[];
  /** Their names, in the same order. */
  names: string[];
}

/** The arguments of {@link getExternalIp}: an id, or an exact name and/or the filters of {@link getExternalIps}. */
export interface GetExternalIpArgs extends GetExternalIpsArgs {
  /** The address's id; cannot be combined with other arguments. */
  id?: string;
  /** The address's exact name (case-sensitive); unlike {@link getExternalIps}, not a substring. */
  name?: string;
}

/** What {@link getExternalIp} answers: the one address. */
export type GetExternalIpResult = ExternalIpInfo;

/**
 * Lists the project's external IPs that match every filter given, following every
 * page. Arguments are checked before anything is sent.
 *
 * @example
 * const free = await vmcloud.getExternalIps({ free: true, availabilityZone: "ru.AZ-1" });
 */
export const getExternalIps: LookupFunction<GetExternalIpsArgs, GetExternalIpsResult> =
  lookupFunction(externalIps.list);

/** {@link getExternalIps} with `pulumi.Input` arguments and an Output result. */
export const getExternalIpsOutput: LookupOutputFunction<GetExternalIpsArgs, GetExternalIpsResult> =
  lookupOutputFunction(externalIps.list);

/**
 * Finds exactly one external IP: by `id`, or by exact `name` and/or the filters of
 * {@link getExternalIps}. Fails with a {@link LookupError} when none or more than one matches.
 *
 * @example
 * const www = await vmcloud.getExternalIp({ name: "www" });
 */
export const getExternalIp: LookupFunction<GetExternalIpArgs, GetExternalIpResult> = lookupFunction(
  externalIps.single,
);

/** {@link getExternalIp} with `pulumi.Input` arguments and an Output result. */
export const getExternalIpOutput: LookupOutputFunction<GetExternalIpArgs, GetExternalIpResult> =
  lookupOutputFunction(externalIps.single);
