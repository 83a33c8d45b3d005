/**
 * The provider's settings as the engine hands a provider plugin its configuration: the stack's
 * `vmcloud:*` config in the Configure (and CheckConfig) request, keyed without the namespace
 * (`endpoint`, `token`), secrets possibly wrapped. They are read through the same table as the
 * dynamic providers' (provider/runtime/settings.ts), then the `VMCLOUD_*` variables, and checked
 * before anything is sent: a missing or malformed setting fails naming its key.
 */
import { clientFromSettings } from "../runtime/client-from-settings";
import { CONFIG_NAMESPACE, readSettings, type ConfigReader } from "../runtime/settings";

/** The key Pulumi wraps a secret value under (its value is beside it, as `value`). */
const SECRET_SIG = "4dabf18193072939515e22adb298388d";

/** `value` without Pulumi's secret wrapper, as a config string. */
function configString(value: unknown): string | undefined {
  const inner =
    value !== null && typeof value === "object" && SECRET_SIG in value
      ? (value as { value?: unknown }).value
      : value;
  if (inner === undefined || inner === null) return undefined;
  return typeof inner === "string" ? inner : JSON.stringify(inner);
}

/** A reader of full keys (`vmcloud:endpoint`) over the plugin's configuration `args`. */
export function pluginConfig(args: Readonly<Record<string, unknown>>): ConfigReader {
  const prefix = `${CONFIG_NAMESPACE}:`;
  return {
    get(key) {
      if (!key.startsWith(prefix)) return undefined;
      return configString(args[key.slice(prefix.length)] ?? args[key]);
    },
  };
}

/** A setting that cannot be used: the config key at fault and what is wrong. */
export interface ConfigFailure {
  property: string;
  reason: string;
}

/**
 * What is wrong with the settings `args` make (with the environment behind them): a client
 * that could not be built names its key; none when the settings can be used.
 */
export function configFailures(args: Readonly<Record<string, unknown>>): ConfigFailure[] {
  try {
    clientFromSettings(readSettings(pluginConfig(args))).close();
    return [];
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    const key = /\bvmcloud:(\w+)/.exec(message)?.[1] ?? "endpoint";
    return [{ property: key, reason: message.replace(/^vmcloud: /, "") }];
  }
}
