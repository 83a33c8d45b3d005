/**
 * Events and alarms: a report records events and puts alarms in the active state with a
 * planned automatic clearing after their timeout; `action=clear` clears alarms, matched on the
 * metadata they were reported with (the same body clears what it reported), or by id. An
 * alarm is known by the metadata keys that name it, so reporting it again updates it.
 */
import { createHash } from "node:crypto";
import {
  ALARM_IDENTITY,
  ClearEventsRequest,
  DEFAULT_ALARM_TIMEOUT_MS,
  EnterpriseProjectId,
  isClearAction,
  ReportEventsRequest,
  type EventMetadata,
  type PushEventsRequest,
} from "../../../api/operations/events";
import { validationError } from "../../core/register-endpoints";
import { plan, settle } from "../../core/schedule";
import { headerText, type RequestHeaders } from "../../core/request-parts";
import { badRequest } from "../../core/service-error";
import type { Clock } from "../../core/service-module";
import type { AlarmRecord, OperationsState } from "../state";
import { isJsonContent, newOpsId, requireProject } from "./shared";

/** Error codes of the events service. */
export const AOM_CODES = { badRequest: "AOM.0400", forbidden: "AOM.0403" } as const;

/** How many reported events the state keeps (the oldest are dropped). */
export const MAX_KEPT_EVENTS = 1000;

const bad = (message: string, field?: string) => badRequest(AOM_CODES.badRequest, message, field);

/**
 * The id the emulator gives an alarm: derived from the metadata keys that name it, so one
 * alarm reported twice keeps one id. Internal: no caller needs it (a clear matches on metadata).
 */
export function alarmId(metadata: Pick<EventMetadata, (typeof ALARM_IDENTITY)[number]>): string {
  return createHash("sha256")
    .update(ALARM_IDENTITY.map((key) => metadata[key]).join("\n"))
    .digest("hex")
    .slice(0, 32);
}

/** Reports or clears the events of one push; every event is checked before any is applied. */
export function pushEvents(
  state: OperationsState,
  clock: Clock,
  projectId: string,
  action: string | undefined,
  body: PushEventsRequest,
  headers: RequestHeaders,
): void {
  requireProject(state, projectId, AOM_CODES.forbidden);
  if (!isJsonContent(headers)) {
    throw bad("Content-Type must be application/json", "Content-Type");
  }
  const enterprise = headerText(headers, "x-enterprise-project-id");
  if (enterprise !== undefined && !EnterpriseProjectId.safeParse(enterprise).success) {
    throw bad(
      `x-enterprise-project-id must be 0 or a UUID, not "${enterprise}"`,
      "x-enterprise-project-id",
    );
  }
  if (isClearAction(action)) clearAlarms(state, clock, body);
  else reportEvents(state, clock, body, enterprise ?? "0");
}

function reportEvents(
  state: OperationsState,
  clock: Clock,
  body: PushEventsRequest,
  enterprise: string,
): void {
  const parsed = ReportEventsRequest.safeParse(body);
  if (!parsed.success) throw validationError("aom", "body", parsed.error);
  const now = clock.now();
  for (const event of parsed.data.events) {
    const { metadata } = event;
    if (metadata.event_type === "event") {
      state.events.push({
        id: newOpsId(),
        enterprise_project_id: enterprise,
        metadata,
        annotations: event.annotations ?? {},
        starts_at: event.starts_at ?? now,
        received_at: now,
      });
      continue;
    }
    const id = alarmId(metadata);
    const timeout = event.timeout ?? DEFAULT_ALARM_TIMEOUT_MS;
    const wait = clock.delay(timeout);
    const previous = state.alarms[id];
    const alarm: AlarmRecord = {
      id,
      enterprise_project_id: enterprise,
      metadata,
      annotations: event.annotations ?? {},
      attach_rule: event.attach_rule ?? {},
      // A repeat report of an active alarm keeps its first occurrence time.
      starts_at: previous?.status === "active" ? previous.starts_at : (event.starts_at ?? now),
      ends_at: 0,
      timeout,
      clear_at: now + wait,
      cleared_by: null,
      reports: (previous?.reports ?? 0) + 1,
      last_reported_at: now,
      status: "active",
      schedule: [],
    };
    if ((event.ends_at ?? 0) > 0) {
      alarm.status = "cleared";
      alarm.ends_at = event.ends_at!;
      alarm.cleared_by = "report";
    } else {
      plan(alarm, now, "active", [wait, "cleared"]);
    }
    state.alarms[id] = alarm;
  }
  if (state.events.length > MAX_KEPT_EVENTS)
    state.events.splice(0, state.events.length - MAX_KEPT_EVENTS);
}

function clearAlarms(state: OperationsState, clock: Clock, body: PushEventsRequest): void {
  const parsed = ClearEventsRequest.safeParse(body);
  if (!parsed.success) throw validationError("aom", "body", parsed.error);
  const alarms = parsed.data.events.map((event, i) => {
    // The id when given, else the alarm the metadata names.
    const id = event.id ?? alarmId(event.metadata!);
    const alarm = state.alarms[id];
    if (alarm === undefined) {
      const where = event.id === undefined ? `events.${i}.metadata` : `events.${i}.id`;
      const known = state.events.some(
        (e) =>
          e.id === event.id ||
          (event.metadata !== undefined &&
            ALARM_IDENTITY.every((k) => e.metadata[k] === event.metadata![k])),
      );
      throw bad(
        known
          ? `${where}: this is an event, not an alarm; only alarms can be cleared`
          : event.id === undefined
            ? `${where}: no alarm was reported with event_name "${event.metadata!.event_name}", resource_provider "${event.metadata!.resource_provider}", resource_type "${event.metadata!.resource_type}" and resource_id "${event.metadata!.resource_id}"`
            : `${where}: no alarm with id ${event.id} was reported`,
        where,
      );
    }
    return { alarm, endsAt: event.ends_at };
  });
  const now = clock.now();
  for (const { alarm, endsAt } of alarms) {
    // Clearing a cleared alarm changes nothing, so a retried clear is harmless.
    if (alarm.status !== "active") continue;
    alarm.status = "cleared";
    alarm.schedule = [];
    alarm.ends_at = endsAt !== undefined && endsAt > 0 ? endsAt : now;
    alarm.cleared_by = "clear";
  }
}

/** Clears the alarms whose timeout has passed. */
export function settleAlarms(state: OperationsState, now: number): void {
  for (const alarm of Object.values(state.alarms)) {
    if (settle(alarm, now).includes("cleared")) {
      alarm.ends_at = alarm.clear_at;
      alarm.cleared_by = "timeout";
    }
  }
}
