/**
 * Operation 4, report events and alarms, or clear alarms (`?action=clear`). The service answers
 * 204 with nothing. A clear sends the same body a report of the alarm sends: the service
 * matches the alarm on its metadata, so no id is needed (one given is sent along).
 */
import { z } from "zod";
import {
  ClearEventsRequest,
  EnterpriseProjectId,
  EventSeverity,
  EventType,
  ReportEventsRequest,
  type EventModel,
  type PushEventsRequest,
} from "../../../api/operations/events";
import { eventsEndpoints } from "../../../api/operations/endpoints";
import { callSignal } from "../common/context";
import { OpsProjectIdInput } from "../common/inputs";
import type { Operation } from "../common/operation";
import { accepted, nowIso } from "../common/outcome";
import {
  dedupe,
  prefixMapper,
  schemaIssues,
  wireIssues,
  type ArgIssue,
} from "../common/wire-check";

/** `report` sends events and alarms; `clear` clears alarms. */
export const EventAction = z
  .enum(["report", "clear"])
  .describe("report (default) sends events and alarms; clear clears alarms");
/** A value of {@link EventAction}. */
export type EventAction = z.infer<typeof EventAction>;

/** One event or alarm, in camelCase; the six metadata keys are fields of their own. */
export const EventArg = z
  .strictObject({
    name: z.string().optional().describe("Event or alarm name (metadata event_name)"),
    severity: EventSeverity.optional().describe(
      "Critical, Major, Minor or Info (metadata event_severity)",
    ),
    type: EventType.optional().describe("event or alarm (metadata event_type)"),
    resourceProvider: z
      .string()
      .optional()
      .describe("Service the event belongs to (metadata resource_provider)"),
    resourceType: z.string().optional().describe("Type of the resource (metadata resource_type)"),
    resourceId: z.string().optional().describe("Resource id (metadata resource_id)"),
    metadata: z
      .record(z.string(), z.string())
      .optional()
      .describe("More metadata keys, sent as they are"),
    startsAt: z.number().optional().describe("When it was generated, epoch ms (default now)"),
    endsAt: z.number().optional().describe("When it was cleared, epoch ms; 0 means not cleared"),
    timeout: z
      .number()
      .optional()
      .describe("Milliseconds until an alarm clears by itself (default three days)"),
    annotations: z.record(z.string(), z.json()).optional().describe("Additional fields"),
    attachRule: z.record(z.string(), z.json()).optional().describe("Reserved"),
    id: z
      .string()
      .optional()
      .describe("Alarm id given by the service, if known; a clear does not need it"),
  })
  .describe("Event or alarm");
/** A value of {@link EventArg}. */
export type EventArg = z.output<typeof EventArg>;

/** The arguments of an event report or alarm clear. */
export const EventReportArgs = z.strictObject({
  events: z.array(EventArg).describe("Events or alarms: at least one"),
  action: EventAction.optional(),
  projectId: OpsProjectIdInput,
  enterpriseProjectId: EnterpriseProjectId.optional().describe(
    "Enterprise project the alarms belong to (header x-enterprise-project-id): 0 or a UUID; default the service's default (0)",
  ),
});
/** Parsed arguments of an event report or clear. */
export type EventReportArgs = z.output<typeof EventReportArgs>;

/** The result of an event report or clear. */
export const EventReportResultSchema = z.strictObject({
  /** What was done: `report` or `clear`. */
  action: EventAction.describe("What was done: `report` or `clear`"),
  /** How many events were sent. */
  count: z.number().describe("How many events were sent"),
});

/** The result of an event report or clear. */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- an interface, so that TypeDoc lists its fields
export interface EventReportResult extends z.output<typeof EventReportResultSchema> {}

/** The event arguments the service takes as metadata: metadata key, then argument. */
const METADATA_ARGS = {
  event_name: "name",
  event_severity: "severity",
  event_type: "type",
  resource_provider: "resourceProvider",
  resource_type: "resourceType",
  resource_id: "resourceId",
} as const satisfies Record<string, keyof EventArg>;

/** The event's own wire keys, then the argument each comes from. */
const EVENT_ARGS = {
  metadata: "metadata",
  starts_at: "startsAt",
  ends_at: "endsAt",
  timeout: "timeout",
  annotations: "annotations",
  attach_rule: "attachRule",
  id: "id",
} as const satisfies Record<string, keyof EventArg>;

