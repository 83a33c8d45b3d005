/**
 * Helpers every operations model shares: ids, time formats, the project check and the
 * Content-Type check that some operations need.
 */
import { randomUUID } from "node:crypto";
import { headerText, type RequestHeaders } from "../../core/request-parts";
import { ServiceError, forbidden } from "../../core/service-error";
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

/**
 * The record `id` of `collection`, or 404 with the service's not-found `code`
 * ("<label> <id> not found").
 */
export function mustExist<T>(
  collection: Record<string, T>,
  id: string,
  code: string,
  label: string,
): T {
  const record = collection[id];
  if (record === undefined) throw new ServiceError(404, code, `${label} ${id} not found`);
  return record;
}

/**
 * The record `id` of `collection` in the token's project: 403 `codes.forbidden` for another
 * project (see {@link requireProject}), then 404 `codes.notFound` when there is no such record.
 */
export function mustExistIn<T>(
  state: OperationsState,
  projectId: string,
  codes: { forbidden: string; notFound: string },
  collection: Record<string, T>,
  id: string,
  label: string,
): T {
  requireProject(state, projectId, codes.forbidden);
  return mustExist(collection, id, codes.notFound, label);
}

/** True when the request says its body is JSON. */
export function isJsonContent(headers: RequestHeaders): boolean {
  const type = headerText(headers, "content-type");
  return type !== undefined && /^application\/json\s*(;|$)/i.test(type.trim());
}
