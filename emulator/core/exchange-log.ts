/**
 * Appends every service exchange (the request as it came and the answer as it went) to a
 * JSON-lines file, so a conformance check can judge both against the real service's OpenAPI
 * document afterwards. Requests of the emulator's own routes are left out, and so are headers
 * other than the content type and the user agent (no credentials). Passwords in request bodies
 * are masked with as many `*` as they had characters: a length check still judges them.
 */
import { appendFileSync, mkdirSync } from "node:fs";
import { dirname } from "node:path";
import type { FastifyInstance, FastifyRequest } from "fastify";
import { isOwnRoute } from "./own-routes";
import { headerText } from "./request-parts";

/** One line of the exchange log. */
export interface LoggedExchange {
  method: string;
  /** Path and query as sent. */
  url: string;
  requestContentType: string | undefined;
  userAgent: string | undefined;
  /** The parsed request body (a string when it was not JSON); absent when there was none. */
  requestBody?: unknown;
  status: number;
  responseContentType: string | undefined;
  /** The response body as sent ("" for none). */
  responseBody: string;
  /** The fault the emulator injected instead of answering, if any. */
  fault: string | undefined;
}

/** Keys whose string values are secrets wherever they appear in a request body. */
const SECRET_KEYS = new Set(["password", "secret", "client_secret"]);

/** `body` with every secret string value masked (same length), for the log. */
export function maskSecrets(body: unknown): unknown {
  if (Array.isArray(body)) return body.map(maskSecrets);
  if (body === null || typeof body !== "object") return body;
  return Object.fromEntries(
    Object.entries(body as Record<string, unknown>).map(([key, value]) => [
      key,
      SECRET_KEYS.has(key) && typeof value === "string"
        ? "*".repeat(value.length)
        : maskSecrets(value),
    ]),
  );
}

/**
 * Adds hooks that append each answered service request to `file` (created with its folder).
 * `faultOf` tells which answers were injected faults rather than the service's own.
 */
export function logExchanges(
  app: FastifyInstance,
  file: string,
  faultOf: (request: FastifyRequest) => string | undefined,
): void {
  mkdirSync(dirname(file), { recursive: true });
  const payloads = new WeakMap<FastifyRequest, string>();
  app.addHook("onSend", async (request, _reply, payload) => {
    if (typeof payload === "string") payloads.set(request, payload);
    else if (Buffer.isBuffer(payload)) payloads.set(request, payload.toString("utf8"));
    return payload;
  });
  app.addHook("onResponse", async (request, reply) => {
    if (isOwnRoute(request.url)) return;
    const contentType = reply.getHeader("content-type");
    const entry: LoggedExchange = {
      method: request.method,
      url: request.url,
      requestContentType: headerText(request.headers, "content-type"),
      userAgent: headerText(request.headers, "user-agent"),
      ...(request.body === undefined ? {} : { requestBody: maskSecrets(request.body) }),
      status: reply.statusCode,
      responseContentType: typeof contentType === "string" ? contentType : undefined,
      responseBody: payloads.get(request) ?? "",
      fault: faultOf(request),
    };
    appendFileSync(file, `${JSON.stringify(entry)}\n`);
  });
}
