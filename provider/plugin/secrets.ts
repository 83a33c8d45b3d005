/**
 * Secrets on the plugin's wire. A provider that constructs components must accept secrets, so
 * the engine sends a secret value wrapped (`{"4dabf18193072939515e22adb298388d":
 * "1b47061264138c4ac30d75fd1eb44270", "value": …}`) and keeps secret only what the provider
 * answers wrapped. The lifecycles work on plain values: the plugin unwraps what arrives, and
 * wraps again what leaves that was secret when it arrived or that the kind declares secret (a
 * VM's password, a console link holding a token).
 */

/** The key of Pulumi's secret wrapper, and its value. */
const SIG_KEY = "4dabf18193072939515e22adb298388d";
const SECRET_SIG = "1b47061264138c4ac30d75fd1eb44270";

/** True for a wrapped secret. */
function isSecret(value: unknown): value is { value?: unknown } {
  return (
    value !== null &&
    typeof value === "object" &&
    (value as Record<string, unknown>)[SIG_KEY] === SECRET_SIG
  );
}

/** True when `value` is or holds a wrapped secret. */
function holdsSecret(value: unknown): boolean {
  if (isSecret(value)) return true;
  if (Array.isArray(value)) return value.some(holdsSecret);
  if (value !== null && typeof value === "object") return Object.values(value).some(holdsSecret);
  return false;
}

/** `value` with every secret wrapper taken off. */
export function unwrapSecrets<T>(value: T): T {
  if (isSecret(value)) return unwrapSecrets(value.value) as T;
  if (Array.isArray(value)) return value.map(unwrapSecrets) as T;
  if (value !== null && typeof value === "object") {
    return Object.fromEntries(
      Object.entries(value).map(([key, v]) => [key, unwrapSecrets(v)]),
    ) as T;
  }
  return value;
}

/** The top-level properties of `props` that are, or hold, secrets. */
export function secretKeys(props: Readonly<Record<string, unknown>>): string[] {
  return Object.entries(props)
    .filter(([, value]) => holdsSecret(value))
    .map(([key]) => key);
}

/** `props` with the properties named `keys` wrapped as secrets. */
export function wrapSecrets(
  props: Readonly<Record<string, unknown>>,
  keys: Iterable<string>,
): Record<string, unknown> {
  const out: Record<string, unknown> = { ...props };
  for (const key of keys) {
    if (out[key] !== undefined && !isSecret(out[key])) {
      out[key] = { [SIG_KEY]: SECRET_SIG, value: out[key] };
    }
  }
  return out;
}
