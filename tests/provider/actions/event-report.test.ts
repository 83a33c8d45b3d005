import { beforeEach, describe, expect, it } from "vitest";
import { failurePath } from "../support/failures";
// The emulator's own key for an alarm, to look it up in its state (no caller needs it).
import { alarmId } from "../../../emulator/operations/models/alarms";
import { ActionError, clearAlarms, reportEvents, type EventArgs } from "../../../sdk/actions";
import { UNKNOWN } from "../support/fixtures";
import { walkLifecycle } from "./support/lifecycle";
import { inPreview, useActionsEnv, useActionProvider } from "./support/actions-env";

const env = useActionsEnv({ reset: "beforeEach" });
const p = useActionProvider(env, "actions/event-report");
beforeEach(() => env.clearRequests());

const PUSH = { method: "PUT", path: /^\/v2\/[0-9a-f]{32}\/push\/events$/ };
const diskAlarm: EventArgs = {
  name: "disk-full",
  severity: "Major",
  type: "alarm",
  resourceProvider: "vm",
  resourceType: "disk",
  resourceId: "disk-42",
  metadata: { team: "storage" },
  timeout: 600_000,
};
const deployEvent: EventArgs = {
  name: "deployed",
  severity: "Info",
  type: "event",
  resourceProvider: "ci",
  resourceType: "pipeline",
  resourceId: "build-7",
};
const diskAlarmId = alarmId({
  event_name: "disk-full",
  resource_provider: "vm",
  resource_type: "disk",
  resource_id: "disk-42",
});
const pushQueries = async () =>
  (await env.requests())
    .filter((r) => r.method === PUSH.method && PUSH.path.test(r.url.split("?")[0]!))
    .map((r) => new URL(r.url, "http://x").search);

describe("reportEvents and clearAlarms (functions)", () => {
  it("reports an alarm and an event with no action on the wire", async () => {
    const run = await reportEvents(
      { events: [diskAlarm, deployEvent], projectId: env.ops.projectId },
      { client: env.client },
    );
    if (run.skipped) throw new Error("not expected to skip");
    expect(run).toMatchObject({
      status: "accepted",
      finished: true,
      result: { action: "report", count: 2 },
    });
    const alarm = (await env.state()).alarms[diskAlarmId]!;
    expect(alarm).toMatchObject({ status: "active", timeout: 600_000 });
    expect(alarm.metadata).toMatchObject({
      event_name: "disk-full",
      event_severity: "Major",
      team: "storage",
    });
    expect(await pushQueries()).toEqual([""]);
  });

  it("sends enterpriseProjectId as the x-enterprise-project-id header, for reports and clears", async () => {
    const enterprise = "3f1c9a52-6b7e-4d2a-9c8b-1e2f3a4b5c6d";
    await reportEvents(
      { events: [diskAlarm], projectId: env.ops.projectId, enterpriseProjectId: enterprise },
      { client: env.client },
    );
    expect((await env.state()).alarms[diskAlarmId]).toMatchObject({
      status: "active",
      enterprise_project_id: enterprise,
    });
    await clearAlarms(
      { alarms: [diskAlarm], projectId: env.ops.projectId, enterpriseProjectId: "0" },
      { client: env.client },
    );
    expect((await env.state()).alarms[diskAlarmId]!.status).toBe("cleared");
    // Without it, the service's default enterprise project applies.
    await reportEvents(
      { events: [deployEvent], projectId: env.ops.projectId },
      { client: env.client },
    );
    expect((await env.state()).events.at(-1)).toMatchObject({ enterprise_project_id: "0" });
  });

  it("clears with the same alarm it reported, ?action=clear on the wire and no id needed", async () => {
    await reportEvents(
      { events: [diskAlarm], projectId: env.ops.projectId },
      { client: env.client },
    );
    await env.clearRequests();
    const run = await clearAlarms(
      // A later severity does not stop the match: the alarm is named by name and resource.
      { alarms: [{ ...diskAlarm, severity: "Critical" }], projectId: env.ops.projectId },
      { client: env.client },
    );
    expect(run).toMatchObject({ skipped: false, result: { action: "clear", count: 1 } });
    expect(await pushQueries()).toEqual(["?action=clear"]);
    expect((await env.state()).alarms[diskAlarmId]).toMatchObject({
      status: "cleared",
      cleared_by: "clear",
    });
  });

  it("clears by the id the service gave the alarm too", async () => {
    await reportEvents(
      { events: [diskAlarm], projectId: env.ops.projectId },
      { client: env.client },
    );
    await clearAlarms(
      { alarms: [{ id: diskAlarmId }], projectId: env.ops.projectId },
      { client: env.client },
    );
    expect((await env.state()).alarms[diskAlarmId]!.status).toBe("cleared");
  });

  it("refuses bad arguments before any request, naming each one as the program wrote it", async () => {
    const report = async (args: unknown) =>
      (await reportEvents(args as never, { client: env.client }).catch((e) => e)) as ActionError;
    const clear = async (args: unknown) =>
      (await clearAlarms(args as never, { client: env.client }).catch((e) => e)) as ActionError;
    const { severity: _s, ...noSeverity } = diskAlarm;
    const cases: Array<[ActionError, string]> = [
      [await report({ events: [noSeverity] }), "events[0].severity"],
      [await report({ events: [{ ...diskAlarm, severity: "Huge" }] }), "events[0].severity"],
      [await report({ events: [] }), "events"],
      [await report({ events: [{ ...diskAlarm, timeout: 0 }] }), "events[0].timeout"],
      [
        await clear({ alarms: [{ name: "disk-full", resourceId: "disk-42" }] }),
        "alarms[0].severity",
      ],
      [await clear({ alarms: [{}] }), "alarms[0]"],
      [await report({ events: [diskAlarm], action: "clear" }), "action"],
      [await report({ events: [diskAlarm], enterpriseProjectId: "prod" }), "enterpriseProjectId"],
    ];
    for (const [error, argument] of cases) {
      expect(error).toBeInstanceOf(ActionError);
      expect(error.issues.map((i) => i.argument)).toContain(argument);
    }
    expect(await env.requests()).toEqual([]);
  });

  it("reports the service's refusal to clear an alarm that was never reported", async () => {
    const error = (await clearAlarms(
      { alarms: [{ id: "0".repeat(32) }], projectId: env.ops.projectId },
      { client: env.client },
    ).catch((e) => e)) as ActionError;
    expect(error.status).toBe(400);
    expect(error.code).toBe("AOM.0400");
  });

  it("does nothing during a preview", async () => {
    const run = await inPreview(() =>
      reportEvents({ events: [diskAlarm] }, { client: env.client }),
    );
    expect(run.skipped).toBe(true);
    expect(await env.requests()).toEqual([]);
  });
});

