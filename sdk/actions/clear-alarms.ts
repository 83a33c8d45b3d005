/**
 * `clearAlarms`: clears alarms (`?action=clear`). Skipped during preview. The resource form is
 * `EventReport` with `action: "clear"`.
 */
import { clearAlarms as definition } from "../../provider/actions/functions/definitions";
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

/**
 * Clears alarms: `PUT /v2/{project}/push/events?action=clear`. An alarm that was never
 * reported is refused by the service (400); one already cleared is accepted and unchanged.
 * Skipped during a preview.
 * @function
 */
export const clearAlarms = actionFunction<ClearAlarmsArgs>()(definition);
