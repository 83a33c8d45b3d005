/**
 * Test support: a value a suite's `beforeAll` makes, named once at module scope. Suites set
 * up one emulator (and what they load against it) for all their tests; with this, the set-up
 * is one call in a shared helper instead of a `let` per value and a hook that fills them in,
 * and the tests keep using the value by its name.
 */
import { afterAll, beforeAll } from "vitest";

/**
 * A stand-in for the value `current()` returns at the time of each use: every property read,
 * write and key listing goes to that value. Reading before the value exists (at module scope,
 * outside hooks and tests) throws what `current` throws.
 */
export function lateBound<T extends object>(current: () => T): T {
  return new Proxy({} as T, {
    get(_target, key) {
      const value = current();
      const property = Reflect.get(value, key, value) as unknown;
      // A method keeps the real value as `this` (a class instance's private state lives there).
      return typeof property === "function"
        ? (property as (...args: unknown[]) => unknown).bind(value)
        : property;
    },
    set: (_target, key, value) => Reflect.set(current(), key, value),
    has: (_target, key) => Reflect.has(current(), key),
    ownKeys: () => Reflect.ownKeys(current()),
    getOwnPropertyDescriptor(_target, key) {
      const descriptor = Reflect.getOwnPropertyDescriptor(current(), key);
      // The proxy's own target is an empty object, which the descriptor must agree with.
      return descriptor === undefined ? undefined : { ...descriptor, configurable: true };
    },
  });
}

/**
 * Makes a value in `beforeAll` of the enclosing suite (or file), disposes of it in `afterAll`,
 * and returns a {@link lateBound} stand-in for it to use in hooks and tests.
 */
export function suiteValue<T extends object>(
  name: string,
  make: () => Promise<T>,
  dispose?: (value: T) => Promise<void>,
): T {
  let made: T | undefined;
  beforeAll(async () => {
    made = await make();
  });
  afterAll(async () => {
    if (made !== undefined && dispose !== undefined) await dispose(made);
    made = undefined;
  });
  return lateBound(() => {
    if (made === undefined)
      throw new Error(`${name} is made in beforeAll; use it in hooks and tests`);
    return made;
  });
}
