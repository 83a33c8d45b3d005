/**
 * The output properties of a resource class, derived from the provider's output type so that
 * each output is written (and documented) once, beside the provider code that sets it.
 */
import type * as pulumi from "@pulumi/pulumi";

/**
 * Every field of `Outputs` as a read-only `pulumi.Output` of its value; an optional field's
 * output may hold `undefined`. A resource class merges it in with an interface of its name:
 * `export interface Subnet extends OutputProperties<SubnetOutputs> {}`.
 */
export type OutputProperties<Outputs> = {
  readonly [K in keyof Outputs]-?: pulumi.Output<Outputs[K]>;
};
