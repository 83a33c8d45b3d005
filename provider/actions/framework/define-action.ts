/**
 * Turns one operation into the dynamic provider of its action resource (DESIGN rule 8), in the
 * manner of pulumi-command's `Command` with `triggers`:
 * - check: the inputs' types, then the request they make against the endpoint schemas, then
 *   what the service can tell about the objects named (action-preflight.ts);
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
import { plain, type DynamicProvider } from "../../framework/dynamic-provider";
import { diffInputs } from "../../framework/diff-inputs";
import { configureRuntime } from "../../runtime/context";
import { checkArgs } from "../common/operation";
import { pathText } from "../common/wire-check";
import { actionKit, strip, type ActionDefinition, type CommonInputs } from "./action-kit";
import { preflight } from "./action-preflight";
import { runOnce, updateRecord } from "./action-steps";

export type { ActionDefinition } from "./action-kit";

/** Builds the dynamic provider of one action resource. */
export function defineAction<A, R>(def: ActionDefinition<A, R>): DynamicProvider {
  const kit = actionKit(def);
  return {
    async configure(req) {
      configureRuntime(req.config);
    },

    async check(_olds, news) {
      const raw: Record<string, unknown> = { ...strip(news) };
      for (const [key, value] of Object.entries(def.defaults ?? {})) {
        if (raw[key] === undefined) raw[key] = value;
      }
      const { issues, parsed } = checkArgs(def.operation, def.inputs, raw, true);
      if (issues.length === 0 && parsed !== undefined)
        issues.push(...(await preflight(kit, parsed)));
      return {
        inputs: plain({ ...raw, __provider: news.__provider }),
        failures: issues.map((issue) => ({
          property: pathText(issue.path),
          reason: issue.message,
        })),
      };
    },

    async diff(_id, olds, news) {
      const outcome = diffInputs(kit.diffSpec, strip(olds), strip(news));
      return {
        changes: outcome.changes,
        replaces: outcome.replaces,
        stables: outcome.stables,
        deleteBeforeReplace: false,
      };
    },

    async create(inputs) {
      return runOnce(kit, strip(inputs) as A & CommonInputs);
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
      return { outs: await updateRecord(kit, id, strip(olds), strip(news) as A & CommonInputs) };
    },

    async delete() {
      // Nothing to delete: the operation's effect stays in the cloud; only the record goes.
    },
  };
}
