// The conformance check's parts: the emulator's exchange log (what it records, with secrets
// masked), the judge over the real OpenAPI document (it finds each kind of difference and
// passes the emulator's real answers), and the allow-list read from the docs page.
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { LoggedExchange } from "../../emulator/core/exchange-log";
import { startTestEmulator, type TestEmulator } from "../support/emulator";
import { allowing, readAllowList } from "./allow-list";
import { isProviderExchange, readExchanges } from "./exchanges";
import { Judge } from "./judge";

const dir = mkdtempSync(join(tmpdir(), "vmcloud-exchanges-"));
let emu: TestEmulator;
let judge: Judge;

beforeAll(async () => {
  emu = await startTestEmulator({ exchangeLog: join(dir, "judge.jsonl") });
  judge = new Judge();
});
afterAll(async () => {
  await emu.close();
  rmSync(dir, { recursive: true, force: true });
});

const AGENT = { "user-agent": "vmcloud-pulumi/0.0.0 test" };

/** A fabricated exchange: a 200 GET answered with `body`. */
function exchange(over: Partial<LoggedExchange>): LoggedExchange {
  return {
    method: "GET",
    url: "/api/v1/flavors",
    requestContentType: undefined,
    userAgent: "vmcloud-pulumi/0.0.0",
    status: 200,
    responseContentType: "application/json",
    responseBody: JSON.stringify({ items: [], total: 0 }),
    fault: undefined,
    ...over,
  };
}

describe("the exchange log", () => {
  it("records each service exchange once, with no credentials and passwords masked", async () => {
    const password = "N0t-in-the-log!";
    const image = emu.fixtures.vm.images.find((i) => i.name === "ubuntu-22.04")!;
    await emu.call("GET", `/api/v1/images/${image.id}`, { headers: AGENT });
    await emu.call("POST", "/api/v1/vms", {
      headers: AGENT,
      body: [{ name: "x", image_metadata: { password } }],
    });
    await emu.call("GET", "/_emulator/fixtures");
    const text = readFileSync(join(dir, "judge.jsonl"), "utf8");
    expect(text).not.toContain(password);
    expect(text).not.toContain(emu.token);
    const logged = readExchanges(dir);
    expect(logged.map((e) => `${e.method} ${e.url} ${e.status}`)).toEqual([
      `GET /api/v1/images/${image.id} 200`,
      "POST /api/v1/vms 422",
    ]);
    expect(logged[1]!.requestBody).toEqual([
      { name: "x", image_metadata: { password: "*".repeat(password.length) } },
    ]);
    expect(logged.every(isProviderExchange)).toBe(true);
    // The emulator's answer for a real image is on the document.
    expect(judge.judge(logged[0]!)).toEqual([]);
  });
});

describe("the judge", () => {
  const keys = (e: LoggedExchange) => judge.judge(e).map((f) => f.key);

  it("passes an exchange the document describes", () => {
    expect(keys(exchange({ url: "/api/v1/flavors?limit=10&offset=0" }))).toEqual([]);
  });

  it("finds a path, a method and a status the document lacks", () => {
    expect(keys(exchange({ url: "/api/v1/widgets/0b3f4c5d-1e2f-4a3b-8c4d-5e6f7a8b9c0d" }))).toEqual(
      ["GET /api/v1/widgets/{id}: path not in the document"],
    );
    expect(keys(exchange({ method: "PATCH" }))).toEqual([
      "PATCH /api/v1/flavors: method not in the document",
    ]);
    expect(keys(exchange({ status: 418, responseBody: "" }))).toEqual([
      "GET /api/v1/flavors response 418: status not in the document",
    ]);
  });

  it("finds a field, an enum value and a query parameter the document lacks, and a limit it breaks", () => {
    expect(
      keys(
        exchange({
          url: "/api/v1/flavors?colour=red&limit=500",
          responseBody: JSON.stringify({ items: [], total: 0, next: null }),
        }),
      ),
    ).toEqual([
      "GET /api/v1/flavors query colour: not in the document",
      "GET /api/v1/flavors query limit /: maximum must be <= 100",
      "GET /api/v1/flavors response 200 /next: not in the document",
    ]);
    expect(
      keys(
        exchange({
          url: "/api/v1/images?type=shared",
          responseBody: JSON.stringify({ items: [], total: 0 }),
        }),
      ),
    ).toEqual([`GET /api/v1/images query type /: "shared" not in the document's enum`]);
  });

  it("judges request bodies: a field the document's closed object lacks", () => {
    const found = keys(
      exchange({
        method: "POST",
        url: "/api/v1/disks",
        requestContentType: "application/json",
        requestBody: { name: "d", bootable: true },
        status: 201,
      }),
    );
    expect(found).toContain("POST /api/v1/disks request /bootable: not in the document");
  });

  it("takes a field an object requires but does not list (a backup's VM `locked`) as the document's", () => {
    const id = "0b3f4c5d-1e2f-4a3b-8c4d-5e6f7a8b9c0d";
    const vm = (extra: Record<string, unknown>) => ({
      id,
      name: "web",
      hidden: false,
      product_instance_id: id,
      created_time: "2026-01-01T00:00:00Z",
      metadata_fields: [],
      tags: [],
      flavor: { id, name: "f", cpu: 1, ram: 1, gpu: 0, oversubscription: "1:1" },
      image: { id, name: "i", type: "public", display_name: "I" },
      disks: [],
      interfaces: [],
      project: { id, product_instance_id: id },
      availability_zone: { id, name: "z" },
      ...extra,
    });
    const list = (state: Record<string, unknown>) =>
      exchange({
        url: `/api/v1/backups?project_id=${id}`,
        responseBody: JSON.stringify({
          items: [
            {
              id,
              name: "b",
              project_id: id,
              state: "created",
              created_at: "2026-01-01T00:00:00Z",
              tags: [],
              resource: {
                resource_id: id,
                resource_type: "virtual_machine",
                resource_state: state,
              },
            },
          ],
          total: 1,
        }),
      });
    expect(keys(list(vm({ locked: false })))).toEqual([]);
    // Without it, or with a field the document names nowhere, the VM matches neither kind.
    const none =
      "GET /api/v1/backups response 200 /items/*/resource/resource_state: matches none of the document's alternatives";
    expect(keys(list(vm({})))).toContain(none);
    expect(keys(list(vm({})))).toContain(
      "GET /api/v1/backups response 200 /items/*/resource/resource_state/locked: required, missing",
    );
    expect(keys(list(vm({ locked: false, colour: "red" })))).toContain(
      "GET /api/v1/backups response 200 /items/*/resource/resource_state/colour: not in the document",
    );
  });

  it("scopes to the VM service: the token exchange and the operations services are not judged", () => {
    expect(judge.inScope({ method: "GET", url: "/api/v1/vms?limit=1" })).toBe(true);
    expect(judge.inScope({ method: "POST", url: "/api/v1/auth/token" })).toBe(false);
    expect(judge.inScope({ method: "POST", url: "/v2/projects/p/backups/b/restore" })).toBe(false);
  });
});

describe("the allow-list in docs/api-decisions/conformance.md", () => {
  it("has a reason on every row, and its patterns match finding keys", () => {
    const rows = readAllowList();
    expect(rows.length).toBeGreaterThan(0);
    for (const row of rows) expect(row.reason.length, row.pattern).toBeGreaterThan(20);
    expect(
      allowing(rows, "POST /api/v1/subnets response 409 /*/field: not in the document"),
    ).toBeDefined();
    expect(allowing(rows, "GET /api/v1/flavors response 200 /next: not in the document")).toBe(
      undefined,
    );
  });
});
