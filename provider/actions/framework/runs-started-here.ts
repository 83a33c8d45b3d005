/**
 * Which runs this provider process started. Within one `pulumi up`, an action's run and its
 * wait are created by the same dynamic-provider host; a run whose wait finds it was not
 * started here was started by an earlier `up` (one killed, cancelled or timed out while it
 * waited), and the wait says so instead of acting as if it had just begun.
 */
import type { OperationOutcome } from "../common/outcome";

const started = new Set<string>();

/** A run's identity: the job the service gave, else the moment it was sent. */
export function runIdentity(
  outcome: Pick<OperationOutcome<unknown>, "jobId" | "startedAt">,
): string {
  return outcome.jobId ?? outcome.startedAt;
}

function key(typeName: string, outcome: Pick<OperationOutcome<unknown>, "jobId" | "startedAt">) {
  return `${typeName}/${runIdentity(outcome)}`;
}

/** Records that this process started (or took over) the run of `typeName` with `outcome`. */
export function markStartedHere(
  typeName: string,
  outcome: Pick<OperationOutcome<unknown>, "jobId" | "startedAt">,
): void {
  started.add(key(typeName, outcome));
}

/** True when this process started the run of `typeName` with `outcome`. */
export function startedHere(
  typeName: string,
  outcome: Pick<OperationOutcome<unknown>, "jobId" | "startedAt">,
): boolean {
  return started.has(key(typeName, outcome));
}
