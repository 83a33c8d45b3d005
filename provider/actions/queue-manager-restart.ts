/**
 * The `QueueManagerRestart` resource: restarts the queue manager of a message-queue instance
 * once when created, again only when its `triggers` change; refresh and delete send nothing.
 * See docs/actions.md.
 */
import type { z } from "zod";
import { defineAction } from "./framework/define-action";
import { queueManagerRestart } from "./queue-manager-restart/operation";

/** The dynamic provider of `QueueManagerRestart`. */
export const provider = defineAction("QueueManagerRestart", queueManagerRestart);

/** The inputs of a `QueueManagerRestart`. */
export const QueueManagerRestartInputs = provider.inputs;
/** Parsed inputs of a `QueueManagerRestart`. */
export type QueueManagerRestartInputs = z.output<typeof QueueManagerRestartInputs>;
