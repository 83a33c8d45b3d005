/**
 * How every action function runs: check the arguments (their types, then the request they make
 * against the endpoint schemas) before anything is sent; during `pulumi preview` stop there and
 * answer `{ skipped: true }` once the service has said the objects named exist (where it can
 * tell: see `Operation.preflight`); otherwise call the operation through the program's client (or one
 * given), optionally wait for its job, and answer the outcome. Failures become `ActionError`s.
 */
import * as pulumi from "@pulumi/pulumi";
import type { z } from "zod";
import { operationsProject, type OperationContext } from "../../provider/actions/common/context";
import {
  DEFAULT_ACTION_TIMEOUT_MS,
  functionFields,
  jobFunctionFields,
} from "../../provider/actions/common/inputs";
import {
  checkArgs,
  preflightIssues,
  runOperation,
  type Operation,
} from "../../provider/actions/common/operation";
import { OperationFailedError } from "../../provider/actions/common/outcome";
import { pathText, type ArgPath } from "../../provider/actions/common/wire-check";
import type { VmCloudClient } from "../../provider/client";
import { parseDuration } from "../../provider/framework/duration";
import type { FitsArgs } from "../args-fit";
import { getProgramClient, getProgramProjectId, programSettings } from "../program-client";
import { ActionError } from "./action-error";

/** Options of every action function. */
export interface ActionOptions {
  /**
   * The client to call through. Default: the program's shared client, built from the stack
   * config (`vmcloud:endpoint`, `vmcloud:token`, …) or the `VMCLOUD_*` environment variables.
   */
  client?: VmCloudClient;
  /** Aborts the requests and the wait. */
  signal?: AbortSignal;
  /**
   * Receives progress lines while a job is waited for. Default: `pulumi.log.info` inside a
   * Pulumi program, nothing elsewhere.
   */
  onProgress?: (message: string) => void;
}

/** The arguments every action function takes besides its operation's. */
export interface ActionFunctionArgs {
  /**
   * Operations project id (32 lowercase hex characters). Default: `vmcloud:operationsProjectId`,
   * else `vmcloud:projectId` without its dashes.
   */
  projectId?: string;
}

/** The arguments of the action functions whose operation can be waited for, besides its own. */
export interface WaitingFunctionArgs extends ActionFunctionArgs {
  /** Wait until the operation ends (its job, where it starts one), and fail when it fails. Default true. */
  waitForCompletion?: boolean;
  /** Longest wait, e.g. `"30m"`. Default 20m. */
  timeout?: string;
}

/** The arguments of the action functions whose operation starts a job, besides its own. */
export interface JobFunctionArgs extends WaitingFunctionArgs {
  /**
   * The job an earlier call with these arguments started (its `jobId`): nothing is sent; the
   * function waits for that job (or reads its end) and answers its outcome. For a caller whose
   * process died while it waited: calling again without it would run the operation again.
   */
  resumeJobId?: string;
}

/** An action that ran: the same outcome fields as the action resources' outputs. */
export interface ActionRan<R> {
  /** False: the operation ran. */
  skipped: false;
  /** The job id, when the service gave one. */
  jobId: string | undefined;
  /** The status in the service's words (`success`, `Success`, …), or `accepted`. */
  status: string;
  /** True when the status is final (the job ended, or there is no job). */
  finished: boolean;
  /** When the request was sent (ISO 8601). */
  startedAt: string;
  /** When the end was seen (ISO 8601); undefined while not finished. */
  finishedAt: string | undefined;
  /** The operation's own result. */
  result: R;
}

/** An action that did not run because this is a preview (`pulumi preview`, or `up`'s preview). */
export interface ActionSkipped {
  /** True: nothing was sent. */
  skipped: true;
  /** Why: always a preview; the arguments were checked. */
  reason: string;
}

/** What an action function answers: {@link ActionRan}, or {@link ActionSkipped} in a preview. */
export type ActionResult<R> = ActionRan<R> | ActionSkipped;

