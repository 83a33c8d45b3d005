/**
 * Reading a VM into outputs, finding the VM a lost create made, and the error for a VM that
 * exists but did not become usable (kept in the stack with its id and outputs, so it is never
 * orphaned). Shared by `Vm` and `FreeTierVm`.
 */
import { catalogEndpoints } from "../../../api/vm/endpoints/catalog";
import { computeEndpoints } from "../../../api/vm/endpoints/compute";
import type { ImageResponse } from "../../../api/vm/images";
import type { VmListItem, VmResponse } from "../../../api/vm/vms";
import { ResourceFailedError, TimeoutError, type VmCloudClient } from "../../client";
import { refuseUntracked } from "../framework/refuse-untracked";
import { projectNamedSource, readNamedBatched } from "../framework/batched-reads";
import { getOrGone } from "../framework/get-or-gone";
import { metadataDefaults } from "./requests";
import { fieldTypesOf } from "./typed-metadata";
import { getVm } from "./waits";

/**
 * Image defaults the provider already holds: those of the image a create or rebuild just
 * looked up, or those of the last outputs. An image's defaults belong to that image id, so
 * they are read again only when the VM's image id differs (an import, or a rebuild outside
 * the stack); that keeps a refresh at one request per VM.
 */
export interface KnownImageDefaults {
  imageId?: string;
  imageMetadataDefaults?: Record<string, string>;
  /** The type (MetaType) of each metadata field, by name. */
  imageMetadataTypes?: Record<string, string>;
}

/** What an image says of its metadata fields: their defaults and types, by name. */
export interface ImageFieldFacts {
  defaults: Record<string, string>;
  types: Record<string, string>;
}

/** What `image` (just looked up by a create) tells of its defaults and field types. */
export function knownDefaultsOf(image: ImageResponse): KnownImageDefaults {
  return {
    imageId: image.id,
    imageMetadataDefaults: metadataDefaults(image),
    imageMetadataTypes: fieldTypesOf(image),
  };
}

/**
 * The image's default metadata values and field types: `known`'s when they are for the same
 * image id, else read from the catalog; empty when the image is no longer in the catalog.
 */
export async function imageDefaultsOf(
  client: VmCloudClient,
  imageId: string,
  known?: KnownImageDefaults,
): Promise<ImageFieldFacts> {
  if (
    known?.imageId === imageId &&
    known.imageMetadataDefaults !== undefined &&
    known.imageMetadataTypes !== undefined
  ) {
    return { defaults: known.imageMetadataDefaults, types: known.imageMetadataTypes };
  }
  const image = await getOrGone(() =>
    client.call(catalogEndpoints.getImage, { params: { image_id: imageId } }),
  );
  return { defaults: metadataDefaults(image), types: fieldTypesOf(image) };
}

/** A project's VMs by name: the checks of creates starting together share a list. */
const VMS_BY_NAME = projectNamedSource("vms-by-name", computeEndpoints.listVms);

/** Ids of the project's VMs named exactly `name` (what exists before a create). */
export async function vmIdsNamed(
  client: VmCloudClient,
  projectId: string,
  name: string,
): Promise<Set<string>> {
  const vms = await readNamedBatched(client, VMS_BY_NAME, projectId, name);
  return new Set(vms.map((v) => v.id));
}

/** The project's VMs named exactly `name`, not being deleted (the read {@link vmIdsNamed} shares). */
export async function liveVmsNamed(
  client: VmCloudClient,
  projectId: string,
  name: string,
): Promise<VmListItem[]> {
  const vms = await readNamedBatched(client, VMS_BY_NAME, projectId, name);
  return vms.filter((v) => v.state !== "deleting");
}

/**
 * The VM named `name` that a create whose answer was lost may have made: one that did not
 * exist before the create (`before`), so a VM of the same name (a replacement's predecessor)
 * is never adopted. Answers the create's shape (an array of one VM).
 */
export async function findCreatedVm(
  client: VmCloudClient,
  where: { projectId: string; name: string; before: ReadonlySet<string>; freeTier?: boolean },
): Promise<VmResponse[] | undefined> {
  const vms = await client.listAll(computeEndpoints.listVms, {
    query: {
      project_id: where.projectId,
      name: where.name,
      ...(where.freeTier === undefined ? {} : { free_tier: where.freeTier }),
    },
  });
  const found = vms.find(
    (v) => v.name === where.name && !where.before.has(v.id) && v.state !== "deleting",
  );
  if (found === undefined) return undefined;
  const vm = await getVm(client, found.id);
  return vm === undefined ? undefined : [vm];
}

/**
 * Refuses the create when a VM of this name (not being deleted) exists in the project: it may
 * be what an interrupted `pulumi up` of this resource left, another stack's VM of the same
 * program, or one a person made, and it is never taken over (framework/refuse-untracked.ts).
 * A replacement that keeps the name deletes its predecessor first (see `deleteBeforeReplace`
 * in vm.ts), so it is never met here. The refusal says whether the VM matches the flavor,
 * image and zone asked for, and what resolves it.
 */
export async function refuseUntrackedVm(
  client: VmCloudClient,
  where: {
    name: string;
    ids: ReadonlySet<string>;
    flavorId: string;
    imageId: string;
    zoneId: string;
  },
): Promise<void> {
  const existing: VmResponse[] = [];
  for (const id of where.ids) {
    const vm = await getVm(client, id);
    if (vm !== undefined && vm.state !== "deleting") existing.push(vm);
  }
  refuseUntracked({
    clashing: existing,
    matches: (vm) =>
      vm.flavor.id === where.flavorId &&
      vm.image?.id === where.imageId &&
      vm.availability_zone.id === where.zoneId,
    clash: `a VM named "${where.name}" already exists in the project`,
    describe: (vm) => vm.id,
    adoptable: true,
  });
}

/** True for a failure of a wait (a failure state or the deadline), not of a request. */
export function isWaitFailure(error: unknown): boolean {
  return (
    error instanceof ResourceFailedError ||
    (error instanceof TimeoutError && error.code === "wait_timeout")
  );
}

/** Reads the VM for the outputs of an error; undefined when even that fails. */
export async function vmIfReadable(
  client: VmCloudClient,
  id: string,
): Promise<VmResponse | undefined> {
  try {
    return await getVm(client, id);
  } catch {
    return undefined;
  }
}
