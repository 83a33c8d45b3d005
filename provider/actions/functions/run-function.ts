/**
 * How every action function runs, whoever serves it: check the arguments (their types, then the
 * request they make against the endpoint schemas) before anything is sent; during a preview stop
 * there and answer `{ skipped: true }` once the service has said the objects named exist (where
 * it can tell: see `Operation.preflight`); otherwise call the operation, optionally wait for its
 * job, and answer the outcome. Failures become `ActionError`s naming the function. Who runs it
 * says where the client, the default project and progress go, and whether this is a preview:
 * the SDK from the program (`pulumi.runtime.isDryRun()`), the plugin from the engine's invoke
 * request.
 */
import type { z } from "zod";
import type { VmCloudClient } from "../../client";
import { parseDuration } from "../../framework/duration";
import type { OperationContext } from "../common/context";
import { DEFAULT_ACTION_TIMEOUT_MS } from "../common/inputs";
import { checkArgs, preflightIssues, runOperation } from "../common/operation";
import { OperationFailedError } from "../common/outcome";
import { pathText, type ArgPath } from "../common/wire-check";
import { ActionError } from "./action-error";
import type { ActionFunctionDefinition } from "./define-function";
import type { ActionResult, ActionSkipped } from "./function-result";

/** Where an action function runs: what its caller provides. */
export interface FunctionSurroundings {
  /** The client to call through; throws a message naming the setting to set when it cannot be built. */
  client(): VmCloudClient;
  /**
   * The operations project when the arguments give none: `vmcloud:operationsProjectId`, else
   * `vmcloud:projectId` without its dashes; throws a message naming them when neither is set.
   */
  projectId(): string;
  /** True during a preview: the arguments are checked, nothing is sent. */
  preview: boolean;
  /** Shows a progress line while a job is waited for. */
  progress(message: string): void;
  /** Tells something the user must still be able to read after the run. */
  notice(message: string): void;
  /** Aborts the requests and the wait. */
  signal?: AbortSignal;
}

/** The answer of a function during a preview: checked, not run. */
function skipped(name: string): ActionSkipped {
  return {
    skipped: true,
    reason: `${name} does not run during a preview; the arguments were checked and nothing was sent`,
  };
}

/** Runs one call of the action function `def` with the program's `args`; see the module comment. */
export async function runActionFunction<S extends z.ZodObject, A, R, Out>(
  def: ActionFunctionDefinition<S, A, R, Out>,
  args: unknown,
  where: FunctionSurroundings,
): Promise<ActionResult<Out>> {
  const { name, operation: op } = def;
  const raw = args ?? {};
  if (typeof raw !== "object" || Array.isArray(raw)) {
    throw new ActionError({
      action: name,
      detail: `the arguments must be an object, got ${Array.isArray(raw) ? "an array" : typeof raw}; nothing was sent`,
    });
  }
  const rename = def.toArgumentPath ?? ((path: ArgPath) => path);
  const { issues, parsed } = checkArgs(op, def.schema, raw as Record<string, unknown>);
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
  const opArgs = (def.toOperation ?? ((a: A) => a))(parsed);
  let ctx: OperationContext;
  try {
    ctx = {
      client: where.client(),
      projectId: parsed.projectId ?? where.projectId(),
      timeoutMs:
        parsed.timeout === undefined ? DEFAULT_ACTION_TIMEOUT_MS : parseDuration(parsed.timeout),
      progress: where.progress,
      notice: where.notice,
      ...(where.signal === undefined ? {} : { signal: where.signal }),
    };
  } catch (error) {
    if (where.preview) return skipped(name);
    throw new ActionError({
      action: name,
      detail: `${error instanceof Error ? error.message : String(error)}; nothing was sent`,
      cause: error,
    });
  }
  // What the service can tell about the objects named (reads only), in a preview too.
  const found = await preflightIssues(op, ctx, opArgs);
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
  if (where.preview) return skipped(name);
  try {
    const outcome = await runOperation(
      op,
      ctx,
      opArgs,
      def.wait(parsed),
      def.resumeJobId?.(parsed),
    );
    const result =
      def.answer === undefined ? (outcome.result as unknown as Out) : def.answer(outcome.result);
    return { skipped: false, ...outcome, result };
  } catch (error) {
    if (error instanceof OperationFailedError) {
      throw new ActionError({
        action: name,
        detail: `${error.message} (${op.target(opArgs)})`,
        ...(error.jobId === undefined ? {} : { jobId: error.jobId }),
        reason: error.reason,
        cause: error,
      });
    }
    const message = error instanceof Error ? error.message : String(error);
    throw new ActionError({
      action: name,
      detail: `${op.title} of ${op.target(opArgs)} failed: ${message}`,
      cause: error,
    });
  }
}
