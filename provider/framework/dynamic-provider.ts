/**
 * How a kind's lifecycle is served to Pulumi's dynamic-provider host: the provider object the
 * shim loads. The host adds and reads `__provider`, the shim's text, in every property bag;
 * this adapter takes it off what the lifecycle gets, and puts it back where the host expects
 * it: in the inputs `check` answers, and in the properties of a resource recorded half made
 * (the engine records exactly those, and later refreshes and deletes find the provider there).
 */
import type * as pulumi from "@pulumi/pulumi";
import type { ConfigReader } from "../runtime/settings";
import type { Lifecycle, Properties } from "./lifecycle";
import { ResourceInitError } from "./provider-error";

/** The dynamic provider object the shim hands to the engine. */
export type DynamicProvider = pulumi.dynamic.ResourceProvider & {
  configure(req: { config: ConfigReader }): Promise<void>;
};

/**
 * A copy without `undefined` (dropped from objects, null in arrays): the host sends outputs as
 * a protobuf Struct, which throws "Unexpected struct type" on undefined.
 */
export function plain<T>(value: T): T {
  if (Array.isArray(value)) return value.map((v) => (v === undefined ? null : plain(v))) as T;
  if (value === null || typeof value !== "object") return value;
  const out: Record<string, unknown> = {};
  for (const [key, v] of Object.entries(value)) if (v !== undefined) out[key] = plain(v);
  return out as T;
}

/** The property that holds the shim's text in every property bag of a dynamic resource. */
const SHIM = "__provider";

/** `props` without the shim. */
function own(props: Properties | undefined): Properties {
  const { [SHIM]: _shim, ...rest } = props ?? {};
  return rest;
}

/** Runs `work`; a resource recorded half made gets the shim among its properties. */
async function keepingShim<T>(shim: unknown, work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (!(error instanceof ResourceInitError) || shim === undefined) throw error;
    const recorded = new ResourceInitError(error.message, error.id, {
      ...error.properties,
      [SHIM]: shim,
    });
    recorded.stack = error.stack;
    throw recorded;
  }
}

/** The dynamic provider that serves `lifecycle`. */
export function dynamicProvider(lifecycle: Lifecycle): DynamicProvider {
  return {
    async configure(req) {
      lifecycle.configure(req.config);
    },
    async check(olds, news) {
      const checked = await lifecycle.check(own(olds), own(news));
      return { inputs: { ...checked.inputs, [SHIM]: news[SHIM] }, failures: checked.failures };
    },
    async diff(id, olds, news) {
      const outcome = await lifecycle.diff(id, own(olds), own(news));
      return {
        changes: outcome.changes,
        replaces: outcome.replaces,
        stables: outcome.stables,
        deleteBeforeReplace: outcome.deleteBeforeReplace,
      };
    },
    create: (inputs) => keepingShim(inputs[SHIM], () => lifecycle.create(own(inputs))),
    read: (id, props) => lifecycle.read(id, own(props)),
    update: (id, olds, news) =>
      keepingShim(news[SHIM], () => lifecycle.update(id, own(olds), own(news))),
    delete: (id, props) => lifecycle.delete(id, own(props)),
  };
}
