/**
 * The action functions (DESIGN rule 8's function form) as protocol-free definitions: each names
 * its operation, the arguments a program writes (the operation's, plus `timeout` where it
 * waits and `resumeJobId` where it starts a job), how those become the operation's arguments,
 * whether to wait, and the schema of what it answers. The TypeScript SDK serves each one as a
 * function (sdk/actions), the provider plugin as `vmcloud:index:<name>`
 * (provider/plugin/functions.ts); both run it with run-function.ts.
 */
import type { z } from "zod";
import { functionFields, jobFunctionFields } from "../common/inputs";
import type { Operation } from "../common/operation";
import type { ArgPath } from "../common/wire-check";
import { actionResultSchema } from "./function-result";

/**
 * One action function. `S` is the schema of its arguments as a program writes them, `A` the
 * operation's arguments, `R` the operation's result and `Out` the function's (its `result`).
 */
export interface ActionFunctionDefinition<S extends z.ZodObject, A, R, Out = R> {
  /** The function's name, e.g. `restoreBackup` (the SDK's function, the plugin's token's name). */
  readonly name: string;
  /** What it does, in one sentence (the plugin's schema says it). */
  readonly description: string;
  /** The operation it runs. */
  readonly operation: Operation<A, R>;
  /** The arguments as a program writes them: strict, each field described. */
  readonly args: S;
  /**
   * The schema that checks the arguments and answers the operation's (default `args` itself;
   * a transform where the function's arguments are not the operation's).
   */
  readonly schema: z.ZodType<A & { timeout?: string | undefined; projectId?: string | undefined }>;
  /** The arguments the operation takes, from the checked ones (default: the same). */
  readonly toOperation?: (args: A) => A;
  /** The argument path the program wrote, from the operation's (default: the same). */
  readonly toArgumentPath?: (path: ArgPath) => ArgPath;
  /** Whether to wait for the operation's end, given the checked arguments. */
  wait(args: A): boolean;
  /** The job an earlier call started, to wait for instead of sending the operation (none: send it). */
  resumeJobId?(args: A): string | undefined;
  /** The function's result, from the operation's (default: the operation's). */
  readonly answer?: (result: R) => Out;
  /** What the function answers, as one object (see function-result.ts). */
  readonly result: z.ZodType;
  /** Arguments that are secrets: sent, never answered, logged or shown. */
  readonly secrets: readonly string[];
}

/** What every builder takes: the name, the description and the operation. */
interface Basics<A, R> {
  name: string;
  description: string;
  operation: Operation<A, R> & { readonly result: z.ZodType<R> };
  secrets?: readonly string[];
}

/**
 * An action function whose arguments are `args` (or `schema`'s, transformed), that waits when
 * `wait` says so. The builders below make the usual ones.
 */
export function actionFunction<S extends z.ZodObject, A, R, Out = R>(
  spec: Basics<A, R> & {
    args: S;
    schema?: z.ZodType<A & { timeout?: string | undefined; projectId?: string | undefined }>;
    toOperation?: (args: A) => A;
    toArgumentPath?: (path: ArgPath) => ArgPath;
    wait: (args: A) => boolean;
    resumeJobId?: (args: A) => string | undefined;
    answer?: (result: R) => Out;
    result?: z.ZodType<Out>;
  },
): ActionFunctionDefinition<S, A, R, Out> {
  const { operation } = spec;
  return {
    ...spec,
    schema: spec.schema ?? (spec.args as z.ZodType as ActionFunctionDefinition<S, A, R>["schema"]),
    result: actionResultSchema(spec.result ?? (operation.result as z.ZodType)),
    secrets: spec.secrets ?? [],
  };
}

/** The arguments' schema of a function whose operation takes `S`, plus the fields `F`. */
type WithFields<S extends z.ZodObject, F extends z.core.$ZodLooseShape> = z.ZodObject<
  z.core.util.Extend<S["shape"], z.core.util.Writeable<F>>,
  S["_zod"]["config"]
>;

/** The arguments every waiting function checks besides its operation's. */
interface WaitFlags {
  waitForCompletion?: boolean | undefined;
  resumeJobId?: string | undefined;
}

/**
 * The function that runs `operation` with `fields` besides its arguments, and waits for it to
 * end unless `waitForCompletion` is false.
 */
function withFields<F extends z.core.$ZodLooseShape>(fields: F) {
  return <S extends z.ZodObject, R>(
    spec: Basics<z.output<S>, R> & { operation: { readonly args: S } },
  ): ActionFunctionDefinition<WithFields<S, F>, z.output<S>, R> =>
    actionFunction<WithFields<S, F>, z.output<S>, R>({
      ...spec,
      args: spec.operation.args.extend(fields) as WithFields<S, F>,
      wait: (a) => (a as WaitFlags).waitForCompletion !== false,
      resumeJobId: (a) => (a as WaitFlags).resumeJobId,
    });
}

/**
 * The function that runs `operation` and then waits for it to end unless `waitForCompletion`
 * is false; its arguments are the operation's plus `timeout`.
 */
export const waitingFunction = withFields(functionFields);

/**
 * {@link waitingFunction} for an operation that starts a job: its arguments also take
 * `resumeJobId`, which waits for the job an earlier call started instead of sending another.
 */
export const jobFunction = withFields(jobFunctionFields);