/** One call of an action function. */
export interface ActionCall<A, R> {
  /** The function's public name, e.g. `restoreBackup`. */
  name: string;
  /** The operation it runs. */
  operation: Operation<A, R>;
  /** The function's argument schema (the operation's, plus `timeout` where there is a job). */
  schema: z.ZodType<A & { timeout?: string | undefined; projectId?: string | undefined }>;
  /** The arguments as the program gave them. */
  args: unknown;
  /** The arguments the operation takes, from the function's (default: the same). */
  toOperation?: (args: A) => A;
  /** The argument path the program wrote, from the operation's (default: the same). */
  toArgumentPath?: (path: ArgPath) => ArgPath;
  /** Whether to wait for the job. */
  wait: (args: A) => boolean;
  /** The job an earlier call started, to wait for instead of sending the operation (none: send it). */
  resumeJobId?: (args: A) => string | undefined;
  options: ActionOptions | undefined;
  /** Run during a preview too (reads only). */
  runDuringPreview?: boolean;
}

/** An action function: checks its arguments before anything is sent, then runs its operation. */
export type ActionFunction<Args, R, Options extends ActionOptions = ActionOptions> = (
  args: Args,
  options?: Options,
) => Promise<ActionResult<R>>;

/** What makes an action function: an {@link ActionCall} without the caller's arguments. */
export interface ActionFunctionSpec<A, R, Options> extends Omit<
  ActionCall<A, R>,
  "args" | "options" | "runDuringPreview"
> {
  /** Whether these options ask to run during a preview too (reads only). Default: never. */
  runDuringPreview?: (options: Options | undefined) => boolean;
}

/**
 * The action function that takes `Args` (the program's argument type) and `Options`, and
 * runs `spec` with them. Each function is exported as a constant tagged `@function`, which
 * TypeDoc documents as a function.
 */
export function actionFunction<Args, Options extends ActionOptions = ActionOptions>() {
  return <A, R>(spec: ActionFunctionSpec<A, R, Options>): ActionFunction<Args, R, Options> =>
    (args, options) =>
      runAction({
        ...spec,
        args,
        options,
        runDuringPreview: spec.runDuringPreview?.(options) === true,
      });
}

/**
 * The arguments' schema of a waiting function whose operation takes `S`: `S` plus `F` (`timeout`,
 * and `resumeJobId` where the operation starts a job).
 */
type WaitingSchema<S extends z.ZodObject, F extends z.core.$ZodLooseShape> = z.ZodObject<
  z.core.util.Extend<S["shape"], z.core.util.Writeable<F>>,
  S["_zod"]["config"]
>;

/**
 * The action function named `name` that takes `Args` and runs `operation` with `fields`
 * (`timeout`, and `resumeJobId` where the operation starts a job) besides its arguments, then
 * waits for it to end unless `waitForCompletion` is false.
 */
function withFields<Args extends WaitingFunctionArgs, F extends z.core.$ZodLooseShape>(fields: F) {
  return <S extends z.ZodObject, R>(
    spec: {
      name: string;
      operation: Operation<NoInfer<z.output<S>>, R> & { readonly args: S };
    } & FitsArgs<Args, z.input<WaitingSchema<S, F>>>,
  ): ActionFunction<Args, R> => {
    const schema = spec.operation.args.extend(fields) as WaitingSchema<S, F>;
    return actionFunction<Args>()<z.output<S>, R>({
      name: spec.name,
      operation: spec.operation,
      schema: schema as z.ZodType as ActionCall<z.output<S>, R>["schema"],
      // `Args`, which the schema fits, extends WaitingFunctionArgs: the fields are there.
      wait: (a) => (a as WaitingFunctionArgs).waitForCompletion !== false,
      resumeJobId: (a) => (a as JobFunctionArgs).resumeJobId,
    });
  };
}

/**
 * The action function named `name` that takes `Args` and runs `operation`, then waits for it
 * to end unless `waitForCompletion` is false. Its arguments are the operation's plus `timeout`;
 * `Args` must describe exactly those, or this does not compile.
 */
export function waitingFunction<Args extends WaitingFunctionArgs>() {
  return withFields<Args, typeof functionFields>(functionFields);
}

