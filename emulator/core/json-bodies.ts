/**
 * How the emulator reads request bodies: as JSON, whatever the route, keeping the raw text
 * for signature checks and reading an empty body as none.
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
    // The VM service (FastAPI) reads a body as JSON only when it is declared JSON (or not
    // declared at all); anything else fails validation. The operations check their own.
    const shape = endpointOf(request)?.errorShape;
    const type = request.headers["content-type"];
    if ((shape === "vm" || shape === "fastapi") && type !== undefined && !isJsonType(type)) {
      return done(
        new ServiceError(
          validationStatus(shape),
          "validation_error",
          `body: the request body must be JSON; send "Content-Type: application/json" (got "${type}")`,
          { field: "body" },
        ),
        undefined,
      );
    }
    try {
      done(null, JSON.parse(text));
    } catch {
      done(
        new ServiceError(400, "malformed_json", "the request body is not valid JSON"),
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
