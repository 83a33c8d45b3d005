/**
 * Chooses and applies the credentials of one request from the endpoint's auth scheme and the
 * configured credentials:
 * - `bearer`: `Authorization: Bearer <token>`;
 * - `x-auth-token`: `X-Auth-Token: <token>`;
 * - `x-auth-token-or-signature`: a static token if there is one, else an `SDK-HMAC-SHA256`
 *   signature when an access key and secret key are set, else an exchanged token;
 * - `none`: nothing.
 * The token is the static `token`, or one exchanged for `keyId` + `secret` and cached.
 */
import type { AuthScheme } from "../../api/endpoint";
import type { NormalizedOptions } from "./options";
import { signRequest } from "../../api/signing";
import { TokenCache, type IssuedToken } from "./token-cache";

/** The parts of a request that credentials depend on. */
export interface AuthRequest {
  method: string;
  url: URL;
  /** The body exactly as it will be sent ("" when none). */
  body: string;
  /** The `Content-Type` that will be sent, if any (it is signed). */
  contentType: string | undefined;
}

/** Headers to add, and the exchanged token used (so a 401 can invalidate it). */
export interface AppliedAuth {
  headers: Record<string, string>;
  exchangedToken: string | undefined;
}

/** Applies credentials; one per client. */
export class Authenticator {
  private readonly cache: TokenCache | undefined;

  constructor(
    private readonly options: NormalizedOptions,
    exchange: (() => Promise<IssuedToken>) | undefined,
  ) {
    this.cache =
      options.token === undefined && exchange !== undefined && options.keyId !== undefined
        ? new TokenCache({ fetch: exchange, refreshMarginMs: options.tokenRefreshMarginMs })
        : undefined;
  }

  /**
   * Why a request with `scheme` cannot be authenticated with the configured credentials, or
   * undefined when it can.
   */
  missing(scheme: AuthScheme): string | undefined {
    if (scheme === "none" || this.hasToken()) return undefined;
    if (scheme === "x-auth-token-or-signature" && this.canSign()) return undefined;
    const what =
      scheme === "x-auth-token-or-signature"
        ? "a token, a key id and secret, or an access key and secret key"
        : "a token, or a key id and secret";
    return (
      `no credentials: this endpoint needs ${what}; set vmcloud:token (VMCLOUD_TOKEN)` +
      (scheme === "x-auth-token-or-signature"
        ? ", or vmcloud:accessKey and vmcloud:secretKey (VMCLOUD_ACCESS_KEY, VMCLOUD_SECRET_KEY)"
        : ", or VMCLOUD_KEY_ID and VMCLOUD_SECRET")
    );
  }

  /** The headers that authenticate `request` under `scheme`. */
  async apply(scheme: AuthScheme, request: AuthRequest): Promise<AppliedAuth> {
    switch (scheme) {
      case "none":
        return { headers: {}, exchangedToken: undefined };
      case "bearer": {
        const { token, exchanged } = await this.token();
        return { headers: { authorization: `Bearer ${token}` }, exchangedToken: exchanged };
      }
      case "x-auth-token": {
        const { token, exchanged } = await this.token();
        return { headers: { "x-auth-token": token }, exchangedToken: exchanged };
      }
      case "x-auth-token-or-signature": {
        if (this.options.token === undefined && this.canSign()) {
          return { headers: this.sign(request), exchangedToken: undefined };
        }
        const { token, exchanged } = await this.token();
        return { headers: { "x-auth-token": token }, exchangedToken: exchanged };
      }
    }
  }

  /**
   * Called on a 401 for an exchanged token: forgets it, so that the next request fetches a
   * fresh one (it may have expired early). A static token is never forgotten: it cannot renew.
   */
  forget(exchangedToken: string | undefined): void {
    if (exchangedToken !== undefined) this.cache?.invalidate(exchangedToken);
  }

  private hasToken(): boolean {
    return this.options.token !== undefined || this.cache !== undefined;
  }

  private canSign(): boolean {
    return this.options.accessKey !== undefined && this.options.secretKey !== undefined;
  }

  private async token(): Promise<{ token: string; exchanged: string | undefined }> {
    if (this.options.token !== undefined)
      return { token: this.options.token, exchanged: undefined };
    if (this.cache === undefined) throw new Error("no token configured");
    const token = await this.cache.get();
    return { token, exchanged: token };
  }

  private sign(request: AuthRequest): Record<string, string> {
    // The signed headers must be sent exactly as signed, so they are sent explicitly.
    const headers: Record<string, string> = { host: request.url.host };
    if (request.contentType !== undefined) headers["content-type"] = request.contentType;
    const signed = signRequest(
      { accessKey: this.options.accessKey!, secretKey: this.options.secretKey! },
      {
        method: request.method,
        path: request.url.pathname,
        query: [...request.url.searchParams.entries()],
        headers,
        body: request.body,
      },
    );
    return { ...headers, "x-sdk-date": signed["X-Sdk-Date"], authorization: signed.Authorization };
  }
}
