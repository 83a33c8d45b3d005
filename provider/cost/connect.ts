/**
 * How the cost tools (policy pack, `vmcloud-cost`) reach the service: an endpoint, a token (or
 * key id and secret) and a project from explicit settings, else the settings the program reads
 * (the stack's `vmcloud:*` config when the tool is given it, then the `VMCLOUD_*` environment;
 * provider/runtime/settings.ts). Without them the tools skip their work and say why.
 */
import type { VmCloudClient } from "../client";
import { clientFromSettings } from "../runtime/client-from-settings";
import {
  readSettings,
  settingSource,
  type ConfigReader,
  type SettingName,
} from "../runtime/settings";

/** Settings given explicitly (policy config or command-line options). */
export interface CostSettings {
  endpoint?: string | undefined;
  token?: string | undefined;
  projectId?: string | undefined;
}

/** Where else the settings may come from, and how messages name the explicit ones. */
export interface CostSources {
  /**
   * The stack's config (`vmcloud:*` keys), read before the environment as the program reads
   * it; none when the tool has no stack (`vmcloud-cost` reads a plan file).
   */
  stackConfig?: ConfigReader | undefined;
  /** The environment; default `process.env`. */
  env?: NodeJS.ProcessEnv | undefined;
  /**
   * How each explicit setting is named in messages (`--endpoint`, `endpoint in the policy
   * config`); a setting left out cannot be given explicitly.
   */
  explicitNames: Partial<Record<keyof CostSettings, string>>;
}

/** A client and project, or why there is none. */
export type CostConnection =
  | { ok: true; client: VmCloudClient; projectId: string }
  | {
      ok: false;
      /** What is wrong, naming the settings (never their values). */
      reason: string;
      /** True when settings are missing (rather than invalid). */
      missing: boolean;
    };

/** An explicit value, or undefined when it is unset or empty. */
function given(value: string | undefined): string | undefined {
  return value === undefined || value === "" ? undefined : value;
}

/**
 * Connects from `explicit`, falling back to the stack config of `sources`, then to its
 * environment. The reason of a failure names every place a missing setting can be given.
 */
export function connectForCost(explicit: CostSettings, sources: CostSources): CostConnection {
  const settings = readSettings(sources.stackConfig, sources.env ?? process.env);
  const endpoint = given(explicit.endpoint) ?? settings.endpoint;
  const token = given(explicit.token) ?? settings.token;
  const projectId = given(explicit.projectId) ?? settings.projectId;

  // "vmcloud:endpoint in the stack config" (when there is one) and "VMCLOUD_ENDPOINT".
  const places = (name: SettingName): string[] => {
    const source = settingSource(name);
    return sources.stackConfig === undefined
      ? [source.env]
      : [`${source.config} in the stack config`, source.env];
  };
  const where = (name: keyof CostSettings): string => {
    const all = [sources.explicitNames[name], ...places(name)].filter((p) => p !== undefined);
    return all.length === 1 ? all[0]! : `${all.slice(0, -1).join(", ")} or ${all.at(-1)}`;
  };
  // A key id and secret exchanged for a token stand for the token.
  const exchange = (): string => {
    const [id, secret] = [settingSource("keyId"), settingSource("secret")];
    const fromEnv = `${id.env} with ${secret.env}`;
    return sources.stackConfig === undefined
      ? fromEnv
      : `${id.config} with ${secret.config} in the stack config, or ${fromEnv}`;
  };
  const missing: string[] = [];
  if (endpoint === undefined) missing.push(`an endpoint (${where("endpoint")})`);
  if (token === undefined && (settings.keyId === undefined || settings.secret === undefined)) {
    missing.push(`a token (${where("token")}; or a key id and secret: ${exchange()})`);
  }
  if (projectId === undefined) missing.push(`a project (${where("projectId")})`);
  if (missing.length > 0) {
    return { ok: false, reason: `not set: ${missing.join("; ")}`, missing: true };
  }
  try {
    return {
      ok: true,
      client: clientFromSettings({ ...settings, endpoint, token, projectId }),
      projectId: projectId!,
    };
  } catch (error) {
    // clientFromSettings names the option at fault in its cause; only endpoint values appear.
    const cause = error instanceof Error && error.cause instanceof Error ? error.cause : error;
    return {
      ok: false,
      reason: cause instanceof Error ? cause.message : String(cause),
      missing: false,
    };
  }
}
