/**
 * The request bodies a `Disk` sends: the create request from the inputs and resolved
 * references, and the partial update request holding only what changed.
 */
import type { DiskCreateRequest, DiskUpdateRequest } from "../../../api/vm/disks";
import { isId } from "../inputs/common";
import type { DiskInputs } from "../inputs/disk";

/** Inputs the update request can change in place. */
export const DISK_UPDATABLE_INPUTS = [
  "name",
  "description",
  "size",
  "readonly",
  "shared",
  "encrypted",
  "tags",
] as const;

/**
 * Tags by id and by name, as the service takes them. An empty list is sent as `tag_ids: []`,
 * which clears the tags on update.
 */
export function tagRefs(tags: readonly string[]): { tag_ids?: string[]; tag_names?: string[] } {
  const ids = tags.filter(isId);
  const names = tags.filter((t) => !isId(t));
  if (names.length === 0) return { tag_ids: ids };
  return ids.length === 0 ? { tag_names: names } : { tag_ids: ids, tag_names: names };
}

/** The create request; zone and type are already resolved to ids. */
export function createRequest(
  inputs: DiskInputs,
  resolved: { projectId: string; zoneId: string; diskTypeId: string | undefined },
): DiskCreateRequest {
  return {
    project_id: resolved.projectId,
    availability_zone_id: resolved.zoneId,
    ...(resolved.diskTypeId === undefined ? {} : { disk_type_id: resolved.diskTypeId }),
    name: inputs.name,
    ...(inputs.description === undefined ? {} : { description: inputs.description }),
    size: inputs.size,
    readonly: inputs.readonly ?? false,
    shared: inputs.shared ?? false,
    encrypted: inputs.encrypted ?? false,
    ...(inputs.tags === undefined || inputs.tags.length === 0 ? {} : tagRefs(inputs.tags)),
  };
}

/** The update request for the `changed` inputs (only the updatable ones are sent). */
export function updateRequest(news: DiskInputs, changed: readonly string[]): DiskUpdateRequest {
  const body: DiskUpdateRequest = {};
  for (const key of DISK_UPDATABLE_INPUTS) {
    if (!changed.includes(key)) continue;
    if (key === "tags") Object.assign(body, tagRefs(news.tags ?? []));
    else if (key === "description") body.description = news.description ?? "";
    else if (news[key] !== undefined) Object.assign(body, { [key]: news[key] });
  }
  return body;
}
