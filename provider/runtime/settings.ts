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
  /** What the setting is, for docs and the plugin's schema. */
  readonly description: string;
  /** The value is a credential: set it with `pulumi config set --secret`, never shown. */
  readonly secret?: true;
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
  endpoint: {
    config: "vmcloud:endpoint",
    env: "VMCLOUD_ENDPOINT",
    description:
      "Base URL of the cloud's API (e.g. https://api.example.com, or the emulator's http://127.0.0.1:8443); every service's unless overridden",
  },
  serviceEndpoints: {
    backup: {
      config: "vmcloud:backupEndpoint",
      env: "VMCLOUD_BACKUP_ENDPOINT",
      description: "Base URL of the backup service (default: endpoint)",
    },
    search: {
      config: "vmcloud:searchEndpoint",
      env: "VMCLOUD_SEARCH_ENDPOINT",
      description: "Base URL of the search service (default: endpoint)",
    },
    queue: {
      config: "vmcloud:queueEndpoint",
      env: "VMCLOUD_QUEUE_ENDPOINT",
      description: "Base URL of the message queue service (default: endpoint)",
    },
    events: {
      config: "vmcloud:eventsEndpoint",
      env: "VMCLOUD_EVENTS_ENDPOINT",
      description: "Base URL of the events and alarms service (default: endpoint)",
    },
    containers: {
      config: "vmcloud:containersEndpoint",
      env: "VMCLOUD_CONTAINERS_ENDPOINT",
      description: "Base URL of the container cluster service (default: endpoint)",
    },
    iam: {
      config: "vmcloud:iamEndpoint",
      env: "VMCLOUD_IAM_ENDPOINT",
      description:
        "Base URL of the identity service that exchanges keyId and secret for a token (default: endpoint)",
    },
  },
  token: {
    config: "vmcloud:token",
    env: "VMCLOUD_TOKEN",
    description: "API token (X-Auth-Token); or keyId and secret",
    secret: true,
  },
  keyId: {
    config: "vmcloud:keyId",
    env: "VMCLOUD_KEY_ID",
    description: "Key id exchanged, with secret, for a token (cached, renewed before it expires)",
  },
  secret: {
    config: "vmcloud:secret",
    env: "VMCLOUD_SECRET",
    description: "The secret of keyId",
    secret: true,
  },
  tokenUrl: {
    config: "vmcloud:tokenUrl",
    env: "VMCLOUD_TOKEN_URL",
    description:
      "The identity service's OAuth2 token URL for keyId and secret (default: the JSON exchange at iamEndpoint)",
  },
  accessKey: {
    config: "vmcloud:accessKey",
    env: "VMCLOUD_ACCESS_KEY",
    description:
      "Access key that signs the node migration's requests (SDK-HMAC-SHA256) when no token is set",
  },
  secretKey: {
    config: "vmcloud:secretKey",
    env: "VMCLOUD_SECRET_KEY",
    description: "The secret key of accessKey",
    secret: true,
  },
  projectId: {
    config: "vmcloud:projectId",
    env: "VMCLOUD_PROJECT_ID",
    description: "The project (UUID) resources are made in, unless a resource names its own",
  },
  operationsProjectId: {
    config: "vmcloud:operationsProjectId",
    env: "VMCLOUD_OPERATIONS_PROJECT_ID",
    description:
      "Project of the operations services (32 hex characters; default: projectId without its dashes)",
  },
} as const satisfies Record<SettingName, SettingSource> & {
  serviceEndpoints: Record<OverridableService, SettingSource>;
};

/** Every setting, by its config key without the namespace (`endpoint`, `backupEndpoint`). */
export function allSettings(): Record<string, SettingSource> {
  const { serviceEndpoints, ...single } = SOURCES;
  const all: SettingSource[] = [...Object.values(single), ...Object.values(serviceEndpoints)];
  return Object.fromEntries(all.map((source) => [source.config.split(":")[1]!, source]));
}

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
