/**
 * The `DiskAttachment` resource: one disk attached to one VM, with the id `<diskId>:<vmId>`.
 * Create attaches and waits until the disk is `in_use` and lists the VM; delete detaches
 * and waits until the disk has settled. Both inputs replace (the old attachment is removed
 * first, so a non-shared disk can move to another VM). The disk is the source of truth: the
 * attachment exists while the disk lists the VM.
 */
import type { DiskResponse } from "../../api/vm/disks";
import { disksEndpoints } from "../../api/vm/endpoints/disks";
import { NotFoundError, ValidationError } from "../client";
import { dynamicProvider } from "../framework/dynamic-provider";
import { defineResource, type ResourceContext } from "./framework/define-resource";
import { isId } from "./inputs/common";
import { DiskAttachmentInputs } from "./inputs/disk-attachment";
import { DiskAttachmentOutputs } from "./outputs/disk-attachment";
import {
  DISK_SOURCE,
  diskPoll,
  getDisk,
  isSettled,
  waitDiskSettled,
  waitForDisk,
} from "./disk/waits";
import { readThroughList } from "./framework/batched-refresh";
import { waitForStateOrGone } from "./framework/wait-for-state";
import { attachmentCatalogFailures } from "./disk-attachment/catalog-check";

/** Default wait of create and delete: 10 minutes. */
export const ATTACHMENT_DEFAULT_TIMEOUT_MS = 10 * 60_000;

/** The id of the attachment of `diskId` to `vmId`. */
export function attachmentId(diskId: string, vmId: string): string {
  return `${diskId}:${vmId}`;
}

/** The disk and VM ids in an attachment id; throws a message showing the expected form. */
export function parseAttachmentId(id: string): { diskId: string; vmId: string } {
  const [diskId, vmId, ...rest] = id.split(":");
  if (
    diskId === undefined ||
    vmId === undefined ||
    rest.length > 0 ||
    !isId(diskId) ||
    !isId(vmId)
  ) {
    throw new Error(
      `"${id}" is not a DiskAttachment id: it must be "<diskId>:<vmId>", two UUIDs joined by a colon`,
    );
  }
  return { diskId, vmId };
}

/** The outputs, when `disk` lists the VM; undefined when it does not. */
function outputsOf(disk: DiskResponse, vmId: string): DiskAttachmentOutputs | undefined {
  const vm = disk.vms.find((v) => v.id === vmId);
  if (vm === undefined) return undefined;
  return { diskId: disk.id, vmId, diskName: disk.name, vmName: vm.name, bootDisk: vm.primary };
}

/**
 * Waits until the disk is `in_use` and lists the VM; `projectId` (the disk's, when known) lets
 * the first check be batched too. The disk is the source of truth (as for `read`): the VM's
 * own disk list is not read as well, which would cost a request per attachment.
 */
async function waitAttached(
  ctx: ResourceContext,
  diskId: string,
  vmId: string,
  timeoutMs: number,
  projectId?: string,
): Promise<DiskAttachmentOutputs> {
  const disk = await waitForDisk(ctx, diskId, {
    what: `to be attached to VM ${vmId}`,
    target: ["in_use"],
    until: (d) => d.vms.some((v) => v.id === vmId),
    timeoutMs,
    projectId,
  });
  const outs = outputsOf(disk, vmId);
  if (outs === undefined) throw new Error(`disk ${diskId} no longer lists VM ${vmId}`);
  return outs;
}

/** The service's refusals of an attach or a detach for the state the disk is in. */
const PASSING_STATE_REFUSALS = [
  "disk_can_not_be_attached_from_current_state",
  "disk_can_not_be_detached_from_current_state",
];

/**
 * After a refusal (`error`) of an attach or a detach, with `disk` as read just then: a disk
 * between states (e.g. another VM's attach or detach of a shared disk under way) is waited for
 * until it settles, and the request may be sent again; so may it at once after a refusal for a
 * state the disk has left since, but not twice in a row (`settledBefore`: how many refusals in
 * a row found the disk settled). Any other refusal stands: `error` is thrown. Answers the new
 * count of refusals in a row that found the disk settled.
 */
async function beforeAskingAgain(
  ctx: ResourceContext,
  disk: DiskResponse,
  error: unknown,
  timeoutMs: number,
  settledBefore: number,
): Promise<number> {
  if (isSettled(disk.state)) {
    const passing =
      error instanceof ValidationError && PASSING_STATE_REFUSALS.includes(error.code ?? "");
    if (!passing || settledBefore > 0) throw error;
    return settledBefore + 1;
  }
  ctx.progress(`disk ${disk.id} is ${disk.state}; waiting until it settles to ask again`);
  await waitDiskSettled(ctx, disk.id, "to settle", timeoutMs, disk.project.id);
  return 0;
}

