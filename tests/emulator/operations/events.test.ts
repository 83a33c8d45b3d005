import { describe, expect, it } from "vitest";
import {
  AomError,
  DEFAULT_ALARM_TIMEOUT_MS,
  PushEventsRequest,
  type EventMetadata,
} from "../../../api/operations/events";
// The emulator's key for an alarm in its state (callers never need it).
import { alarmId } from "../../../emulator/operations/models/alarms";
import { useOpsEmulator } from "../support/operations-service";

const env = useOpsEmulator({ reset: "beforeEach" });

const eventsPath = (query = "", project = env.ops.projectId) =>
  `/v2/${project}/push/events${query}`;

function metadata(overrides: Partial<EventMetadata> = {}): EventMetadata {
  return {
    event_name: "DiskFull",
    event_severity: "Major",
    event_type: "alarm",
    resource_provider: "ECS",
    resource_type: "vm",
    resource_id: "vm-0001",
    ...overrides,
  };
}

async function push(events: unknown[], query = "", headers: Record<string, string> = {}) {
  return env.call("PUT", eventsPath(query), { body: { events }, headers });
}

function expectAom400(body: unknown, text: string): void {
  const error = AomError.parse(body);
  expect(error.error_code).toBe("AOM.0400");
  expect(error.error_type).toBe("SC_BAD_REQUEST");
  expect(error.trace_id).not.toBe("");
  expect(error.error_msg).toContain(text);
}

