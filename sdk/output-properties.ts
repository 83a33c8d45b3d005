/**
 * The output properties of a resource class, derived from the provider's outputs schema so that
 * each output is written (and documented) once, beside the provider's inputs.
 */
import type * as pulumi from "@pulumi/pulumi";
import type { z } from "zod";
import type { OutputSchema } from "../provider/framework/output-fields";

/**
 * Every field of `Outputs` as a read-only `pulumi.Output` of its value; an optional field's
 * output may hold `undefined`. A resource class merges it in with an interface of its name:
 * `export interface Subnet extends OutputProperties<SubnetOutputs> {}`.
 */
export type OutputProperties<Outputs> = {
  readonly [K in keyof Outputs]-?: pulumi.Output<Outputs[K]>;
};

/**
 * The values of the outputs of the outputs schema `S` that are output properties: all but the
 * provider's internal ones (for a kind that has some).
 */
export type PropertyValues<S extends OutputSchema> = Omit<z.output<S>, NonNullable<S["~internal"]>>;
