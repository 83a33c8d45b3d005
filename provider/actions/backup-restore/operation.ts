/**
 * Operation 1, restore a backup into a VM (`serverId` and `mappings`) or a disk (`volumeId`),
 * then follow the restore job, found among the operation logs (see find-job.ts). `powerOn`
 * is sent only when the program sets it: the service's default is true, and sending false for
 * an unset value would power VMs off by surprise.
 */
import { z } from "zod";
import {
  OPERATION_LOG_FINAL,
  type BackupRestoreRequest,
  type OperationLog,
} from "../../../api/operations/backup-restore";
import { backupRestoreEndpoints } from "../../../api/operations/endpoints";
import { OpsId } from "../../../api/operations/common";
import { callSignal, type OperationContext } from "../common/context";
import { OpsProjectIdInput, WaitForCompletionInput } from "../common/inputs";
import type { Operation } from "../common/operation";
import { accepted, nowIso, type OperationOutcome } from "../common/outcome";
import { waitForJob } from "../common/wait";
import { findRestoreJob, restoreLogs } from "./find-job";
import { prefixMapper, wireIssues } from "../common/wire-check";

/** A disk backup of a VM backup and the disk it is restored to. */
export const BackupMappingArg = z
  .strictObject({
    backupId: OpsId.describe("Id of the disk backup inside the VM backup"),
    volumeId: OpsId.describe("Id of the VM's disk the data is restored to"),
  })
  .describe("Disk backup to target disk");

/** The arguments of a backup restore. */
export const BackupRestoreArgs = z.strictObject({
  backupId: OpsId.describe("Id of the backup to restore"),
  serverId: OpsId.optional().describe("Target VM id; with mappings, for a VM restoration"),
  volumeId: OpsId.optional().describe("Target disk id, for a disk restoration"),
  mappings: z
    .array(BackupMappingArg)
    .optional()
    .describe("One per disk backup of a VM backup; required for a VM restoration"),
  powerOn: z
    .boolean()
    .optional()
    .describe("Power the VM on after restoring (service default true; unset is not sent)"),
  projectId: OpsProjectIdInput,
  waitForCompletion: WaitForCompletionInput,
});
/** Parsed arguments of a backup restore. */
export type BackupRestoreArgs = z.output<typeof BackupRestoreArgs>;

/** The result of a backup restore (camelCase of the operation log). */
export const BackupRestoreResultSchema = z.strictObject({
  /** The restored backup. */
  backupId: z.string().describe("The restored backup"),
  /** `server` or `volume`. */
  targetKind: z.enum(["server", "volume"]).describe("`server` or `volume`"),
  /** The VM or disk restored into. */
  targetId: z.string().describe("The VM or disk restored into"),
  /** The operation log status: `waiting`, `running`, `success`, `failed`, `timeout`. */
  jobStatus: z
    .string()
    .optional()
    .describe("The operation log status: `waiting`, `running`, `success`, `failed`, `timeout`"),
  /** The service's error code, when the job failed. */
  errorCode: z.string().optional().describe("The service's error code, when the job failed"),
  /** The service's error message, when the job failed. */
  errorMessage: z.string().optional().describe("The service's error message, when the job failed"),
});

/** The result of a backup restore (camelCase of the operation log). */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- an interface, so that TypeDoc lists its fields
export interface BackupRestoreResult extends z.output<typeof BackupRestoreResultSchema> {}

/** The request body for `args`; `power_on` only when set. */
export function backupRestoreBody(args: BackupRestoreArgs): BackupRestoreRequest {
  return {
    restore: {
      ...(args.serverId === undefined ? {} : { server_id: args.serverId }),
      ...(args.volumeId === undefined ? {} : { volume_id: args.volumeId }),
      ...(args.mappings === undefined
        ? {}
        : {
            mappings: args.mappings.map((m) => ({ backup_id: m.backupId, volume_id: m.volumeId })),
          }),
      ...(args.powerOn === undefined ? {} : { power_on: args.powerOn }),
    },
  };
}

/** Where each request field comes from among the arguments. */
const FIELDS = [
  [["params", "project_id"], ["projectId"]],
  [["params", "backup_id"], ["backupId"]],
  [["body", "restore", "server_id"], ["serverId"]],
  [["body", "restore", "volume_id"], ["volumeId"]],
  [["body", "restore", "power_on"], ["powerOn"]],
  [
    ["body", "restore", "mappings", "*", "backup_id"],
    ["mappings", "*", "backupId"],
  ],
  [
    ["body", "restore", "mappings", "*", "volume_id"],
    ["mappings", "*", "volumeId"],
  ],
  [["body", "restore", "mappings"], ["mappings"]],
] as const;

const toArgs = prefixMapper(FIELDS);

/**
 * The request's field names (`server_id`) as the program writes the arguments (`serverId`):
 * the rules of api/ word their messages in the request's names.
 */
const ARG_NAMES = new Map(FIELDS.map(([wire, args]) => [String(wire.at(-1)), String(args.at(-1))]));

