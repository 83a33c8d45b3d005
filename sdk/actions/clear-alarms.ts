/**
 * `clearAlarms`: clears alarms (`?action=clear`). Skipped during preview. The resource form is
 * `EventReport` with `action: "clear"`.
 */
import { z } from "zod";
import {
  EventArg,
  EventReportArgs as EventReportArgsSchema,
  eventReport,
  type EventReportArgs,
  type EventReportResult,
} from "../../provider/actions/event-report/operation";
import { OpsProjectIdInput } from "../../provider/actions/common/inputs";
import type { ArgPath } from "../../provider/actions/common/wire-check";
import type { ArgsMatchSchema, Assert } from "../../provider/resources/framework/args-match";
import type { EventArgs } from "./event-args";
import { actionFunction, type ActionFunctionArgs } from "./run-action";

/** The arguments of {@link clearAlarms}. */
export interface ClearAlarmsArgs extends ActionFunctionArgs {
  /**
   * The alarms to clear: at least one, each as it was reported (the six fields `name`,
   * `severity`, `type`, `resourceProvider`, `resourceType`, `resourceId`: the service matches
   * the alarm on them), or by the `id` the service gave it. `endsAt` (default now) is when it
   * was cleared.
   */
  alarms: EventArgs[];
  /**
   * Enterprise project the alarms belong to (sent as the `x-enterprise-project-id` header): `"0"`
   * or a UUID. Default: the service's default enterprise project (`"0"`).
   */
  enterpriseProjectId?: string;
}

const ClearAlarmsSchema = z.strictObject({
  alarms: z.array(EventArg),
  projectId: OpsProjectIdInput,
  enterpriseProjectId: EventReportArgsSchema.shape.enterpriseProjectId,
});
type _ArgsMatch = Assert<ArgsMatchSchema<ClearAlarmsArgs, z.input<typeof ClearAlarmsSchema>>>;

/** Issues about `events.…` are about what the program calls `alarms.…`. */
function toArgumentPath(path: ArgPath): ArgPath {
  return path[0] === "events" ? ["alarms", ...path.slice(1)] : path;
}

/**
 * Clears alarms: `PUT /v2/{project}/push/events?action=clear`. An alarm that was never
 * reported is refused by the service (400); one already cleared is accepted and unchanged.
 * Skipped during a preview.
 * @function
 */
export const clearAlarms = actionFunction<ClearAlarmsArgs>()<EventReportArgs, EventReportResult>({
  name: "clearAlarms",
  operation: {
    ...eventReport,
    // The same checks as the operation's, on the arguments as the operation takes them.
    requestIssues: (a) =>
      eventReport.requestIssues(a).map((issue) => ({ ...issue, path: toArgumentPath(issue.path) })),
  },
  schema: ClearAlarmsSchema.transform(({ alarms, projectId, enterpriseProjectId }) => ({
    events: alarms,
    action: "clear" as const,
    ...(projectId === undefined ? {} : { projectId }),
    ...(enterpriseProjectId === undefined ? {} : { enterpriseProjectId }),
  })) as unknown as z.ZodType<EventReportArgs>,
  wait: () => false,
});
