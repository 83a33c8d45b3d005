/**
 * The `EventReport` resource: reports events and alarms (or clears alarms, with
 * `action: "clear"`) once when created, again only when its `triggers` change; refresh and
 * delete send nothing. See docs/actions.md.
 */
import type { z } from "zod";
import { dynamicProvider } from "../framework/dynamic-provider";
import { defineAction } from "./framework/define-action";
import { eventReport } from "./event-report/operation";

/** The lifecycle of the run of `EventReport` (served by the dynamic provider and the plugin). */
export const definition = defineAction("EventReport", eventReport, {
  defaults: { action: "report" },
});

/** The dynamic provider of `EventReport`. */
export const provider = dynamicProvider(definition);

/** The inputs of an `EventReport`. */
export const EventReportInputs = definition.inputs;
/** Parsed inputs of an `EventReport`. */
export type EventReportInputs = z.output<typeof EventReportInputs>;
