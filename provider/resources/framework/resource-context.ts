/**
 * The resource kit's context: what a lifecycle function is given besides its inputs. It knows
 * the resource's type, name and operation, so what every resource needs comes from one place:
 * the client, the project, the operation's time budget, the error for an object that exists
 * but is not ready, and waits that show their progress on the resource.
 */
import { describeState, waitUntil, type VmCloudClient, type WaitOptions } from "../../client";
import { paceOf } from "../../client/wait-pace";
import { currentClient, currentSettings } from "../../runtime/context";
import { showProgress } from "../../runtime/engine-log";
import type { ProviderSettings } from "../../runtime/settings";
import { parseDuration } from "../../framework/duration";
import { deadline } from "./deadline";
import { notReady } from "./not-ready";
import { resourceLabel, type ResourceInitError } from "../../framework/provider-error";

/** Operations that have a timeout. */
export type TimedOperation = "create" | "update" | "delete";

/** The operations of a resource's lifecycle. */
export type Operation = "check" | TimedOperation | "read";

/** The timeouts a resource's inputs may set. */
type WithTimeouts = { timeouts?: Partial<Record<TimedOperation, string>> | undefined };

/** What a lifecycle function is given besides its inputs. */
export interface ResourceContext {
  /** The SDK class name, e.g. `Disk`. */
  typeName: string;
  /** The resource's name, when its inputs or outputs have one. */
  name: string | undefined;
  /** The operation running. */
  operation: Operation;
  /** The shared REST client. */
  client: VmCloudClient;
  /** Provider settings (endpoint, default project…); credentials stay inside the client. */
  settings: ProviderSettings;
  /** The project: the input's `projectId`, else the provider's; a clear error when neither. */
  projectId(inputs: { projectId?: string | undefined }): string;
  /** The timeout of `operation` in ms: the input's `timeouts`, else `fallbackMs`. */
  timeoutMs(
    inputs: { timeouts?: Partial<Record<TimedOperation, string>> | undefined },
    operation: TimedOperation,
    fallbackMs: number,
  ): number;
  /**
   * The time budget of this operation: each call answers the ms left of the inputs'
   * `timeouts[operation]`, else of `fallbackMs`.
   */
  deadline(fallbackMs: number): () => number;
  /**
   * The error for the object `id` that exists but did not become usable in this operation
   * (kept in the stack with `outs`); `step` says where it stopped.
   */
  notReady(
    id: string,
    outs: Record<string, unknown>,
    error: unknown,
    step?: string,
  ): ResourceInitError;
  /** Shows a progress line during long waits. */
  progress(message: string): void;
  /**
   * `waitUntil` of the client with progress lines: one when the state changes, and one every
   * 5 s while it does not.
   */
  wait<T>(options: WaitOptions<T>): Promise<T>;
}

/**
 * Every 5 s without a state change, a wait says it is still waiting: the line is the
 * resource's status, replaced each time, so a steady rhythm costs no screen space.
 */
const PROGRESS_EVERY_MS = 5_000;

/** The context of `operation` on the resource `typeName` named `name`, with its `inputs`. */
export function contextFor(
  typeName: string,
  name: string | undefined,
  operation: Operation,
  inputs: WithTimeouts = {},
): ResourceContext {
  const settings = currentSettings();
  const timed = operation === "create" || operation === "update" || operation === "delete";
  const ctx: ResourceContext = {
    client: currentClient(),
    settings,
    typeName,
    name,
    operation,
    projectId(inputs) {
      const project = inputs.projectId ?? settings.projectId;
      if (project === undefined) {
        throw new Error(
          `${resourceLabel(typeName, name)}: no project: set projectId on the resource or ` +
            "`pulumi config set vmcloud:projectId <uuid>` (or VMCLOUD_PROJECT_ID)",
        );
      }
      return project;
    },
    timeoutMs(inputs, operation, fallbackMs) {
      const text = inputs.timeouts?.[operation];
      return text === undefined ? fallbackMs : parseDuration(text);
    },
    deadline(fallbackMs) {
      return deadline(timed ? ctx.timeoutMs(inputs, operation, fallbackMs) : fallbackMs);
    },
    notReady(id, outs, error, step) {
      if (!timed) throw new Error(`notReady is for create, update and delete, not ${operation}`);
      return notReady(
        { typeName, name, operation, ...(step === undefined ? {} : { step }) },
        id,
        outs,
        error,
      );
    },
    progress(message) {
      showProgress(resourceLabel(typeName, name), message);
    },
    wait(options) {
      const describe = options.describe ?? describeState;
      let reported = "";
      let reportedAt = 0;
      return waitUntil({
        ...options,
        // Batched waits share their checks; the process's pace spares them a fast phase
        // where the service has shown its changes to be slow.
        // Waits of one type and operation begin together and end together: one cohort.
        ...(options.alignChecks === true
          ? { pace: paceOf(ctx.client), cohort: `${typeName} ${operation}` }
          : {}),
        onProgress: (value, progress) => {
          options.onProgress?.(value, progress);
          const state = describe(value);
          if (state === reported && progress.elapsedMs - reportedAt < PROGRESS_EVERY_MS) return;
          reported = state;
          reportedAt = progress.elapsedMs;
          ctx.progress(
            `waiting for ${options.what}: ${state}, ${Math.round(progress.elapsedMs / 1000)} s so far`,
          );
        },
      });
    },
  };
  return ctx;
}
