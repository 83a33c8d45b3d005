/**
 * A restore of one of the VM service's own backups (a `VmBackup`): `POST
 * /api/v1/backups/{id}/action` with `restore` makes a **new** VM or disk from the backup, in the
 * backed-up zone, named `name` (the backed-up resource is never overwritten), then waits until
 * the new VM runs or the new disk is available. The target name is the restore's identity: when
 * the backup's zone already holds a VM or disk of that name, an earlier run restored it, and it
 * is answered instead of restoring again, so a program that calls the restore on every `up`
 * restores once (and a run killed mid-wait waits for that VM or disk next time).
 */
import { z } from "zod";
import { Name, Uuid4 } from "../../../api/common";
import type { BackupItemResponse } from "../../../api/vm/backups";
import { backupsEndpoints } from "../../../api/vm/endpoints/backups";
import { computeEndpoints } from "../../../api/vm/endpoints/compute";
import { disksEndpoints } from "../../../api/vm/endpoints/disks";
import { DISK_STATES, VM_STATES } from "../../../api/vm/states";
import { ApiError } from "../../client";
import { callSignal, type OperationContext } from "../common/context";
import { WaitForCompletionInput } from "../common/inputs";
import type { Operation } from "../common/operation";
import { nowIso, type OperationOutcome } from "../common/outcome";
import { waitForJob } from "../common/wait";
import type { ArgIssue } from "../common/wire-check";

/** The arguments of a VM-backup restore. */
export const VmBackupRestoreArgs = z.strictObject({
  backupId: Uuid4.describe("The backup to restore (a VmBackup's id)"),
  name: Name.describe(
    "Name of the new VM or disk; also the restore's identity: a VM or disk of this name in the backup's zone is taken as restored already",
  ),
  waitForCompletion: WaitForCompletionInput,
});
/** Parsed arguments of a VM-backup restore. */
export type VmBackupRestoreArgs = z.output<typeof VmBackupRestoreArgs>;

/** The result of a VM-backup restore. */
export const VmBackupRestoreResultSchema = z.strictObject({
  /** The backup restored. */
  backupId: z.string().describe("The backup restored"),
  /** `virtual_machine` or `disk`: what the restore made. */
  resourceType: z.string().describe("`virtual_machine` or `disk`: what the restore made"),
  /** The new VM or disk. */
  resourceId: z.string().describe("The new VM or disk"),
  /** Its name. */
  name: z.string().describe("Its name"),
  /** Its state when last read (`running`, `available`, or on its way). */
  state: z.string().describe("Its state when last read (`running`, `available`, or on its way)"),
  /** False when an earlier run had restored it already (found by its name), so nothing was sent. */
  restoredNow: z
    .boolean()
    .describe(
      "False when an earlier run had restored it already (found by its name), so nothing was sent",
    ),
});

/** The result of a VM-backup restore. */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- an interface, so that TypeDoc lists its fields
export interface VmBackupRestoreResult extends z.output<typeof VmBackupRestoreResultSchema> {}

const OPERATION = "VM backup restore";

/** The backup `id`, or undefined when the service does not know it (422 `backup_not_found`). */
async function backupOf(
  ctx: OperationContext,
  id: string,
): Promise<BackupItemResponse | undefined> {
  try {
    return await ctx.client.call(
      backupsEndpoints.getBackup,
      { params: { backup_id: id } },
      callSignal(ctx),
    );
  } catch (error) {
    if (error instanceof ApiError && error.code === "backup_not_found") return undefined;
    throw error;
  }
}

/** The VM or disk named `name` that an earlier restore of `backup` made, if any. */
async function restoredBefore(ctx: OperationContext, backup: BackupItemResponse, name: string) {
  const zoneId = backup.resource.resource_state.availability_zone.id;
  const query = { project_id: backup.project_id, name };
  if (backup.resource.resource_type === "virtual_machine") {
    const vms = await ctx.client.listAll(
      computeEndpoints.listVms,
      { query: { ...query, availability_zone_ids: [zoneId] } },
      callSignal(ctx),
    );
    const vm = vms.find((v) => v.name === name && v.state !== "deleting");
    return vm === undefined ? undefined : { id: vm.id, name: vm.name, state: vm.state };
  }
  const disks = await ctx.client.listAll(
    disksEndpoints.listDisks,
    { query: { ...query, availability_zone_id: zoneId } },
    callSignal(ctx),
  );
  const disk = disks.find((d) => d.name === name && d.state !== "deleting");
  return disk === undefined ? undefined : { id: disk.id, name: disk.name, state: disk.state };
}

