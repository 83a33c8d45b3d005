/**
 * What both frameworks (resources and actions) hand to Pulumi's dynamic-provider host: the
 * provider object the shim loads, and outputs the host can send.
 */
import type * as pulumi from "@pulumi/pulumi";
import type { ConfigReader } from "../runtime/settings";

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
