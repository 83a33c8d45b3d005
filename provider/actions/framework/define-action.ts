/**
 * Turns one operation into the dynamic provider of its action resource (DESIGN rule 8), in the
 * manner of pulumi-command's `Command` with `triggers`:
 * - check: the inputs' types, then the request they make against the endpoint schemas;
 *   values unknown during preview pass; `waitForCompletion` defaults to true where it applies;
 * - create: runs the operation once (and waits for its job unless told not to); the outputs
 *   are the inputs without secrets plus the outcome (job id, status, times, result);
 * - diff: a change of `triggers` replaces the resource, which runs the operation again; a
 *   change of any other input is an in-place update that only records the new inputs (the
 *   operation does not run again: these operations restore, restart and migrate, and must not
 *   repeat because an argument was edited);
 * - read (refresh): returns the recorded outputs, with no request;
 * - delete: forgets the record; nothing is sent to the cloud.
 * A job that fails is recorded (as a `ResourceInitError`), and every later `up` reports the
 * failure again until the triggers change; a wait that ran out of time, or whose polling
 * failed, is recorded unfinished and resumed by the next `up` without starting the operation
 * again.
 */
import { randomUUID } from "node:crypto";
import type { z } from "zod";
import { ApiError } from "../../client";
import { plain, type DynamicProvider } from "../../framework/dynamic-provider";
import { canonical, diffInputs } from "../../framework/diff-inputs";
import { ResourceInitError } from "../../framework/provider-error";
import { parseDuration } from "../../framework/duration";
import { configureRuntime, currentClient, currentSettings } from "../../runtime/context";
import { operationsProject, type OperationContext } from "../common/context";
import { DEFAULT_ACTION_TIMEOUT_MS } from "../common/inputs";
import { checkArgs, type Operation } from "../common/operation";
import { OperationFailedError, type OperationOutcome } from "../common/outcome";
import { pathText } from "../common/wire-check";

/** The inputs every action resource has, besides its operation's arguments. */
interface CommonInputs {
  projectId?: string | undefined;
  waitForCompletion?: boolean | undefined;
  triggers?: unknown;
  timeouts?: { create?: string | undefined } | undefined;
}

/** One action resource: its operation, input schema and secrets. */
export interface ActionDefinition<A, R> {
  /** The SDK class name, e.g. `NodeMigration`. */
  typeName: string;
  /** The operation the resource runs. */
  operation: Operation<A, R>;
  /** The resource's inputs: the operation's arguments plus `triggers` and `timeouts`. */
  inputs: z.ZodType<A & CommonInputs>;
  /** Defaults applied to inputs left unset (e.g. `waitForCompletion: true`). */
  defaults?: Readonly<Record<string, unknown>>;
  /** Inputs that are secrets: never in outputs, never compared, never shown. */
  secrets?: readonly string[];
}

/** Properties the engine adds that are not inputs. */
function strip(props: Record<string, unknown> | undefined): Record<string, unknown> {
  const { __provider: _ignored, ...rest } = props ?? {};
  return rest;
}

/** `triggers` as compared: unset, `[]` and `{}` all mean "no triggers". */
function normalTriggers(value: unknown): unknown {
  if (value === undefined || value === null) return null;
  if (Array.isArray(value) && value.length === 0) return null;
  if (typeof value === "object" && !Array.isArray(value) && Object.keys(value).length === 0) {
    return null;
  }
  return value;
}

/** Inputs that tune the provider only: a change of them alone is not worth a notice. */
const LOCAL_INPUTS = ["waitForCompletion", "timeouts"];

/** Outcome fields of the outputs (everything else is an input). */
const OUTCOME_KEYS = ["jobId", "status", "finished", "startedAt", "finishedAt", "result", "error"];

