/**
 * The `VmBackup` resource: the VM service's own backup of a VM (its configuration and every
 * disk) or of a disk, taken when the resource is created (a declared backup before a risky
 * change). It outlives what it was taken of. Name and description change in place; another VM
 * or disk takes a new backup. A restore makes a new VM or disk from it (`restoreVmBackup`).
 * `check` refuses a VM or disk that does not exist in the project, or that is not resting (the
 * service backs up a VM running or stopped, a disk available or in use).
 */
import { backupsEndpoints as api } from "../../api/vm/endpoints/backups";
import type { BackupListItem, BackupResponse } from "../../api/vm/backups";
import { disksEndpoints } from "../../api/vm/endpoints/disks";
import { computeEndpoints } from "../../api/vm/endpoints/compute";
import { BACKUP_STATES, DISK_STATES, VM_STATES } from "../../api/vm/states";
import { ApiError } from "../client";
import type { CheckFailure } from "../framework/check-failures";
import { dynamicProvider } from "../framework/dynamic-provider";
import { isUnknown } from "../framework/unknowns";
import { defineResource } from "./framework/define-resource";
import { deleteAndWait } from "./framework/delete-and-wait";
import { getOrGone } from "./framework/get-or-gone";
import type { ResourceContext } from "./framework/resource-context";
import { waitSettled } from "./framework/wait-for-state";
import { withAdvice } from "./framework/with-advice";
import { VmBackupInputs } from "./inputs/vm-backup";
import { VmBackupOutputs } from "./outputs/vm-backup";
import { refuseUntracked } from "./framework/refuse-untracked";

const TIMEOUT_MS = 30 * 60_000;

const CREATE_ADVICE = {
  resource_can_not_be_backed_up_from_current_state:
    "the VM or disk is changing (or a disk of the VM is); run `pulumi up` again once it is running or stopped " +
    "(a disk: available or in use)",
  resource_not_found:
    "vmId/diskId: no such VM or disk in the project; give the id of a VM (vmId) or a disk (diskId) of the project",
} as const;

/** The service answers an unknown backup with 422 `backup_not_found` (it lists no 404). */
function backupGone(error: unknown): boolean {
  return error instanceof ApiError && error.code === "backup_not_found";
}

/** Reads the backup by id. */
function get(ctx: ResourceContext, id: string) {
  return ctx.client.call(api.getBackup, { params: { backup_id: id } });
}

/** Waits until no change runs on the backup; a failed state fails the wait. */
function settled(ctx: ResourceContext, id: string, timeoutMs: number) {
  return waitSettled(ctx, {
    what: `backup ${id}`,
    poll: () => get(ctx, id),
    busy: BACKUP_STATES.changing,
    failed: BACKUP_STATES.failed,
    timeoutMs,
  });
}

/** Every output of `backup`. */
function outputsOf(backup: BackupResponse | BackupListItem): VmBackupOutputs {
  const { resource } = backup;
  const vm = resource.resource_type === "virtual_machine";
  return {
    name: backup.name,
    description: backup.description,
    ...(vm ? { vmId: resource.resource_id } : { diskId: resource.resource_id }),
    resourceType: resource.resource_type,
    resourceName: resource.resource_state.name,
    availabilityZone: resource.resource_state.availability_zone.name,
    size: "size" in backup ? backup.size : 0,
    state: backup.state,
    ...("last_restore_time" in backup && backup.last_restore_time !== undefined
      ? { lastRestoreTime: backup.last_restore_time }
      : {}),
    projectId: backup.project_id,
    createdTime: backup.created_at,
  };
}

/** The resource a backup of `inputs` is taken of. */
function resourceOf(inputs: VmBackupInputs) {
  return inputs.vmId !== undefined
    ? { resource_id: inputs.vmId, resource_type: "virtual_machine" as const }
    : { resource_id: inputs.diskId!, resource_type: "disk" as const };
}

/** Why the service would not back up the VM or disk `inputs` name now, read from it. */
async function resourceFailures(
  ctx: ResourceContext,
  inputs: VmBackupInputs,
  projectId: string,
): Promise<CheckFailure[]> {
  const fix = "give a VM (vmId) or a disk (diskId) of the project";
  if (inputs.vmId !== undefined) {
    const id = inputs.vmId;
    const vm = await getOrGone(() =>
      ctx.client.call(computeEndpoints.getVm, { params: { vm_id: id } }),
    );
    if (vm === undefined || vm.project.id !== projectId) {
      return [
        { property: "vmId", reason: `VM ${id} does not exist in project ${projectId}; ${fix}` },
      ];
    }
    if (!VM_STATES.stable.includes(vm.state as (typeof VM_STATES.stable)[number])) {
      return [
        {
          property: "vmId",
          reason: `VM ${vm.name} is ${vm.state}; the service backs up a VM that is running or stopped`,
        },
      ];
    }
    return [];
  }
  const id = inputs.diskId!;
  const disk = await getOrGone(() =>
    ctx.client.call(disksEndpoints.getDisk, { params: { disk_id: id } }),
  );
  if (disk === undefined || disk.project.id !== projectId) {
    return [
      { property: "diskId", reason: `disk ${id} does not exist in project ${projectId}; ${fix}` },
    ];
  }
  if (
    !DISK_STATES.stable.includes(disk.state as (typeof DISK_STATES.stable)[number]) ||
    disk.state === "reserved"
  ) {
    return [
      {
        property: "diskId",
        reason: `disk ${disk.name} is ${disk.state}; the service backs up a disk that is available or in use`,
      },
    ];
  }
  return [];
}

