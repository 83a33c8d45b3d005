/**
 * What every step of an action resource needs about its action, built once per resource from
 * its definition: who it is in messages, the operation's context for a call, the diff spec
 * (only `triggers` replaces), and the outputs that record a run.
 */
import type { z } from "zod";
import { plain } from "../../framework/dynamic-provider";
import { canonical, type DiffSpec } from "../../framework/diff-inputs";
import { parseDuration } from "../../framework/duration";
import { currentClient, currentSettings } from "../../runtime/context";
import { noteOnResource, showProgress } from "../../runtime/engine-log";
import { operationsProject, type OperationContext } from "../common/context";
import { DEFAULT_ACTION_TIMEOUT_MS } from "../common/inputs";
import type { Operation } from "../common/operation";
import type { OperationOutcome } from "../common/outcome";
import { OUTCOME_KEYS } from "./action-outputs";

/** The inputs every action resource has, besides its operation's arguments. */
export interface CommonInputs {
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

/** An action's definition with what its steps derive from it. */
export interface ActionKit<A, R> {
  /** The definition. */
  def: ActionDefinition<A, R>;
  /** Its operation. */
  op: Operation<A, R>;
  /** How inputs compare: every non-secret input, only `triggers` replaces. */
  diffSpec: DiffSpec;
  /** The resource in messages: type and the operation's target. */
  who(args: A): string;
  /** The operation's context for a call with these inputs. */
  contextFor(args: A & CommonInputs): OperationContext;
  /** The outputs that record a run: the inputs without secrets, and the outcome. */
  outputsOf(inputs: object, outcome: OperationOutcome<R>, error?: string): Record<string, unknown>;
}

/** `triggers` as compared: unset, `[]` and `{}` all mean "no triggers". */
export function normalTriggers(value: unknown): unknown {
  if (value === undefined || value === null) return null;
  if (Array.isArray(value) && value.length === 0) return null;
  if (typeof value === "object" && !Array.isArray(value) && Object.keys(value).length === 0) {
    return null;
  }
  return value;
}

/** The outcome a record holds (the outputs of the last run). */
export function recordedOutcome<R>(outs: Record<string, unknown>): OperationOutcome<R> {
  return {
    jobId: outs.jobId as string | undefined,
    status: String(outs.status ?? ""),
    finished: outs.finished === true,
    startedAt: String(outs.startedAt ?? ""),
    finishedAt: outs.finishedAt as string | undefined,
    result: outs.result as R,
  };
}

/** Builds the {@link ActionKit} of `def`. */
export function actionKit<A, R>(def: ActionDefinition<A, R>): ActionKit<A, R> {
  const op = def.operation;
  const secrets = new Set(def.secrets ?? []);
  const shape = (def.inputs as unknown as { shape?: Record<string, unknown> }).shape ?? {};
  const who = (args: A) => `${def.typeName} (${op.target(args)})`;
  return {
    def,
    op,
    diffSpec: {
      inputs: Object.keys(shape).filter((key) => !secrets.has(key)),
      replaceOn: ["triggers"],
      compare: {
        triggers: (next: unknown, olds: Record<string, unknown>) =>
          canonical(normalTriggers(next)) === canonical(normalTriggers(olds.triggers)),
      },
    },
    who,
    contextFor(args) {
      const text = args.timeouts?.create;
      return {
        client: currentClient(),
        projectId: operationsProject(args.projectId, currentSettings()),
        timeoutMs: text === undefined ? DEFAULT_ACTION_TIMEOUT_MS : parseDuration(text),
        progress: (message) => showProgress(who(args), message),
        notice: (message) => noteOnResource(who(args), message),
      };
    },
    outputsOf(inputs, outcome, error) {
      const kept = Object.entries(inputs).filter(
        ([key]) => !secrets.has(key) && !OUTCOME_KEYS.includes(key),
      );
      return plain({
        ...Object.fromEntries(kept),
        jobId: outcome.jobId,
        status: outcome.status,
        finished: outcome.finished,
        startedAt: outcome.startedAt,
        finishedAt: outcome.finishedAt,
        result: outcome.result,
        error,
      });
    },
  };
}