/** True when the new VM or disk is usable: a VM running or stopped, a disk available or in use. */
function settledState(resourceType: string, state: string): boolean {
  return resourceType === "virtual_machine"
    ? (VM_STATES.stable as readonly string[]).includes(state)
    : (DISK_STATES.stable as readonly string[]).includes(state) && state !== "reserved";
}

/** Restore a VM backup as a new VM or disk. */
export const vmBackupRestore = {
  title: OPERATION,
  args: VmBackupRestoreArgs,
  result: VmBackupRestoreResultSchema,
  // The arguments' schema is the endpoint's own (the backup id, the target's name).
  requestIssues: () => [],
  async preflight(ctx, args): Promise<ArgIssue[]> {
    const backup = await backupOf(ctx, args.backupId);
    if (backup === undefined) {
      return [
        {
          path: ["backupId"],
          message: `backup ${args.backupId} does not exist; give a VmBackup's id (getVmBackups lists them)`,
        },
      ];
    }
    if (backup.state !== "created") {
      return [
        {
          path: ["backupId"],
          message: `backup ${backup.name} is ${backup.state}; a restore needs it created (wait for it)`,
        },
      ];
    }
    return [];
  },
  target: (args) => `backup ${args.backupId} as ${args.name}`,
  async start(ctx, args) {
    const startedAt = nowIso();
    const backup = await backupOf(ctx, args.backupId);
    if (backup === undefined) throw new Error(`backup ${args.backupId} does not exist`);
    const resourceType = backup.resource.resource_type;
    const earlier = await restoredBefore(ctx, backup, args.name);
    if (earlier !== undefined) {
      ctx.notice(
        `a ${resourceType === "disk" ? "disk" : "VM"} named ${args.name} (${earlier.id}) is in the backup's zone: ` +
          "an earlier run restored it, so it is not restored again (choose another name to restore once more)",
      );
    }
    const made =
      earlier ??
      (await ctx.client.call(
        backupsEndpoints.backupAction,
        {
          params: { backup_id: backup.id },
          body: {
            action: "restore",
            resource:
              resourceType === "disk"
                ? {
                    resource_id: backup.resource.resource_id,
                    resource_type: "disk",
                    target_config: { name: args.name },
                  }
                : {
                    resource_id: backup.resource.resource_id,
                    resource_type: "virtual_machine",
                    target_config: { name: args.name },
                  },
          },
        },
        callSignal(ctx),
      ));
    const state = String(made.state);
    const finished = settledState(resourceType, state);
    return {
      jobId: undefined,
      status: state,
      finished,
      startedAt,
      finishedAt: finished ? nowIso() : undefined,
      result: {
        backupId: backup.id,
        resourceType,
        resourceId: made.id,
        name: made.name,
        state,
        restoredNow: earlier === undefined,
      },
    };
  },
  async wait(ctx, outcome): Promise<OperationOutcome<VmBackupRestoreResult>> {
    const { resourceType, resourceId } = outcome.result;
    const vm = resourceType === "virtual_machine";
    return waitForJob(ctx, {
      operation: OPERATION,
      what: `${vm ? "VM" : "disk"} ${resourceId} to be ${vm ? "running" : "available"}`,
      initial: outcome,
      poll: async () =>
        vm
          ? String(
              (
                await ctx.client.call(
                  computeEndpoints.getVm,
                  { params: { vm_id: resourceId } },
                  callSignal(ctx),
                )
              ).state,
            )
          : String(
              (
                await ctx.client.call(
                  disksEndpoints.getDisk,
                  { params: { disk_id: resourceId } },
                  callSignal(ctx),
                )
              ).state,
            ),
      outcome: (state, previous) => {
        const finished = settledState(resourceType, state);
        return {
          ...previous,
          status: state,
          finished,
          finishedAt: finished ? nowIso() : undefined,
          result: { ...previous.result, state },
        };
      },
      failure: (state) =>
        (vm ? VM_STATES : DISK_STATES).isFailed(state)
          ? `the restored ${vm ? "VM" : "disk"} ${resourceId} is ${state}`
          : undefined,
      describe: (state) => state,
    });
  },
} satisfies Operation<VmBackupRestoreArgs, VmBackupRestoreResult>;