/** The lifecycle of `VmBackup` (served by the dynamic provider and the plugin). */
export const definition = defineResource<VmBackupInputs, VmBackupOutputs>({
  typeName: "VmBackup",
  inputs: VmBackupInputs,
  outputs: VmBackupOutputs,
  checkChange(_olds, news) {
    if (isUnknown(news.vmId) || isUnknown(news.diskId)) return [];
    const both = news.vmId !== undefined && news.diskId !== undefined;
    const neither = news.vmId === undefined && news.diskId === undefined;
    if (!both && !neither) return [];
    return [
      {
        property: both ? "diskId" : "vmId",
        reason: both
          ? "a backup is of a VM or of a disk: set vmId or diskId, not both (a VM's backup holds its disks)"
          : "a backup needs what it is of: set vmId (a VM and its disks) or diskId (one disk)",
      },
    ];
  },
  async checkCatalog(ctx, inputs, olds) {
    if (isUnknown(inputs.projectId) || isUnknown(inputs.vmId) || isUnknown(inputs.diskId))
      return [];
    // The backup this resource holds was taken already: only a new VM or disk is judged.
    if (olds.vmId === inputs.vmId && olds.diskId === inputs.diskId) return [];
    return resourceFailures(ctx, inputs, ctx.projectId(inputs));
  },
  async create(ctx, inputs) {
    const remaining = ctx.deadline(TIMEOUT_MS);
    const projectId = ctx.projectId(inputs);
    const resource = resourceOf(inputs);
    // Names need not be unique, but a backup of this name and resource (not being deleted) is
    // never taken over: it may be another stack's or a person's (framework/refuse-untracked.ts).
    // After a lost answer, the one there is this create's.
    const find = async () =>
      (
        await ctx.client.call(api.listBackups, {
          query: { project_id: projectId, resource_ids: [resource.resource_id] },
        })
      ).items.filter((b) => b.name === inputs.name && b.state !== "deleting");
    refuseUntracked({
      clashing: await find(),
      matches: () => true,
      clash: `a backup named "${inputs.name}" of ${resource.resource_type} ${resource.resource_id} already exists`,
      describe: (backup) => backup.id,
      adoptable: true,
    });
    const created = await withAdvice(CREATE_ADVICE, () =>
      ctx.client.call(
        api.createBackup,
        {
          body: {
            project_id: projectId,
            name: inputs.name,
            ...(inputs.description === undefined ? {} : { description: inputs.description }),
            resource,
          },
        },
        // A lost answer: the backup it made, as listed (only its id and what outputsOf
        // reads, which the list item has too, are used).
        { findExisting: async () => (await find())[0] as unknown as BackupResponse | undefined },
      ),
    );
    try {
      return { id: created.id, outs: outputsOf(await settled(ctx, created.id, remaining())) };
    } catch (error) {
      throw ctx.notReady(created.id, outputsOf(created), error);
    }
  },
  async read(ctx, id) {
    const backup = await getOrGone(() => get(ctx, id), backupGone);
    return backup === undefined ? undefined : outputsOf(backup);
  },
  async update(ctx, id, olds, news, diff) {
    const remaining = ctx.deadline(TIMEOUT_MS);
    await settled(ctx, id, remaining());
    const body = {
      ...(diff.changed.includes("name") ? { name: news.name } : {}),
      ...(diff.changed.includes("description") ? { description: news.description ?? "" } : {}),
    };
    if (Object.keys(body).length > 0) {
      await ctx.client.call(api.updateBackup, { params: { backup_id: id }, body });
    }
    return outputsOf(await settled(ctx, id, remaining()));
  },
  async delete(ctx, id, olds) {
    await deleteAndWait(ctx, {
      what: `backup ${id}`,
      read: () => get(ctx, id),
      remove: () => ctx.client.call(api.deleteBackup, { params: { backup_id: id } }),
      busy: BACKUP_STATES.changing,
      deleting: BACKUP_STATES.deleting,
      failed: BACKUP_STATES.failed,
      isGone: backupGone,
      timeoutMs: ctx.timeoutMs(olds, "delete", TIMEOUT_MS),
    });
  },
});

/** The dynamic provider of `VmBackup`. */
export const provider = dynamicProvider(definition);
