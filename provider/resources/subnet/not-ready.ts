/**
 * The error for a network object that exists but did not become ready: the engine keeps it in
 * the stack with these outputs (so nothing is orphaned) and the next `pulumi up` waits again.
 */
import { describeFailure, ResourceInitError } from "../framework/provider-error";

/**
 * A {@link ResourceInitError} naming the resource, what failed and what to do. `defineResource`
 * adds `__provider` to the outputs and drops undefined values before the engine records them.
 */
export function notReady(
  what: { typeName: string; name: string | undefined; operation: string },
  id: string,
  outs: Record<string, unknown>,
  error: unknown,
): ResourceInitError {
  const message =
    `${describeFailure(what.typeName, what.name, what.operation, error)}. It exists (${id}) and stays in the stack; ` +
    `the next \`pulumi up\` waits for it again (raise timeouts.${what.operation} if it needs longer, ` +
    "or replace it with `pulumi up --replace <urn>` if it is broken)";
  return new ResourceInitError(message, id, outs);
}