describe("events and alarms: lifecycle", () => {
  it("reports an alarm: 204, active, not cleared, with the default three-day timeout", async () => {
    const meta = metadata();
    const body = { events: [{ metadata: meta, annotations: { message: "disk 95% full" } }] };
    expect(PushEventsRequest.safeParse(body).success).toBe(true);
    const before = Date.now();
    const reply = await env.call("PUT", eventsPath(), { body });
    expect(reply.status).toBe(204);
    expect(reply.text).toBe("");
    const alarm = (await env.state()).alarms[alarmId(meta)]!;
    expect(alarm).toMatchObject({
      status: "active",
      ends_at: 0,
      cleared_by: null,
      timeout: DEFAULT_ALARM_TIMEOUT_MS,
      enterprise_project_id: "0",
    });
    expect(DEFAULT_ALARM_TIMEOUT_MS).toBe(259_200_000);
    // At speed 50 the three days are scaled to 259200000 / 50 ms.
    expect(alarm.clear_at - before).toBeGreaterThanOrEqual(DEFAULT_ALARM_TIMEOUT_MS / 50 - 5);
    expect(alarm.clear_at - Date.now()).toBeLessThanOrEqual(DEFAULT_ALARM_TIMEOUT_MS / 50);
  });

  it("clears an active alarm with action=clear and the same body that reported it, no id", async () => {
    const meta = metadata();
    const body = [{ metadata: meta, annotations: { message: "disk 95% full" } }];
    expect((await push(body)).status).toBe(204);
    await fetch(`${env.emu.url}/_emulator/requests`, { method: "DELETE" });
    const reply = await push(body, "?action=clear");
    expect(reply.status).toBe(204);
    const alarm = (await env.state()).alarms[alarmId(meta)]!;
    expect(alarm.status).toBe("cleared");
    expect(alarm.cleared_by).toBe("clear");
    expect(alarm.ends_at).toBeGreaterThan(0);
    const log = (await (await fetch(`${env.emu.url}/_emulator/requests`)).json()) as {
      requests: Array<{ method: string; url: string; status: number }>;
    };
    expect(log.requests).toContainEqual(
      expect.objectContaining({ method: "PUT", url: eventsPath("?action=clear"), status: 204 }),
    );
  });

  it("clears an alarm automatically when its timeout passes", async () => {
    const meta = metadata({ event_name: "ShortLived" });
    // 1000 ms at speed 50: cleared after about 20 ms.
    expect((await push([{ metadata: meta, timeout: 1000 }])).status).toBe(204);
    const id = alarmId(meta);
    const state = await env.waitForState((s) => s.alarms[id]?.status === "cleared", 5000);
    const alarm = state.alarms[id]!;
    expect(alarm.cleared_by).toBe("timeout");
    expect(alarm.ends_at).toBe(alarm.clear_at);
    expect(alarm.timeout).toBe(1000);
  });

  it("reports (not clears) when action is any other value, and a repeat report updates the same alarm", async () => {
    const meta = metadata();
    expect((await push([{ metadata: meta }], "?action=report")).status).toBe(204);
    expect((await push([{ metadata: meta, id: alarmId(meta) }], "?action=CLEAR")).status).toBe(204);
    const alarm = (await env.state()).alarms[alarmId(meta)]!;
    expect(alarm.status).toBe("active");
    expect(alarm.reports).toBe(2);
  });

  it("matches a clear on the alarm's name and resource, whatever its severity now", async () => {
    await push([{ metadata: metadata() }]);
    await push([{ metadata: metadata({ event_name: "Other" }) }]);
    const reply = await push(
      [{ metadata: metadata({ event_severity: "Critical" }) }],
      "?action=clear",
    );
    expect(reply.status).toBe(204);
    const alarms = (await env.state()).alarms;
    expect(alarms[alarmId(metadata())]!.status).toBe("cleared");
    expect(alarms[alarmId(metadata({ event_name: "Other" }))]!.status).toBe("active");
  });

  it("still clears by the id the service gave the alarm, when one is sent", async () => {
    const meta = metadata();
    await push([{ metadata: meta }]);
    expect((await push([{ id: alarmId(meta) }], "?action=clear")).status).toBe(204);
    expect((await env.state()).alarms[alarmId(meta)]!.status).toBe("cleared");
  });

  it("refuses a clear that names no alarm, and one of an alarm never reported, with 400", async () => {
    const none = await push([{ annotations: {} }], "?action=clear");
    expect(none.status).toBe(400);
    expectAom400(none.body, "metadata it was reported with");
    const unknown = await push(
      [{ metadata: metadata({ resource_id: "vm-9999" }) }],
      "?action=clear",
    );
    expect(unknown.status).toBe(400);
    expectAom400(unknown.body, 'resource_id "vm-9999"');
  });

  it("treats a repeated clear as success and reactivates a cleared alarm when reported again", async () => {
    const meta = metadata();
    await push([{ metadata: meta }]);
    expect((await push([{ metadata: meta }], "?action=clear")).status).toBe(204);
    expect((await push([{ metadata: meta }], "?action=clear")).status).toBe(204);
    expect((await env.state()).alarms[alarmId(meta)]!.cleared_by).toBe("clear");
    await push([{ metadata: meta }]);
    expect((await env.state()).alarms[alarmId(meta)]).toMatchObject({
      status: "active",
      ends_at: 0,
      cleared_by: null,
    });
  });

  it("records an alarm reported with ends_at as already cleared", async () => {
    const meta = metadata({ event_name: "Historic" });
    await push([{ metadata: meta, starts_at: 1_700_000_000_000, ends_at: 1_700_000_060_000 }]);
    expect((await env.state()).alarms[alarmId(meta)]).toMatchObject({
      status: "cleared",
      cleared_by: "report",
      starts_at: 1_700_000_000_000,
      ends_at: 1_700_000_060_000,
    });
  });

  it("keeps events apart from alarms and records the enterprise project", async () => {
    const enterprise = "3b6f1a2c-8d4e-4f5a-9b0c-1d2e3f4a5b6c";
    const meta = metadata({ event_type: "event", event_name: "Deployed", event_severity: "Info" });
    expect(
      (await push([{ metadata: meta }], "", { "x-enterprise-project-id": enterprise })).status,
    ).toBe(204);
    const state = await env.state();
    expect(state.alarms[alarmId(meta)]).toBeUndefined();
    expect(state.events).toHaveLength(1);
    expect(state.events[0]).toMatchObject({ enterprise_project_id: enterprise, metadata: meta });
  });
});

