/**
 * The emulated IAM service's state and rules: which API keys exist, which tokens were issued
 * and when each expires. Pure functions over {@link IamState}; no HTTP.
 */
import { randomBytes, timingSafeEqual } from "node:crypto";
import { ServiceError } from "../core/service-error";

/** An API key: a key id and its secret. */
export interface ApiKey {
  keyId: string;
  secret: string;
}

/** One issued token. */
export interface IssuedToken {
  keyId: string;
  /** Epoch ms after which the token is refused. */
  expiresAt: number;
}

/** The IAM service's state. */
export interface IamState {
  keys: ApiKey[];
  /** Lifetime of newly issued tokens in seconds (default 3600, as the real service). */
  tokenLifetimeSeconds: number;
  /** Issued tokens by value. */
  tokens: Record<string, IssuedToken>;
}

/** The API key the emulator accepts for token exchange. */
export const DEFAULT_API_KEY: Readonly<ApiKey> = {
  keyId: "EMULATORKEYID0001",
  secret: "emulator-iam-secret-do-not-use-in-production",
};

/** Fresh IAM state with the default key. */
export function initialIamState(): IamState {
  return { keys: [{ ...DEFAULT_API_KEY }], tokenLifetimeSeconds: 3600, tokens: {} };
}

/** Issues a token for a key id and secret, or fails with 401 when they do not match. */
export function issueToken(
  state: IamState,
  keyId: string,
  secret: string,
  now: number,
): { token: string; expiresIn: number } {
  const key = state.keys.find((k) => k.keyId === keyId);
  if (key === undefined || !sameText(key.secret, secret)) {
    throw new ServiceError(401, "invalid_credentials", "unknown key id or wrong secret");
  }
  const token = `iam-${randomBytes(24).toString("base64url")}`;
  const expiresIn = state.tokenLifetimeSeconds;
  state.tokens[token] = { keyId, expiresAt: now + expiresIn * 1000 };
  return { token, expiresIn };
}

/** Forgets tokens that have expired, so the state does not grow for ever. */
export function settleIam(state: IamState, now: number): void {
  for (const [token, issued] of Object.entries(state.tokens)) {
    if (issued.expiresAt <= now) delete state.tokens[token];
  }
}

function sameText(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}
