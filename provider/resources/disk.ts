/**
 * The `Disk` resource: a block volume of the VM service. Create resolves the zone and the disk
 * type, refuses when a disk of its name exists in the zone that the stack does not track
 * (saying what resolves it), else sends one create request that is never repeated blindly (a lost answer is looked up by the disk's
 * unique name), and waits until the disk is `available`. Name, description, size
 * (grow only), the flags and the tags change in place with one PUT; the zone, the disk type
 * and the project replace the disk.
 */
import type { DiskTypeResponse } from "../../api/vm/disk-types";
import { disksEndpoints } from "../../api/vm/endpoints/disks";
import type { ZoneResponse } from "../../api/vm/zones";
import { NotFoundError, ValidationError } from "../client";
import { dynamicProvider } from "../framework/dynamic-provider";
import { defineResource, type ResourceContext } from "./framework/define-resource";
import { sameNameOrId, sameNamesOrIds } from "./framework/references";
import { failuresOf } from "./framework/input-error";
import { isUnknown } from "../framework/unknowns";
import type { CheckFailure } from "./framework/check-inputs";
import { DiskInputs } from "./inputs/disk";
import { CatalogLookups, checkDiskSize } from "./catalog/catalog-lookups";
import { diskNameFailures, findCreatedDisk, refuseUntrackedDisk } from "./disk/lookups";
import { diskInputsOf, diskOutputs } from "./disk/outputs";
import { DiskOutputs } from "./outputs/disk";
import { createRequest, updateRequest } from "./disk/requests";
import {
  DISK_SOURCE,
  getDisk,
  waitDiskSettled,
  waitDiskSettledToDelete,
  waitForDisk,
  waitForDiskGone,
} from "./disk/waits";
import { sendDiskUpdate } from "./disk/update";
import { shrinkFailures } from "./disk/no-shrink";
import { readThroughList } from "./framework/batched-refresh";

/** Default wait of create, update and delete: 10 minutes. */
export const DISK_DEFAULT_TIMEOUT_MS = 10 * 60_000;

/** Checks that compare the new inputs with the previous ones: no shrinking, read-only rules. */
export function checkDiskChange(olds: Partial<DiskInputs>, news: DiskInputs): CheckFailure[] {
  const failures = shrinkFailures({
    property: "size",
    disk: "the disk",
    from: olds.size,
    to: news.size,
    replace: "the disk (`pulumi up --replace <urn>`) to start over with a new, empty one",
  });
  const known = (value: unknown) => value !== undefined && !isUnknown(value);
  // The service refuses to change the contents of a read-only disk unless the same request
  // makes it writable.
  if (olds.readonly === true && known(news.readonly) && news.readonly !== false) {
    const grows = known(olds.size) && known(news.size) && news.size > olds.size!;
    const encrypts =
      known(news.encrypted) && (news.encrypted ?? false) !== (olds.encrypted ?? false);
    for (const [property, changes] of [
      ["size", grows],
      ["encrypted", encrypts],
    ] as const) {
      if (!changes) continue;
      failures.push({
        property,
        reason: `the disk is read-only, so ${property} cannot change: set readonly to false in the same update (you can set it back later)`,
      });
    }
  }
  return failures;
}

/** Reads the disk again for the outputs of an error; undefined when even that fails. */
async function outputsIfReadable(
  ctx: ResourceContext,
  id: string,
): Promise<DiskOutputs | undefined> {
  try {
    const disk = await getDisk(ctx.client, id);
    return disk === undefined ? undefined : diskOutputs(disk);
  } catch {
    return undefined;
  }
}

/**
 * The disk's zone and type (undefined: the service's default) resolved in the catalog, and its
 * size within the type's range; an InputError names the field at fault.
 */
async function resolveDisk(
  lookups: CatalogLookups,
  inputs: Pick<DiskInputs, "availabilityZone" | "diskType" | "size">,
): Promise<{ zone: ZoneResponse; diskType: DiskTypeResponse | undefined }> {
  const zone = await lookups.zone(inputs.availabilityZone);
  if (inputs.diskType === undefined) return { zone, diskType: undefined };
  const diskType = await lookups.diskType(zone, inputs.diskType, "diskType");
  checkDiskSize(diskType, inputs.size, "size");
  return { zone, diskType };
}

