/**
 * The kinds the provider plugin serves, by type token: the same lifecycles the dynamic
 * providers serve (each kind's `definition`), loaded on first use so the plugin starts without
 * loading every kind.
 * - every resource kind as `vmcloud:index:<Kind>` (`vmcloud:index:Disk`);
 * - every action as the component `vmcloud:index:<Action>` (`vmcloud:index:BackupRestore`,
 *   made by `construct`, see actions.ts), whose children are its run, `vmcloud:index:<Action>Run`,
 *   and the run's wait, `vmcloud:index:ActionWait`: the same two records, one after the other, as
 *   the TypeScript SDK's action classes register (docs/actions.md, "Exactly once").
 */
import type { Lifecycle } from "../framework/lifecycle";
import { pluginToken, VMCLOUD_TYPES, type VmCloudTypeName } from "../type-tokens";

export { PLUGIN_PACKAGE, pluginToken } from "../type-tokens";

/** The classes the plugin serves as resources: every resource kind. */
export const PLUGIN_RESOURCES = (Object.keys(VMCLOUD_TYPES) as VmCloudTypeName[]).filter((name) =>
  VMCLOUD_TYPES[name].module.startsWith("resources/"),
);

/** The action classes the plugin serves as components: every action but the wait itself. */
export const PLUGIN_ACTIONS = (Object.keys(VMCLOUD_TYPES) as VmCloudTypeName[]).filter(
  (name) => VMCLOUD_TYPES[name].module.startsWith("actions/") && name !== "ActionWait",
);

/** The type token of the run of the action `typeName`: `vmcloud:index:<Action>Run`. */
export function runToken(typeName: string): string {
  return pluginToken(`${typeName}Run`);
}

/** The type token of every action's wait. */
export const WAIT_TOKEN = pluginToken("ActionWait");

/** The custom resource tokens the plugin serves, and the class whose lifecycle serves each. */
function customKinds(): Map<string, VmCloudTypeName> {
  return new Map<string, VmCloudTypeName>([
    ...PLUGIN_RESOURCES.map((name) => [pluginToken(name), name] as const),
    ...PLUGIN_ACTIONS.map((name) => [runToken(name), name] as const),
    [WAIT_TOKEN, "ActionWait"],
  ]);
}

/** The resource's own type in `urn` (its last type, after any parents'). */
export function typeOfUrn(urn: string): string {
  const types = urn.split("::")[2] ?? "";
  return types.slice(types.lastIndexOf("$") + 1);
}

/** The `definition` of the class `name` (its module, loaded on first use). */
export function definitionOf<T extends Lifecycle = Lifecycle>(name: VmCloudTypeName): T {
  // eslint-disable-next-line @typescript-eslint/no-require-imports -- loaded on first use
  return (require(`../${VMCLOUD_TYPES[name].module}`) as { definition: T }).definition;
}

const loaded = new Map<string, Lifecycle>();

/** The lifecycle of the custom resource whose type token is `token`; fails naming those served. */
export function lifecycleOf(token: string): Lifecycle {
  const found = loaded.get(token);
  if (found !== undefined) return found;
  const kinds = customKinds();
  const name = kinds.get(token);
  if (name === undefined) {
    throw new Error(
      `vmcloud: no resource type ${token}; the plugin serves ${[...kinds.keys()].join(", ")}`,
    );
  }
  const lifecycle = definitionOf(name);
  loaded.set(token, lifecycle);
  return lifecycle;
}
