/**
 * Credential checks for the three schemes: bearer token, X-Auth-Token, and signed
 * access-key/secret-key requests (verified with the client's own signing code). Tokens issued
 * by the emulated IAM service count as valid tokens until they expire.
 */
import type { FastifyRequest } from "fastify";
import type { AnyEndpoint } from "../../api/endpoint";
import { verifySignature } from "../../api/signing";
import { rawBodyOf } from "./json-bodies";
import { headerText } from "./request-parts";
import type { EmulatorSettings } from "./service-module";
import { ServiceError } from "./service-error";

/** Returns the 401 to answer, or undefined when the request is authenticated. */
export function authenticate(
  settings: EmulatorSettings,
  request: FastifyRequest,
  endpoint: AnyEndpoint,
): ServiceError | undefined {
  const header = (name: string) => headerText(request.headers, name);
  switch (endpoint.auth) {
    case "none":
      return undefined;
    case "bearer": {
      const value = header("authorization");
      if (value === undefined) return unauthorized("missing Authorization: Bearer token");
      const match = /^Bearer\s+(.+)$/i.exec(value);
      if (match === null || !tokenAccepted(settings, match[1]!))
        return unauthorized("invalid or expired token");
      return undefined;
    }
    case "x-auth-token":
    case "x-auth-token-or-signature": {
      const token = header("x-auth-token");
      if (token !== undefined) {
        return tokenAccepted(settings, token)
          ? undefined
          : unauthorized("invalid or expired X-Auth-Token");
      }
      const authorization = header("authorization");
      if (
        endpoint.auth === "x-auth-token-or-signature" &&
        authorization?.startsWith("SDK-HMAC-SHA256")
      ) {
        const url = new URL(request.url, "http://emulator");
        const problem = verifySignature(settings.signingKeys, {
          method: request.method,
          path: url.pathname,
          query: [...url.searchParams.entries()],
          headers: request.headers,
          body: rawBodyOf(request),
        });
        return problem === undefined
          ? undefined
          : unauthorized(`request signature refused: ${problem}`);
      }
      return unauthorized("missing X-Auth-Token header");
    }
  }
}

/** The configured API token, or a token the emulated IAM issued that has not yet expired. */
function tokenAccepted(settings: EmulatorSettings, token: string): boolean {
  if (token === settings.token) return true;
  const expiry = settings.issuedTokenExpiry?.(token);
  return expiry !== undefined && Date.now() < expiry;
}

function unauthorized(message: string): ServiceError {
  return new ServiceError(401, "unauthorized", message);
}
