/**
 * Reading the check failures a provider hands the engine (provider/framework/check-failures.ts):
 * a failure on a top-level input carries its property; one on a nested or secret input carries
 * none, and its reason starts with its path (`interfaces[0].subnet: …`).
 */

/** A check failure as the engine gets it. */
export interface EngineFailure {
  property: string;
  reason: string;
}

/** The failure as `<path>: <reason>`, whichever form it came in. */
export function failureLine(failure: EngineFailure): string {
  return failure.property === "" ? failure.reason : `${failure.property}: ${failure.reason}`;
}

/** The input the failure names (`size`, `interfaces[0].subnet`). */
export function failurePath(failure: EngineFailure): string {
  return failure.property !== "" ? failure.property : failure.reason.split(": ", 1)[0]!;
}

/** The failure's reason without the path that leads it. */
export function failureReason(failure: EngineFailure): string {
  return failure.property !== ""
    ? failure.reason
    : failure.reason.slice(failurePath(failure).length + 2);
}
