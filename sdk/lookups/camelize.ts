/**
 * The one mapping from the service's answers to lookup results: every key in snake_case
 * becomes camelCase (`availability_zone_id` → `availabilityZoneId`), at every depth; values,
 * ids and names are kept as they are. The types let each result interface be checked against
 * the response schema it comes from, so the two cannot drift.
 */

/** `snake_case` → `camelCase` for a string literal type. */
export type CamelKey<S extends string> = S extends `${infer Head}_${infer Tail}`
  ? `${Head}${Capitalize<CamelKey<Tail>>}`
  : S;

/** `T` with every object key in camelCase, at every depth (optional keys stay optional). */
export type Camelized<T> =
  T extends ReadonlyArray<infer U>
    ? Array<Camelized<U>>
    : T extends object
      ? { [K in keyof T as K extends string ? CamelKey<K> : K]: Camelized<T[K]> }
      : T;

/** `true` when `A` and `B` accept the same values (each assignable to the other). */
export type SameShape<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;

/** Compiles only when `T` is `true`. */
export type Check<T extends true> = T;

/** `snake_case` → `camelCase`. */
function camelKey(key: string): string {
  return key.replace(/_([a-z0-9])/g, (_, c: string) => c.toUpperCase());
}

/** A deep copy of `value` with every object key in camelCase (see {@link Camelized}). */
export function camelize<T>(value: T): Camelized<T> {
  return convert(value) as Camelized<T>;
}

function convert(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(convert);
  if (value === null || typeof value !== "object") return value;
  const out: Record<string, unknown> = {};
  for (const [key, inner] of Object.entries(value)) {
    // Absent optional fields stay absent rather than becoming explicit undefined keys.
    if (inner !== undefined) out[camelKey(key)] = convert(inner);
  }
  return out;
}
