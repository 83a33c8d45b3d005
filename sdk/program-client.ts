/**
 * The REST client of the Pulumi program process. Lookups and action functions cannot run in
 * the dynamic-provider host (it serves no invokes), so they call the cloud from the program
 * itself, with the same settings the provider reads: the stack config (`vmcloud:*`), then the
 * `VMCLOUD_*` environment variables. The credentials stay in this process's memory; they are
 * never put into a resource, an output, a log line or an error message.
 */
import * as pulumi from "@pulumi/pulumi";
import type { VmCloudClient } from "../provider/client";
import { clientFromSettings } from "../provider/runtime/client-from-settings";
import {
  CONFIG_NAMESPACE,
  readSettings,
  type ProviderSettings,
} from "../provider/runtime/settings";

/** What the program-side client is built from, or a client given by {@link setProgramClient}. */
interface Current {
  client: VmCloudClient;
  projectId: string | undefined;
  /** The settings the client was built from (undefined for a client given explicitly). */
  fingerprint: string | undefined;
}

let current: Current | undefined;
let explicit = false;

/**
 * The settings of the running program: stack config first (`vmcloud:endpoint`,
 * `vmcloud:token`, `vmcloud:projectId`, …), then the environment (`VMCLOUD_ENDPOINT`, …),
 * exactly as the provider reads them. Secret config values are read as plain text here, on
 * purpose: they only ever reach the client's memory. Not exported from the package entry, so
 * that programs are not tempted to put the result (which holds the token) into an output.
 */
export function programSettings(env: NodeJS.ProcessEnv = process.env): ProviderSettings {
  const config = new pulumi.Config(CONFIG_NAMESPACE);
  // pulumi.Config takes the key without its namespace; the reader is asked for the full key.
  const prefix = `${CONFIG_NAMESPACE}:`;
  return readSettings(
    { get: (key) => (key.startsWith(prefix) ? config.get(key.slice(prefix.length)) : undefined) },
    env,
  );
}

/**
 * The program's shared client, created on first use and reused by every lookup. It is built
 * again only when the settings change (an Automation API program may run several stacks in
 * one process). Throws an error saying which `pulumi config set` to run when the endpoint or
 * the credentials are missing.
 */
export function getProgramClient(): VmCloudClient {
  return resolve().client;
}

/**
 * The default project of lookups that need one: `vmcloud:projectId` (or `VMCLOUD_PROJECT_ID`),
 * or the project given to {@link setProgramClient}; undefined when none is set.
 */
export function getProgramProjectId(): string | undefined {
  if (explicit) return current?.projectId;
  return programSettings().projectId;
}

/**
 * Makes every lookup of this process use `client` (and `projectId` as the default project)
 * instead of one built from config and environment; for tests and programs that build their
 * own client. {@link resetProgramClient} undoes it.
 */
export function setProgramClient(
  client: VmCloudClient,
  defaults: { projectId?: string } = {},
): void {
  if (current !== undefined && current.client !== client && current.fingerprint !== undefined) {
    current.client.close();
  }
  current = { client, projectId: defaults.projectId, fingerprint: undefined };
  explicit = true;
}

/** Forgets the client (closing one this module built), so the next lookup reads the settings again. */
export function resetProgramClient(): void {
  if (current !== undefined && current.fingerprint !== undefined) current.client.close();
  current = undefined;
  explicit = false;
}

function resolve(): Current {
  if (explicit && current !== undefined) return current;
  const settings = programSettings();
  // Compared in memory only; the fingerprint holds the credentials and never leaves here.
  const fingerprint = JSON.stringify(settings);
  if (current !== undefined && current.fingerprint === fingerprint) return current;
  const client = clientFromSettings(settings);
  if (current?.fingerprint !== undefined) current.client.close();
  current = { client, projectId: settings.projectId, fingerprint };
  return current;
}
