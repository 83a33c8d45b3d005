/** Route handlers of the queue service: queue manager restart. */
import type { queueManagerRestartEndpoints } from "../../../api/operations/endpoints";
import type { Handlers } from "../../core/register-endpoints";
import type { OpsContext } from "../context";
import { restartQueueManager } from "../models/queues";

/** Handlers of {@link queueManagerRestartEndpoints}. */
export const queueHandlers: Handlers<typeof queueManagerRestartEndpoints, OpsContext> = {
  queueManagerRestart: ({ params, ctx }) =>
    restartQueueManager(ctx.state, ctx.clock, params.project_id, params.instance_id),
};
