/**
 * What each emulated service provides to the app: its state and fixtures, the time-driven
 * settling of that state, and its routes.
 */
import type { FastifyInstance, FastifyRequest } from "fastify";
import type { AnyEndpoint } from "../../api/endpoint";
import type { SigningKey } from "../../api/signing";
import type { RateLimitConfig } from "./rate-limit";
import type { ServiceError } from "./service-error";

/** Settings every service reads. */
export interface EmulatorSettings {
  /** The one valid API token. */
  token: string;
  /** Every delay is divided by this (1: a VM boots in about 2 s; 20: about 0.1 s). */
  speed: number;
  /** Key pairs accepted for signed requests. */
  signingKeys: SigningKey[];
  /** The per-credential rate limit at start (none when absent; the admin API changes it). */
  rateLimit?: RateLimitConfig;
  /**
   * The expiry (epoch ms) of a token issued by the emulated IAM service, or undefined when it
   * never issued it. Such tokens are accepted wherever the API token is, until they expire.
   * Set by the IAM service when it registers; absent without it.
   */
  issuedTokenExpiry?: (token: string) => number | undefined;
  /**
   * Opt-in convenience the seed does not show: a backup restore answers 202 with
   * `{job_id}` instead of no body (as some deployments do). Default false: no body.
   */
  restoreJobId?: boolean;
}

/** The clock and delay scaling that models use. */
export interface Clock {
  /** Current time in epoch milliseconds. */
  now(): number;
  /** A delay of `baseMs` at speed 1, scaled by the configured speed. */
  delay(baseMs: number): number;
}

/**
 * What handlers of a service receive as `ctx`: its live state, settled to now, with the
 * clock and settings.
 */
export interface ServiceContext<S> {
  state: S;
  clock: Clock;
  settings: EmulatorSettings;
  /**
   * Another service's state, settled to now, for reads only (a backup service checks the
   * disk it restores into with the VM service, as a real one asks its compute service).
   */
  peer(key: string): unknown;
}

/** What a service receives when it registers its routes. */
export interface ServiceEnv<S> {
  /** The service's live state, settled to the current time. */
  state(): S;
  /** Another service's state (its key), settled to the current time; for reads only. */
  peer(key: string): unknown;
  clock: Clock;
  settings: EmulatorSettings;
  /** Marks the state changed (persists it). */
  changed(): void;
  /** Checks the credentials of a request for an endpoint. */
  authenticate(request: FastifyRequest, endpoint: AnyEndpoint): ServiceError | undefined;
}

/** One emulated service. */
export interface ServiceModule<S> {
  /** Key of this service's state in the emulator state. */
  readonly key: string;
  /** Every endpoint the service serves (for the OpenAPI document and docs). */
  readonly endpoints: Readonly<Record<string, AnyEndpoint>>;
  /** Fresh state holding the fixtures. */
  initialState(clock: Clock): S;
  /**
   * Brings a slice a state file of an earlier release holds up to date, in place (keys since
   * renamed); a current slice is left as it is. Answers what makes the slice unusable, if
   * anything (the state file is then refused with that reason). Default: nothing to do.
   */
  upgrade?(slice: Record<string, unknown>): string | undefined;
  /** Applies every status change that is due at `now`. */
  settle(state: S, now: number): void;
  /** Ids and names of the fixtures, for `GET /_emulator/fixtures`. */
  fixtures(state: S): Record<string, unknown>;
  /** Registers the service's routes. */
  register(app: FastifyInstance, env: ServiceEnv<S>): void;
}
