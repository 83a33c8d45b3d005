/**
 * SNAT gateway lookups: `getNatGateways` lists the project's gateways matching every filter
 * given, `getNatGateway` finds exactly one (by id, by exact name, or by filters).
 */
import type { NatGatewayResponse } from "../../api/vm/nat-gateways";
import type { Camelized } from "../../provider/lookups/camelize";
import { natGateways } from "../../provider/lookups/nat-gateways";
import {
  lookupFunction,
  lookupOutputFunction,
  type LookupFunction,
  type LookupOutputFunction,
} from "./define-lookup";

/** The filters of {@link getNatGateways}; they combine with AND. Every one is optional. */
export interface GetNatGatewaysArgs {
  /** The project. Default: the provider's `vmcloud:projectId`. */
  projectId?: string;
  /** Only gateways of this availability zone, by name (e.g. `ru.AZ-1`) or id. */
  availabilityZone?: string;
  /** Only gateways whose name contains this text, in any case (1–64 characters). */
  name?: string;
}

/**
 * An SNAT gateway as the lookups answer it: `id`, `name`, `description`, `state`,
 * `availabilityZone`, `natType`, `floatingIp` (the external IP its traffic leaves from),
 * `project`, `natRules` (one per routed subnet of the zone it serves: `subnetId`,
 * `internalAddress`), `vpcId` and times.
 */
export type NatGatewayInfo = Camelized<NatGatewayResponse>;

/** What {@link getNatGateways} answers. */
export interface GetNatGatewaysResult {
  /** Every matching gateway, newest first (all pages). */
  natGateways: NatGatewayInfo[];
  /** Their ids, in the same order. */
  ids: string[];
  /** Their names, in the same order. */
  names: string[];
}

/** The arguments of {@link getNatGateway}: an id, or an exact name and/or the filters of {@link getNatGateways}. */
export interface GetNatGatewayArgs extends GetNatGatewaysArgs {
  /** The gateway's id; cannot be combined with other arguments. */
  id?: string;
  /** The gateway's exact name (case-sensitive); unlike {@link getNatGateways}, not a substring. */
  name?: string;
}

/** What {@link getNatGateway} answers: the one gateway. */
export type GetNatGatewayResult = NatGatewayInfo;

/**
 * Lists the project's SNAT gateways that match every filter given, following every page.
 * Arguments are checked before anything is sent.
 *
 * @example
 * const egress = await vmcloud.getNatGateways({ availabilityZone: "ru.AZ-1" });
 */
export const getNatGateways: LookupFunction<GetNatGatewaysArgs, GetNatGatewaysResult> =
  lookupFunction(natGateways.list);

/** {@link getNatGateways} with `pulumi.Input` arguments and an Output result. */
export const getNatGatewaysOutput: LookupOutputFunction<GetNatGatewaysArgs, GetNatGatewaysResult> =
  lookupOutputFunction(natGateways.list);

/**
 * Finds exactly one SNAT gateway: by `id`, or by exact `name` and/or the filters of
 * {@link getNatGateways}. Fails with a {@link LookupError} when none or more than one matches.
 *
 * @example
 * const egress = await vmcloud.getNatGateway({ availabilityZone: "ru.AZ-1" });
 */
export const getNatGateway: LookupFunction<GetNatGatewayArgs, GetNatGatewayResult> = lookupFunction(
  natGateways.single,
);

/** {@link getNatGateway} with `pulumi.Input` arguments and an Output result. */
export const getNatGatewayOutput: LookupOutputFunction<GetNatGatewayArgs, GetNatGatewayResult> =
  lookupOutputFunction(natGateways.single);
