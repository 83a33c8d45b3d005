/**
 * The request bodies a `Disk` sends: the create request from the inputs and resolved
 * references, and the partial update request holding only what changed.
 */
import type { DiskCreateRequest, DiskUpdateRequest } from "../../../api/vm/disks";
import { inputsWhere } from "../framework/input-fields";
import { createTagFields, tagFields } from "../framework/tag-fields";
import { DiskInputs } from "../inputs/disk";

/** Inputs the update request can change in place: those inputs/disk.ts says update. */
const DISK_UPDATABLE_INPUTS = inputsWhere(
  DiskInputs,
  (meta) => meta.onChange === "updates",
) as ReadonlyArray<keyof DiskInputs>;

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
    ...createTagFields(inputs.tags),
  };
}

/** The update request for the `changed` inputs (only the updatable ones are sent). */
export function updateRequest(news: DiskInputs, changed: readonly string[]): DiskUpdateRequest {
  const body: DiskUpdateRequest = {};
  for (const key of DISK_UPDATABLE_INPUTS) {
    if (!changed.includes(key)) continue;
    if (key === "tags") Object.assign(body, tagFields(news.tags ?? []));
    else if (key === "description") body.description = news.description ?? "";
    else if (news[key] !== undefined) Object.assign(body, { [key]: news[key] });
  }
  return body;
}
