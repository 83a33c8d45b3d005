/**
 * What an operation runs with, whichever form calls it: the REST client, the operations
 * project, the longest wait, a progress sink and an abort signal. The resource form builds it
 * from the provider's settings, the function form from the program's.
 */
import type { VmCloudClient } from "../../client";
import { opsProjectId } from "../../../api/operations/common";
import type { ProviderSettings } from "../../runtime/settings";

/** The surroundings of one run of an operation. */
export interface OperationContext {
  /** The client every request goes through. */
  client: VmCloudClient;
  /** The operations project id (32 hexadecimal characters). */
  projectId: string;
  /** The longest wait for a job, in ms. */
  timeoutMs: number;
  /** Shows a progress line (waits call it when the state changes, and every 30 s). */
  progress(message: string): void;
  /**
   * Tells something the user must still be able to read after the run (progress lines may
   * vanish): that a wait resumes a job an earlier run started, or that a request was not sent
   * because the same operation already runs.
   */
  notice(message: string): void;
  /** Aborts requests and waits. */
  signal?: AbortSignal;
}

/** The call options that carry the context's abort signal, when it has one. */
export function callSignal(ctx: OperationContext): { signal?: AbortSignal } {
  return ctx.signal === undefined ? {} : { signal: ctx.signal };
}

/**
 * The operations project: the argument, else `vmcloud:operationsProjectId`, else
 * `vmcloud:projectId` without its dashes. Throws a message naming the settings to use.
 */
export function operationsProject(
  given: string | undefined,
  settings: Pick<ProviderSettings, "operationsProjectId" | "projectId">,
): string {
  const project =
    given ??
    settings.operationsProjectId ??
    (settings.projectId === undefined ? undefined : opsProjectId(settings.projectId));
  if (project === undefined) {
    throw new Error(
      "no operations project: set projectId, or `pulumi config set vmcloud:operationsProjectId <32 hex characters>` " +
        "(VMCLOUD_OPERATIONS_PROJECT_ID), or vmcloud:projectId (its dashes are removed)",
    );
  }
  return project;
}
