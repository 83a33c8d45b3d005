/**
 * How the cost tools (policy pack, `vmcloud-cost`) reach the service: an endpoint, a token (or
 * key id and secret) and a project from explicit settings, else the `VMCLOUD_*` environment.
 * Without them the tools skip their work and say why, once.
 */
import { clientOptionsFromEnv, VmCloudClient, type ClientOptions } from "../client";

/** Settings given explicitly (policy config or command-line options). */
export interface CostSettings {
  endpoint?: string | undefined;
  token?: string | undefined;
  projectId?: string | undefined;
}

/** A client and project, or why there is none. */
export type CostConnection =
  { ok: true; client: VmCloudClient; projectId: string } | { ok: false; reason: string };

/** Connects from `settings`, falling back to the `VMCLOUD_*` variables of `env`. */
export function connectForCost(
  settings: CostSettings,
  env: NodeJS.ProcessEnv = process.env,
): CostConnection {
  const fromEnv = clientOptionsFromEnv(env);
  const options: ClientOptions = { ...fromEnv };
  if (settings.endpoint !== undefined && settings.endpoint !== "")
    options.endpoint = settings.endpoint;
  if (settings.token !== undefined && settings.token !== "") options.token = settings.token;
  const projectId =
    settings.projectId !== undefined && settings.projectId !== ""
      ? settings.projectId
      : fromEnv.projectId;
  const missing: string[] = [];
  if (options.endpoint === undefined) missing.push("an endpoint (VMCLOUD_ENDPOINT or endpoint)");
  if (
    options.token === undefined &&
    (options.keyId === undefined || options.secret === undefined)
  ) {
    missing.push("a token (VMCLOUD_TOKEN or token, or VMCLOUD_KEY_ID and VMCLOUD_SECRET)");
  }
  if (projectId === undefined) missing.push("a project (VMCLOUD_PROJECT_ID or projectId)");
  if (missing.length > 0) return { ok: false, reason: `not set: ${missing.join("; ")}` };
  try {
    return {
      ok: true,
      client: new VmCloudClient({ ...options, projectId }),
      projectId: projectId!,
    };
  } catch (error) {
    return { ok: false, reason: error instanceof Error ? error.message : String(error) };
  }
}
