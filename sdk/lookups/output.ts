/**
 * The Output form of every lookup (`getFlavorsOutput` beside `getFlavors`): arguments may be
 * `pulumi.Input`s, and the result is a `pulumi.Output`. The lookup runs once every argument is
 * known, so during a preview whose arguments are still unknown the result is unknown too; a
 * secret argument makes the result secret.
 *
 * A failure rejects the Output with a {@link LookupError} (a `pulumi.RunError`), whatever
 * failed: given to a resource input, the rejection becomes the program's error, and only a
 * `RunError` is printed by its message alone (see provider/lookups/errors.ts).
 */
import * as pulumi from "@pulumi/pulumi";
import type { LookupOptions } from "../../provider/lookups/context";
import { asLookupError } from "../../provider/lookups/errors";

/**
 * The Output-form arguments of a lookup whose plain arguments are `T`: each may be a
 * `pulumi.Input`. `Date` values are not accepted here (Pulumi's output conversion does not keep
 * them); pass ISO 8601 text instead.
 */
export type LookupInputs<T> = { [K in keyof T]: pulumi.Input<Exclude<T[K], Date>> };

/**
 * Runs `lookup` once `args` are known and answers its result as an Output; a failure is a
 * {@link LookupError} named after the lookup function (e.g. `getFlavor`).
 */
export function lookupOutput<A extends object, R>(
  args: LookupInputs<A> | undefined,
  options: LookupOptions | undefined,
  lookup: (args: A, options?: LookupOptions) => Promise<R>,
): pulumi.Output<R> {
  return pulumi.output(args ?? {}).apply(async (plain) => {
    try {
      return await lookup(plain as A, options);
    } catch (error) {
      throw asLookupError(lookup.name || "lookup", error);
    }
  });
}
