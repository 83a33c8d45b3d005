/**
 * Flavor lookups: `getFlavors` lists the VM sizes matching every filter given, `getFlavor`
 * finds exactly one (by id, by exact name, or by filters) and fails when none or several match.
 */
import type { FlavorStatus } from "../../api/vm/enums";
import type { FlavorResponse } from "../../api/vm/flavors";
import type { Camelized, Check, SameShape } from "../../provider/lookups/camelize";
import { flavors } from "../../provider/lookups/flavors";
import {
  lookupFunction,
  lookupOutputFunction,
  type LookupFunction,
  type LookupOutputFunction,
} from "./define-lookup";

/** The filters of {@link getFlavors}; they combine with AND. Every one is optional. */
export interface GetFlavorsArgs {
  /** Only flavors offered in this availability zone, by name (e.g. `ru.AZ-1`) or id. */
  availabilityZone?: string;
  /** Only flavors available to this project (a project id). Default: no project filter. */
  projectId?: string;
  /** Only flavors whose name contains this text, in any case (1–64 characters). */
  name?: string;
  /** Only flavors with exactly this many vCPUs (1–128). */
  cpu?: number;
  /** Only flavors with exactly this much RAM in GB (1–1024). */
  ram?: number;
  /** Only flavors with exactly this many GPUs (0–16). */
  gpu?: number;
  /** Only flavors of this type, e.g. `standard`, `gpu` or `free-tier`. */
  flavorType?: string;
  /** Only flavors with this guaranteed vCPU share, e.g. `1:1`, `1:3` or `1:10`. */
  oversubscription?: string;
}

/** One zone a flavor is offered in. */
export interface FlavorAvailabilityZoneInfo {
  /** Availability zone id. */
  availabilityZoneId: string;
  /** Availability zone name, e.g. `ru.AZ-1`. */
  availabilityZoneName: string;
  /** True for the default availability zone. */
  default: boolean;
  /** True when the zone is enabled. */
  enabled: boolean;
  /** The flavor's state in this zone (`created` when usable). */
  state: FlavorStatus;
}

/** A flavor (VM size), as the lookups answer it. */
export interface FlavorInfo {
  /** Flavor id (what `Vm` takes as `flavor`). */
  id: string;
  /** Flavor name, e.g. `gen-2-4`. */
  name: string;
  /** Description. */
  description: string;
  /** Type, e.g. `standard`, `gpu` or `free-tier`. */
  type: string;
  /** Number of vCPUs. */
  cpu: number;
  /** RAM in GB. */
  ram: number;
  /** Number of GPUs. */
  gpu: number;
  /** Guaranteed vCPU share: `1:1` is 100%, `1:3` about 30%, `1:10` is 10%. */
  oversubscription: string;
  /** Guaranteed network bandwidth. */
  assuredBandwidth: number;
  /** Maximum network bandwidth. */
  maximumBandwidth: number;
  /** Packets per second limit. */
  pps: number;
  /** The zones the flavor is offered in. */
  availabilityZones: FlavorAvailabilityZoneInfo[];
}
type _FlavorShape = Check<SameShape<FlavorInfo, Camelized<FlavorResponse>>>;

/** What {@link getFlavors} answers. */
export interface GetFlavorsResult {
  /** Every matching flavor, newest first (all pages). */
  flavors: FlavorInfo[];
  /** Their ids, in the same order. */
  ids: string[];
  /** Their names, in the same order. */
  names: string[];
}

/** The arguments of {@link getFlavor}: an id, or an exact name and/or the filters of {@link getFlavors}. */
export interface GetFlavorArgs extends GetFlavorsArgs {
  /** The flavor's id; cannot be combined with other arguments. */
  id?: string;
  /** The flavor's exact name (case-sensitive), e.g. `gen-2-4`; unlike {@link getFlavors}, not a substring. */
  name?: string;
}

/** What {@link getFlavor} answers: the one flavor. */
export type GetFlavorResult = FlavorInfo;

/**
 * Lists the flavors that match every filter given (all of them without filters), following
 * every page. Arguments are checked before anything is sent.
 *
 * @example
 * const sizes = await vmcloud.getFlavors({ cpu: 2, availabilityZone: "ru.AZ-1" });
 */
export const getFlavors: LookupFunction<GetFlavorsArgs, GetFlavorsResult> = lookupFunction(
  flavors.list,
);

/** {@link getFlavors} with `pulumi.Input` arguments and an Output result. */
export const getFlavorsOutput: LookupOutputFunction<GetFlavorsArgs, GetFlavorsResult> =
  lookupOutputFunction(flavors.list);

/**
 * Finds exactly one flavor: by `id`, or by exact `name` and/or the filters of
 * {@link getFlavors}. Fails with a {@link LookupError} when no flavor or more than one matches
 * (the message lists the matches, so a filter can be added).
 *
 * @example
 * const small = await vmcloud.getFlavor({ name: "gen-2-4" });
 * const gpu = await vmcloud.getFlavor({ gpu: 1, availabilityZone: "ru.AZ-1" });
 */
export const getFlavor: LookupFunction<GetFlavorArgs, GetFlavorResult> = lookupFunction(
  flavors.single,
);

/** {@link getFlavor} with `pulumi.Input` arguments and an Output result. */
export const getFlavorOutput: LookupOutputFunction<GetFlavorArgs, GetFlavorResult> =
  lookupOutputFunction(flavors.single);