function metadataOf(event: EventArg): Record<string, string> {
  const metadata: Record<string, string> = { ...(event.metadata ?? {}) };
  for (const [key, arg] of Object.entries(METADATA_ARGS)) {
    const value = event[arg];
    if (value !== undefined) metadata[key] = value;
  }
  return metadata;
}

/**
 * One event as sent. A clear sends what a report sends (the service matches the alarm on its
 * metadata), plus the alarm's `id` when the program gave one.
 */
function wireEvent(event: EventArg): EventModel {
  const metadata = metadataOf(event);
  return {
    ...(event.id === undefined ? {} : { id: event.id }),
    ...(event.startsAt === undefined ? {} : { starts_at: event.startsAt }),
    ...(event.endsAt === undefined ? {} : { ends_at: event.endsAt }),
    ...(event.timeout === undefined ? {} : { timeout: event.timeout }),
    ...(Object.keys(metadata).length === 0 ? {} : { metadata: metadata as EventModel["metadata"] }),
    ...(event.annotations === undefined ? {} : { annotations: event.annotations }),
    ...(event.attachRule === undefined ? {} : { attach_rule: event.attachRule }),
  };
}

/** The request body for `args`. */
export function eventsBody(args: EventReportArgs): PushEventsRequest {
  return { events: args.events.map(wireEvent) };
}

/** The query for `args`: `action=clear` for a clear, nothing for a report. */
export function eventsQuery(args: EventReportArgs): { action?: string } {
  return (args.action ?? "report") === "clear" ? { action: "clear" } : {};
}

const toArgs = prefixMapper([
  [["params", "project_id"], ["projectId"]],
  [["query", "action"], ["action"]],
  ...Object.entries(METADATA_ARGS).map(
    ([key, arg]) =>
      [
        ["body", "events", "*", "metadata", key],
        ["events", "*", arg],
      ] as const,
  ),
  ...Object.entries(EVENT_ARGS).map(
    ([key, arg]) =>
      [
        ["body", "events", "*", key],
        ["events", "*", arg],
      ] as const,
  ),
  [["body", "events"], ["events"]],
]);

const PLACEHOLDER_PROJECT = "0".repeat(32);

/** Report events, or clear alarms. */
export const eventReport = {
  title: "event report",
  args: EventReportArgs,
  result: EventReportResultSchema,
  requestIssues(args) {
    const action = args.action ?? "report";
    const issues: ArgIssue[] = [];
    if (action === "clear") {
      args.events.forEach((event, i) => {
        if (event.id === undefined && Object.keys(metadataOf(event)).length === 0) {
          issues.push({
            path: ["events", i],
            message:
              "an alarm to clear needs the fields it was reported with (name, severity, type, resourceProvider, resourceType, resourceId), or its id",
          });
        }
      });
    }
    const body = eventsBody(args);
    const wire = [
      ...wireIssues(
        eventsEndpoints.pushEvents,
        {
          params: { project_id: args.projectId ?? PLACEHOLDER_PROJECT },
          query: eventsQuery(args),
          body,
        },
        toArgs,
      ),
      ...schemaIssues(
        "body",
        action === "clear" ? ClearEventsRequest : ReportEventsRequest,
        body,
        toArgs,
      ),
    ];
    // A wire issue inside an event already explained in the arguments' terms is left out.
    const explained = issues.map((issue) => issue.path.join("."));
    return dedupe([
      ...issues,
      ...wire.filter((issue) => {
        const at = issue.path.join(".");
        return !explained.some((path) => at === path || at.startsWith(`${path}.`));
      }),
    ]);
  },
  target(args) {
    const action = args.action ?? "report";
    const n = args.events.length;
    return action === "clear" ? `clear of ${n} alarm(s)` : `report of ${n} event(s)`;
  },
  async start(ctx, args) {
    const startedAt = nowIso();
    await ctx.client.call(
      eventsEndpoints.pushEvents,
      {
        params: { project_id: ctx.projectId },
        query: eventsQuery(args),
        body: eventsBody(args),
        ...(args.enterpriseProjectId === undefined
          ? {}
          : { headers: { "x-enterprise-project-id": args.enterpriseProjectId } }),
      },
      callSignal(ctx),
    );
    return accepted(
      startedAt,
      {
        action: args.action ?? "report",
        count: args.events.length,
      },
      { finished: true },
    );
  },
} satisfies Operation<EventReportArgs, EventReportResult>;
