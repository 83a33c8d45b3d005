/**
 * How the emulator reads request bodies: as JSON, or as an HTML form for the endpoints that
 * take one (the OAuth2 token request), keeping the raw text for signature checks and reading
 * an empty body as none. A request no route serves is never parsed.
 */
import type { FastifyInstance, FastifyRequest } from "fastify";
import { endpointOf, validationStatus } from "./register-endpoints";
import { ServiceError } from "./service-error";

type WithRawBody = FastifyRequest & { rawBody?: string };

/** Replaces Fastify's body parsers with the emulator's JSON parser. */
export function parseJsonBodies(app: FastifyInstance): void {
  app.removeAllContentTypeParsers();
  app.addContentTypeParser("*", { parseAs: "string" }, (request, body, done) => {
    const text = typeof body === "string" ? body : body.toString("utf8");
    (request as WithRawBody).rawBody = text;
    if (text.trim() === "") return done(null, undefined);
    // Routing comes first: a path no route serves is a 404 whatever its body, as in the real
    // services, so an unknown route's body is never read.
    if (request.is404) return done(null, undefined);
    const endpoint = endpointOf(request);
    const type = request.headers["content-type"];
    if (endpoint?.bodyEncoding === "form") {
      if (type !== undefined && !/^application\/x-www-form-urlencoded\s*(;|$)/i.test(type.trim())) {
        return done(
          new ServiceError(
            400,
            "invalid_request",
            `the body must be a form: send "Content-Type: application/x-www-form-urlencoded" (got "${type}")`,
            { field: "body" },
          ),
          undefined,
        );
      }
      return done(null, formFields(text));
    }
    // The VM service (FastAPI) reads a body as JSON only when it is declared JSON: since
    // FastAPI 0.132 (`strict_content_type`, on by default) a body with no Content-Type is not
    // read as JSON either, and fails validation like a body of another type
    // (docs/api-decisions/wire-fidelity.md). The operations check their own.
    const shape = endpoint?.errorShape;
    if ((shape === "vm" || shape === "fastapi") && (type === undefined || !isJsonType(type))) {
      const got = type === undefined ? "no Content-Type was sent" : `got "${type}"`;
      return done(
        new ServiceError(
          validationStatus(shape),
          "validation_error",
          `body: the request body must be JSON; send "Content-Type: application/json" (${got})`,
          { field: "body" },
        ),
        undefined,
      );
    }
    try {
      done(null, JSON.parse(text));
    } catch {
      done(
        // The body as a whole is at fault: its root, the empty path (FastAPI's loc ["body"]).
        new ServiceError(400, "malformed_json", "the request body is not valid JSON", {
          field: "",
        }),
        undefined,
      );
    }
  });
}

/** The raw request body as {@link parseJsonBodies} kept it ("" when there was none). */
export function rawBodyOf(request: FastifyRequest): string {
  return (request as WithRawBody).rawBody ?? "";
}

/** True for `application/json` and `application/<x>+json`, with or without parameters. */
function isJsonType(type: string): boolean {
  return /^application\/([\w.-]+\+)?json\s*(;|$)/i.test(type.trim());
}

/**
 * The fields of an `application/x-www-form-urlencoded` body; a field sent twice keeps its
 * first value (OAuth2 forbids repeating a parameter, and the schema then sees one string).
 */
function formFields(text: string): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const [key, value] of new URLSearchParams(text)) fields[key] ??= value;
  return fields;
}
