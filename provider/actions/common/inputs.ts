/**
 * Input fields every action shares: the operations project, `triggers` (what re-runs a
 * resource), whether to wait for the job, and how long. The operation-specific fields live
 * next to each operation; every service limit is checked with the endpoint schemas of
 * `api/operations`, never restated here.
 */
import { z } from "zod";
import { OpsId, OpsProjectId } from "../../../api/operations/common";
import { Duration } from "../../framework/duration";

/**
 * `projectId` of the operations services: 32 lowercase hexadecimal characters. Default:
 * `vmcloud:operationsProjectId`, else `vmcloud:projectId` without its dashes.
 */
export const OpsProjectIdInput = OpsProjectId.optional().describe(
  "Operations project id, 32 lowercase hex characters (default: vmcloud:operationsProjectId, else vmcloud:projectId without dashes)",
);

/**
 * `triggers`: any JSON values (a list or a map); when they change (compared as canonical JSON: object keys sorted,
 * array order kept) the resource is replaced, which runs the operation again.
 */
export const TriggersInput = z
  .union([z.array(z.json()), z.record(z.string(), z.json())])
  .optional()
  .describe("Values whose change runs the operation again (replaces the resource)");

/** `waitForCompletion`: wait for the job the operation starts (default true). */
export const WaitForCompletionInput = z
  .boolean()
  .optional()
  .describe("Wait until the job ends and fail when it fails (default true)");

/** `timeouts` of an action resource: only `create` (the longest wait for the job), default 20m. */
export const ActionTimeoutsInput = z
  .strictObject({
    create: Duration.optional().describe("Longest wait for the job on create (default 20m)"),
  })
  .optional()
  .describe("How long create may wait for the job");

/** The `timeouts` a program gives an action resource, e.g. `{ create: "30m" }`. */
export type ActionTimeouts = NonNullable<z.input<typeof ActionTimeoutsInput>>;

/** `timeout` of an action function: the longest wait for the job, e.g. `"30m"` (default 20m). */
export const FunctionTimeoutInput = Duration.optional().describe(
  'Longest wait for the job, e.g. "30m" (default 20m)',
);

/** The default longest wait for a job: 20 minutes (what other tools use for these jobs too). */
export const DEFAULT_ACTION_TIMEOUT_MS = 20 * 60_000;

/** The fields every action resource has besides its operation's arguments. */
export const resourceFields = {
  triggers: TriggersInput,
  timeouts: ActionTimeoutsInput,
} as const;

/** The fields every action function has besides its operation's arguments. */
export const functionFields = {
  timeout: FunctionTimeoutInput,
} as const;

/**
 * `resumeJobId` of an action function whose operation starts a job: the job an earlier call
 * started, to wait for (or read the end of) instead of sending the operation again.
 */
export const ResumeJobIdInput = OpsId.optional().describe(
  "The job an earlier call started (its jobId): wait for it instead of sending the operation again",
);

/** The fields of the action functions whose operation starts a job, besides its arguments. */
export const jobFunctionFields = {
  ...functionFields,
  resumeJobId: ResumeJobIdInput,
} as const;
