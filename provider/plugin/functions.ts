/**
 * The plugin's functions (the engine's `Invoke`): every lookup and every action function as
 * `vmcloud:index:<name>` (`vmcloud:index:getFlavors`, `vmcloud:index:restoreBackup`), the name
 * the TypeScript SDK's function has, run from the same definitions (provider/lookups,
 * provider/actions/functions) with the provider's configured client and project:
 * - the arguments are taken under the schema's field names whichever spelling a nested field came
 *   in (a Python dict's `resource_id` is `resourceId`: argument-names.ts says why);
 * - the arguments are checked with the definition's own schema before anything is sent; a bad
 *   argument is answered as a check failure naming the argument, whose reason starts with the
 *   function's name and says what to do (the languages print `<token> invoke failed: <reason>
 *   (<argument>)`); any other failure is an error with the function's message;
 * - a secret argument makes every output secret (the engine leaves that to a provider that
 *   accepts secrets);
 * - an action function runs at every invoke the engine sends: during a preview (the request's
 *   `preview` flag) it checks its arguments, asks the service what it can tell, and answers
 *   `skipped: true`; during an update it runs (and by default waits). A program that calls one
 *   runs it at every `pulumi up`: the action resources are the form that runs once.
 */
import type { z } from "zod";
import { ActionError } from "../actions/functions/action-error";
import type { ActionFunctionDefinition } from "../actions/functions/define-function";
import { operationsProject } from "../actions/common/context";
import { runActionFunction } from "../actions/functions/run-function";
import type { LookupDefinition } from "../lookups/define-lookup";
import { LookupError } from "../lookups/errors";
import { currentClient, currentSettings } from "../runtime/context";
import { noteOnResource, showProgress } from "../runtime/engine-log";
import { pluginToken } from "../type-tokens";
import { argumentSchema, withSchemaNames } from "./argument-names";
import { secretKeys, unwrapSecrets, wrapSecrets } from "./secrets";

/** One function the plugin serves. */
export interface PluginFunction {
  /** Its token, `vmcloud:index:<name>`. */
  token: string;
  /** Its name, the TypeScript SDK's function's: `getFlavors`. */
  name: string;
  /** What it does, in one sentence. */
  description: string;
  /** Its arguments' schema (strict). */
  args: z.ZodType;
  /** Its answer's schema (an object). */
  result: z.ZodType;
  /** Arguments that are secrets. */
  secrets: readonly string[];
  /** Answers `args` (plain values); `preview` is the engine's flag. */
  call(args: Record<string, unknown>, preview: boolean): Promise<unknown>;
}

/** A check failure of an invoke: the argument at fault and why. */
export interface InvokeFailure {
  property: string;
  reason: string;
}

/** What an invoke answers: the outputs, or the failures of its arguments. */
export interface InvokeAnswer {
  outputs: Record<string, unknown>;
  failures: InvokeFailure[];
}

/** Where a lookup of the plugin finds the client and the default project: the configuration. */
const CONFIGURED = {
  client: currentClient,
  projectId: () => currentSettings().projectId,
};

function lookupFunction(lookup: LookupDefinition<unknown, unknown>): PluginFunction {
  return {
    token: pluginToken(lookup.name),
    name: lookup.name,
    description: lookup.description,
    args: lookup.args,
    result: lookup.result,
    secrets: [],
    call: (args) => lookup.run(args, {}, CONFIGURED),
  };
}

function actionFunction(
  action: ActionFunctionDefinition<z.ZodObject, unknown, unknown, unknown>,
): PluginFunction {
  return {
    token: pluginToken(action.name),
    name: action.name,
    description: action.description,
    args: action.args,
    result: action.result,
    secrets: action.secrets,
    call: (args, preview) =>
      runActionFunction(action, args, {
        client: currentClient,
        projectId: () => operationsProject(undefined, currentSettings()),
        preview,
        progress: (message) => showProgress(action.name, message),
        notice: (message) => noteOnResource(action.name, message),
      }),
  };
}

let served: ReadonlyMap<string, PluginFunction> | undefined;

/**
 * Every function the plugin serves, by token: the lookups, then the action functions. Their
 * modules are loaded on first use, so the plugin starts without them.
 */
export function pluginFunctions(): ReadonlyMap<string, PluginFunction> {
  if (served !== undefined) return served;
  /* eslint-disable @typescript-eslint/no-require-imports -- loaded on first use */
  const { LOOKUPS } = require("../lookups") as typeof import("../lookups");
  const { ACTION_FUNCTIONS } =
    require("../actions/functions/definitions") as typeof import("../actions/functions/definitions");
  /* eslint-enable @typescript-eslint/no-require-imports */
  const all = [
    ...LOOKUPS.map(lookupFunction),
    ...ACTION_FUNCTIONS.map((action) =>
      actionFunction(
        action as unknown as ActionFunctionDefinition<z.ZodObject, unknown, unknown, unknown>,
      ),
    ),
  ];
  served = new Map(all.map((fn) => [fn.token, fn]));
  return served;
}

/** The failures of a bad argument, or undefined for any other error. */
function argumentFailures(error: unknown): InvokeFailure[] | undefined {
  if (error instanceof LookupError && error.argument !== undefined && error.status === 0) {
    return [{ property: error.argument, reason: error.message }];
  }
  if (error instanceof ActionError && error.issues.length > 0) {
    return error.issues.map((issue) => ({
      property: issue.argument,
      reason: `${error.action}: ${issue.argument}: ${issue.message}; nothing was sent`,
    }));
  }
  return undefined;
}

/**
 * Runs the function `token` with the engine's `args` (secrets possibly wrapped): its outputs
 * (plain JSON, every one secret when an argument was), or the failures of its arguments.
 * Throws the function's error for any other failure, and for a token it does not serve.
 */
export async function invokeFunction(
  token: string,
  args: Record<string, unknown>,
  preview: boolean,
): Promise<InvokeAnswer> {
  const functions = pluginFunctions();
  const fn = functions.get(token);
  if (fn === undefined) {
    throw new Error(
      `vmcloud: no function ${token}; the plugin serves ${[...functions.keys()].join(", ")}`,
    );
  }
  let answer: unknown;
  try {
    const named = withSchemaNames(argumentSchema(fn.args), unwrapSecrets(args));
    answer = await fn.call(named as Record<string, unknown>, preview);
  } catch (error) {
    const failures = argumentFailures(error);
    if (failures === undefined) throw error;
    return { outputs: {}, failures };
  }
  // JSON drops what is undefined (a job id never given), which the wire cannot carry.
  const outputs = JSON.parse(JSON.stringify(answer)) as Record<string, unknown>;
  const secret = secretKeys(args).length > 0;
  return { outputs: secret ? wrapSecrets(outputs, Object.keys(outputs)) : outputs, failures: [] };
}
