/**
 * The shape every one of the six operations has, so the function form (provider/actions/functions)
 * and the resource form (provider/actions/framework) run them the same way: check the arguments in two
 * steps (their types, then the request against the endpoint schemas), start, and optionally
 * wait for the job.
 */
import type { z } from "zod";
import { isUnavailable, warnServiceUnavailable } from "../../framework/service-unavailable";
import { pathIsUnknown } from "../../framework/unknowns";
import type { OperationContext } from "./context";
import type { OperationOutcome } from "./outcome";
import { dedupe, type ArgIssue } from "./wire-check";

/** One operation. `A` are its parsed arguments, `R` its own result. */
export interface Operation<A, R> {
  /** The operation in words, for messages: `backup restore`. */
  readonly title: string;
  /** The camelCase arguments' schema: types, enums and per-field limits. */
  readonly args: z.ZodType<A>;
  /**
   * The schema of the operation's own result, described: what an action resource records as
   * its `result` output, and what an action function answers as its `result`.
   */
  readonly result?: z.ZodType<R>;
  /**
   * The request the arguments make, checked with the endpoint's schemas, as issues at the
   * arguments' paths. Called only with arguments that passed {@link args}.
   */
  requestIssues(args: A): ArgIssue[];
  /**
   * Read-only checks of what the service knows about the objects the arguments name (they
   * exist), run before the operation starts and during preview. Arguments not known yet
   * (preview) are skipped. Absent where the service offers no read (docs/preview.md lists
   * what only `up` can find).
   */
  preflight?(ctx: OperationContext, args: A): Promise<ArgIssue[]>;
  /** What the operation acts on, for messages: `backup 6f1c… into server 9a2e…`. */
  target(args: A): string;
  /** Sends the request; the outcome is final when there is nothing to wait for. */
  start(ctx: OperationContext, args: A): Promise<OperationOutcome<R>>;
  /**
   * Waits until `outcome` is final; throws an `OperationFailedError` when the job fails or
   * the wait runs out. Absent for operations with nothing to wait for.
   */
  wait?(ctx: OperationContext, outcome: OperationOutcome<R>, args: A): Promise<OperationOutcome<R>>;
  /**
   * The outcome of the job `jobId` that an earlier run with `args` started, read once from the
   * service (nothing is sent that changes anything), so a caller whose process died mid-wait
   * can wait for that job instead of starting another. Absent where the service gives no job.
   */
  resume?(ctx: OperationContext, args: A, jobId: string): Promise<OperationOutcome<R>>;
}

/** The outcome of checking arguments: the issues, and the parsed arguments when their types passed. */
export interface ArgsCheck<T> {
  /** Every problem found (none: the arguments are good). */
  issues: ArgIssue[];
  /** The parsed arguments (defaults applied), when the schema accepted their types. */
  parsed: T | undefined;
}

/**
 * Checks `raw` with `schema` (the operation's arguments, or a superset such as a resource's
 * inputs), then, only when that passed, checks the request the arguments make. With
 * `allowUnknown` (preview), issues about values not known yet are dropped; they are checked
 * again once known.
 */
export function checkArgs<T extends A, A>(
  op: Operation<A, unknown>,
  schema: z.ZodType<T>,
  raw: Record<string, unknown>,
  allowUnknown = false,
): ArgsCheck<T> {
  const keep = (issue: ArgIssue) => !allowUnknown || !pathIsUnknown(raw, issue.path);
  const result = schema.safeParse(raw);
  if (!result.success) {
    const issues: ArgIssue[] = [];
    for (const issue of result.error.issues) {
      const path = issue.path.map((p) => (typeof p === "number" ? p : String(p)));
      if (issue.code === "unrecognized_keys") {
        for (const key of issue.keys) {
          issues.push({
            path: [...path, key],
            message: `unknown argument "${key}"; check its spelling against the documented arguments`,
          });
        }
      } else {
        issues.push({ path, message: issue.message });
      }
    }
    return { issues: dedupe(issues.filter(keep)), parsed: undefined };
  }
  return { issues: op.requestIssues(result.data).filter(keep), parsed: result.data };
}

/**
 * The issues {@link Operation.preflight} finds; none when the operation has no preflight or
 * the service cannot answer now (then one warning per process, and `up` finds the mistakes).
 */
export async function preflightIssues<A>(
  op: Operation<A, unknown>,
  ctx: OperationContext,
  args: A,
): Promise<ArgIssue[]> {
  if (op.preflight === undefined) return [];
  try {
    return await op.preflight(ctx, args);
  } catch (error) {
    if (!isUnavailable(error)) throw error;
    warnServiceUnavailable((error as Error).message);
    return [];
  }
}

/**
 * Starts the operation (or, given `resumeJobId`, reads the job an earlier run started) and,
 * when `wait` is true and there is a job, waits for it.
 */
export async function runOperation<A, R>(
  op: Operation<A, R>,
  ctx: OperationContext,
  args: A,
  wait: boolean,
  resumeJobId?: string,
): Promise<OperationOutcome<R>> {
  const started =
    resumeJobId === undefined || op.resume === undefined
      ? await op.start(ctx, args)
      : await op.resume(ctx, args, resumeJobId);
  if (!wait || started.finished || op.wait === undefined) return started;
  return op.wait(ctx, started, args);
}