/** Builds the dynamic provider of one action resource. */
export function defineAction<A, R>(def: ActionDefinition<A, R>): DynamicProvider {
  const op = def.operation;
  const secrets = new Set(def.secrets ?? []);
  const shape = (def.inputs as unknown as { shape?: Record<string, unknown> }).shape ?? {};
  const inputKeys = Object.keys(shape).filter((key) => !secrets.has(key));
  const diffSpec = {
    inputs: inputKeys,
    replaceOn: ["triggers"],
    compare: {
      triggers: (next: unknown, olds: Record<string, unknown>) =>
        canonical(normalTriggers(next)) === canonical(normalTriggers(olds.triggers)),
    },
  };

  const publicInputs = (inputs: object) => {
    const out: Record<string, unknown> = {};
    for (const [key, value] of Object.entries(inputs)) {
      if (!secrets.has(key) && !OUTCOME_KEYS.includes(key)) out[key] = value;
    }
    return out;
  };
  const outputsOf = (
    inputs: object,
    outcome: OperationOutcome<R>,
    error?: string,
  ): Record<string, unknown> =>
    plain({
      ...publicInputs(inputs),
      jobId: outcome.jobId,
      status: outcome.status,
      finished: outcome.finished,
      startedAt: outcome.startedAt,
      finishedAt: outcome.finishedAt,
      result: outcome.result,
      error,
    });
  const recordedOutcome = (outs: Record<string, unknown>): OperationOutcome<R> => ({
    jobId: outs.jobId as string | undefined,
    status: String(outs.status ?? ""),
    finished: outs.finished === true,
    startedAt: String(outs.startedAt ?? ""),
    finishedAt: outs.finishedAt as string | undefined,
    result: outs.result as R,
  });

  const who = (args: A) => `${def.typeName} (${op.target(args)})`;
  const contextFor = (args: A & CommonInputs): OperationContext => {
    const settings = currentSettings();
    const text = args.timeouts?.create;
    return {
      client: currentClient(),
      projectId: operationsProject(args.projectId, settings),
      timeoutMs: text === undefined ? DEFAULT_ACTION_TIMEOUT_MS : parseDuration(text),
      progress(message) {
        // The dynamic-provider host has no engine connection; stderr reaches the CLI's output.
        process.stderr.write(`vmcloud: ${who(args)}: ${message}\n`);
      },
    };
  };

  /** The error for a run that failed or timed out: the record stays, with the outcome seen. */
  const recorded = (
    args: A & CommonInputs,
    id: string,
    error: OperationFailedError<R>,
  ): ResourceInitError => {
    const next =
      error.kind === "failed"
        ? "The outcome is recorded in the stack; the operation does not run again until its triggers change."
        : "The outcome so far is recorded in the stack; the next `pulumi up` waits for the job again " +
          "(it does not start the operation again).";
    return new ResourceInitError(
      `${who(args)}: ${error.message}. ${next}`,
      id,
      outputsOf(args, error.outcome, error.message),
    );
  };

  /** Any other failure: nothing ran (or nothing is known to have run), so nothing is recorded. */
  const failed = (args: A, step: string, error: unknown): Error => {
    const message = error instanceof Error ? error.message : String(error);
    const hint =
      error instanceof ApiError && (error.status === 401 || error.status === 403)
        ? " (check vmcloud:token, or vmcloud:accessKey and vmcloud:secretKey, and the project: projectId or vmcloud:operationsProjectId)"
        : error instanceof ApiError && error.status === 409
          ? " (another operation is running on the same object: wait for it, then run `pulumi up` again)"
          : "";
    const wrapped = new Error(`${who(args)}: ${step} failed: ${message}${hint}`);
    (wrapped as Error & { cause?: unknown }).cause = error;
    return wrapped;
  };

  return {
    async configure(req) {
      configureRuntime(req.config);
    },

    async check(_olds, news) {
      const raw: Record<string, unknown> = { ...strip(news) };
      for (const [key, value] of Object.entries(def.defaults ?? {})) {
        if (raw[key] === undefined) raw[key] = value;
      }
      const { issues } = checkArgs(op, def.inputs, raw, true);
      return {
        inputs: plain({ ...raw, __provider: news.__provider }),
        failures: issues.map((issue) => ({
          property: pathText(issue.path),
          reason: issue.message,
        })),
      };
    },

    async diff(_id, olds, news) {
      const outcome = diffInputs(diffSpec, strip(olds), strip(news));
      return {
        changes: outcome.changes,
        replaces: outcome.replaces,
        stables: outcome.stables,
        deleteBeforeReplace: false,
      };
    },

    async create(inputs) {
      const args = strip(inputs) as A & CommonInputs;
      let ctx: OperationContext;
      let started: OperationOutcome<R>;
      try {
        ctx = contextFor(args);
        started = await op.start(ctx, args);
      } catch (error) {
        // It ran and answered a failure (e.g. a restart whose result is not a success).
        if (error instanceof OperationFailedError) {
          throw recorded(
            args,
            error.outcome.jobId ?? randomUUID(),
            error as OperationFailedError<R>,
          );
        }
        throw failed(args, op.title, error);
      }
      const id = started.jobId ?? randomUUID();
      if (args.waitForCompletion === false || started.finished || op.wait === undefined) {
        return { id, outs: outputsOf(args, started) };
      }
      try {
        return { id, outs: outputsOf(args, await op.wait(ctx, started, args)) };
      } catch (error) {
        if (error instanceof OperationFailedError) {
          throw recorded(args, id, error as OperationFailedError<R>);
        }
        // The operation started: record it unfinished, so the next `up` waits instead of
        // starting it a second time.
        const message = error instanceof Error ? error.message : String(error);
        throw new ResourceInitError(
          `${who(args)}: the ${op.title} started, but waiting for it failed: ${message}. ` +
            "It is recorded in the stack as unfinished; the next `pulumi up` waits for it again " +
            "(it does not start the operation again)",
          id,
          outputsOf(args, started, `waiting failed: ${message}`),
        );
      }
    },

    async read(id, props) {
      const previous = strip(props);
      if (Object.keys(previous).length === 0) {
        throw new Error(
          `${def.typeName} ${id} cannot be imported: it records one run of an operation, which the ` +
            "cloud keeps no object for. Declare it in the program instead (it runs once when created)",
        );
      }
      // Refresh never calls the cloud: the record is what ran, and stays as it is.
      return { id, props: plain(previous) };
    },

    async update(id, olds, news) {
      const prev = strip(olds);
      const args = strip(news) as A & CommonInputs;
      let outcome = recordedOutcome(prev);
      // Inputs that only tune the provider (how long, whether to wait) run nothing anyway.
      const changed = diffInputs(diffSpec, prev, args as Record<string, unknown>).changed.filter(
        (key) => !LOCAL_INPUTS.includes(key),
      );
      if (changed.length > 0) {
        process.stderr.write(
          `vmcloud: ${who(args)}: ${changed.join(", ")} changed and triggers did not: the new ` +
            "inputs are recorded, the operation does not run again (change triggers to run it)\n",
        );
      }
      const lastError = typeof prev.error === "string" ? prev.error : undefined;
      if (lastError !== undefined && outcome.finished) {
        // The failed run stays failed: `up` reports it until the triggers change.
        throw new ResourceInitError(
          `${who(args)}: the last run failed: ${lastError}. Change triggers to run the operation again`,
          id,
          outputsOf(args, outcome, lastError),
        );
      }
      let resumed = false;
      if (!outcome.finished && args.waitForCompletion !== false && op.wait !== undefined) {
        // A wait that ran out (or was not asked for) is resumed; the operation is not re-sent.
        // The job lives in the project it ran in, whatever projectId says now.
        const ranWith = { ...args, projectId: prev.projectId } as A & CommonInputs;
        resumed = true;
        try {
          outcome = await op.wait(contextFor(ranWith), outcome, prev as A);
        } catch (error) {
          if (error instanceof OperationFailedError) {
            throw recorded(args, id, error as OperationFailedError<R>);
          }
          throw failed(args, `waiting for ${op.title}`, error);
        }
      }
      return { outs: outputsOf(args, outcome, resumed ? undefined : lastError) };
    },

    async delete() {
      // Nothing to delete: the operation's effect stays in the cloud; only the record goes.
    },
  };
}
