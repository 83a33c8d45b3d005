/**
 * Lookups a disk create needs: the zone and the disk type named in the inputs (by name or
 * id), and the disk a lost create answer may have made. Names are resolved here, before the
 * create, so that a wrong name fails with the list of valid ones instead of a bare 422.
 */
import { adoptLeftover } from "../framework/adopt-leftover";
import { cachedObject, objectKey } from "../framework/catalog-cache";
import { getDisk } from "./waits";
import { projectNamedSource, readNamedBatched } from "../framework/batched-reads";
import type { DiskResponse } from "../../../api/vm/disks";
import { disksEndpoints } from "../../../api/vm/endpoints/disks";
import type { VmCloudClient } from "../../client";

/** A project's disks by name: the leftover checks of creates starting together share a list. */
const DISKS_BY_NAME = projectNamedSource("disks-by-name", disksEndpoints.listDisks);

/**
 * The disk `id` through the process-wide cache (read again unless `fine` accepts it), or
 * undefined when there is none.
 */
export function diskById(
  client: VmCloudClient,
  id: string,
  fine: (found: DiskResponse) => boolean = () => true,
): Promise<DiskResponse | undefined> {
  return cachedObject(client, objectKey("disk", id), () => getDisk(client, id), fine);
}

/** How far the service's clock may run behind ours when a lost create is looked up. */
const CLOCK_SKEW_MS = 5 * 60_000;

/**
 * The disk named `name` in the project and zone that a create started at `startedAt` may
 * have made (names are unique there). A disk created well before the create started is not
 * ours: it would have made our create fail with 409, so it is not adopted.
 */
export async function findCreatedDisk(
  client: VmCloudClient,
  where: { projectId: string; zoneId: string; name: string; startedAt: number },
): Promise<DiskResponse | undefined> {
  const disks = await client.listAll(disksEndpoints.listDisks, {
    query: { project_id: where.projectId, availability_zone_id: where.zoneId, name: where.name },
  });
  return disks.find(
    (d) =>
      d.name === where.name &&
      d.state !== "deleting" &&
      Date.parse(d.created_time) >= where.startedAt - CLOCK_SKEW_MS,
  );
}

/** What a disk create asks for, to tell a leftover of this very resource from another disk. */
export interface RequestedDisk {
  projectId: string;
  zoneId: string;
  name: string;
  /** Undefined when the program left the type to the service: any type then matches. */
  diskTypeId: string | undefined;
  size: number;
  encrypted: boolean;
}

/**
 * The disk an interrupted `pulumi up` left for this very resource, to adopt instead of
 * failing on the name. When `up` is killed while a create is in flight, the engine keeps a
 * pending create and the next `up` creates the resource again, while the disk from the first
 * attempt exists, untracked, under the same name. Names are unique per project and zone, and
 * a replacement that keeps the name, zone and project deletes its predecessor first (see
 * `deleteBeforeReplace` in disk.ts), so a same-named disk there is either that leftover or
 * someone else's.
 *
 * Answers the same-named disk (not being deleted) of the requested type, size and encryption;
 * undefined when there is none. A same-named disk that does not match is not ours to adopt:
 * the create is refused with a message that says how to adopt it deliberately or avoid the
 * name.
 */
export async function leftoverDisk(
  client: VmCloudClient,
  want: RequestedDisk,
): Promise<DiskResponse | undefined> {
  const disks = await readNamedBatched(client, DISKS_BY_NAME, want.projectId, want.name);
  const existing = disks.filter(
    (d) => d.name === want.name && d.availability_zone.id === want.zoneId && d.state !== "deleting",
  );
  return adoptLeftover({
    clashing: existing,
    matches: (d) =>
      (want.diskTypeId === undefined || d.disk_type.id === want.diskTypeId) &&
      d.size === want.size &&
      d.encrypted === want.encrypted,
    clash: `a disk named "${want.name}" already exists in this project and availability zone`,
    describe: (d) =>
      `${d.id}: ${d.disk_type.name}, ${d.size} GB${d.encrypted ? ", encrypted" : ""}`,
    why: "it was not adopted because its disk type, size or encryption differ from the inputs",
  });
}