/** The lifecycle of `DiskAttachment` (served by the dynamic provider and the plugin). */
export const definition = defineResource<DiskAttachmentInputs, DiskAttachmentOutputs>({
  typeName: "DiskAttachment",
  inputs: DiskAttachmentInputs,
  outputs: DiskAttachmentOutputs,
  diff: {
    // A non-shared disk can be on one VM only: detach from the old VM before attaching.
    deleteBeforeReplace: true,
  },

  checkCatalog: (ctx, inputs, olds) =>
    attachmentCatalogFailures(ctx.client, inputs, olds, ctx.settings.projectId),

  async create(ctx, { diskId, vmId }) {
    const remaining = ctx.deadline(ATTACHMENT_DEFAULT_TIMEOUT_MS);
    const id = attachmentId(diskId, vmId);
    const listsVm = async () => {
      const disk = await getDisk(ctx.client, diskId);
      return disk !== undefined && disk.vms.some((v) => v.id === vmId) ? disk : undefined;
    };
    let projectId: string | undefined;
    let settledRefusals = 0;
    for (;;) {
      try {
        const answer = await ctx.client.call(
          disksEndpoints.attachDisk,
          { params: { disk_id: diskId }, body: { vm_id: vmId } },
          { findExisting: listsVm },
        );
        projectId = answer.project.id;
        break;
      } catch (error) {
        if (!(error instanceof ValidationError)) throw error;
        const disk = await getDisk(ctx.client, diskId);
        if (disk === undefined) throw error;
        projectId = disk.project.id;
        // Already attached to this VM (a re-run after a lost answer or a crash): adopt it.
        if (disk.vms.some((v) => v.id === vmId)) break;
        // A shared disk another attachment is attaching or detaching: wait, then ask again.
        settledRefusals = await beforeAskingAgain(ctx, disk, error, remaining(), settledRefusals);
      }
    }
    const fallback: DiskAttachmentOutputs = {
      diskId,
      vmId,
      diskName: "",
      vmName: "",
      bootDisk: false,
    };
    try {
      return { id, outs: await waitAttached(ctx, diskId, vmId, remaining(), projectId) };
    } catch (error) {
      throw ctx.notReady(id, fallback, error);
    }
  },

  async read(ctx, id) {
    const { diskId, vmId } = parseAttachmentId(id);
    // Read with the refresh's other disk reads (the attachment records no project: the
    // provider's is tried, and a disk its list does not show is read by id).
    const disk = await readThroughList(ctx, {
      source: DISK_SOURCE,
      id: diskId,
      projectId: undefined,
      read: () => getDisk(ctx.client, diskId),
    });
    return disk === undefined ? undefined : outputsOf(disk, vmId);
  },

  // Both inputs replace, so this runs only to finish an attachment whose create timed out.
  async update(ctx, id, olds, news) {
    const timeoutMs = ctx.timeoutMs(news, "update", ATTACHMENT_DEFAULT_TIMEOUT_MS);
    try {
      return await waitAttached(ctx, news.diskId, news.vmId, timeoutMs);
    } catch (error) {
      throw ctx.notReady(id, olds, error);
    }
  },

  async delete(ctx, id) {
    const { diskId, vmId } = parseAttachmentId(id);
    const remaining = ctx.deadline(ATTACHMENT_DEFAULT_TIMEOUT_MS);
    let projectId: string | undefined;
    let settledRefusals = 0;
    for (;;) {
      try {
        // Safe to resend after a 5xx or a dropped answer: a detach that was done answers 422
        // (already detached), which counts as success below.
        const answer = await ctx.client.call(
          disksEndpoints.detachDisk,
          { params: { disk_id: diskId }, body: { vm_id: vmId } },
          { idempotent: true },
        );
        projectId = answer.project.id;
        break;
      } catch (error) {
        if (error instanceof NotFoundError) return;
        // Already detached, or the VM is gone: success, judged by the disk itself.
        if (!(error instanceof ValidationError)) throw error;
        const disk = await getDisk(ctx.client, diskId);
        if (disk === undefined) return;
        projectId = disk.project.id;
        if (!disk.vms.some((v) => v.id === vmId)) break;
        // Between states: this detach resent while the first is under way, or another VM's
        // attach or detach of a shared disk. Once it settles, a disk that still holds the VM
        // is asked again.
        settledRefusals = await beforeAskingAgain(ctx, disk, error, remaining(), settledRefusals);
      }
    }
    // Wait until the disk has settled, so that deleting it or attaching it elsewhere works.
    // Judged by the listing, not the disk's own state: a disk that no longer lists the VM is
    // detached whatever state it settled in, and one that is gone is detached too.
    await waitForStateOrGone(ctx, {
      what: `disk ${diskId} to be detached from VM ${vmId}`,
      poll: diskPoll(ctx, diskId, projectId, () => getDisk(ctx.client, diskId), true),
      batched: true,
      target: isSettled,
      until: (d) => !d.vms.some((v) => v.id === vmId),
      timeoutMs: remaining(),
    });
  },

  inputsOf: (outs) => ({ diskId: outs.diskId, vmId: outs.vmId }),
});

/** The dynamic provider of `DiskAttachment`. */
export const provider = dynamicProvider(definition);
