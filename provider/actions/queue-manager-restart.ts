/**
 * The `QueueManagerRestart` resource: restarts the queue manager of a message-queue instance
 * once when created, again only when its `triggers` change; refresh and delete send nothing.
 * See docs/actions.md.
 */
import type { z } from "zod";
import { resourceFields } from "./common/inputs";
import { defineAction } from "./framework/define-action";
import { QueueManagerRestartArgs, queueManagerRestart } from "./queue-manager-restart/operation";

/** The inputs of a `QueueManagerRestart`. */
export const QueueManagerRestartInputs = QueueManagerRestartArgs.extend(resourceFields);
/** Parsed inputs of a `QueueManagerRestart`. */
export type QueueManagerRestartInputs = z.output<typeof QueueManagerRestartInputs>;

/** The dynamic provider of `QueueManagerRestart`. */
export const provider = defineAction({
  typeName: "QueueManagerRestart",
  operation: queueManagerRestart,
  inputs: QueueManagerRestartInputs,
});
