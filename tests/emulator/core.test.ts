import { describe, expect, it } from "vitest";
import { useTestEmulator } from "../support/emulator";

const emu = useTestEmulator();

describe("emulator core", () => {
  it("answers unknown routes with a VM-style 404 array", async () => {
    const reply = await emu.call("GET", "/api/v1/no-such-thing");
    expect(reply.status).toBe(404);
    expect(reply.body).toEqual([
      { code: "route_not_found", message: "no endpoint GET /api/v1/no-such-thing" },
    ]);
  });

  it("reports fixtures with the token and the fixed project", async () => {
    expect(emu.fixtures.token).toBe(emu.token);
    expect(emu.fixtures.vm.zones).toHaveLength(3);
    expect(emu.fixtures.vm.zones.filter((z) => z.changesForbidden)).toHaveLength(1);
  });

  it("injects a configured fault exactly `times` times and logs it", async () => {
    await fetch(`${emu.url}/_emulator/requests`, { method: "DELETE" });
    const put = await fetch(`${emu.url}/_emulator/faults`, {
      method: "PUT",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({
        rules: [{ route: "^/api/v1/x$", errorRates: { "503": 1 }, times: 2 }],
      }),
    });
    expect(put.status).toBe(200);
    const statuses = [];
    for (let i = 0; i < 3; i++) statuses.push((await emu.call("GET", "/api/v1/x")).status);
    expect(statuses).toEqual([503, 503, 404]);
    const log = (await (await fetch(`${emu.url}/_emulator/requests`)).json()) as {
      requests: Array<{ status: number; fault?: string }>;
    };
    expect(log.requests.map((r) => r.fault ?? null)).toEqual(["503", "503", null]);
    await fetch(`${emu.url}/_emulator/faults`, {
      method: "PUT",
      headers: { "content-type": "application/json" },
      body: "{}",
    });
  });

  it("refuses an invalid fault configuration with the field at fault", async () => {
    const put = await fetch(`${emu.url}/_emulator/faults`, {
      method: "PUT",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ rules: [{ errorRates: { "503": 2 } }] }),
    });
    expect(put.status).toBe(400);
    expect(JSON.stringify(await put.json())).toContain("rules.0.errorRates.503");
  });

  it("serves an OpenAPI document and a docs page", async () => {
    const doc = (await (await fetch(`${emu.url}/openapi.json`)).json()) as {
      openapi: string;
      paths: object;
    };
    expect(doc.openapi).toBe("3.1.0");
    const page = await fetch(`${emu.url}/docs`);
    expect(page.headers.get("content-type")).toContain("text/html");
  });
});
