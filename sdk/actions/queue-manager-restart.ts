/**
 * `QueueManagerRestart`: restarts the queue manager of a message-queue instance when created,
 * and again only when its `triggers` change. Refresh reads nothing and delete sends nothing.
 * The function form is `restartQueueManager`. See docs/actions.md.
 */
import type * as pulumi from "@pulumi/pulumi";
import type { z } from "zod";
import type { QueueManagerRestartInputs } from "../../provider/actions/queue-manager-restart";
import {
  queueManagerRestart,
  type QueueManagerRestartResult,
} from "../../provider/actions/queue-manager-restart/operation";
import type { ArgsMatchSchema, Assert } from "../../provider/resources/framework/args-match";
import {
  ActionResourceBase,
  type ActionOutputProperties,
  type ActionArgs,
} from "./action-resource";

/** The inputs of a {@link QueueManagerRestart}. */
export interface QueueManagerRestartArgs extends ActionArgs {
  /** Id of the message-queue instance (it must be RUNNING). */
  instanceId: pulumi.Input<string>;
}

type _ArgsMatch = Assert<
  ArgsMatchSchema<QueueManagerRestartArgs, z.input<typeof QueueManagerRestartInputs>>
>;

/**
 * One restart of a queue manager, recorded in the stack. It has no `jobId`: the service
 * answers the restart at once and starts no job (`status` and `result` say how it went).
 */
// eslint-disable-next-line @typescript-eslint/no-unsafe-declaration-merging -- see the interface below
export class QueueManagerRestart extends ActionResourceBase<QueueManagerRestartResult> {
  /**
   * @param name  the Pulumi resource name
   * @param args  the instance
   * @param opts  resource options
   */
  constructor(
    name: string,
    args: QueueManagerRestartArgs,
    opts: pulumi.CustomResourceOptions = {},
  ) {
    super({ typeName: "QueueManagerRestart", operation: queueManagerRestart }, name, args, opts);
  }
}

// The output properties: the inputs as recorded, documented by the inputs; the base constructor
// sets them.
// eslint-disable-next-line @typescript-eslint/no-empty-object-type, @typescript-eslint/no-unsafe-declaration-merging
export interface QueueManagerRestart extends ActionOutputProperties<QueueManagerRestartArgs> {}
