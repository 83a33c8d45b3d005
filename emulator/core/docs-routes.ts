/** Serves the description of every service: the OpenAPI document and the HTML docs page. */
import type { FastifyInstance } from "fastify";
import { docsPage } from "./docs-page";
import { openApiDocument } from "./openapi";
import { DOCS_PATH, OPENAPI_PATH } from "./own-routes";
import type { ServiceModule } from "./service-module";

/** Registers `GET /openapi.json` and `GET /docs` for the endpoints of `services`. */
export function registerDocsRoutes(
  app: FastifyInstance,
  services: ReadonlyArray<ServiceModule<unknown>>,
): void {
  const tables = services.map((s) => s.endpoints);
  app.get(OPENAPI_PATH, async () => openApiDocument(tables));
  app.get(DOCS_PATH, async (_request, reply) => reply.type("text/html").send(docsPage(tables)));
}
