/**
 * `EventReport`: reports events and alarms (or, with `action: "clear"`, clears alarms) when
 * created, and again only when its `triggers` change. Refresh reads nothing and delete sends
 * nothing (deleting the resource does not clear the alarms: add an `EventReport` with
 * `action: "clear"`, or call `clearAlarms`). The function forms are `reportEvents` and
 * `clearAlarms`. See docs/actions.md.
 */
import type * as pulumi from "@pulumi/pulumi";
import type { z } from "zod";
import type { EventReportInputs } from "../../provider/actions/event-report";
import { eventReport, type EventReportResult } from "../../provider/actions/event-report/operation";
import type { ArgsMatchSchema, Assert } from "../../provider/resources/framework/args-match";
import {
  ActionResourceBase,
  type ActionOutputProperties,
  type ActionArgs,
} from "./action-resource";
import type { EventArgs } from "./event-args";

/** The inputs of an {@link EventReport}. */
export interface EventReportArgs extends ActionArgs {
  /**
   * The events and alarms: at least one. A report needs each event's six identity fields; a
   * clear needs each alarm's `id` or its name, resourceProvider, resourceType and resourceId.
   */
  events: pulumi.Input<pulumi.Input<EventArgs>[]>;
  /** `report` (default) reports; `clear` clears alarms (`?action=clear`). */
  action?: pulumi.Input<"report" | "clear">;
  /**
   * Enterprise project the alarms belong to (sent as the `x-enterprise-project-id` header): `"0"`
   * or a UUID. Default: the service's default enterprise project (`"0"`).
   */
  enterpriseProjectId?: pulumi.Input<string>;
}

type _ArgsMatch = Assert<ArgsMatchSchema<EventReportArgs, z.input<typeof EventReportInputs>>>;

/** One report (or clear) of events and alarms, recorded in the stack. */
// eslint-disable-next-line @typescript-eslint/no-unsafe-declaration-merging -- see the interface below
export class EventReport extends ActionResourceBase<EventReportResult> {
  /**
   * @param name  the Pulumi resource name
   * @param args  the events and what to do with them
   * @param opts  resource options
   */
  constructor(name: string, args: EventReportArgs, opts: pulumi.CustomResourceOptions = {}) {
    super({ typeName: "EventReport", operation: eventReport }, name, args, opts);
  }
}

// The output properties: the inputs as recorded, documented by the inputs; the base constructor
// sets them.
// eslint-disable-next-line @typescript-eslint/no-empty-object-type, @typescript-eslint/no-unsafe-declaration-merging
export interface EventReport extends ActionOutputProperties<EventReportArgs, "action"> {}