describe("events and alarms: failures", () => {
  const mandatory = [
    "event_name",
    "event_severity",
    "event_type",
    "resource_provider",
    "resource_type",
    "resource_id",
  ] as const;
  it.each(mandatory)("answers 400 SC_BAD_REQUEST when metadata.%s is missing", async (key) => {
    const meta: Record<string, string> = { ...metadata() };
    delete meta[key];
    const reply = await push([{ metadata: meta }]);
    expect(reply.status).toBe(400);
    expectAom400(reply.body, `events.0.metadata.${key}`);
  });

  it.each([
    [
      "event_severity outside Critical/Major/Minor/Info",
      [{ metadata: { ...metadata(), event_severity: "Warning" } }],
      "event_severity",
    ],
    [
      "event_type outside event/alarm",
      [{ metadata: { ...metadata(), event_type: "incident" } }],
      "event_type",
    ],
    ["no metadata on a report", [{ annotations: {} }], "events.0.metadata"],
    ["an unknown field", [{ metadata: metadata(), severity: 1 }], "severity"],
    ["a negative starts_at", [{ metadata: metadata(), starts_at: -1 }], "starts_at"],
    ["an empty events list", [], "events"],
  ])("answers 400 for %s", async (_label, events, text) => {
    const reply = await push(events);
    expect(reply.status).toBe(400);
    expectAom400(reply.body, text);
  });

  it("answers 400 when clearing an alarm never reported, by metadata or by id", async () => {
    const noAlarm = await push([{ metadata: metadata() }], "?action=clear");
    expect(noAlarm.status).toBe(400);
    expectAom400(noAlarm.body, "events.0.metadata: no alarm was reported");
    const unknown = await push([{ id: "0123456789abcdef0123456789abcdef" }], "?action=clear");
    expect(unknown.status).toBe(400);
    expectAom400(unknown.body, "no alarm with id 0123456789abcdef0123456789abcdef");
  });

  it("answers 400 without a body, with a non-JSON content type, and with a bad enterprise project", async () => {
    const noBody = await env.call("PUT", eventsPath());
    expect(noBody.status).toBe(400);
    expectAom400(noBody.body, "body");
    const text = await env.call("PUT", eventsPath(), {
      rawBody: JSON.stringify({ events: [{ metadata: metadata() }] }),
      headers: { "content-type": "text/plain" },
    });
    expect(text.status).toBe(400);
    expectAom400(text.body, "Content-Type");
    const enterprise = await push([{ metadata: metadata() }], "", {
      "x-enterprise-project-id": "sales",
    });
    expect(enterprise.status).toBe(400);
    expectAom400(enterprise.body, "x-enterprise-project-id");
  });

  it("answers 401 with the events error body without or with a wrong token, and 403 for a foreign project", async () => {
    for (const headers of [{}, { "x-auth-token": "wrong-token" }] as Array<
      Record<string, string>
    >) {
      const reply = await env.call("PUT", eventsPath(), {
        body: { events: [{ metadata: metadata() }] },
        token: false,
        headers,
      });
      expect(reply.status).toBe(401);
      expect(AomError.parse(reply.body)).toMatchObject({
        error_code: "AOM.0401",
        error_type: "SC_UNAUTHORIZED",
      });
    }
    const foreign = await env.call("PUT", eventsPath("", env.ops.foreignProjectId), {
      body: { events: [{ metadata: metadata() }] },
    });
    expect(foreign.status).toBe(403);
    expect(AomError.parse(foreign.body)).toMatchObject({
      error_code: "AOM.0403",
      error_type: "SC_FORBIDDEN",
    });
  });
});
