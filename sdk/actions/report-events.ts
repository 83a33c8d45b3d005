/**
 * `reportEvents`: reports events and alarms. Skipped during preview. The resource form is
 * `EventReport`; `clearAlarms` clears what this reported.
 */
import type { z } from "zod";
import {
  EventReportArgs as EventReportArgsSchema,
  eventReport,
  type EventReportArgs,
  type EventReportResult,
} from "../../provider/actions/event-report/operation";
import type { ArgsMatchSchema, Assert } from "../../provider/resources/framework/args-match";
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

/** The operation's arguments but `action`, which this function sets. */
const ReportEventsSchema = EventReportArgsSchema.omit({ action: true });
type _ArgsMatch = Assert<ArgsMatchSchema<ReportEventsArgs, z.input<typeof ReportEventsSchema>>>;

/**
 * Reports events and alarms: `PUT /v2/{project}/push/events` without an action. The service
 * answers 204; `clearAlarms` with the same events clears the alarms. Skipped during a preview.
 * @function
 */
export const reportEvents = actionFunction<ReportEventsArgs>()({
  name: "reportEvents",
  operation: eventReport,
  schema: ReportEventsSchema as unknown as z.ZodType<EventReportArgs>,
  toOperation: (a) => ({ ...a, action: "report" as const }),
  wait: () => false,
});
