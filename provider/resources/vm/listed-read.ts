/**
 * A VM's `read` (a refresh, `up --refresh`, `preview --refresh`) from the lists the other
 * reads of the refresh share (framework/batched-reads.ts), so that a stack of many VMs is
 * refreshed in a few pages instead of a `GET` each. The VM list item lacks the image, the
 * metadata, the disks, the placement group and the interfaces' groups
 * (docs/api-decisions/frugality.md), so the read puts the VM together:
 * - from the VM list (filtered by ids): everything it shows, and `modified_time`, which the
 *   service moves for every change of the VM itself. Only when it is the one the last outputs
 *   recorded are the image and the metadata taken from them;
 * - the disks the VM had, from the disk list, each still attached to it (a disk attached or
 *   detached moves the VM's time);
 * - each interface's groups from the interface list, the placement group's name from its
 *   list, the image's name from the catalog: objects renamed or regrouped outside the program
 *   move their own times, not the VM's.
 * Whatever does not fit (no time recorded, another time, an object not found in its list, a
 * list that failed) makes it the read by id, as every VM read was before, so "gone" is still
 * only the service's 404 for the VM.
 */
import type { DiskResponse } from "../../../api/vm/disks";
import type { InterfaceResponse } from "../../../api/vm/interfaces";
import type { PlacementGroupResponse } from "../../../api/vm/placement-groups";
import type { VmInterface, VmListItem } from "../../../api/vm/vms";
import { CatalogLookups } from "../catalog/catalog-lookups";
import { readBatched, type BatchedRead } from "../framework/batched-reads";
import type { ResourceContext } from "../framework/resource-context";
import { DISK_SOURCE } from "../disk/waits";
import { INTERFACE_SOURCE, PLACEMENT_GROUP_SOURCE } from "../network/batched-reads";
import type { VmOutputs } from "../outputs/vm";
import { VM_SOURCE } from "./batched-reads";
import type { VmView } from "./outputs";
import { metadataFieldsOf } from "./typed-metadata";
import { getVm } from "./waits";

/** What the lists showed of one VM and of what it uses. */
interface Listed {
  item: BatchedRead<VmListItem>;
  disks: Array<BatchedRead<DiskResponse>>;
  interfaces: Array<BatchedRead<InterfaceResponse>>;
  group: BatchedRead<PlacementGroupResponse> | "none";
  imageName: string | undefined;
}

/** The recorded facts a read from the lists needs. */
type Recorded = Required<
  Pick<
    VmOutputs,
    "projectId" | "modifiedTime" | "imageId" | "attachedDisks" | "interfaces" | "imageMetadata"
  >
> &
  Partial<VmOutputs>;

function recorded(previous: Partial<VmOutputs>): previous is Recorded {
  return (
    previous.projectId !== undefined &&
    previous.modifiedTime !== undefined &&
    previous.imageId !== undefined &&
    previous.attachedDisks !== undefined &&
    previous.interfaces !== undefined &&
    previous.imageMetadata !== undefined
  );
}

/**
 * The VM `id` as the refresh finds it: from the lists when they show all of it (see the file's
 * comment), else read by id; undefined only for the service's 404.
 */
export async function readVm(
  ctx: ResourceContext,
  id: string,
  previous: Partial<VmOutputs>,
): Promise<VmView | undefined> {
  if (!recorded(previous)) return getVm(ctx.client, id);
  let view: VmView | undefined;
  try {
    view = fromLists(previous, await readLists(ctx, id, previous));
  } catch {
    // A list that failed (after the client's own retries) leaves this read to the read by id.
    view = undefined;
  }
  return view ?? getVm(ctx.client, id);
}

/** Everything at once, so that each read joins the batch of its kind with the refresh's others. */
async function readLists(ctx: ResourceContext, id: string, was: Recorded): Promise<Listed> {
  const { client } = ctx;
  const project = was.projectId;
  const [item, disks, interfaces, group, images] = await Promise.all([
    readBatched(client, VM_SOURCE, project, id, "refresh"),
    Promise.all(
      was.attachedDisks.map((d) => readBatched(client, DISK_SOURCE, project, d.id, "refresh")),
    ),
    Promise.all(
      was.interfaces.map((i) => readBatched(client, INTERFACE_SOURCE, project, i.id, "refresh")),
    ),
    was.placementGroupId === undefined
      ? ("none" as const)
      : readBatched(client, PLACEMENT_GROUP_SOURCE, project, was.placementGroupId, "refresh"),
    new CatalogLookups(client, project).images(undefined, (list) =>
      list.some((image) => image.id === was.imageId),
    ),
  ]);
  const imageName = images.find((image) => image.id === was.imageId)?.name;
  return { item, disks, interfaces, group, imageName };
}

/** The VM put together from the lists; undefined when they do not show all of it. */
function fromLists(was: Recorded, listed: Listed): VmView | undefined {
  const { item } = listed;
  if (typeof item !== "object" || item.modified_time !== was.modifiedTime) return undefined;
  if (listed.imageName === undefined) return undefined;
  const disks = listed.disks.map((disk) => diskOf(disk, item.id));
  if (disks.some((disk) => disk === undefined)) return undefined;
  const byId = new Map(
    listed.interfaces.flatMap((i) => (typeof i === "object" ? [[i.id, i] as const] : [])),
  );
  const interfaces = item.interfaces.map((i) => {
    const full = byId.get(i.id);
    return full === undefined ? undefined : interfaceOf(i, full);
  });
  if (interfaces.some((i) => i === undefined)) return undefined;
  const { group } = listed;
  if (group !== "none" && typeof group !== "object") return undefined;
  const metadata = metadataFieldsOf(was);
  if (metadata === undefined) return undefined;
  const { project_id: projectId, interfaces: _shown, ...shown } = item;
  return {
    ...shown,
    image: { id: was.imageId, name: listed.imageName },
    disks: disks as Array<NonNullable<(typeof disks)[number]>>,
    metadata_fields: metadata,
    interfaces: interfaces as VmInterface[],
    project: { id: projectId },
    ...(group === "none" ? {} : { placement_group: { id: group.id, name: group.name } }),
  };
}

/** The VM's disk as the disk list shows it; undefined when it is not attached to the VM. */
function diskOf(
  disk: BatchedRead<DiskResponse>,
  vmId: string,
): VmView["disks"][number] | undefined {
  if (typeof disk !== "object") return undefined;
  const attached = disk.vms.find((vm) => vm.id === vmId);
  if (attached === undefined) return undefined;
  return {
    id: disk.id,
    name: disk.name,
    size: disk.size,
    disk_type: disk.disk_type,
    primary: attached.primary,
    state: disk.state,
  };
}

/** A VM interface: the list item's, with its groups from the interface list. */
function interfaceOf(
  shown: VmListItem["interfaces"][number],
  full: InterfaceResponse,
): VmInterface {
  return {
    ...shown,
    security_groups: full.security_groups,
    interface_security_enabled: full.interface_security_enabled,
  };
}
