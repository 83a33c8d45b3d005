/**
 * The shape of one event or alarm in the SDK (for `reportEvents`, `clearAlarms` and the
 * `EventReport` resource), checked at compile time against the provider's schema.
 */
import type { z } from "zod";
import type { EventArg } from "../../provider/actions/event-report/operation";
import type { ArgsMatchSchema, Assert } from "../../provider/resources/framework/args-match";
import type { JsonValue } from "./action-resource";

/**
 * One event or alarm. A report needs `name`, `severity`, `type`, `resourceProvider`,
 * `resourceType` and `resourceId`. A clear takes the same six (the service matches the alarm on
 * its metadata), or the alarm's `id` when the service gave one.
 */
export interface EventArgs {
  /** Event or alarm name (metadata `event_name`). */
  name?: string;
  /** `Critical`, `Major`, `Minor` or `Info` (metadata `event_severity`). */
  severity?: "Critical" | "Major" | "Minor" | "Info";
  /** `event` (a fact) or `alarm` (a condition that stays until cleared) (metadata `event_type`). */
  type?: "event" | "alarm";
  /** Name of the service the event belongs to (metadata `resource_provider`). */
  resourceProvider?: string;
  /** Type of the resource (metadata `resource_type`). */
  resourceType?: string;
  /** Resource id (metadata `resource_id`). */
  resourceId?: string;
  /** More metadata keys, sent as they are (string values). */
  metadata?: Record<string, string>;
  /** When it was generated, epoch milliseconds. Default: when the service receives it. */
  startsAt?: number;
  /** When it was cleared, epoch milliseconds; 0 means not cleared. On a clear: default now. */
  endsAt?: number;
  /** Milliseconds until an alarm clears by itself (at least 1). Default three days. */
  timeout?: number;
  /** Additional fields (JSON values). */
  annotations?: Record<string, JsonValue>;
  /** Reserved by the service (JSON values). */
  attachRule?: Record<string, JsonValue>;
  /**
   * The id the service gave the alarm, when known. Not needed to clear it (the service matches
   * on the six fields); sent when given.
   */
  id?: string;
}

type _ArgsMatch = Assert<ArgsMatchSchema<EventArgs, z.input<typeof EventArg>>>;
