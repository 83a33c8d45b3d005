/**
 * `check` of an action resource asks the service what it can tell about the objects the
 * arguments name (see `Operation.preflight`), so `pulumi preview` fails on a cluster that does
 * not exist instead of `up`. Nothing when the service cannot tell now: no endpoint, credentials
 * or operations project configured yet, or no answer (one warning per process).
 */
import { currentSettings } from "../../runtime/context";
import { warnServiceUnavailable } from "../../framework/service-unavailable";
import type { OperationContext } from "../common/context";
import { preflightIssues } from "../common/operation";
import type { ArgIssue } from "../common/wire-check";
import type { ActionKit, CommonInputs } from "./action-kit";

/** The issues the service finds with `args` (already checked offline). */
export async function preflight<A, R>(
  kit: ActionKit<A, R>,
  args: A & CommonInputs,
): Promise<ArgIssue[]> {
  const op = kit.op;
  if (op.preflight === undefined) return [];
  const settings = currentSettings();
  if (
    settings.endpoint === undefined ||
    (settings.token === undefined && settings.keyId === undefined)
  ) {
    warnServiceUnavailable("no endpoint or credentials configured");
    return [];
  }
  let ctx: OperationContext;
  try {
    ctx = kit.contextFor(args);
  } catch {
    return []; // no operations project: create names the settings to use
  }
  return preflightIssues(op, ctx, args);
}
