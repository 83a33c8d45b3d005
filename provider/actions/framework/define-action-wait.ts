/**
 * The lifecycle of `ActionWait` (served by the dynamic provider and the plugin): the wait of
 * every action whose operation starts work
 * that goes on after the request (a job, or a restore followed through its cluster). An action
 * resource registers its run, then this wait with the run's recorded outputs, so the engine
 * has the run in the state before the long wait begins (DESIGN rule 8):
 * - check: the action is known, `run` is an object (unknown during preview passes);
 * - create: waits for the run's job unless it ended or was not to be waited for (wait-steps.ts);
 * - diff: a new run (other triggers, another job) replaces it, which waits for the new job;
 *   anything else the run records (inputs edited, `waitForCompletion`, `timeouts`) updates it;
 *   a run not known yet (a preview) with the same triggers is no change;
 * - update: reports a failed job again, or waits again for a job not seen to end;
 * - read (refresh): the record, with no request; delete: forgets it, nothing is sent.
 */
import { z } from "zod";
import { plain } from "../../framework/dynamic-provider";
import type { Lifecycle } from "../../framework/lifecycle";
import { canonical } from "../../framework/diff-inputs";
import { containsUnknown } from "../../framework/unknowns";
import { failuresForEngine, propertyPath } from "../../framework/check-failures";
import { ProviderError } from "../../framework/provider-error";
import { configureRuntime } from "../../runtime/context";
import { TriggersInput } from "../common/inputs";
import { recordedOutcome, normalTriggers, type ActionKit } from "./action-kit";
import { ActionWaitOutputs } from "./action-outputs";
import { runIdentity } from "./runs-started-here";
import { updateWait, waitOnce, type WaitInputs } from "./wait-steps";

/** The lifecycle of `ActionWait`, with the schema of its inputs (and, as every kind, its outputs). */
export interface ActionWaitLifecycle extends Lifecycle {
  /** The wait's inputs. */
  readonly inputs: z.ZodType<WaitInputs>;
}

/** Builds the `ActionWait` lifecycle for the actions in `kits` (class name → its kit). */
export function defineActionWait(
  kits: Readonly<Record<string, ActionKit<never, unknown>>>,
): ActionWaitLifecycle {
  const names = Object.keys(kits);
  const inputs = z.strictObject({
    action: z.string().refine((name) => names.includes(name), {
      message: `must be the class name of an action that waits: ${names.join(", ")}`,
    }),
    triggers: TriggersInput,
    run: z.record(z.string(), z.unknown()),
  });
  const kitOf = (action: string) => {
    const kit = kits[action];
    if (kit === undefined) throw new Error(`ActionWait: no action ${action} waits`);
    return kit;
  };
  return {
    typeName: "ActionWait",
    inputs,
    secretInputs: [],
    outputs: ActionWaitOutputs,

    configure(config) {
      configureRuntime(config);
    },

    async check(_olds, raw) {
      // In a preview the run's outputs, and triggers made of other outputs, may be unknown.
      const parsed = inputs.safeParse({
        ...raw,
        ...(containsUnknown(raw.run) ? { run: {} } : {}),
        ...(containsUnknown(raw.triggers) ? { triggers: undefined } : {}),
      });
      const checked = plain(raw);
      const failures = parsed.success
        ? []
        : parsed.error.issues.map((issue) => ({
            property: issue.path.length === 0 ? "(inputs)" : propertyPath(issue.path),
            reason: issue.message,
          }));
      return { inputs: checked, failures: failuresForEngine(failures, checked, []) };
    },

    async diff(_id, olds, news) {
      const replaces: string[] = [];
      const changed: string[] = [];
      if (news.action !== olds.action) replaces.push("action");
      const triggers = news.triggers as unknown;
      if (
        containsUnknown(triggers) ||
        canonical(normalTriggers(triggers)) !== canonical(normalTriggers(olds.triggers))
      ) {
        replaces.push("triggers");
      }
      const run = news.run as unknown;
      const oldRun = (olds.run ?? {}) as Record<string, unknown>;
      // Only a preview leaves the run unknown (an output it never set counts as unknown there):
      // with the same triggers it is the same run, and `up` judges it again once known.
      if (!containsUnknown(run)) {
        const next = run as Record<string, unknown>;
        if (runIdentity(recordedOutcome(next)) !== runIdentity(recordedOutcome(oldRun))) {
          replaces.push("run");
        } else if (canonical(next) !== canonical(oldRun)) {
          changed.push("run");
        }
      }
      const all = [...new Set([...replaces, ...changed])];
      return {
        changes: all.length > 0,
        replaces,
        stables: ["action", "triggers", "run"].filter((key) => !all.includes(key)),
        changed: all,
        deleteBeforeReplace: false,
      };
    },

    async create(props) {
      const given = props as unknown as WaitInputs;
      return waitOnce(kitOf(given.action), given);
    },

    async read(id, previous) {
      if (Object.keys(previous).length === 0) {
        throw new ProviderError(
          `ActionWait ${id}`,
          "cannot be imported: it records the end of one run of an action, which the cloud " +
            "keeps no object for. Declare the action in the program instead",
        );
      }
      // Refresh never calls the cloud: the record is what was seen, and stays as it is.
      return { id, props: plain(previous) };
    },

    async update(id, olds, news) {
      const given = news as unknown as WaitInputs;
      return { outs: await updateWait(kitOf(given.action), id, olds, given) };
    },

    async delete() {
      // Nothing to delete: the job's effect stays in the cloud; only the record goes.
    },
  };
}
