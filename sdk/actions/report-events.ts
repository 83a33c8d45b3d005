/**
 * `reportEvents`: reports events and alarms. Skipped during preview. The resource form is
 * `EventReport`; `clearAlarms` clears what this reported.
 */
import type { EventReportResult } from "../../provider/actions/event-report/operation";
import { reportEvents as definition } from "../../provider/actions/functions/definitions";
import type { EventArgs } from "./event-args";
import { actionFunction, type ActionFunctionArgs } from "./run-action";

export type { EventReportResult };

/** The arguments of {@link reportEvents}. */
export interface ReportEventsArgs extends ActionFunctionArgs {
  /** The events and alarms: at least one, each with its six identity and metadata fields. */
  events: EventArgs[];
  /**
   * Enterprise project the alarms belong to (sent as the `x-enterprise-project-id` header): `"0"`
   * or a UUID. Default: the service's default enterprise project (`"0"`).
   */
  enterpriseProjectId?: string;
}

/**
 * Reports events and alarms: `PUT /v2/{project}/push/events` without an action. The service
 * answers 204; `clearAlarms` with the same events clears the alarms. Skipped during a preview.
 * @function
 */
export const reportEvents = actionFunction<ReportEventsArgs>()(definition);
