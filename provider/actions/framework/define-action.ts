/**
 * Turns one operation into the lifecycle of its action's run (DESIGN rule 8; served by the
 * dynamic provider and the plugin, provider/framework/lifecycle.ts), in the
 * manner of pulumi-command's `Command` with `triggers`:
 * - check: the inputs' types, then the request they make against the endpoint schemas, then
 *   what the service can tell about the objects named (action-preflight.ts);
 *   values unknown during preview pass; `waitForCompletion` defaults to true where the
 *   operation has it;
 * - create: sends the operation once and records its start without waiting (the outputs are
 *   the inputs without secrets plus the outcome: job id, status, time; action-outputs.ts has
 *   their schema); the wait for its job is a second resource, `ActionWait`
 *   (define-action-wait.ts), so the engine has recorded the run before the long wait begins and
 *   an `up` killed mid-wait never sends it again;
 * - diff: a change of `triggers` replaces the resource, which runs the operation again; a
 *   change of any other input is an in-place update that only records the new inputs (the
 *   operation does not run again: these operations restore, restart and migrate, and must not
 *   repeat because an argument was edited);
 * - read (refresh): returns the recorded outputs, with no request;
 * - delete: forgets the record; nothing is sent to the cloud.
 * A run whose start answered a failure is recorded (as a `ResourceInitError`), and every later
 * `up` reports the failure again until the triggers change.
 */
import type { z } from "zod";
import { plain } from "../../framework/dynamic-provider";
import type { Lifecycle } from "../../framework/lifecycle";
import { diffInputs } from "../../framework/diff-inputs";
import { ProviderError } from "../../framework/provider-error";
import { configureRuntime } from "../../runtime/context";
import { resourceFields } from "../common/inputs";
import { checkArgs, type Operation } from "../common/operation";
import { failuresForEngine } from "../../framework/check-failures";
import { argumentPath } from "../common/wire-check";
import { actionKit, type ActionDefinition, type ActionKit, type CommonInputs } from "./action-kit";
import { actionOutputs } from "./action-outputs";
import { preflight } from "./action-preflight";
import { runOnce, updateRecord } from "./action-steps";

export type { ActionDefinition } from "./action-kit";

/** What an action resource adds to its operation, where it adds anything. */
export interface ActionOptions {
  /** Defaults applied to inputs left unset, besides `waitForCompletion: true`. */
  defaults?: Readonly<Record<string, unknown>>;
  /** Inputs that are secrets: never in outputs, never compared, never shown. */
  secrets?: readonly string[];
}

/** The inputs of an action resource: its operation's arguments plus `triggers` and `timeouts`. */
export type ActionInputs<S extends z.ZodObject> = z.ZodObject<
  z.core.util.Extend<S["shape"], z.core.util.Writeable<typeof resourceFields>>,
  S["_zod"]["config"]
>;

/** The lifecycle of an action's run, with the schema of its inputs (and, as every kind, its outputs). */
export interface ActionLifecycle<S extends z.ZodObject> extends Lifecycle {
  /** The resource's inputs. */
  readonly inputs: ActionInputs<S>;
  /** What its steps, and those of its wait (`ActionWait`), derive from the definition. */
  readonly kit: ActionKit<z.output<S>, unknown>;
}

/**
 * Builds the lifecycle of the run of the action resource `typeName` (the SDK class name, e.g.
 * `NodeMigration`) that runs `operation`.
 */
export function defineAction<S extends z.ZodObject, R>(
  typeName: string,
  operation: Operation<NoInfer<z.output<S>>, R> & {
    readonly args: S;
    readonly result: z.ZodType<R>;
  },
  options: ActionOptions = {},
): ActionLifecycle<S> {
  const inputs = operation.args.extend(resourceFields) as ActionInputs<S>;
  const waits = "waitForCompletion" in inputs.shape ? { waitForCompletion: true } : {};
  const def: ActionDefinition<z.output<S>, R> = {
    typeName,
    operation,
    inputs: inputs as z.ZodType as ActionDefinition<z.output<S>, R>["inputs"],
    defaults: { ...waits, ...options.defaults },
    secrets: options.secrets,
  };
  const kit = actionKit(def);
  return {
    typeName,
    inputs,
    outputs: actionOutputs(operation, options.secrets),
    kit: kit as ActionKit<z.output<S>, unknown>,
    secretInputs: def.secrets ?? [],

    configure(config) {
      configureRuntime(config);
    },

    async check(_olds, news) {
      const raw: Record<string, unknown> = { ...news };
      for (const [key, value] of Object.entries(def.defaults ?? {})) {
        if (raw[key] === undefined) raw[key] = value;
      }
      const { issues, parsed } = checkArgs(def.operation, def.inputs, raw, true);
      if (issues.length === 0 && parsed !== undefined)
        issues.push(...(await preflight(kit, parsed)));
      const inputs = plain(raw);
      // A secret argument's failure never names its property: the engine would print its value.
      const failures = issues.map((issue) => ({
        property: issue.path.length === 0 ? "(inputs)" : argumentPath(issue.path),
        reason: issue.message,
      }));
      return { inputs, failures: failuresForEngine(failures, inputs, def.secrets ?? []) };
    },

    async diff(_id, olds, news) {
      return { ...diffInputs(kit.diffSpec, olds, news), deleteBeforeReplace: false };
    },

    async create(inputs) {
      return runOnce(kit, inputs as z.output<S> & CommonInputs);
    },

    async read(id, previous) {
      if (Object.keys(previous).length === 0) {
        throw new ProviderError(
          `${def.typeName} ${id}`,
          "cannot be imported: it records one run of an operation, which the cloud keeps no " +
            "object for. Declare it in the program instead (it runs once when created)",
        );
      }
      // Refresh never calls the cloud: the record is what ran, and stays as it is.
      return { id, props: plain(previous) };
    },

    async update(id, olds, news) {
      return {
        outs: await updateRecord(kit, id, olds, news as z.output<S> & CommonInputs),
      };
    },

    async delete() {
      // Nothing to delete: the operation's effect stays in the cloud; only the record goes.
    },
  };
}
