/**
 * The provider process's one client and settings. `configure` (called by the dynamic-provider
 * host once per resource kind) records the stack config; the first operation creates the
 * client. Nothing here is ever serialized into state.
 */
import { VmCloudClient } from "../client";
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

/** The shared client, created on first use. */
export function currentClient(): VmCloudClient {
  if (client !== undefined) return client;
  const s = currentSettings();
  if (s.endpoint === undefined) {
    throw new Error(
      "vmcloud: no endpoint configured. Set it with `pulumi config set vmcloud:endpoint https://…` " +
        "(or the VMCLOUD_ENDPOINT environment variable); for the local emulator use its URL, e.g. http://127.0.0.1:8443",
    );
  }
  if (s.token === undefined && s.keyId === undefined && s.accessKey === undefined) {
    throw new Error(
      "vmcloud: no credentials configured. Set `pulumi config set --secret vmcloud:token <token>` " +
        "(or VMCLOUD_TOKEN), or vmcloud:keyId and vmcloud:secret for a token exchange",
    );
  }
  client = new VmCloudClient({
    endpoint: s.endpoint,
    serviceEndpoints: s.serviceEndpoints,
    ...(s.token === undefined ? {} : { token: s.token }),
    ...(s.keyId === undefined ? {} : { keyId: s.keyId }),
    ...(s.secret === undefined ? {} : { secret: s.secret }),
    ...(s.accessKey === undefined ? {} : { accessKey: s.accessKey }),
    ...(s.secretKey === undefined ? {} : { secretKey: s.secretKey }),
    ...(s.projectId === undefined ? {} : { projectId: s.projectId }),
  });
  return client;
}

/** For tests: forget the settings and the client. */
export function resetRuntime(): void {
  client?.close();
  client = undefined;
  settings = undefined;
}
