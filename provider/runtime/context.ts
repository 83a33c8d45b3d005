/**
 * The provider process's one client and settings. `configure` (called by the dynamic-provider
 * host once per resource kind) records the stack config; the first operation creates the
 * client. Nothing here is ever serialized into state.
 */
import type { VmCloudClient } from "../client";
import { clientFromSettings } from "./client-from-settings";
import { guardHostProcess } from "./host-guard";
import { readSettings, type ConfigReader, type ProviderSettings } from "./settings";

let settings: ProviderSettings | undefined;
let client: VmCloudClient | undefined;

/** Records the stack config (from `configure`); later calls with the same config are no-ops. */
export function configureRuntime(config: ConfigReader | undefined): void {
  // `configure` runs inside the dynamic-provider host: make sure it dies with its engine.
  guardHostProcess();
  const next = readSettings(config);
  if (settings !== undefined && JSON.stringify(settings) === JSON.stringify(next)) return;
  settings = next;
  client?.close();
  client = undefined;
}

/** The settings in force (config, then environment). */
export function currentSettings(): ProviderSettings {
  settings ??= readSettings(undefined);
  return settings;
}

/** The shared client, created on first use; fails naming the config to set when it cannot be. */
export function currentClient(): VmCloudClient {
  client ??= clientFromSettings(currentSettings());
  return client;
}
