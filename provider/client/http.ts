/**
 * One HTTP attempt over got, with keep-alive agents, and nothing else: no retries, no
 * redirects, no status-based throwing. It answers either the response (any status, body as
 * text) or a transport failure with its error code, which the caller classifies.
 *
 * Why `await import("got")`: got 16 is ESM-only and our package is CommonJS (Pulumi's
 * dynamic-provider host and closure serializer need CommonJS). TypeScript with `module:
 * node20` keeps a dynamic `import()` in CommonJS output as a real `import()`, which loads ESM
 * on every Node version we support. A static `import got from "got"` would compile to
 * `require("got")`, which works only where Node's `require(esm)` is enabled (unflagged from
 * Node 22.12) and would load got even in processes that only validate input. The import is
 * made once per process and shared.
 */
import http from "node:http";
import https from "node:https";
import type { Got } from "got";
import type { TransportFailure } from "./retry";

/** One attempt to send. */
export interface HttpAttempt {
  method: string;
  url: URL;
  headers: Record<string, string>;
  /** The body as sent; undefined for none. */
  body: string | undefined;
  /** Whole-attempt and connect timeouts in ms. */
  timeout: { requestMs: number; connectMs: number };
  signal?: AbortSignal;
}

/** What an attempt produced. */
export type HttpOutcome =
  | {
      kind: "response";
      status: number;
      headers: Readonly<Record<string, string | string[] | undefined>>;
      body: string;
    }
  | ({ kind: "failure"; message: string; cause: unknown } & TransportFailure);

let gotModule: Promise<Got> | undefined;

/** Loads got once (see the file comment for why dynamically). */
export function loadGot(): Promise<Got> {
  gotModule ??= import("got").then((m) => m.default);
  return gotModule;
}

/** Sends attempts through one pair of agents. */
export class HttpTransport {
  private readonly agents: { http: http.Agent; https: https.Agent };
  private instance: Promise<Got> | undefined;

  constructor(keepAlive: boolean) {
    // LIFO reuses the most recently used (warmest) socket, so idle ones can time out.
    const options = {
      keepAlive,
      keepAliveMsecs: 1_000,
      maxSockets: 64,
      scheduling: "lifo" as const,
    };
    this.agents = { http: new http.Agent(options), https: new https.Agent(options) };
  }

  /** Sends one attempt. Never throws for HTTP statuses; throws only if aborted. */
  async send(attempt: HttpAttempt): Promise<HttpOutcome> {
    const got = await this.got();
    try {
      const response = await got(attempt.url, {
        method: attempt.method as "GET",
        headers: attempt.headers,
        ...(attempt.body === undefined ? {} : { body: attempt.body }),
        timeout: { request: attempt.timeout.requestMs, connect: attempt.timeout.connectMs },
        ...(attempt.signal === undefined ? {} : { signal: attempt.signal }),
      });
      return {
        kind: "response",
        status: response.statusCode,
        headers: response.headers,
        body: response.body,
      };
    } catch (error) {
      if (attempt.signal?.aborted) throw attempt.signal.reason;
      const e = error as { code?: unknown; message?: unknown; event?: unknown; name?: unknown };
      const code = typeof e.code === "string" ? e.code : "ERR_UNKNOWN";
      const isTimeout = e.name === "TimeoutError" && typeof e.event === "string";
      return {
        kind: "failure",
        code,
        message: typeof e.message === "string" ? e.message : String(error),
        cause: error,
        ...(isTimeout ? { timeoutPhase: e.event as string } : {}),
      };
    }
  }

  /** Closes idle connections; the transport stays usable. */
  close(): void {
    this.agents.http.destroy();
    this.agents.https.destroy();
  }

  private got(): Promise<Got> {
    this.instance ??= loadGot().then((got) =>
      got.extend({
        agent: { http: this.agents.http, https: this.agents.https },
        // The client retries (it must look before retrying a create); got must not.
        retry: { limit: 0 },
        throwHttpErrors: false,
        followRedirect: false,
        responseType: "text",
        http2: false,
      }),
    );
    return this.instance;
  }
}
