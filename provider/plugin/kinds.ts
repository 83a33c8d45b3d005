/**
 * The kinds the provider plugin serves, by type token (`vmcloud:index:Disk`): the same
 * lifecycles the dynamic providers serve (each kind's `definition`), loaded on first use so the
 * plugin starts without loading every kind.
 */
import type { Lifecycle } from "../framework/lifecycle";
import { pluginToken, VMCLOUD_TYPES, type VmCloudTypeName } from "../type-tokens";

export { PLUGIN_PACKAGE, pluginToken } from "../type-tokens";

/** The classes the plugin serves as resources: every resource kind. */
export const PLUGIN_RESOURCES = (Object.keys(VMCLOUD_TYPES) as VmCloudTypeName[]).filter((name) =>
  VMCLOUD_TYPES[name].module.startsWith("resources/"),
);

/** The resource's own type in `urn` (its last type, after any parents'). */
export function typeOfUrn(urn: string): string {
  const types = urn.split("::")[2] ?? "";
  return types.slice(types.lastIndexOf("$") + 1);
}

const loaded = new Map<string, Lifecycle>();

/** The lifecycle of the kind whose type token is `token`; fails naming the tokens served. */
export function lifecycleOf(token: string): Lifecycle {
  const found = loaded.get(token);
  if (found !== undefined) return found;
  const name = PLUGIN_RESOURCES.find((kind) => pluginToken(kind) === token);
  if (name === undefined) {
    throw new Error(
      `vmcloud: no resource type ${token}; the plugin serves ${PLUGIN_RESOURCES.map(pluginToken).join(", ")}`,
    );
  }
  // eslint-disable-next-line @typescript-eslint/no-require-imports -- loaded on first use
  const lifecycle = (require(`../${VMCLOUD_TYPES[name].module}`) as { definition: Lifecycle })
    .definition;
  loaded.set(token, lifecycle);
  return lifecycle;
}
