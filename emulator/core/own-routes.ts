/**
 * Which requests are for the emulator itself (its admin API, OpenAPI document and docs page)
 * rather than for an emulated service. Those are never faulted or logged, and their failures
 * keep the admin API's plain error shape instead of a service's.
 */
import { pathOf } from "./request-parts";

/** Prefix of the admin API. */
export const ADMIN_PREFIX = "/_emulator";
/** Path of the OpenAPI document. */
export const OPENAPI_PATH = "/openapi.json";
/** Path of the HTML docs page. */
export const DOCS_PATH = "/docs";

/** True when `url` (path and query as sent) addresses one of the emulator's own routes. */
export function isOwnRoute(url: string): boolean {
  const path = pathOf(url);
  return [ADMIN_PREFIX, OPENAPI_PATH, DOCS_PATH].some(
    (own) => path === own || path.startsWith(`${own}/`),
  );
}
