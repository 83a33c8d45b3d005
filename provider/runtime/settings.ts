/**
 * Settings: the one reader of stack config (`vmcloud:*` keys) and environment (`VMCLOUD_*`
 * variables), for the provider (config from the host's `configure`) and for the program (config
 * from `pulumi.Config`, see sdk/program-client.ts) alike, so both read the same keys in the same
 * order. Credentials live only in the memory of the process that reads them: never in inputs,
 * outputs or the serialized provider.
 */
import type { ConnectionSettings } from "../client/options";

/**
 * A config reader keyed by the full config key (`vmcloud:endpoint`), as the dynamic-provider
 * host passes it to `configure`.
 */
export interface ConfigReader {
  get(key: string): string | undefined;
}

/** The namespace of every stack config key of the provider (`vmcloud:<name>`). */
export const CONFIG_NAMESPACE = "vmcloud";

/** Where one setting comes from: its stack config key, and the environment variable behind it. */
export interface SettingSource {
  /** The stack config key, read first: `vmcloud:endpoint`. */
  readonly config: `${typeof CONFIG_NAMESPACE}:${string}`;
  /** The environment variable read when the key is unset: `VMCLOUD_ENDPOINT`. */
  readonly env: `VMCLOUD_${string}`;
}

/** Services whose base URL can be set apart from `endpoint`. */
type OverridableService = "backup" | "search" | "queue" | "events" | "containers" | "iam";

/** Everything the provider needs to talk to the cloud. */
export interface ProviderSettings extends ConnectionSettings {
  /** Per-service base URLs. */
  serviceEndpoints: Partial<Record<OverridableService, string>>;
  /** Project id for the operations services (32 hex characters); derived from projectId when unset. */
  operationsProjectId: string | undefined;
}

/** The settings that are one value each (every one but the per-service endpoints). */
export type SettingName = Exclude<keyof ProviderSettings, "serviceEndpoints">;

/**
 * The one table of keys, shaped like {@link ProviderSettings}: each setting's config key and
 * environment variable. Spelt out in full, not derived, so that a search for a key finds it.
 */
const SOURCES = {
  endpoint: { config: "vmcloud:endpoint", env: "VMCLOUD_ENDPOINT" },
  serviceEndpoints: {
    backup: { config: "vmcloud:backupEndpoint", env: "VMCLOUD_BACKUP_ENDPOINT" },
    search: { config: "vmcloud:searchEndpoint", env: "VMCLOUD_SEARCH_ENDPOINT" },
    queue: { config: "vmcloud:queueEndpoint", env: "VMCLOUD_QUEUE_ENDPOINT" },
    events: { config: "vmcloud:eventsEndpoint", env: "VMCLOUD_EVENTS_ENDPOINT" },
    containers: { config: "vmcloud:containersEndpoint", env: "VMCLOUD_CONTAINERS_ENDPOINT" },
    iam: { config: "vmcloud:iamEndpoint", env: "VMCLOUD_IAM_ENDPOINT" },
  },
  token: { config: "vmcloud:token", env: "VMCLOUD_TOKEN" },
  keyId: { config: "vmcloud:keyId", env: "VMCLOUD_KEY_ID" },
  secret: { config: "vmcloud:secret", env: "VMCLOUD_SECRET" },
  tokenUrl: { config: "vmcloud:tokenUrl", env: "VMCLOUD_TOKEN_URL" },
  accessKey: { config: "vmcloud:accessKey", env: "VMCLOUD_ACCESS_KEY" },
  secretKey: { config: "vmcloud:secretKey", env: "VMCLOUD_SECRET_KEY" },
  projectId: { config: "vmcloud:projectId", env: "VMCLOUD_PROJECT_ID" },
  operationsProjectId: {
    config: "vmcloud:operationsProjectId",
    env: "VMCLOUD_OPERATIONS_PROJECT_ID",
  },
} as const satisfies Record<SettingName, SettingSource> & {
  serviceEndpoints: Record<OverridableService, SettingSource>;
};

/**
 * Where the setting `name` is read from, for messages that tell a user how to set it (the cost
 * tools name `vmcloud:endpoint` and `VMCLOUD_ENDPOINT` from here).
 */
export function settingSource(name: SettingName): SettingSource {
  return SOURCES[name];
}

/**
 * Where the client option `option` (as {@link ProviderSettings} and the client spell it:
 * `endpoint`, `serviceEndpoints.backup`, `secret`) is set, or undefined for an option that is
 * no setting (the VM service's own endpoint override exists only as a client option).
 */
export function settingOf(option: string): SettingSource | undefined {
  const [head = "", service] = option.split(".");
  const [table, key]: [Record<string, unknown>, string | undefined] =
    head === "serviceEndpoints" ? [SOURCES.serviceEndpoints, service] : [SOURCES, head];
  const found = key !== undefined && Object.hasOwn(table, key) ? table[key] : undefined;
  return found !== undefined && "config" in (found as object)
    ? (found as SettingSource)
    : undefined;
}

/** Reads the settings: for each key the stack config first, then the environment. */
export function readSettings(
  config: ConfigReader | undefined,
  env: NodeJS.ProcessEnv = process.env,
): ProviderSettings {
  // An empty value counts as unset, so that `VMCLOUD_TOKEN=` cannot hide the config.
  const pick = ({ config: key, env: variable }: SettingSource) => {
    const value = config?.get(key) ?? env[variable];
    return value === undefined || value === "" ? undefined : value;
  };
  const { serviceEndpoints: serviceSources, ...scalarSources } = SOURCES;
  const serviceEndpoints: ProviderSettings["serviceEndpoints"] = {};
  for (const [service, source] of Object.entries(serviceSources)) {
    const value = pick(source);
    if (value !== undefined) serviceEndpoints[service as OverridableService] = value;
  }
  // The table's `satisfies` makes its keys exactly the settings' keys, so the cast is sound.
  const scalars = Object.fromEntries(
    Object.entries(scalarSources).map(([name, source]) => [name, pick(source)]),
  ) as Pick<ProviderSettings, SettingName>;
  return { ...scalars, serviceEndpoints };
}
