/**
 * The error for a cloud object that exists but did not become usable (a wait failed or timed
 * out). It carries the object's id and outputs, so the engine keeps it in the stack (nothing
 * is orphaned) and the next `pulumi up` picks it up again.
 */
import { describeFailure, ResourceInitError } from "../../framework/provider-error";

/** What failed: the resource, the operation and, when it helps, the step within it. */
export interface FailedStep {
  /** The SDK class name, e.g. `Disk`. */
  typeName: string;
  /** The resource's name, if it has one. */
  name: string | undefined;
  /** The operation whose timeout governs the wait. */
  operation: "create" | "update" | "delete";
  /** The step within the operation, e.g. `setting the password`. */
  step?: string;
}

/**
 * A {@link ResourceInitError} naming the resource, what failed and what to do. `defineResource`
 * adds `__provider` to the outputs and drops undefined values before the engine records them.
 */
export function notReady(
  failed: FailedStep,
  id: string,
  outs: Record<string, unknown>,
  error: unknown,
): ResourceInitError {
  const operation =
    failed.step === undefined ? failed.operation : `${failed.operation} (${failed.step})`;
  const message =
    `${describeFailure(failed.typeName, failed.name, operation, error)}. It exists (${id}) and stays in the stack; ` +
    `the next \`pulumi up\` picks it up again (raise timeouts.${failed.operation} if it needs longer, ` +
    "or replace it with `pulumi up --replace <urn>` if it is broken)";
  return new ResourceInitError(message, id, outs);
}
