/**
 * The token exchange of the identity service: a key id and its secret are traded for a
 * short-lived API token that the VM service accepts as `Authorization: Bearer` and the
 * operations accept as `X-Auth-Token`. The real IAM endpoint is not in our documents; this is
 * the shape the project decided on (docs/api-decisions/client.md).
 */
import { z } from "zod";
import { endpoint } from "../endpoint";

/** The body of a token request. */
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

/** The IAM service's endpoint table. */
export const iamEndpoints = {
  createToken: endpoint({
    id: "iam.tokens.create",
    service: "iam",
    method: "POST",
    path: "/api/v1/auth/token",
    summary: "Exchange a key id and secret for an API token that lives one hour",
    body: TokenRequest,
    response: { status: 200, schema: TokenResponse },
    errors: { 401: ["unknown key id or wrong secret"], 422: ["validation failure"] },
    auth: "none",
    errorShape: "vm",
  }),
} as const;
