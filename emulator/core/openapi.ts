/**
 * Generates the OpenAPI 3.1 document from the endpoint tables, so the document can never
 * disagree with the schemas the emulator validates with.
 */
import { z } from "zod";
import type { AnyEndpoint } from "../../api/endpoint";

type JsonObject = Record<string, unknown>;

const SECURITY: Record<AnyEndpoint["auth"], JsonObject[]> = {
  bearer: [{ bearerToken: [] }],
  "x-auth-token": [{ authToken: [] }],
  "x-auth-token-or-signature": [{ authToken: [] }, { signedRequest: [] }],
  none: [],
};

function schemaOf(schema: z.ZodType, io: "input" | "output"): JsonObject {
  const json = z.toJSONSchema(schema, { io, unrepresentable: "any" }) as JsonObject;
  delete json.$schema;
  return json;
}

function parametersOf(
  schema: z.ZodType | undefined,
  location: "path" | "query" | "header",
): JsonObject[] {
  if (schema === undefined) return [];
  const json = schemaOf(schema, "input");
  const properties = (json.properties ?? {}) as Record<string, JsonObject>;
  const required = new Set((json.required ?? []) as string[]);
  return Object.entries(properties).map(([name, property]) => ({
    name,
    in: location,
    required: location === "path" || required.has(name),
    schema: property,
    ...(typeof property.description === "string" ? { description: property.description } : {}),
  }));
}

/** The OpenAPI document of every endpoint in `tables`. */
export function openApiDocument(
  tables: ReadonlyArray<Readonly<Record<string, AnyEndpoint>>>,
): JsonObject {
  const paths: Record<string, Record<string, JsonObject>> = {};
  for (const table of tables) {
    for (const endpoint of Object.values(table)) {
      const responses: Record<string, JsonObject> = {
        [String(endpoint.response.status)]: {
          description: "Success",
          ...(endpoint.response.schema === undefined
            ? {}
            : {
                content: {
                  "application/json": { schema: schemaOf(endpoint.response.schema, "output") },
                },
              }),
        },
      };
      for (const [status, conditions] of Object.entries(endpoint.errors)) {
        responses[status] = { description: conditions.join("; ") || "Error" };
      }
      // The registrar refuses missing or wrong credentials on every authenticated endpoint,
      // whether or not its table lists the 401.
      if (endpoint.auth !== "none" && responses["401"] === undefined) {
        responses["401"] = { description: "Missing or wrong credentials" };
      }
      const operation: JsonObject = {
        operationId: endpoint.id,
        summary: endpoint.summary,
        tags: [endpoint.service],
        parameters: [
          ...parametersOf(endpoint.params, "path"),
          ...parametersOf(endpoint.query, "query"),
          ...parametersOf(endpoint.headers, "header"),
        ],
        responses,
        security: SECURITY[endpoint.auth],
      };
      if (endpoint.body !== undefined) {
        operation.requestBody = {
          required: endpoint.bodyRequired ?? true,
          content: {
            [endpoint.bodyEncoding === "form"
              ? "application/x-www-form-urlencoded"
              : "application/json"]: { schema: schemaOf(endpoint.body, "input") },
          },
        };
      }
      (paths[endpoint.path] ??= {})[endpoint.method.toLowerCase()] = operation;
    }
  }
  return {
    openapi: "3.1.0",
    info: {
      title: "vmcloud emulator",
      version: "0.0.1",
      description: "The VM service and the six operations, as emulated by vmcloud-emulator.",
    },
    components: {
      securitySchemes: {
        bearerToken: { type: "http", scheme: "bearer" },
        authToken: { type: "apiKey", in: "header", name: "X-Auth-Token" },
        signedRequest: {
          type: "apiKey",
          in: "header",
          name: "Authorization",
          description: "SDK-HMAC-SHA256 access-key/secret-key signature",
        },
      },
    },
    paths,
  };
}
