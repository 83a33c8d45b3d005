/**
 * Which inputs of each resource were secrets, as seen by the remediation pass.
 *
 * `@pulumi/policy` unwraps secrets before it calls `validateResource`: there a secret password
 * and a plain one look the same. Only `remediateResource` receives properties that keep the
 * `Secret` wrapper, and the engine runs every analyzer's remediations for a resource before its
 * validations, in the same policy pack process. So a remediation policy records the secret
 * paths here (it changes nothing), and validations read them by URN.
 */

const observed = new Map<string, ReadonlySet<string>>();

/** Records the secret input paths of the resource `urn` (replacing an earlier record). */
export function recordSecretPaths(urn: string, paths: ReadonlySet<string>): void {
  observed.set(urn, new Set(paths));
}

/** The secret input paths recorded for `urn`, or undefined when none were recorded. */
export function secretPathsOf(urn: string): ReadonlySet<string> | undefined {
  return observed.get(urn);
}

/** Forgets every record (for tests). */
export function clearSecretObservations(): void {
  observed.clear();
}
