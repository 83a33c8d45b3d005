/**
 * Network interface lookups: `getNetworkInterfaces` lists the project's interfaces (VMs' and
 * free ones) matching every filter given, `getNetworkInterface` finds exactly one (by id, by
 * exact name, or by filters).
 */
import type { InterfaceResponse } from "../../api/vm/interfaces";
import type { Camelized } from "../../provider/lookups/camelize";
import { networkInterfaces } from "../../provider/lookups/network-interfaces";
import {
  lookupFunction,
  lookupOutputFunction,
  type LookupFunction,
  type LookupOutputFunction,
} from "./define-lookup";

/** The filters of {@link getNetworkInterfaces}; they combine with AND. Every one is optional. */
export interface GetNetworkInterfacesArgs {
  /** The project. Default: the provider's `vmcloud:projectId`. */
  projectId?: string;
  /** Only the interfaces of this VM. */
  vmId?: string;
  /** Only interfaces in this subnet. */
  subnetId?: string;
  /** Only interfaces in this security group. */
  securityGroupId?: string;
  /** Only the interface with this private address. */
  ipAddress?: string;
  /** Only interfaces whose name contains this text, in any case (1–64 characters). */
  name?: string;
  /** `true`: only interfaces on no VM (a VM can take them); `false`: only those on a VM. */
  free?: boolean;
}

/**
 * A network interface as the lookups answer it: `id`, `name`, `description`, `ipAddress`,
 * `type`, `state`, `subnet`, `vm` (none while free), `securityGroups`, `floatingIp` (its
 * external IP, if any), `primary`, `interfaceSecurityEnabled`, `allowedAddressPairs` and times.
 */
export type NetworkInterfaceInfo = Camelized<InterfaceResponse>;

/** What {@link getNetworkInterfaces} answers. */
export interface GetNetworkInterfacesResult {
  /** Every matching interface, newest first (all pages). */
  networkInterfaces: NetworkInterfaceInfo[];
  /** Their ids, in the same order (what a Vm interface takes as `interfaceId`). */
  ids: string[];
  /** Their names, in the same order. */
  names: string[];
}

/** The arguments of {@link getNetworkInterface}: an id, or an exact name and/or the filters of {@link getNetworkInterfaces}. */
export interface GetNetworkInterfaceArgs extends GetNetworkInterfacesArgs {
  /** The interface's id; cannot be combined with other arguments. */
  id?: string;
  /** The interface's exact name (case-sensitive); unlike {@link getNetworkInterfaces}, not a substring. */
  name?: string;
}

/** What {@link getNetworkInterface} answers: the one interface. */
export type GetNetworkInterfaceResult = NetworkInterfaceInfo;

/**
 * Lists the project's network interfaces that match every filter given, following every page.
 * Arguments are checked before anything is sent.
 *
 * @example
 * const free = await vmcloud.getNetworkInterfaces({ free: true });
 */
export const getNetworkInterfaces: LookupFunction<
  GetNetworkInterfacesArgs,
  GetNetworkInterfacesResult
> = lookupFunction(networkInterfaces.list);

/** {@link getNetworkInterfaces} with `pulumi.Input` arguments and an Output result. */
export const getNetworkInterfacesOutput: LookupOutputFunction<
  GetNetworkInterfacesArgs,
  GetNetworkInterfacesResult
> = lookupOutputFunction(networkInterfaces.list);

/**
 * Finds exactly one network interface: by `id`, or by exact `name` and/or the filters of
 * {@link getNetworkInterfaces}. Fails with a {@link LookupError} when none or more than one
 * matches.
 *
 * @example
 * const db = await vmcloud.getNetworkInterface({ name: "db", free: true });
 */
export const getNetworkInterface: LookupFunction<
  GetNetworkInterfaceArgs,
  GetNetworkInterfaceResult
> = lookupFunction(networkInterfaces.single);

/** {@link getNetworkInterface} with `pulumi.Input` arguments and an Output result. */
export const getNetworkInterfaceOutput: LookupOutputFunction<
  GetNetworkInterfaceArgs,
  GetNetworkInterfaceResult
> = lookupOutputFunction(networkInterfaces.single);
