/**
 * The `Image` resource: a golden image of the project, copied from a boot disk (a Vm's
 * `bootDiskId`) so that every VM of a tier boots the same prepared system (a Vm's `image` takes
 * its id or name). It keeps the disk's size as its minimum and, unless given, the minimums and
 * metadata fields of the image the disk holds, as the service decides; it is offered (enabled)
 * in the disk's zone. Names, minimums and the description change in place; the disk and the
 * project replace it. Names are unique among the images the project sees, so a replacement
 * that keeps the name deletes the old image first. `check` refuses a disk that does not exist,
 * holds no image, or is on a VM that is not stopped (the service copies only a disk nothing
 * writes to), and a name another image has.
 */
import { catalogEndpoints as api } from "../../api/vm/endpoints/catalog";
import type { DiskResponse } from "../../api/vm/disks";
import type { ImageResponse } from "../../api/vm/images";
import { IMAGE_STATES } from "../../api/vm/states";
import type { CheckFailure } from "../framework/check-failures";
import { dynamicProvider } from "../framework/dynamic-provider";
import { isUnknown } from "../framework/unknowns";
import { nameTaken } from "../rules/names";
import { serviceObject } from "../rules/parties";
import { diskById } from "./disk/lookups";
import { refuseUntracked } from "./framework/refuse-untracked";
import { projectListSource } from "./framework/batched-reads";
import { defineResource } from "./framework/define-resource";
import { withZoneState } from "./framework/zone-state";
import { getOrGone } from "./framework/get-or-gone";
import { currentResourceUrn } from "../runtime/engine-log";
import type { ResourceContext } from "./framework/resource-context";
import { ImageInputs } from "./inputs/image";
import { ImageOutputs } from "./outputs/image";
import { batchedWaits } from "./network/batched-waits";
import { withAdvice } from "./framework/with-advice";
import { referTo } from "../rules/fix-words";

const TIMEOUT_MS = 20 * 60_000;

/** The project's images, read by its list, newest first (its own images are the newest). */
const IMAGE_SOURCE = projectListSource("images", api.listImages);

const DISK_ADVICE =
  "give a Vm's bootDiskId (or another disk that holds an image) of the project, settled, and free or on stopped VMs only";

const CREATE_ADVICE = {
  image_with_this_data_already_exists:
    "name: an image with this name is already seen by the project (the catalog's included); choose another name, " +
    "or adopt it with `pulumi import`",
  bad_disk_id: `diskId: the disk is not of the project; ${DISK_ADVICE}`,
  disk_not_bootable: `diskId: the disk holds no image (it is not a boot disk); ${DISK_ADVICE}`,
  disk_in_use:
    "diskId: the disk is on a VM that is not stopped, and an image is copied only from a disk nothing writes to; " +
    "stop the VM first (its powerState: stopped)",
  disk_can_not_be_used_from_current_state:
    "diskId: the disk is still changing; run `pulumi up` again once it is available or in use",
  image_min_disk_below_disk_size:
    "minDisk: it is below the size of the disk the image is made from; leave it unset or give at least that size",
} as const;

const UPDATE_ADVICE = {
  image_with_this_data_already_exists: CREATE_ADVICE.image_with_this_data_already_exists,
  image_min_disk_below_disk_size: CREATE_ADVICE.image_min_disk_below_disk_size,
} as const;

const DELETE_ADVICE = {
  image_type_in_use:
    "a VM or a disk still uses the image: delete them first; a Vm of this stack that boots from it should " +
    `${referTo("image", "Image")}, so that it goes first`,
} as const;

const { get, settled, deleted } = batchedWaits({
  what: "image",
  source: IMAGE_SOURCE,
  get: async (ctx, id) =>
    withZoneState(await ctx.client.call(api.getImage, { params: { image_id: id } })),
  busy: IMAGE_STATES.changing,
  failed: IMAGE_STATES.failed,
  complete: withZoneState,
  remove: (ctx, id) => ctx.client.call(api.deleteImage, { params: { image_id: id } }),
  deleteAdvice: DELETE_ADVICE,
});