/** `message` with each request field name replaced by its argument's name. */
function inArgNames(message: string): string {
  return message.replace(/\b[a-z]+(?:_[a-z]+)+\b/g, (word) => ARG_NAMES.get(word) ?? word);
}

/** A syntactically valid project id for checks made before the project is known. */
const PLACEHOLDER_PROJECT = "0".repeat(32);

function target(args: BackupRestoreArgs): Pick<BackupRestoreResult, "targetKind" | "targetId"> {
  return args.serverId !== undefined
    ? { targetKind: "server", targetId: args.serverId }
    : { targetKind: "volume", targetId: args.volumeId ?? "" };
}

function fromLog(
  log: OperationLog,
  previous: OperationOutcome<BackupRestoreResult>,
): OperationOutcome<BackupRestoreResult> {
  const finished = OPERATION_LOG_FINAL.includes(log.status);
  return {
    ...previous,
    status: log.status,
    finished,
    finishedAt: finished ? (previous.finishedAt ?? nowIso()) : undefined,
    result: {
      ...previous.result,
      jobStatus: log.status,
      ...(log.error_info === undefined
        ? {}
        : { errorCode: log.error_info.code, errorMessage: log.error_info.message }),
    },
  };
}

/** Restore a backup. */
export const backupRestore = {
  title: "backup restore",
  args: BackupRestoreArgs,
  result: BackupRestoreResultSchema,
  requestIssues: (args) =>
    wireIssues(
      backupRestoreEndpoints.backupRestore,
      {
        params: { project_id: args.projectId ?? PLACEHOLDER_PROJECT, backup_id: args.backupId },
        body: backupRestoreBody(args),
      },
      toArgs,
    ).map((issue) => ({ ...issue, message: inArgNames(issue.message) })),
  target(args) {
    const t = target(args);
    return `backup ${args.backupId} into ${t.targetKind} ${t.targetId}`;
  },
  async start(ctx: OperationContext, args) {
    const startedAt = nowIso();
    const { targetId } = target(args);
    // The restore answers 202 with no body: its job is the new one among the target's logs.
    const earlier = await restoreLogs(ctx, args.backupId, targetId);
    // The same restore already running (sent by an `up` killed before it could record it, or by
    // someone else): a second would be refused (409), so this run follows that job instead.
    const running = earlier.find((log) => !OPERATION_LOG_FINAL.includes(log.status));
    if (running !== undefined) {
      ctx.notice(
        `a restore of backup ${args.backupId} into ${targetId} is already running (job ` +
          `${running.id}, created ${running.created_at}); following that job instead of sending ` +
          "another, which the service would refuse",
      );
      return accepted(
        running.started_at ?? running.created_at,
        { backupId: args.backupId, ...target(args) },
        { jobId: running.id },
      );
    }
    const before = new Set(earlier.map((l) => l.id));
    await ctx.client.call(
      backupRestoreEndpoints.backupRestore,
      {
        params: { project_id: ctx.projectId, backup_id: args.backupId },
        body: backupRestoreBody(args),
      },
      // A restore is not repeated blindly: a second one while the first runs is refused (409).
      { idempotent: false, ...callSignal(ctx) },
    );
    const log = await findRestoreJob(ctx, args.backupId, targetId, before);
    return accepted(startedAt, { backupId: args.backupId, ...target(args) }, { jobId: log.id });
  },
  async resume(ctx, args, jobId) {
    const { operation_log: log } = await ctx.client.call(
      backupRestoreEndpoints.backupOperationLog,
      { params: { project_id: ctx.projectId, operation_log_id: jobId } },
      callSignal(ctx),
    );
    const restore = log.extra_info?.restore;
    if (restore !== undefined && restore.backup_id !== args.backupId) {
      throw new Error(
        `job ${jobId} restores backup ${restore.backup_id}, not ${args.backupId}: resume the job this restore started`,
      );
    }
    const started = accepted(
      log.started_at ?? log.created_at,
      { backupId: args.backupId, ...target(args) },
      { jobId },
    );
    return fromLog(log, started);
  },
  async wait(ctx, outcome) {
    const jobId = outcome.jobId!;
    return waitForJob(ctx, {
      operation: "backup restore",
      what: `restore job ${jobId} of backup ${outcome.result.backupId} to end`,
      initial: outcome,
      poll: async () =>
        (
          await ctx.client.call(backupRestoreEndpoints.backupOperationLog, {
            params: { project_id: ctx.projectId, operation_log_id: jobId },
          })
        ).operation_log,
      outcome: fromLog,
      failure: (log) => {
        if (log.status === "failed") {
          return log.error_info === undefined
            ? "the restore job failed (the service gave no reason)"
            : `${log.error_info.code}: ${log.error_info.message}`;
        }
        if (log.status === "timeout") return "the service timed the restore job out";
        return undefined;
      },
      describe: (log) => log.status,
    });
  },
} satisfies Operation<BackupRestoreArgs, BackupRestoreResult>;
