/**
 * Modules a provider host loads but does not use, deferred until something uses them.
 *
 * `@pulumi/pulumi/runtime`, which the stock host loads for its gRPC settings, also loads closure
 * serialization: the TypeScript compiler and npm's arborist, about half a second before the host
 * can serve its first request, in every `pulumi up`, `preview`, `refresh` and `destroy`. A host
 * runs providers and serializes no closure (our resources' `__provider` is a fixed shim). So
 * those modules enter the require cache as stand-ins; the real module is loaded the first time
 * anything asks a stand-in for more than the names it wraps, or calls one of those.
 */
import { Module, type createRequire } from "node:module";

type Require = ReturnType<typeof createRequire>;

/** A module to defer: where it is, and its exported functions that may be read before use. */
export interface DeferredModule {
  /** The module, as `requireFrom` resolves it (e.g. `../../runtime/closure/codePaths`). */
  specifier: string;
  /**
   * Exported functions that a module loading it reads at once (`exports.f = m.f`): each is
   * given as a function that loads the real module when called. Any other name loads it.
   */
  functions: readonly string[];
}

/**
 * Enters a stand-in for each of `modules` in the require cache of `requireFrom`. A module that
 * does not resolve (another version of `@pulumi/pulumi`), or that is already loaded, is left as
 * it is: deferring only makes the host start sooner, it changes nothing it does.
 */
export function deferUntilUsed(requireFrom: Require, modules: readonly DeferredModule[]): void {
  for (const { specifier, functions } of modules) {
    let path: string;
    try {
      path = requireFrom.resolve(specifier);
    } catch {
      continue;
    }
    if (requireFrom.cache[path] !== undefined) continue;
    let real: Record<string, unknown> | undefined;
    const load = (): Record<string, unknown> => {
      if (real === undefined) {
        delete requireFrom.cache[path];
        real = requireFrom(path) as Record<string, unknown>;
      }
      return real;
    };
    const wrapped = new Set(functions);
    const standIn = new Module(path);
    standIn.filename = path;
    standIn.loaded = true;
    standIn.exports = new Proxy(
      {},
      {
        get: (_target, key) =>
          typeof key === "string" && wrapped.has(key) && real === undefined
            ? (...args: unknown[]) => (load()[key] as (...a: unknown[]) => unknown)(...args)
            : load()[key as string],
      },
    );
    requireFrom.cache[path] = standIn;
  }
}
