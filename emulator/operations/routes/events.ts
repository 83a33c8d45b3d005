/** Route handlers of the events service: report or clear events and alarms. */
import type { eventsEndpoints } from "../../../api/operations/endpoints";
import type { Handlers } from "../../core/register-endpoints";
import type { OpsContext } from "../context";
import { pushEvents } from "../models/alarms";

/** Handlers of {@link eventsEndpoints}. */
export const eventsHandlers: Handlers<typeof eventsEndpoints, OpsContext> = {
  pushEvents: ({ params, query, body, headers, ctx }) => {
    pushEvents(ctx.state, ctx.clock, params.project_id, query.action, body, headers);
    return undefined;
  },
};
