/**
 * Caches an exchanged API token: fetched on first use, reused until a margin before it
 * expires, fetched once for any number of concurrent callers, and dropped when the service
 * refuses it (so the next use fetches a fresh one).
 */

/** A token and how long it lives. */
export interface IssuedToken {
  token: string;
  /** Lifetime in ms from when it was issued. */
  expiresInMs: number;
}

/** Options of {@link TokenCache}. */
export interface TokenCacheOptions {
  /** Fetches a fresh token. */
  fetch: () => Promise<IssuedToken>;
  /** Renew this long before expiry, in ms (default 60000). */
  refreshMarginMs?: number;
  /** The clock (default `Date.now`); tests pass their own. */
  now?: () => number;
}

/** A cached token. */
export class TokenCache {
  private current: { token: string; renewAt: number } | undefined;
  private pending: Promise<string> | undefined;
  private readonly margin: number;
  private readonly now: () => number;

  constructor(private readonly options: TokenCacheOptions) {
    this.margin = options.refreshMarginMs ?? 60_000;
    this.now = options.now ?? Date.now;
  }

  /** A token valid for at least the margin, fetching one when needed. */
  async get(): Promise<string> {
    if (this.current !== undefined && this.now() < this.current.renewAt) return this.current.token;
    this.pending ??= this.refresh().finally(() => {
      this.pending = undefined;
    });
    return this.pending;
  }

  /**
   * Forgets `token` after the service refused it, unless a newer one already replaced it
   * (so concurrent 401s cause one fetch, not one each).
   */
  invalidate(token: string): void {
    if (this.current?.token === token) this.current = undefined;
  }

  private async refresh(): Promise<string> {
    const startedAt = this.now();
    const issued = await this.options.fetch();
    // Counted from before the request, so the margin holds even if the answer was slow. A
    // token that lives less than twice the margin is renewed at half its life instead.
    const margin = Math.min(this.margin, issued.expiresInMs / 2);
    this.current = { token: issued.token, renewAt: startedAt + issued.expiresInMs - margin };
    return issued.token;
  }
}
