/**
 * The SDK's form of every action function: each protocol-free definition
 * (provider/actions/functions) as a function of the program, run with the program's client
 * (or one given), its operations project, `pulumi.runtime.isDryRun()` as the preview flag
 * (unless the options ask to run during a preview too) and `pulumi.log.info` for progress.
 * See provider/actions/functions/run-function.ts for how a call runs.
 */
import * as pulumi from "@pulumi/pulumi";
import type { z } from "zod";
import { operationsProject } from "../../provider/actions/common/context";
import type { ActionFunctionDefinition } from "../../provider/actions/functions/define-function";
import type { ActionResult } from "../../provider/actions/functions/function-result";
import { runActionFunction } from "../../provider/actions/functions/run-function";
import type { VmCloudClient } from "../../provider/client";
import type { FitsArgs } from "../args-fit";
import { getProgramClient, getProgramProjectId, programSettings } from "../program-client";

export type {
  ActionRan,
  ActionResult,
  ActionSkipped,
} from "../../provider/actions/functions/function-result";
/** Options of every action function. */
export interface ActionOptions {
  /**
   * The client to call through. Default: the program's shared client, built from the stack
   * config (`vmcloud:endpoint`, `vmcloud:token`, …) or the `VMCLOUD_*` environment variables.
   */
  client?: VmCloudClient;
  /** Aborts the requests and the wait. */
  signal?: AbortSignal;
  /**
   * Receives progress lines while a job is waited for. Default: `pulumi.log.info` inside a
   * Pulumi program, nothing elsewhere.
   */
  onProgress?: (message: string) => void;
}

/** The arguments every action function takes besides its operation's. */
export interface ActionFunctionArgs {
  /**
   * Operations project id (32 lowercase hex characters). Default: `vmcloud:operationsProjectId`,
   * else `vmcloud:projectId` without its dashes.
   */
  projectId?: string;
}

/** The arguments of the action functions whose operation can be waited for, besides its own. */
export interface WaitingFunctionArgs extends ActionFunctionArgs {
  /** Wait until the operation ends (its job, where it starts one), and fail when it fails. Default true. */
  waitForCompletion?: boolean;
  /** Longest wait, e.g. `"30m"`. Default 20m. */
  timeout?: string;
}

/** The arguments of the action functions whose operation starts a job, besides its own. */
export interface JobFunctionArgs extends WaitingFunctionArgs {
  /**
   * The job an earlier call with these arguments started (its `jobId`): nothing is sent; the
   * function waits for that job (or reads its end) and answers its outcome. For a caller whose
   * process died while it waited: calling again without it would run the operation again.
   */
  resumeJobId?: string;
}

/** An action function: checks its arguments before anything is sent, then runs its operation. */
export type ActionFunction<Args, R, Options extends ActionOptions = ActionOptions> = (
  args: Args,
  options?: Options,
) => Promise<ActionResult<R>>;

/**
 * The action function that takes `Args` (the program's argument type, which must describe
 * exactly what `def.args` takes, or this does not compile) and `Options`, and runs `def` with
 * them. `runDuringPreview` says whether the options ask to run during a preview too (reads
 * only; default never). Each function is exported as a constant tagged `@function`, which
 * TypeDoc documents as a function.
 */
export function actionFunction<Args, Options extends ActionOptions = ActionOptions>(
  runDuringPreview: (options: Options | undefined) => boolean = () => false,
) {
  return <S extends z.ZodObject, A, R, Out>(
      def: ActionFunctionDefinition<S, A, R, Out> & FitsArgs<Args, z.input<S>>,
    ): ActionFunction<Args, Out, Options> =>
    (args, options) =>
      runActionFunction(def, args, {
        client: () => options?.client ?? getProgramClient(),
        projectId: () =>
          operationsProject(undefined, {
            operationsProjectId: programSettings().operationsProjectId,
            projectId: getProgramProjectId(),
          }),
        preview: !runDuringPreview(options) && pulumi.runtime.isDryRun(),
        progress: progressSink(options),
        notice: progressSink(options),
        ...(options?.signal === undefined ? {} : { signal: options.signal }),
      });
}

function progressSink(options: ActionOptions | undefined): (message: string) => void {
  if (options?.onProgress !== undefined) return options.onProgress;
  return (message) => {
    if (pulumi.runtime.hasEngine()) void pulumi.log.info(message);
  };
}
