/**
 * Helpers every operations model shares: ids, time formats, the project check and the
 * header reads that some operations need.
 */
import { randomUUID } from "node:crypto";
import { forbidden } from "../../core/service-error";
import type { OperationsState } from "../state";

/** A new random id (UUID). */
export const newOpsId = (): string => randomUUID();

/** Epoch milliseconds as ISO 8601. */
export function iso(epochMs: number): string {
  return new Date(epochMs).toISOString();
}

/**
 * Refuses every project but the token's own with 403 and `code` (the token is scoped to one
 * project, so a foreign or unknown project id is a permission failure, not a lookup).
 */
export function requireProject(state: OperationsState, projectId: string, code: string): void {
  if (projectId !== state.project_id) {
    throw forbidden(
      code,
      `project ${projectId} is not the project of this token; use ${state.project_id}`,
    );
  }
}

/** One request header as text (the first value when repeated). */
export function headerText(
  headers: Readonly<Record<string, string | string[] | undefined>>,
  name: string,
): string | undefined {
  const value = headers[name];
  return Array.isArray(value) ? value[0] : value;
}

/** True when the request says its body is JSON. */
export function isJsonContent(
  headers: Readonly<Record<string, string | string[] | undefined>>,
): boolean {
  const type = headerText(headers, "content-type");
  return type !== undefined && /^application\/json\s*(;|$)/i.test(type.trim());
}
