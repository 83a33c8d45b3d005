/**
 * The plain data of a resource as a policy sees it, read without tripping the policy SDK's
 * unknown-value checks, with preview's unknown values turned into {@link UNKNOWN} and secrets
 * unwrapped (their paths are collected, since a secret is invisible once unwrapped).
 */
import { Secret } from "@pulumi/policy";
import { UNKNOWN as ENGINE_UNKNOWN } from "../../provider/framework/unknowns";

/**
 * The strings Pulumi's wire format uses for values that are not known yet (during preview, an
 * output of a resource that does not exist yet). `@pulumi/policy` keeps them as plain strings
 * and throws `UnknownValueError` when a policy reads one through `args.props`; the unit tests
 * check that this list matches the library's own.
 */
export const UNKNOWN_SENTINELS: ReadonlySet<string> = new Set([
  "1c4a061d-8072-4f0a-a4cb-0ff528b18fe7", // boolean
  "3eeb2bf0-c639-47a8-9e75-3b44932eb421", // number
  "04da6b54-80e4-46f7-96ec-b56ff0331ba9", // string
  "6a19a0b0-7e62-4c92-b797-7f8e31da9cc2", // array
  "030794c1-ac77-496b-92df-f27374a8bd58", // asset
  "e48ece36-62e2-4504-bad9-02848725956a", // archive
  "dd056dcd-154b-4c76-9bd3-c8f88648b5ff", // object
]);

/** Marks a value that is not known yet (preview); rules skip it, `up` checks it again. */
export const UNKNOWN: unique symbol = Symbol("unknown");
/** The type of {@link UNKNOWN}. */
export type Unknown = typeof UNKNOWN;

/** A property value as rules see it. */
export type Value = null | boolean | number | string | Unknown | Value[] | { [key: string]: Value };
/** A resource's properties as rules see them. */
export type Props = { [key: string]: Value };

/**
 * `value` with {@link UNKNOWN} turned back into the engine's unknown marker, as the provider's
 * code the rules reuse (its diff, its program rules) expects the values it judges.
 */
export function engineValues(value: Value): unknown {
  if (value === UNKNOWN) return ENGINE_UNKNOWN;
  if (Array.isArray(value)) return value.map(engineValues);
  if (value !== null && typeof value === "object") {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, engineValues(v)]));
  }
  return value;
}

/** The result of {@link readProps}. */
export interface ReadProps {
  /** The properties, unknowns as {@link UNKNOWN}, secrets unwrapped. */
  props: Props;
  /** Dotted paths of the values that were secrets (e.g. `password`, `interfaces.0.x`). */
  secretPaths: Set<string>;
}

/**
 * Reads `props` (a plain object or the proxies `@pulumi/policy` wraps resource properties in).
 * It reads property descriptors, which the library's proxies pass straight to the underlying
 * object, so an unknown value is seen as its sentinel instead of throwing, and a secret is seen
 * as the `Secret` object that the remediation path keeps (the validation path has already
 * unwrapped secrets, so there `secretPaths` is empty).
 */
export function readProps(props: object): ReadProps {
  const secretPaths = new Set<string>();
  const out: Props = {};
  for (const key of Object.keys(props)) {
    const raw: unknown = Object.getOwnPropertyDescriptor(props, key)?.value;
    if (raw === undefined) continue;
    out[key] = toValue(raw, key, secretPaths);
  }
  return { props: out, secretPaths };
}

function toValue(raw: unknown, path: string, secretPaths: Set<string>): Value {
  if (raw instanceof Secret || isSecretLike(raw)) {
    secretPaths.add(path);
    return toValue((raw as { value: unknown }).value, path, secretPaths);
  }
  if (raw === null || raw === undefined) return null;
  if (typeof raw === "string") return UNKNOWN_SENTINELS.has(raw) ? UNKNOWN : raw;
  if (typeof raw === "boolean" || typeof raw === "number") return raw;
  if (Array.isArray(raw)) return raw.map((item, i) => toValue(item, `${path}.${i}`, secretPaths));
  if (typeof raw === "object") {
    const obj: { [key: string]: Value } = {};
    for (const key of Object.keys(raw)) {
      const inner: unknown = Object.getOwnPropertyDescriptor(raw, key)?.value;
      if (inner !== undefined) obj[key] = toValue(inner, `${path}.${key}`, secretPaths);
    }
    return obj;
  }
  // Assets, archives and functions do not occur in vmcloud inputs.
  return null;
}

/** A `Secret` from another copy of `@pulumi/policy` (instanceof fails across copies). */
function isSecretLike(raw: unknown): boolean {
  return (
    typeof raw === "object" &&
    raw !== null &&
    raw.constructor?.name === "Secret" &&
    Object.keys(raw).length === 1 &&
    "value" in raw
  );
}

/** Whether `value` is {@link UNKNOWN}. */
export function isUnknown(value: Value | undefined): value is Unknown {
  return value === UNKNOWN;
}

/** `value` if it is a string, {@link UNKNOWN} if unknown, else undefined. */
export function asString(value: Value | undefined): string | Unknown | undefined {
  return typeof value === "string" || value === UNKNOWN ? value : undefined;
}

/** `value` if it is a number, {@link UNKNOWN} if unknown, else undefined. */
export function asNumber(value: Value | undefined): number | Unknown | undefined {
  return typeof value === "number" || value === UNKNOWN ? value : undefined;
}

/** `value` if it is an array, {@link UNKNOWN} if unknown, else undefined. */
export function asArray(value: Value | undefined): Value[] | Unknown | undefined {
  return Array.isArray(value) || value === UNKNOWN ? value : undefined;
}

/** `value` if it is an object (not an array), {@link UNKNOWN} if unknown, else undefined. */
export function asObject(value: Value | undefined): Props | Unknown | undefined {
  if (value === UNKNOWN) return value;
  return typeof value === "object" && value !== null && !Array.isArray(value) ? value : undefined;
}

/** The known strings of an array value (unknown or non-string items are left out). */
export function knownStrings(value: Value | undefined): string[] {
  const items = asArray(value);
  return Array.isArray(items) ? items.filter((v): v is string => typeof v === "string") : [];
}

/** Whether `value` is or contains an unknown anywhere. */
export function containsUnknown(value: Value | undefined): boolean {
  if (value === UNKNOWN) return true;
  if (Array.isArray(value)) return value.some(containsUnknown);
  if (typeof value === "object" && value !== null)
    return Object.values(value).some(containsUnknown);
  return false;
}
