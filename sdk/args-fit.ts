/**
 * The compile-time check the SDK's argument helpers share: a public argument type and the zod
 * schema that checks those arguments at run time must describe the same arguments (see
 * provider/resources/framework/args-match.ts), so the two cannot drift.
 */
import type { ArgsMatchSchema } from "../provider/resources/framework/args-match";

/**
 * `unknown` when `Args` describes exactly `Schema` (a zod input or output type); otherwise an
 * object naming what differs, which a parameter typed `T & FitsArgs<…>` then refuses.
 */
export type FitsArgs<Args, Schema> =
  ArgsMatchSchema<Args, Schema> extends true ? unknown : { args: ArgsMatchSchema<Args, Schema> };
