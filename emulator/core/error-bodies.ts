/**
 * Renders a ServiceError in each service's own error body shape, so clients see exactly
 * what the real services send.
 */
import { randomUUID } from "node:crypto";
import type { ErrorShape } from "../../api/endpoint";
import type { ServiceError } from "./service-error";

/** Reason phrases used where a shape carries a type word (the events service). */
const AOM_TYPES: Record<number, string> = {
  400: "SC_BAD_REQUEST",
  401: "SC_UNAUTHORIZED",
  403: "SC_FORBIDDEN",
  404: "SC_NOT_FOUND",
  429: "SC_TOO_MANY_REQUESTS",
  500: "SC_INTERNAL_SERVER_ERROR",
  503: "SC_SERVICE_UNAVAILABLE",
};

/** Builds the body for `error` in `shape`. */
export function renderError(shape: ErrorShape, error: ServiceError): unknown {
  switch (shape) {
    case "vm":
      if (error.details.length > 0)
        return error.details.map((d) => ({ code: d.code, message: d.message, field: d.field }));
      return [
        error.field === undefined
          ? { code: error.code, message: error.message }
          : { code: error.code, message: error.message, field: error.field },
      ];
    case "fastapi": {
      const items =
        error.details.length > 0
          ? error.details
          : [{ field: error.field ?? "", message: error.message, code: error.code }];
      return {
        detail: items.map((d) => ({
          loc: "loc" in d && d.loc !== undefined ? d.loc : bodyLoc(d.field),
          msg: d.message,
          type: d.code,
        })),
      };
    }
    case "aom":
      return {
        error_code: aomCode(error),
        error_msg: error.message,
        error_type: AOM_TYPES[error.status] ?? "SC_INTERNAL_SERVER_ERROR",
        trace_id: randomUUID(),
      };
    case "css":
      return { errCode: prefixed("CSS", error), externalMessage: error.message };
    case "cce":
      return {
        errorCode: prefixed("CCE", error),
        errorMessage: error.message,
        error_code: prefixed("CCE", error),
        error_msg: error.message,
      };
    case "ecs":
      return { error: { code: prefixed("BACKUP", error), message: error.message } };
    case "dms":
      return { error_code: prefixed("DMS", error), error_msg: error.message };
    case "oauth":
      return {
        error: oauthCode(error),
        // Every offending parameter, as the other shapes list every field.
        error_description:
          error.details.length > 0 ? error.details.map((d) => d.message).join("; ") : error.message,
      };
  }
}

/** Codes that already carry a service prefix (`CSS.0015`) are kept; others get one. */
function prefixed(prefix: string, error: ServiceError): string {
  return /^[A-Z]+\.\d+$/.test(error.code) ? error.code : `${prefix}.${error.status}0`;
}

/** The events service's codes are a prefix, a dot and four digits: `AOM.0400`. */
function aomCode(error: ServiceError): string {
  return /^AOM\.\d{4}$/.test(error.code)
    ? error.code
    : `AOM.${String(error.status).padStart(4, "0")}`;
}

/** `body`, then the dotted field's parts, indexes as numbers (FastAPI's `loc`). */
function bodyLoc(field: string): Array<string | number> {
  const parts = field.split(".").filter((part) => part !== "");
  return ["body", ...parts.map((part) => (/^\d+$/.test(part) ? Number(part) : part))];
}

/** The error codes of RFC 6749 §5.2; any other failure is `invalid_request` (or, 401, `invalid_client`). */
const OAUTH_CODES = new Set([
  "invalid_request",
  "invalid_client",
  "invalid_grant",
  "unauthorized_client",
  "unsupported_grant_type",
  "invalid_scope",
]);

function oauthCode(error: ServiceError): string {
  if (OAUTH_CODES.has(error.code)) return error.code;
  return error.status === 401 ? "invalid_client" : "invalid_request";
}
