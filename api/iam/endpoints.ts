/**
 * The identity service's two ways to get an API token, which the VM service accepts as
 * `Authorization: Bearer` and the operations accept as `X-Auth-Token`:
 * - the OAuth2 client-credentials grant (`POST /auth/system/openid/token`, an
 *   `application/x-www-form-urlencoded` form), which real clients of the VM service send;
 * - a JSON exchange of a key id and its secret (`POST /api/v1/auth/token`), which other public
 *   docs show. Its exact path is our decision (docs/api-decisions/identity.md).
 * Both answer `{access_token, token_type, expires_in}`; a token lives one hour.
 */
import { z } from "zod";
import { endpoint } from "../endpoint";

/** The body of a JSON token request. */
export const TokenRequest = z.strictObject({
  keyId: z.string().min(1).max(128).describe("The key id of the API key"),
  secret: z.string().min(1).max(256).describe("The secret of the API key"),
});

/** A freshly issued token and how long it lives. */
export const TokenResponse = z.object({
  access_token: z.string().min(1).describe("The API token"),
  token_type: z.literal("Bearer").describe("Always Bearer"),
  expires_in: z.number().int().min(1).describe("Lifetime of the token in seconds (default 3600)"),
});

/** The grant the OAuth2 token request supports. */
export const CLIENT_CREDENTIALS = "client_credentials";

/**
 * The OAuth2 client-credentials form (RFC 6749 §4.4, client authentication in the body as
 * §2.3.1 allows). Unknown parameters are ignored, as §3.2 requires of the server; a
 * `grant_type` other than `client_credentials` is refused with `unsupported_grant_type`.
 */
export const OAuthTokenForm = z
  .object({
    grant_type: z.string().min(1).describe("Must be client_credentials"),
    client_id: z.string().min(1).max(128).describe("The key id of the API key"),
    client_secret: z.string().min(1).max(256).describe("The secret of the API key"),
  })
  .describe("OAuth2 client-credentials token request");

/** The IAM service's endpoint table. */
export const iamEndpoints = {
  createToken: endpoint({
    id: "iam.tokens.create",
    service: "iam",
    method: "POST",
    path: "/api/v1/auth/token",
    summary: "Exchange a key id and secret (JSON) for an API token that lives one hour",
    body: TokenRequest,
    response: { status: 200, schema: TokenResponse },
    errors: { 401: ["unknown key id or wrong secret"], 422: ["validation failure"] },
    auth: "none",
    errorShape: "vm",
  }),
  oauthToken: endpoint({
    id: "iam.tokens.oauth",
    service: "iam",
    method: "POST",
    path: "/auth/system/openid/token",
    summary:
      "OAuth2 client-credentials grant: a form with grant_type, client_id and client_secret, for an API token that lives one hour",
    body: OAuthTokenForm,
    bodyEncoding: "form",
    response: { status: 200, schema: TokenResponse },
    errors: {
      400: [
        "invalid_request: a parameter is missing or empty",
        "unsupported_grant_type: grant_type is not client_credentials",
      ],
      401: ["invalid_client: unknown client_id or wrong client_secret"],
    },
    auth: "none",
    errorShape: "oauth",
  }),
} as const;
