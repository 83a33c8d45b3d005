/**
 * The `EventReport` resource: reports events and alarms (or clears alarms, with
 * `action: "clear"`) once when created, again only when its `triggers` change; refresh and
 * delete send nothing. See docs/actions.md.
 */
import type { z } from "zod";
import { resourceFields } from "./common/inputs";
import { EventReportArgs, eventReport } from "./event-report/operation";
import { defineAction } from "./framework/define-action";

/** The inputs of an `EventReport`. */
export const EventReportInputs = EventReportArgs.extend(resourceFields);
/** Parsed inputs of an `EventReport`. */
export type EventReportInputs = z.output<typeof EventReportInputs>;

/** The dynamic provider of `EventReport`. */
export const provider = defineAction({
  typeName: "EventReport",
  operation: eventReport,
  inputs: EventReportInputs,
  defaults: { action: "report" },
});
