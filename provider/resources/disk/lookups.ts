/**
 * Lookups a disk create needs: the zone and the disk type named in the inputs (by name or
 * id), and the disk a lost create answer may have made. Names are resolved here, before the
 * create, so that a wrong name fails with the list of valid ones instead of a bare 422.
 */
import { refuseUntracked } from "../framework/refuse-untracked";
import { objectThroughList, type ListedObjects } from "../framework/listed-objects";
import { getDisk } from "./waits";
import { projectNamedSource, readNamedBatched } from "../framework/batched-reads";
import type { DiskResponse } from "../../../api/vm/disks";
import { disksEndpoints } from "../../../api/vm/endpoints/disks";
import type { ZoneResponse } from "../../../api/vm/zones";
import type { VmCloudClient } from "../../client";
import type { CheckFailure } from "../../framework/check-failures";
import { nameTaken } from "../../rules/names";
import { serviceObject } from "../../rules/parties";
import { currentResourceUrn } from "../../runtime/engine-log";

/** A project's disks by name: the untracked-disk checks of creates starting together share a list. */
const DISKS_BY_NAME = projectNamedSource("disks-by-name", disksEndpoints.listDisks);

/** Disks as checks find them by id, filled from their project's list (framework/listed-objects.ts). */
const DISKS: ListedObjects<DiskResponse> = {
  kind: "disk",
  read: getDisk,
  list: (client, projectId) =>
    client.paginate(disksEndpoints.listDisks, { query: { project_id: projectId } }),
};

/**
 * The disk `id` through the process-wide cache (read again unless `fine` accepts it), or
 * undefined when there is none. With `projectId` (the provider's), a run that reads many
 * disks this way reads that project's disk list once instead.
 */
export function diskById(
  client: VmCloudClient,
  id: string,
  fine: (found: DiskResponse) => boolean = () => true,
  projectId?: string,
): Promise<DiskResponse | undefined> {
  return objectThroughList(client, DISKS, id, projectId, fine);
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

/** What a disk create asks for, for the refusal of an untracked disk. */
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
 * Refuses the create when a disk of this name (not being deleted) exists in the project and
 * zone, where names are unique: it may be what an interrupted `pulumi up` of this resource
 * left, another stack's, or one a person made, and it is never taken over
 * (framework/refuse-untracked.ts). A replacement that keeps the name, zone and project deletes
 * its predecessor first (see `deleteBeforeReplace` in disk.ts), so that one is never met. The
 * refusal says whether the disk matches the type, size and encryption asked for.
 */
export async function refuseUntrackedDisk(
  client: VmCloudClient,
  want: RequestedDisk,
): Promise<void> {
  const disks = await readNamedBatched(client, DISKS_BY_NAME, want.projectId, want.name);
  const existing = disks.filter(
    (d) => d.name === want.name && d.availability_zone.id === want.zoneId && d.state !== "deleting",
  );
  refuseUntracked({
    clashing: existing,
    matches: (d) =>
      (want.diskTypeId === undefined || d.disk_type.id === want.diskTypeId) &&
      d.size === want.size &&
      d.encrypted === want.encrypted,
    clash: `a disk named "${want.name}" already exists in this project and availability zone`,
    describe: (d) =>
      `${d.id}: ${d.disk_type.name}, ${d.size} GB${d.encrypted ? ", encrypted" : ""}`,
    adoptable: true,
  });
}

/**
 * `check` of a new disk's name (or a new name, or a new zone): the failure of a name another
 * disk of the project and zone has, naming it and the commands that resolve it; none when the
 * name is free or its holder is the disk `adoptId` names. Shares the batched read by name
 * with create's own check (refuseUntrackedDisk).
 */
export async function diskNameFailures(
  client: VmCloudClient,
  where: { projectId: string; zone: ZoneResponse; name: string; adoptId: string | undefined },
): Promise<CheckFailure[]> {
  const disks = await readNamedBatched(client, DISKS_BY_NAME, where.projectId, where.name);
  const holder = disks.find(
    (d) =>
      d.name === where.name &&
      d.availability_zone.id === where.zone.id &&
      d.state !== "deleting" &&
      d.id !== where.adoptId,
  );
  if (holder === undefined) return [];
  return [
    nameTaken(
      "name",
      "disk",
      where.name,
      `availability zone ${where.zone.name}`,
      serviceObject("disk", holder.name, holder.id),
      { id: holder.id, adoptable: true, urn: currentResourceUrn() },
    ),
  ];
}