/** Every output of `image`; `diskId` is the program's (the service does not report it). */
function outputsOf(
  image: ImageResponse & { state: string },
  diskId: string | undefined,
): ImageOutputs {
  const enabled = image.availability_zones.filter((z) => z.enabled);
  return {
    name: image.name,
    displayName: image.display_name,
    description: image.description,
    ...(diskId === undefined ? {} : { diskId }),
    minCpu: image.min_cpu,
    minRam: image.min_ram,
    minDisk: image.min_disk,
    metadataFields: image.image_metadata.map((m) => m.name),
    availabilityZones: enabled.map((z) => z.availability_zone_name),
    availabilityZoneIds: enabled.map((z) => z.availability_zone_id),
    state: image.state,
    projectId: image.project_id ?? "",
    createdTime: image.created_time,
  };
}

/** Why the service would not copy `disk` into an image now, or undefined when it would. */
function diskRefusal(disk: DiskResponse | undefined, id: string, projectId: string) {
  if (disk === undefined || disk.project.id !== projectId) {
    return `disk ${id} does not exist in project ${projectId}; ${DISK_ADVICE}`;
  }
  if (!disk.bootable) {
    return `disk ${disk.name} (${id}) holds no image (it is not a boot disk); ${DISK_ADVICE}`;
  }
  const running = disk.vms.find((vm) => vm.state !== "stopped");
  if (running !== undefined) {
    return (
      `disk ${disk.name} is on VM ${running.name} (${running.id}), which is ${running.state}; the service copies only a ` +
      "disk nothing writes to: stop the VM first (its powerState: stopped)"
    );
  }
  return undefined;
}

/** The failures of the source disk and of the name, read from the service. */
async function serviceFailures(
  ctx: ResourceContext,
  inputs: ImageInputs,
  olds: Partial<ImageInputs>,
): Promise<CheckFailure[]> {
  const projectId = ctx.projectId(inputs);
  const failures: CheckFailure[] = [];
  if (!isUnknown(inputs.diskId) && olds.diskId !== inputs.diskId) {
    // A disk on a running VM may be stopped by now: a refusal is read again before it stands.
    const disk = await diskById(
      ctx.client,
      inputs.diskId,
      (d) => diskRefusal(d, d.id, projectId) === undefined,
    );
    const refusal = diskRefusal(
      disk?.state === "deleting" ? undefined : disk,
      inputs.diskId,
      projectId,
    );
    if (refusal !== undefined) failures.push({ property: "diskId", reason: refusal });
    else if (
      disk !== undefined &&
      !isUnknown(inputs.minDisk) &&
      (inputs.minDisk ?? disk.size) < disk.size
    ) {
      failures.push({
        property: "minDisk",
        reason: `${inputs.minDisk} GB is below the size of disk ${disk.name} (${disk.size} GB) the image is made from; leave minDisk unset or give at least ${disk.size}`,
      });
    }
  }
  if (!isUnknown(inputs.name) && olds.name !== inputs.name) {
    // Read fresh: a name is judged against every image the project sees, its own included.
    const named = (
      await ctx.client.listAll(api.listImages, {
        query: { project_id: projectId, name: inputs.name },
      })
    ).find((i) => i.name === inputs.name && i.id !== inputs.adoptId);
    if (named !== undefined) {
      const holder = serviceObject("image", named.name, named.id);
      failures.push(
        nameTaken(
          "name",
          "image",
          inputs.name,
          "the images the project sees",
          holder,
          // A catalog image is no one's to import; the project's own may be.
          named.type === "private"
            ? { id: named.id, adoptable: true, urn: currentResourceUrn() }
            : undefined,
        ),
      );
    }
  }
  return failures;
}

/**
 * True when `image` is what a create of `inputs` would make: the project's own image of this
 * name and description (the service does not say which disk it came from), for the refusal.
 */
function matchesInputs(image: ImageResponse, inputs: ImageInputs) {
  return (
    image.type === "private" &&
    image.name === inputs.name &&
    image.description === (inputs.description ?? "")
  );
}