describe("EventReport (resource)", () => {
  it("reports once, not on refresh or an unchanged up, again on changed triggers, not on delete", async () => {
    const { first } = await walkLifecycle(env, p, { events: [diskAlarm] }, PUSH);
    expect(first.outs).toMatchObject({
      action: "report",
      status: "accepted",
      result: { action: "report", count: 1 },
      events: [diskAlarm],
    });
    expect((await env.state()).alarms[diskAlarmId]!.reports).toBe(2);
  });

  it("with action clear, clears with ?action=clear", async () => {
    await p.up({ events: [diskAlarm] });
    await env.clearRequests();
    const cleared = await p.up({ events: [diskAlarm], action: "clear" });
    expect(cleared.outs).toMatchObject({ action: "clear", result: { action: "clear", count: 1 } });
    expect(await pushQueries()).toEqual(["?action=clear"]);
    expect((await env.state()).alarms[diskAlarmId]!.status).toBe("cleared");
  });

  it("check names failing properties and lets unknown values through", async () => {
    const bad = await p.check({ events: [{ ...diskAlarm, type: "incident" }] });
    expect(bad.failures.map(failurePath)).toEqual(["events[0].type"]);
    // A nested path is no property the engine can find: it leads the reason instead.
    expect(bad.failures.map((f) => f.property)).toEqual([""]);
    const preview = await p.check({
      events: [{ ...diskAlarm, resourceId: UNKNOWN }],
      triggers: [UNKNOWN],
    });
    expect(preview.failures).toEqual([]);
  });

  it("unknown triggers during preview mean a replace", async () => {
    const first = await p.up({ events: [diskAlarm], triggers: ["a"] });
    const preview = await p.check({ events: [diskAlarm], triggers: [UNKNOWN] }, first.inputs);
    const diff = await p.diff(first.id, first.outs, preview.inputs);
    expect(diff.replaces).toEqual(["triggers"]);
  });
});
