/**
 * An action resource as the engine runs it: its run (the resource of the action's type, which
 * sends the operation) and then its wait (`ActionWait`), with the inputs the SDK gives the
 * wait: the action's class name, its triggers and everything the run recorded.
 */
import type { Props, ProviderHarness } from "../../support/provider-harness";
import { suiteValue } from "../../../support/suite-value";
import type { ActionsEnv } from "./actions-env";

/** One resource as `pulumi up` left it. */
export interface Made {
  id: string;
  inputs: Props;
  outs: Props;
}

/** The wait's inputs for a run of `action` that recorded `runOuts`. */
export function waitInputs(action: string, runOuts: Props): Props {
  return runOuts.triggers === undefined
    ? { action, run: runOuts }
    : { action, triggers: runOuts.triggers, run: runOuts };
}

/** The run and wait providers of one action class. */
export interface ActionPair {
  run: ProviderHarness;
  wait: ProviderHarness;
  /** Creates the run from `inputs`, then its wait: what `pulumi up` does for a new action. */
  up(inputs: Props): Promise<{ run: Made; wait: Made }>;
  /** Creates the wait of a run already recorded. */
  waitFor(runOuts: Props): Promise<Made>;
}

/** Loads the run provider of `kind` (e.g. `actions/backup-restore`) and the wait provider. */
export async function actionPair(
  env: ActionsEnv,
  kind: string,
  action: string,
): Promise<ActionPair> {
  const run = await env.provider(kind);
  const wait = await env.provider("actions/action-wait");
  const waitFor = (runOuts: Props) => wait.up(waitInputs(action, runOuts));
  return {
    run,
    wait,
    waitFor,
    async up(inputs) {
      const made = await run.up(inputs);
      return { run: made, wait: await waitFor(made.outs) };
    },
  };
}

/** {@link actionPair} loaded in `beforeAll`, to use by name in hooks and tests. */
export function useActionPair(env: ActionsEnv, kind: string, action: string): ActionPair {
  return suiteValue(`the ${kind} providers`, () => actionPair(env, kind, action));
}
