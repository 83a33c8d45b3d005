/**
 * What an action resource records: its inputs as checked (but the secret ones, never recorded)
 * and the outcome of its run, with the operation's own result; and what its wait (`ActionWait`)
 * records: which run it waited for, and the outcome it saw. The definitions own these schemas
 * (`defineAction`, `defineActionWait`), and the SDK's action classes derive from them the outputs
 * they register.
 */
import { z } from "zod";
import {
  output,
  resourceOutputs,
  type OutputField,
  type OutputSchema,
} from "../../framework/output-fields";
import { resourceFields, TriggersInput } from "../common/inputs";

/** The outcome of a run (an `OperationOutcome` and the error it ended with), but its result. */
const outcomeOutputs = {
  /** The job id, when the service gave one (also the resource id then). */
  jobId: output(
    z
      .string()
      .optional()
      .describe("The job id, when the service gave one (also the resource id then)"),
  ),
  /**
   * The status in the service's words when the run ended (`success`, `Success`, `restored`,
   * …), or `accepted` when it was not waited for.
   */
  status: output(
    z
      .string()
      .describe(
        "The status in the service's words when the run ended (`success`, `Success`, `restored`, …), or " +
          "`accepted` when it was not waited for",
      ),
  ),
  /** True when `status` is final. */
  finished: output(z.boolean().describe("True when `status` is final")),
  /** When the request was sent (ISO 8601). */
  startedAt: output(z.string().describe("When the request was sent (ISO 8601)")),
  /** When the end was seen (ISO 8601); undefined when not waited for. */
  finishedAt: output(
    z
      .string()
      .optional()
      .describe("When the end was seen (ISO 8601); undefined when not waited for"),
  ),
  /** Why the run failed or did not end in time; undefined after a successful run. */
  error: output(
    z
      .string()
      .optional()
      .describe("Why the run failed or did not end in time; undefined after a successful run"),
  ),
};

/** The description of every action's `result` output. */
const RESULT = "The operation's own result";

/** The outputs that record the outcome of a run: every output of an action but its inputs. */
export const OUTCOME_KEYS: readonly string[] = [...Object.keys(outcomeOutputs), "result"];

/**
 * The outputs of the action resource that runs `op` (its run): every input of `op` and of
 * every action (`triggers`, `timeouts`) but the `secrets`, and the outcome with `op`'s result.
 * Only operations whose service gives a job (those that can resume one) record a `jobId`.
 */
export function actionOutputs(
  op: { readonly args: z.ZodObject; readonly result?: z.ZodType; readonly resume?: unknown },
  secrets: readonly string[] = [],
): OutputSchema {
  const inputs = op.args.extend(resourceFields).shape as Record<string, z.ZodType>;
  const { jobId, ...outcome } = outcomeOutputs;
  const fields: Record<string, OutputField> = {
    ...Object.fromEntries(
      Object.entries(inputs)
        .filter(([key]) => !secrets.includes(key))
        .map(([key, schema]) => [key, output(schema)]),
    ),
    ...(op.resume === undefined ? {} : { jobId }),
    ...outcome,
    result: output((op.result ?? z.json()).describe(RESULT)),
  };
  return resourceOutputs(fields);
}

/** The outputs of `ActionWait`: the run it waited for, and the outcome it saw. */
export const ActionWaitOutputs = resourceOutputs({
  /** The action resource's class name, e.g. `BackupRestore`. */
  action: output(z.string().describe("The action resource's class name, e.g. `BackupRestore`")),
  /** The action's triggers (a change means a new run, so a new wait). */
  triggers: output(
    TriggersInput.describe("The action's triggers (a change means a new run, so a new wait)"),
  ),
  /** The outputs the run recorded: its inputs (no secrets) and how it started. */
  run: output(
    z
      .record(z.string(), z.json())
      .describe("The outputs the run recorded: its inputs (no secrets) and how it started"),
  ),
  ...outcomeOutputs,
  /** The operation's own result. */
  result: output(z.json().describe(RESULT)),
});