/** The lifecycle of `Disk` (served by the dynamic provider and the plugin). */
export const definition = defineResource<DiskInputs, DiskOutputs>({
  typeName: "Disk",
  inputs: DiskInputs,
  outputs: DiskOutputs,
  diff: {
    // Names are unique per project and zone: a replacement that keeps all three (a new disk
    // type) would clash with the old disk, so the old one goes first, and the create's check
    // for untracked disks (refuseUntrackedDisk) never meets it. A new name, zone or project
    // cannot meet the old disk, so the new disk is made first, as usual.
    deleteBeforeReplace: (changed) =>
      !changed.includes("name") &&
      !changed.includes("availabilityZone") &&
      !changed.includes("projectId"),
    compare: {
      diskType: sameNameOrId("diskType", "diskTypeId"),
      availabilityZone: sameNameOrId("availabilityZone", "availabilityZoneId"),
      tags: sameNamesOrIds("tags", "tagIds"),
    },
  },
  checkChange: checkDiskChange,

  async checkCatalog(ctx, inputs, olds) {
    if ([inputs.projectId, inputs.availabilityZone, inputs.diskType, inputs.size].some(isUnknown))
      return [];
    const projectId = ctx.projectId(inputs);
    let zone: ZoneResponse | undefined;
    const failures = await failuresOf(async () => {
      zone = (await resolveDisk(new CatalogLookups(ctx.client, projectId), inputs)).zone;
    });
    // A disk keeping its name and zone holds the name itself.
    const sameSpot =
      olds.name === inputs.name &&
      (inputs.availabilityZone === undefined ||
        olds.availabilityZone === undefined ||
        olds.availabilityZone === inputs.availabilityZone);
    if (zone === undefined || isUnknown(inputs.name) || sameSpot) return failures;
    const named = await diskNameFailures(ctx.client, {
      projectId,
      zone,
      name: inputs.name,
      adoptId: inputs.adoptId,
    });
    return [...failures, ...named];
  },

  async create(ctx, inputs) {
    const remaining = ctx.deadline(DISK_DEFAULT_TIMEOUT_MS);
    const projectId = ctx.projectId(inputs);
    const { zone, diskType } = await resolveDisk(new CatalogLookups(ctx.client, projectId), inputs);
    await refuseUntrackedDisk(ctx.client, {
      projectId,
      zoneId: zone.id,
      name: inputs.name,
      diskTypeId: diskType?.id,
      size: inputs.size,
      encrypted: inputs.encrypted ?? false,
    });
    const startedAt = Date.now();
    const created = await ctx.client.call(
      disksEndpoints.createDisk,
      { body: createRequest(inputs, { projectId, zoneId: zone.id, diskTypeId: diskType?.id }) },
      {
        findExisting: () =>
          findCreatedDisk(ctx.client, { projectId, zoneId: zone.id, name: inputs.name, startedAt }),
      },
    );
    try {
      const disk = await waitForDisk(ctx, created.id, {
        what: "to become available",
        target: ["available"],
        timeoutMs: remaining(),
        projectId,
      });
      return { id: created.id, outs: diskOutputs(disk) };
    } catch (error) {
      const outs = (await outputsIfReadable(ctx, created.id)) ?? diskOutputs(created);
      throw ctx.notReady(created.id, outs, error);
    }
  },

  async read(ctx, id, previous) {
    // The list item is the whole disk (the same schema as the read by id).
    const disk = await readThroughList(ctx, {
      source: DISK_SOURCE,
      id,
      projectId: previous.projectId,
      read: () => getDisk(ctx.client, id),
    });
    return disk === undefined ? undefined : diskOutputs(disk);
  },

  async update(ctx, id, olds, news, diff) {
    const remaining = ctx.deadline(DISK_DEFAULT_TIMEOUT_MS);
    const projectId = olds.projectId;
    await sendDiskUpdate(ctx, id, updateRequest(news, diff.changed), remaining, projectId);
    try {
      const disk = await waitDiskSettled(ctx, id, "to finish the update", remaining(), projectId);
      return diskOutputs(disk);
    } catch (error) {
      throw ctx.notReady(id, (await outputsIfReadable(ctx, id)) ?? {}, error);
    }
  },

  async delete(ctx, id, olds) {
    const remaining = ctx.deadline(DISK_DEFAULT_TIMEOUT_MS);
    const projectId = olds.projectId;
    const send = () => ctx.client.call(disksEndpoints.deleteDisk, { params: { disk_id: id } });
    try {
      await send();
    } catch (error) {
      if (error instanceof NotFoundError) return;
      if (!(error instanceof ValidationError)) throw error;
      // 422: the disk may be busy (attaching, detaching, growing: wait, then ask once more) or
      // already being deleted. A refusal for another reason comes back on the second request.
      const disk = await getDisk(ctx.client, id);
      if (disk === undefined) return;
      if (disk.state !== "deleting") {
        try {
          await waitDiskSettledToDelete(ctx, id, remaining(), projectId);
          await send();
        } catch (again) {
          if (again instanceof NotFoundError) return;
          throw again;
        }
      }
    }
    await waitForDiskGone(ctx, id, remaining(), projectId);
  },

  inputsOf: diskInputsOf,
});

/** The dynamic provider of `Disk`. */
export const provider = dynamicProvider(definition);
