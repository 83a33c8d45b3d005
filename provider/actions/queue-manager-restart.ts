/**
 * The `QueueManagerRestart` resource: restarts the queue manager of a message-queue instance
 * once when created, again only when its `triggers` change; refresh and delete send nothing.
 * See docs/actions.md.
 */
import type { z } from "zod";
import { dynamicProvider } from "../framework/dynamic-provider";
import { defineAction } from "./framework/define-action";
import { queueManagerRestart } from "./queue-manager-restart/operation";

/** The lifecycle of the run of `QueueManagerRestart` (served by the dynamic provider and the plugin). */
export const definition = defineAction("QueueManagerRestart", queueManagerRestart);

/** The dynamic provider of `QueueManagerRestart`. */
export const provider = dynamicProvider(definition);

/** The inputs of a `QueueManagerRestart`. */
export const QueueManagerRestartInputs = definition.inputs;
/** Parsed inputs of a `QueueManagerRestart`. */
export type QueueManagerRestartInputs = z.output<typeof QueueManagerRestartInputs>;