/**
 * {@link waitingFunction} for an operation that starts a job: its arguments also take
 * `resumeJobId`, which waits for the job an earlier call started instead of sending another.
 */
export function jobFunction<Args extends JobFunctionArgs>() {
  return withFields<Args, typeof jobFunctionFields>(jobFunctionFields);
}

function programProject(given: string | undefined): string {
  if (given !== undefined) return given;
  return operationsProject(undefined, {
    operationsProjectId: programSettings().operationsProjectId,
    projectId: getProgramProjectId(),
  });
}

function progressSink(options: ActionOptions | undefined): (message: string) => void {
  if (options?.onProgress !== undefined) return options.onProgress;
  return (message) => {
    if (pulumi.runtime.hasEngine()) void pulumi.log.info(message);
  };
}

/** The answer of a function during a preview: checked, not run. */
function skipped(name: string): ActionSkipped {
  return {
    skipped: true,
    reason: `${name} does not run during a preview; the arguments were checked and nothing was sent`,
  };
}

/** Runs one action function call; see the module comment. */
export async function runAction<A, R>(call: ActionCall<A, R>): Promise<ActionResult<R>> {
  const { name, operation: op } = call;
  const raw = call.args ?? {};
  if (typeof raw !== "object" || Array.isArray(raw)) {
    throw new ActionError({
      action: name,
      detail: `the arguments must be an object, got ${Array.isArray(raw) ? "an array" : typeof raw}; nothing was sent`,
    });
  }
  const rename = call.toArgumentPath ?? ((path: ArgPath) => path);
  const { issues, parsed } = checkArgs(op, call.schema, raw as Record<string, unknown>);
  if (issues.length > 0 || parsed === undefined) {
    const named = issues.map((issue) => ({
      argument: pathText(rename(issue.path)),
      message: issue.message,
    }));
    throw new ActionError({
      action: name,
      detail: `invalid arguments, nothing was sent: ${named.map((i) => `${i.argument}: ${i.message}`).join("; ")}`,
      issues: named,
    });
  }
  const args = (call.toOperation ?? ((a: A) => a))(parsed);
  const preview = !call.runDuringPreview && pulumi.runtime.isDryRun();
  let ctx: OperationContext;
  try {
    ctx = {
      client: call.options?.client ?? getProgramClient(),
      projectId: programProject(parsed.projectId),
      timeoutMs:
        parsed.timeout === undefined ? DEFAULT_ACTION_TIMEOUT_MS : parseDuration(parsed.timeout),
      progress: progressSink(call.options),
      notice: progressSink(call.options),
      ...(call.options?.signal === undefined ? {} : { signal: call.options.signal }),
    };
  } catch (error) {
    if (preview) return skipped(name);
    throw new ActionError({
      action: name,
      detail: `${error instanceof Error ? error.message : String(error)}; nothing was sent`,
      cause: error,
    });
  }
  // What the service can tell about the objects named (reads only), in a preview too.
  const found = await preflightIssues(op, ctx, args);
  if (found.length > 0) {
    const named = found.map((issue) => ({
      argument: pathText(rename(issue.path)),
      message: issue.message,
    }));
    throw new ActionError({
      action: name,
      detail: `nothing was sent: ${named.map((i) => `${i.argument}: ${i.message}`).join("; ")}`,
      issues: named,
    });
  }
  if (preview) return skipped(name);
  try {
    const outcome = await runOperation(
      op,
      ctx,
      args,
      call.wait(parsed),
      call.resumeJobId?.(parsed),
    );
    return { skipped: false, ...outcome };
  } catch (error) {
    if (error instanceof OperationFailedError) {
      throw new ActionError({
        action: name,
        detail: `${error.message} (${op.target(args)})`,
        ...(error.jobId === undefined ? {} : { jobId: error.jobId }),
        reason: error.reason,
        cause: error,
      });
    }
    const message = error instanceof Error ? error.message : String(error);
    throw new ActionError({
      action: name,
      detail: `${op.title} of ${op.target(args)} failed: ${message}`,
      cause: error,
    });
  }
}