/** The lifecycle of `Image` (served by the dynamic provider and the plugin). */
export const definition = defineResource<ImageInputs, ImageOutputs>({
  typeName: "Image",
  inputs: ImageInputs,
  outputs: ImageOutputs,
  diff: {
    // Names are unique among the images the project sees: a replacement that keeps the name
    // must go second.
    deleteBeforeReplace: (changed) => !changed.includes("name"),
    // The service does not report the disk an image came from: an imported image takes the
    // program's disk as its own.
    compare: { diskId: (next, olds) => olds.diskId === undefined || olds.diskId === next },
  },
  async checkCatalog(ctx, inputs, olds) {
    if (isUnknown(inputs.projectId)) return [];
    return serviceFailures(ctx, inputs, olds);
  },
  async create(ctx, inputs) {
    const remaining = ctx.deadline(TIMEOUT_MS);
    const projectId = ctx.projectId(inputs);
    const find = async () =>
      (
        await ctx.client.listAll(api.listImages, {
          query: { project_id: projectId, name: inputs.name },
        })
      ).filter(
        (i) => i.name === inputs.name && i.availability_zones.every((z) => z.state !== "deleting"),
      );
    refuseUntracked({
      clashing: await find(),
      matches: (i) => matchesInputs(i, inputs),
      clash: `an image named "${inputs.name}" is already seen by the project`,
      describe: (i) =>
        `${i.id}: ${i.type}, ${i.description === "" ? "no description" : i.description}`,
      adoptable: true,
    });
    const created = await withAdvice(CREATE_ADVICE, () =>
      ctx.client.call(
        api.createImage,
        {
          body: {
            project_id: projectId,
            name: inputs.name,
            disk_id: inputs.diskId,
            // The disk's zone is added by the service (enabled): no other zone is asked for.
            availability_zones: [],
            ...(inputs.displayName === undefined ? {} : { display_name: inputs.displayName }),
            ...(inputs.description === undefined ? {} : { description: inputs.description }),
            ...(inputs.minCpu === undefined ? {} : { min_cpu: inputs.minCpu }),
            ...(inputs.minRam === undefined ? {} : { min_ram: inputs.minRam }),
            ...(inputs.minDisk === undefined ? {} : { min_disk: inputs.minDisk }),
          },
        },
        { findExisting: async () => (await find())[0] },
      ),
    );
    try {
      return {
        id: created.id,
        outs: outputsOf(await settled(ctx, created.id, remaining(), projectId), inputs.diskId),
      };
    } catch (error) {
      throw ctx.notReady(created.id, outputsOf(withZoneState(created), inputs.diskId), error);
    }
  },
  async read(ctx, id, previous) {
    const image = await getOrGone(() => get(ctx, id));
    return image === undefined ? undefined : outputsOf(image, previous.diskId);
  },
  async update(ctx, id, olds, news, diff) {
    const remaining = ctx.deadline(TIMEOUT_MS);
    await settled(ctx, id, remaining(), olds.projectId);
    const changed = (key: keyof ImageInputs) => diff.changed.includes(key);
    const body = {
      ...(changed("name") ? { name: news.name } : {}),
      ...(changed("displayName") && news.displayName !== undefined
        ? { display_name: news.displayName }
        : {}),
      ...(changed("description") ? { description: news.description ?? "" } : {}),
      ...(changed("minCpu") && news.minCpu !== undefined ? { min_cpu: news.minCpu } : {}),
      ...(changed("minRam") && news.minRam !== undefined ? { min_ram: news.minRam } : {}),
      ...(changed("minDisk") && news.minDisk !== undefined ? { min_disk: news.minDisk } : {}),
    };
    if (Object.keys(body).length > 0) {
      await withAdvice(UPDATE_ADVICE, () =>
        ctx.client.call(api.updateImage, { params: { image_id: id }, body }),
      );
    }
    return outputsOf(
      await settled(ctx, id, remaining(), olds.projectId),
      news.diskId ?? olds.diskId,
    );
  },
  delete: deleted,
});

/** The dynamic provider of `Image`. */
export const provider = dynamicProvider(definition);
