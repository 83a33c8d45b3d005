/**
 * The vmcloud emulator: a local stand-in for the VM service and the six operations.
 * `startEmulator()` starts it on a port and returns its URL; tests and the CLI both use it.
 */
import type { AddressInfo } from "node:net";
import { buildApp, type EmulatorApp } from "./core/app";
import { RateLimitConfig } from "./core/rate-limit";
import type { EmulatorSettings } from "./core/service-module";
import { allServices } from "./services";

export type { EmulatorApp } from "./core/app";

/** The token the emulator accepts when none is given. */
export const DEFAULT_TOKEN = "vmcloud-emulator-token";

/** The key pair accepted for signed requests when none is given. */
export const DEFAULT_SIGNING_KEY = {
  accessKey: "EMULATORACCESSKEY0001",
  secretKey: "emulator-secret-key-do-not-use-in-production",
} as const;

/** Options of {@link startEmulator}. */
export interface EmulatorOptions {
  /** Port to listen on; 0 picks a free one (default 0). */
  port?: number;
  /** Address to listen on (default 127.0.0.1). */
  host?: string;
  /** The API token it accepts (default {@link DEFAULT_TOKEN}). */
  token?: string;
  /** Persist state in this file with atomic writes (default: in memory). */
  stateFile?: string;
  /** Divide every delay by this factor (default 1; 20 makes a VM boot in about 0.1 s). */
  speed?: number;
  /**
   * Answer a backup restore with `{job_id}` (202) instead of the seed's empty 202, as some
   * deployments do (default false).
   */
  restoreJobId?: boolean;
  /**
   * Limit each credential to this many requests per second, as a real service does: a token
   * bucket of `burst` requests (default: one second's worth); over it, 429 with Retry-After.
   * Default: no limit.
   */
  rateLimit?: RateLimitConfig;
  /**
   * Append every service exchange (request and answer, passwords masked, no credentials) to
   * this JSON-lines file, e.g. to judge them against the real service's OpenAPI document.
   */
  exchangeLog?: string;
}

/** A running emulator. */
export interface RunningEmulator extends EmulatorApp {
  /** Base URL, e.g. `http://127.0.0.1:8443`. */
  url: string;
  /** The token it accepts. */
  token: string;
  /** Stops it. */
  close(): Promise<void>;
}

/** Normalises options: every default is decided here and only here. */
export function emulatorSettings(options: EmulatorOptions = {}): EmulatorSettings {
  const speed = options.speed ?? 1;
  if (!(speed > 0) || !Number.isFinite(speed))
    throw new Error(`--speed must be a positive number, got ${speed}`);
  const rateLimit =
    options.rateLimit === undefined ? undefined : RateLimitConfig.parse(options.rateLimit);
  return {
    token: options.token ?? DEFAULT_TOKEN,
    speed,
    signingKeys: [{ ...DEFAULT_SIGNING_KEY }],
    restoreJobId: options.restoreJobId ?? false,
    ...(rateLimit === undefined ? {} : { rateLimit }),
  };
}

/** Starts the emulator and resolves once it listens. */
export async function startEmulator(options: EmulatorOptions = {}): Promise<RunningEmulator> {
  const settings = emulatorSettings(options);
  const built = buildApp({
    settings,
    services: allServices,
    ...(options.stateFile === undefined ? {} : { stateFile: options.stateFile }),
    ...(options.exchangeLog === undefined ? {} : { exchangeLog: options.exchangeLog }),
  });
  await built.app.listen({ port: options.port ?? 0, host: options.host ?? "127.0.0.1" });
  const address = built.app.server.address() as AddressInfo;
  const host = address.family === "IPv6" ? `[${address.address}]` : address.address;
  return {
    ...built,
    url: `http://${host}:${address.port}`,
    token: settings.token,
    close: () => built.app.close(),
  };
}
