/**
 * Some inputs have several spellings of one value (a subnet address with or without its mask,
 * which also decides `prefixLength`). `diff` compares inputs with what the service answers,
 * so the resource brings its inputs to the service's spelling right after `check`, even when
 * other inputs are still unknown during preview (then the schema check fails on those, and a
 * zod transform would not run). A per-input `compare` cannot do this: it sees one input only.
 */
import type { DynamicProvider } from "../../framework/dynamic-provider";

/** Wraps `provider` so that `check` answers `normalize(inputs)`; `normalize` must leave unknowns alone. */
export function withNormalizedInputs(
  provider: DynamicProvider,
  normalize: (inputs: Record<string, unknown>) => Record<string, unknown>,
): DynamicProvider {
  return {
    ...provider,
    async check(olds, news) {
      const result = await provider.check!(olds, news);
      return { ...result, inputs: normalize(result.inputs as Record<string, unknown>) };
    },
  };
}
