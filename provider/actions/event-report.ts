/**
 * The `EventReport` resource: reports events and alarms (or clears alarms, with
 * `action: "clear"`) once when created, again only when its `triggers` change; refresh and
 * delete send nothing. See docs/actions.md.
 */
import type { z } from "zod";
import { defineAction } from "./framework/define-action";
import { eventReport } from "./event-report/operation";

/** The dynamic provider of `EventReport`. */
export const provider = defineAction("EventReport", eventReport, {
  defaults: { action: "report" },
});

/** The inputs of an `EventReport`. */
export const EventReportInputs = provider.inputs;
/** Parsed inputs of an `EventReport`. */
export type EventReportInputs = z.output<typeof EventReportInputs>;
