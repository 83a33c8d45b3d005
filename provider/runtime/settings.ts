/**
 * Provider settings: from the stack config that the dynamic-provider host hands to `configure`
 * (`vmcloud:*` keys, secrets already unwrapped), falling back to `VMCLOUD_*` environment
 * variables. Credentials live only here, in memory of the provider process: never in inputs,
 * outputs or the serialized provider.
 */

/** A config reader, as the dynamic-provider host passes it to `configure`. */
export interface ConfigReader {
  get(key: string): string | undefined;
}

/** Per-service endpoint override keys (`vmcloud:<service>Endpoint`, `VMCLOUD_<SERVICE>_ENDPOINT`). */
export const SERVICE_ENDPOINT_KEYS = [
  "backup",
  "search",
  "queue",
  "events",
  "containers",
  "iam",
] as const;

/** Everything the provider needs to talk to the cloud. */
export interface ProviderSettings {
  /** Base URL of the VM service (and of every service without an override). */
  endpoint: string | undefined;
  /** Per-service base URLs. */
  serviceEndpoints: Partial<Record<(typeof SERVICE_ENDPOINT_KEYS)[number], string>>;
  /** API token (secret). */
  token: string | undefined;
  /** Key id and secret exchanged for a token (secret). */
  keyId: string | undefined;
  secret: string | undefined;
  /** Access key / secret key for signed requests (secret key is secret). */
  accessKey: string | undefined;
  secretKey: string | undefined;
  /** Default project for resources that do not name one. */
  projectId: string | undefined;
  /** Project id for the operations services (32 hex characters); derived from projectId when unset. */
  operationsProjectId: string | undefined;
}

const KEYS = {
  endpoint: ["vmcloud:endpoint", "VMCLOUD_ENDPOINT"],
  token: ["vmcloud:token", "VMCLOUD_TOKEN"],
  keyId: ["vmcloud:keyId", "VMCLOUD_KEY_ID"],
  secret: ["vmcloud:secret", "VMCLOUD_SECRET"],
  accessKey: ["vmcloud:accessKey", "VMCLOUD_ACCESS_KEY"],
  secretKey: ["vmcloud:secretKey", "VMCLOUD_SECRET_KEY"],
  projectId: ["vmcloud:projectId", "VMCLOUD_PROJECT_ID"],
  operationsProjectId: ["vmcloud:operationsProjectId", "VMCLOUD_OPERATIONS_PROJECT_ID"],
} as const;

/** Reads the settings: stack config first, then the environment. */
export function readSettings(
  config: ConfigReader | undefined,
  env: NodeJS.ProcessEnv = process.env,
): ProviderSettings {
  const pick = ([configKey, envKey]: readonly [string, string]) => {
    const value = config?.get(configKey) ?? env[envKey];
    return value === undefined || value === "" ? undefined : value;
  };
  const serviceEndpoints: ProviderSettings["serviceEndpoints"] = {};
  for (const service of SERVICE_ENDPOINT_KEYS) {
    const value = pick([`vmcloud:${service}Endpoint`, `VMCLOUD_${service.toUpperCase()}_ENDPOINT`]);
    if (value !== undefined) serviceEndpoints[service] = value;
  }
  return {
    endpoint: pick(KEYS.endpoint),
    serviceEndpoints,
    token: pick(KEYS.token),
    keyId: pick(KEYS.keyId),
    secret: pick(KEYS.secret),
    accessKey: pick(KEYS.accessKey),
    secretKey: pick(KEYS.secretKey),
    projectId: pick(KEYS.projectId),
    operationsProjectId: pick(KEYS.operationsProjectId),
  };
}
