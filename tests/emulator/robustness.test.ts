/**
 * Bad input never breaks the emulator: malformed JSON, wrong types, huge bodies and queries,
 * unknown fields, wrong content types and bad path parameters each get a 4xx with a body
 * that says what is wrong, in the endpoint's own error shape. Also the admin API: fixtures,
 * state, fault configuration (validation, latency, 429, dropped connections) and reset.
 */
import { request as httpRequest } from "node:http";
import { beforeEach, describe, expect, it } from "vitest";
import { type Reply, useTestEmulator } from "../support/emulator";

const emu = useTestEmulator();

interface OpsFixtures {
  projectId: string;
  backups: Array<{ id: string; name: string }>;
  searchClusters: Array<{ id: string; name: string }>;
  snapshots: Array<{ id: string; clusterId: string }>;
  queueInstances: Array<{ id: string; name: string }>;
  containerClusters: Array<{ id: string; name: string }>;
}

const ops = () => emu.fixtures.operations as OpsFixtures;
const vm = () => emu.fixtures.vm;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

function diskBody(name = "robust") {
  return {
    project_id: vm().projectId,
    availability_zone_id: vm().zones[0]!.id,
    disk_type_id: vm().diskTypes[0]!.id,
    name,
    size: 1,
  };
}

/** Sends raw text with the given content type (bearer token, VM service). */
function sendRaw(method: string, path: string, body: string, contentType = "application/json") {
  return emu.call(method, path, { rawBody: body, headers: { "content-type": contentType } });
}

/** Sends with X-Auth-Token (the operations' credentials). */
function sendOps(method: string, path: string, body: string) {
  return emu.call(method, path, {
    auth: false,
    rawBody: body,
    headers: { "x-auth-token": emu.token, "content-type": "application/json" },
  });
}

async function admin(method: string, path: string, body?: string): Promise<Reply> {
  const response = await fetch(`${emu.url}${path}`, {
    method,
    ...(body === undefined ? {} : { body, headers: { "content-type": "application/json" } }),
  });
  const text = await response.text();
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    parsed = undefined;
  }
  return { status: response.status, headers: response.headers, body: parsed, text };
}

const putFaults = (config: unknown) => admin("PUT", "/_emulator/faults", JSON.stringify(config));

async function timed<T>(work: () => Promise<T>): Promise<{ value: T; ms: number }> {
  const started = performance.now();
  const value = await work();
  return { value, ms: performance.now() - started };
}

describe("malformed JSON", () => {
  it("answers 422 in the VM shape, for object and array bodies", async () => {
    for (const path of ["/api/v1/disks", "/api/v1.1/vms", "/api/v1/subnets"]) {
      for (const text of ['{"name": ', "[{", "{'single': 'quotes'}", "nul"]) {
        const reply = await sendRaw("POST", path, text);
        expect(reply.status, `${path} ${text}`).toBe(422);
        expect(reply.body).toEqual([
          { code: "malformed_json", message: "the request body is not valid JSON", field: "" },
        ]);
      }
    }
  });

  it("answers 422 in the FastAPI shape on rebuild", async () => {
    const reply = await sendRaw("POST", `/api/v1/vms/${vm().projectId}/rebuild`, "{oops");
    expect(reply.status).toBe(422);
    expect(reply.body).toEqual({
      detail: [
        { loc: ["body"], msg: "the request body is not valid JSON", type: "malformed_json" },
      ],
    });
  });

  it("answers 400 in each operation's own shape", async () => {
    const o = ops();
    const p = o.projectId;
    const search = o.searchClusters[0]!.id;
    const snapshot = o.snapshots.find((s) => s.clusterId === search)!.id;
    const cases: Array<[string, string, (body: unknown) => void]> = [
      [
        "POST",
        `/v3/${p}/backups/${o.backups[0]!.id}/restore`,
        (b) =>
          expect(b).toEqual({
            error: { code: "BACKUP.4000", message: "the request body is not valid JSON" },
          }),
      ],
      [
        "POST",
        `/v1.0/${p}/clusters/${search}/index_snapshot/${snapshot}/restore`,
        (b) =>
          expect(b).toEqual({
            errCode: "CSS.4000",
            externalMessage: "the request body is not valid JSON",
          }),
      ],
      [
        "PUT",
        `/v2/${p}/instances/${o.queueInstances[0]!.id}/restart-queue-manager`,
        (b) =>
          expect(b).toEqual({
            error_code: "DMS.4000",
            error_msg: "the request body is not valid JSON",
          }),
      ],
      [
        "PUT",
        `/v2/${p}/push/events`,
        (b) =>
          expect(b).toMatchObject({
            error_code: "AOM.0400",
            error_msg: "the request body is not valid JSON",
            error_type: "SC_BAD_REQUEST",
          }),
      ],
      [
        "PUT",
        `/api/v3/projects/${p}/clusters/${o.containerClusters[0]!.id}/nodes/operation/migrateto/${o.containerClusters[1]!.id}`,
        (b) =>
          expect(b).toMatchObject({
            errorCode: "CCE.4000",
            errorMessage: "the request body is not valid JSON",
          }),
      ],
    ];
    for (const [method, path, check] of cases) {
      const reply = await sendOps(method, path, "{broken");
      expect(reply.status, path).toBe(400);
      check(reply.body);
    }
  });
});

describe("bodies of the wrong type", () => {
  const wrong: Array<[string, string]> = [
    ["[]", "array"],
    ['"a string"', "string"],
    ["42", "number"],
    ["null", "null"],
    ["true", "boolean"],
  ];
  it.each(wrong)("disk create with %s → 422 naming the body", async (text, received) => {
    const reply = await sendRaw("POST", "/api/v1/disks", text);
    expect(reply.status).toBe(422);
    expect(reply.body).toEqual([
      {
        code: "validation_error",
        message: `body: Invalid input: expected object, received ${received}`,
        field: "body",
      },
    ]);
  });

  it("VM create (an array) with an object → 422 expected array", async () => {
    const reply = await sendRaw("POST", "/api/v1.1/vms", JSON.stringify(diskBody()));
    expect(reply.status).toBe(422);
    expect(reply.body).toEqual([
      {
        code: "validation_error",
        message: "body: Invalid input: expected array, received object",
        field: "body",
      },
    ]);
  });

  it("a field of the wrong type → 422 naming it", async () => {
    const reply = await emu.call("POST", "/api/v1/disks", { body: { ...diskBody(), size: "big" } });
    expect(reply.status).toBe(422);
    expect(reply.body).toEqual([
      {
        code: "validation_error",
        message: "size: Invalid input: expected number, received string",
        field: "size",
      },
    ]);
  });

  it("an operation body of the wrong type → 400 in its shape", async () => {
    const reply = await sendOps(
      "POST",
      `/v3/${ops().projectId}/backups/${ops().backups[0]!.id}/restore`,
      "[]",
    );
    expect(reply.status).toBe(400);
    expect(reply.body).toEqual({
      error: {
        code: "BACKUP.4000",
        message: "body: Invalid input: expected object, received array",
      },
    });
  });
});

describe("unknown fields", () => {
  it("answer 422 extra_forbidden naming each, also in a nested object", async () => {
    const flat = await emu.call("POST", "/api/v1/disks", {
      body: { ...diskBody(), colour: "red", __proto__x: 1 },
    });
    expect(flat.status).toBe(422);
    expect(flat.body).toEqual([
      {
        code: "extra_forbidden",
        message: 'unknown field "colour" is not allowed',
        field: "colour",
      },
      {
        code: "extra_forbidden",
        message: 'unknown field "__proto__x" is not allowed',
        field: "__proto__x",
      },
    ]);
    const proto = await sendRaw(
      "POST",
      "/api/v1/disks",
      `{"__proto__": {"admin": true}, ${JSON.stringify(diskBody()).slice(1)}`,
    );
    expect(proto.status).toBe(422);
    expect(proto.body).toEqual([
      {
        code: "extra_forbidden",
        message: 'unknown field "__proto__" is not allowed',
        field: "__proto__",
      },
    ]);
    const deep = await emu.call("POST", "/api/v1/security-groups", {
      body: {
        project_id: vm().projectId,
        availability_zone_id: vm().zones[0]!.id,
        name: "deep",
        security_group_rules: [
          {
            direction: "ingress",
            ether_type: "IPv4",
            ip_protocol: "tcp",
            port_range: "22:22",
            remote_ip_prefix: "0.0.0.0/0",
            turbo: true,
          },
        ],
      },
    });
    expect(deep.status).toBe(422);
    expect(deep.body).toEqual([
      {
        code: "extra_forbidden",
        message: 'unknown field "security_group_rules.0.turbo" is not allowed',
        field: "security_group_rules.0.turbo",
      },
    ]);
  });
});

describe("content types", () => {
  it.each(["text/plain", "application/x-www-form-urlencoded", "application/xml"])(
    "a VM-service body sent as %s → 422 saying to send JSON",
    async (type) => {
      const reply = await sendRaw("POST", "/api/v1/disks", JSON.stringify(diskBody()), type);
      expect(reply.status).toBe(422);
      expect(reply.body).toEqual([
        {
          code: "validation_error",
          message: `body: the request body must be JSON; send "Content-Type: application/json" (got "${type}")`,
          field: "body",
        },
      ]);
    },
  );

  it("accepts JSON with parameters or a +json type", async () => {
    for (const [i, type] of [
      "application/json; charset=utf-8",
      "application/vnd.vmcloud+json",
    ].entries()) {
      const response = await fetch(`${emu.url}/api/v1/disks`, {
        method: "POST",
        headers: { authorization: `Bearer ${emu.token}`, "content-type": type },
        body: new TextEncoder().encode(JSON.stringify(diskBody(`typed-${i}`))),
      });
      expect(response.status, type).toBe(201);
    }
  });

  // FastAPI (0.132 on, `strict_content_type`) reads no undeclared body as JSON: a PUT with no
  // Content-Type is refused, and the disk keeps its name (docs/api-decisions/wire-fidelity.md).
  it("a VM-service body with no Content-Type → 422 saying to send JSON, and nothing changes", async () => {
    const created = await fetch(`${emu.url}/api/v1/disks`, {
      method: "POST",
      headers: { authorization: `Bearer ${emu.token}`, "content-type": "application/json" },
      body: JSON.stringify(diskBody("untyped")),
    });
    expect(created.status).toBe(201);
    const disk = (await created.json()) as { id: string; name: string };
    for (const [method, path, body] of [
      ["PUT", `/api/v1/disks/${disk.id}`, { name: "renamed" }],
      ["POST", "/api/v1/disks", diskBody("untyped-2")],
    ] as const) {
      const response = await fetch(`${emu.url}${path}`, {
        method,
        headers: { authorization: `Bearer ${emu.token}` },
        // A Uint8Array body makes fetch send no Content-Type of its own.
        body: new TextEncoder().encode(JSON.stringify(body)),
      });
      expect(response.status, `${method} ${path}`).toBe(422);
      expect(await response.json()).toEqual([
        {
          code: "validation_error",
          message:
            'body: the request body must be JSON; send "Content-Type: application/json" (no Content-Type was sent)',
          field: "body",
        },
      ]);
    }
    const after = await emu.call("GET", `/api/v1/disks/${disk.id}`);
    expect((after.body as { name: string }).name).toBe(disk.name);
  });
});

describe("huge requests", () => {
  it("a 2 MiB body → 413 with a clear body, in each service's shape", async () => {
    const huge = JSON.stringify({ ...diskBody(), description: "x".repeat(2 * 1024 * 1024) });
    const vmReply = await sendRaw("POST", "/api/v1/disks", huge);
    expect(vmReply.status).toBe(413);
    expect(vmReply.body).toEqual([
      { code: "payload_too_large", message: "the request body is too large" },
    ]);
    const opsReply = await sendOps(
      "POST",
      `/v3/${ops().projectId}/backups/${ops().backups[0]!.id}/restore`,
      huge,
    );
    expect(opsReply.status).toBe(413);
    expect(opsReply.body).toEqual({
      error: { code: "BACKUP.4130", message: "the request body is too large" },
    });
  });

  it("a 2 MiB chunked body with no Content-Length → 413 too, without hanging", async () => {
    const url = new URL(`${emu.url}/api/v1/disks`);
    const result = await new Promise<{ status: number; text: string }>((resolve, reject) => {
      const req = httpRequest(
        {
          host: url.hostname,
          port: url.port,
          path: url.pathname,
          method: "POST",
          headers: { authorization: `Bearer ${emu.token}`, "content-type": "application/json" },
        },
        (res) => {
          let text = "";
          res.setEncoding("utf8").on("data", (c: string) => (text += c));
          res.on("end", () => resolve({ status: res.statusCode ?? 0, text }));
        },
      );
      // The server may answer and close before the whole body is written.
      req.on("error", (error) => (error.message.includes("EPIPE") ? undefined : reject(error)));
      const chunk = "y".repeat(64 * 1024);
      for (let i = 0; i < 32; i++) req.write(chunk);
      req.end();
    });
    expect(result.status).toBe(413);
    expect(JSON.parse(result.text)).toEqual([
      { code: "payload_too_large", message: "the request body is too large" },
    ]);
  });

  it("a 10 kB query value → 422 naming the parameter; a 100 kB query → 431", async () => {
    const long = await emu.call(
      "GET",
      `/api/v1/disks?project_id=${vm().projectId}&name=${"a".repeat(10_000)}`,
    );
    expect(long.status).toBe(422);
    expect(long.body).toEqual([
      {
        code: "validation_error",
        message: "name: Too big: expected string to have <=64 characters",
        field: "name",
      },
    ]);
    const huge = await emu.call(
      "GET",
      `/api/v1/disks?project_id=${vm().projectId}&name=${"a".repeat(100_000)}`,
    );
    expect(huge.status).toBe(431);
    expect(huge.body).toMatchObject({ message: "Exceeded maximum allowed HTTP header size" });
  });

  it("bad query values → 422 naming them", async () => {
    const nan = await emu.call("GET", `/api/v1/disks?project_id=${vm().projectId}&limit=many`);
    expect(nan.status).toBe(422);
    expect((nan.body as Array<{ field: string }>)[0]!.field).toBe("limit");
    const big = await emu.call("GET", `/api/v1/disks?project_id=${vm().projectId}&limit=101`);
    expect(big.body).toEqual([
      {
        code: "validation_error",
        message: "limit: Too big: expected number to be <=100",
        field: "limit",
      },
    ]);
  });
});

describe("bad path parameters", () => {
  it.each([
    ["not-a-uuid", "not-a-uuid"],
    ["a 300-character id", "f".repeat(300)],
    ["a NUL byte", "%00"],
    ["a UUID with a trailing character", `${"1".repeat(8)}-1111-4111-8111-${"1".repeat(12)}x`],
  ])("%s → 422 naming the parameter", async (_, id) => {
    for (const [path, field] of [
      [`/api/v1/disks/${id}`, "disk_id"],
      [`/api/v1/vms/${id}`, "vm_id"],
      [`/api/v1/security-groups/${id}/rules`, "security_group_id"],
    ] as const) {
      const reply = await emu.call("GET", path);
      expect(reply.status, path).toBe(422);
      expect(reply.body, path).toEqual([
        { code: "validation_error", message: `${field}: Invalid UUID`, field },
      ]);
    }
  });

  it("a path with broken percent-encoding → 400 in the VM shape", async () => {
    const reply = await emu.call("GET", "/api/v1/disks/%E0%A4%A");
    expect(reply.status).toBe(400);
    expect(reply.body).toEqual([
      {
        code: "bad_url",
        message: "the path /api/v1/disks/%E0%A4%A is not valid: check its percent-encoding",
      },
    ]);
  });

  it("an unknown operations id → 404 in the operation's shape", async () => {
    const reply = await emu.call("GET", `/v3/${ops().projectId}/operation-logs/not-a-uuid`, {
      auth: false,
      headers: { "x-auth-token": emu.token },
    });
    expect(reply.status).toBe(404);
    expect(reply.body).toEqual({
      error: { code: "BACKUP.4040", message: "operation log not-a-uuid not found" },
    });
  });
});

describe("after all of that", () => {
  it("still creates a disk and brings it to available", async () => {
    const created = await emu.call("POST", "/api/v1/disks", { body: diskBody("still-fine") });
    expect(created.status).toBe(201);
    const id = (created.body as { id: string }).id;
    await emu.waitFor(`/api/v1/disks/${id}`, (b) => (b as { state: string }).state === "available");
  });
});

describe("admin API", () => {
  beforeEach(async () => {
    await putFaults({ rules: [] });
  });

  it("GET /_emulator/fixtures lists the token and the ids and names of every fixture", async () => {
    const fix = (await admin("GET", "/_emulator/fixtures")).body as typeof emu.fixtures;
    expect(fix.token).toBe(emu.token);
    expect(fix.vm.projectId).toMatch(UUID);
    for (const list of [
      fix.vm.zones,
      fix.vm.flavors,
      fix.vm.diskTypes,
      fix.vm.images,
      fix.vm.tags,
    ]) {
      expect(list.length).toBeGreaterThan(0);
      for (const item of list) {
        expect(item.id).toMatch(UUID);
        expect(item.name).toMatch(/^\S+$/);
      }
    }
    expect(fix.vm.zones.map((z) => z.name)).toEqual(["ru.AZ-1", "ru.AZ-2", "ru.AZ-3"]);
    const o = fix.operations as OpsFixtures;
    for (const list of [o.backups, o.searchClusters, o.queueInstances, o.containerClusters]) {
      expect(list.length).toBeGreaterThan(0);
      for (const item of list)
        expect(item).toEqual(
          expect.objectContaining({ id: expect.stringMatching(UUID), name: expect.any(String) }),
        );
    }
  });

  it("GET /_emulator/state is JSON holding every service and the records created", async () => {
    const created = await emu.call("POST", "/api/v1/disks", { body: diskBody("in-state") });
    const reply = await admin("GET", "/_emulator/state");
    expect(reply.status).toBe(200);
    expect(reply.headers.get("content-type")).toContain("application/json");
    const state = reply.body as {
      vm: { disks: Record<string, { name: string }> };
      operations: object;
      iam: object;
    };
    expect(Object.keys(state).sort()).toEqual(["iam", "operations", "vm"]);
    expect(state.vm.disks[(created.body as { id: string }).id]?.name).toBe("in-state");
  });

  it.each([
    [{ rules: [{ errorRates: { "503": 1.5 } }] }, "rules.0.errorRates.503"],
    [{ rules: [{ errorRates: { "418": 0.5 } }] }, "rules.0.errorRates"],
    [{ rules: [{ latencyMs: -1 }] }, "rules.0.latencyMs"],
    [{ rules: [{ latencyMs: 120_000 }] }, "rules.0.latencyMs"],
    [{ rules: [{ route: "(unclosed" }] }, "rules.0.route"],
    [{ rules: [{}, { route: "^/api/v1/disks[" }] }, "rules.1.route"],
    [{ rules: [{ method: "PATCH" }] }, "rules.0.method"],
    [{ rules: [{ rateLimit: { rate: 1 } }] }, "rules.0.rateLimit.retryAfterSeconds"],
    [{ rules: [{ times: 0 }] }, "rules.0.times"],
    [{ rules: [], typo: true }, ""],
    [{ rules: "all" }, "rules"],
  ])("PUT /_emulator/faults refuses %j with 400 naming %j", async (config, field) => {
    const reply = await putFaults(config);
    expect(reply.status).toBe(400);
    const body = reply.body as { error: string; issues: Array<{ path: string; message: string }> };
    expect(body.error).toBe("invalid fault configuration");
    expect(body.issues.map((i) => i.path)).toContain(field);
    // The configuration in force is unchanged.
    expect((await admin("GET", "/_emulator/faults")).body).toEqual({ rules: [] });
  });

  it("an invalid regular expression names itself in the message", async () => {
    const reply = await putFaults({ rules: [{ route: "(unclosed" }] });
    expect(reply.body).toEqual({
      error: "invalid fault configuration",
      issues: [
        { path: "rules.0.route", message: "not a valid regular expression (JavaScript syntax)" },
      ],
    });
  });

  it("malformed JSON on the admin API → 400 in the admin shape", async () => {
    const reply = await admin("PUT", "/_emulator/faults", "{rules:");
    expect(reply.status).toBe(400);
    expect(reply.body).toEqual({
      error: "the request body is not valid JSON",
      code: "malformed_json",
    });
    const unknown = await admin("GET", "/_emulator/nothing");
    expect(unknown.status).toBe(404);
    expect(unknown.body).toEqual({
      error: "no endpoint GET /_emulator/nothing",
      code: "route_not_found",
    });
  });

  it("a latency rule delays only matching routes and methods", async () => {
    const zones = `/api/v1/availability-zones?project_id=${vm().projectId}`;
    expect(
      (
        await putFaults({
          rules: [{ route: "^/api/v1/availability-zones$", method: "GET", latencyMs: 600 }],
        })
      ).status,
    ).toBe(200);
    const delayed = await timed(() => emu.call("GET", zones));
    expect(delayed.value.status).toBe(200);
    expect(delayed.ms).toBeGreaterThanOrEqual(590);
    // Still delayed: a rule without `times` never runs out.
    expect((await timed(() => emu.call("GET", zones))).ms).toBeGreaterThanOrEqual(590);
    const other = await timed(() =>
      emu.call("GET", `/api/v1/disk-types?project_id=${vm().projectId}`),
    );
    expect(other.value.status).toBe(200);
    expect(other.ms).toBeLessThan(590);
  });

  it("a latency-only rule with times: 2 delays exactly two requests", async () => {
    const path = `/api/v1/disk-types?project_id=${vm().projectId}`;
    await putFaults({ rules: [{ route: "^/api/v1/disk-types$", latencyMs: 1500, times: 2 }] });
    const runs = [];
    for (let i = 0; i < 3; i++) runs.push(await timed(() => emu.call("GET", path)));
    expect(runs.map((r) => r.value.status)).toEqual([200, 200, 200]);
    expect(runs[0]!.ms).toBeGreaterThanOrEqual(1490);
    expect(runs[1]!.ms).toBeGreaterThanOrEqual(1490);
    expect(runs[2]!.ms).toBeLessThan(1000);
  });

  it("a rule with a fault and latency counts faults only, and delays each matched request", async () => {
    const path = `/api/v1/flavors?project_id=${vm().projectId}`;
    await putFaults({
      rules: [{ route: "^/api/v1/flavors$", latencyMs: 400, errorRates: { "503": 1 }, times: 1 }],
    });
    const first = await timed(() => emu.call("GET", path));
    expect(first.value.status).toBe(503);
    expect(first.value.body).toEqual([
      { code: "injected_fault", message: "injected fault: HTTP 503" },
    ]);
    expect(first.ms).toBeGreaterThanOrEqual(390);
    const second = await timed(() => emu.call("GET", path));
    expect(second.value.status).toBe(200);
    expect(second.ms).toBeLessThan(390);
  });

  it("answers 429 with Retry-After, then serves again", async () => {
    await putFaults({
      rules: [
        { route: "^/api/v1/images$", rateLimit: { rate: 1, retryAfterSeconds: 7 }, times: 1 },
      ],
    });
    const limited = await emu.call("GET", `/api/v1/images?project_id=${vm().projectId}`);
    expect(limited.status).toBe(429);
    expect(limited.headers.get("retry-after")).toBe("7");
    expect(limited.body).toEqual([
      { code: "rate_limited", message: "too many requests; retry after the Retry-After delay" },
    ]);
    expect((await emu.call("GET", `/api/v1/images?project_id=${vm().projectId}`)).status).toBe(200);
  });

  it("drops a connection unanswered, or handles the request and drops the answer", async () => {
    await putFaults({ rules: [{ route: "^/api/v1/disk-types$", dropRate: 1, times: 1 }] });
    await expect(
      emu.call("GET", `/api/v1/disk-types?project_id=${vm().projectId}`),
    ).rejects.toThrow();
    expect((await emu.call("GET", `/api/v1/disk-types?project_id=${vm().projectId}`)).status).toBe(
      200,
    );

    await putFaults({
      rules: [{ route: "^/api/v1/disks$", method: "POST", dropResponseRate: 1, times: 1 }],
    });
    await expect(
      emu.call("POST", "/api/v1/disks", { body: diskBody("lost-answer") }),
    ).rejects.toThrow();
    const listed = await emu.call(
      "GET",
      `/api/v1/disks?project_id=${vm().projectId}&name=lost-answer`,
    );
    expect((listed.body as { items: Array<{ name: string }> }).items.map((d) => d.name)).toEqual([
      "lost-answer",
    ]);
  });

  it("the admin API and the docs are never faulted", async () => {
    await putFaults({ rules: [{ errorRates: { "500": 1 } }] });
    expect((await admin("GET", "/_emulator/state")).status).toBe(200);
    expect((await admin("GET", "/openapi.json")).status).toBe(200);
    expect((await emu.call("GET", `/api/v1/disk-types?project_id=${vm().projectId}`)).status).toBe(
      500,
    );
  });

  it("POST /_emulator/reset restores the fixtures, clears faults and the request log", async () => {
    const created = await emu.call("POST", "/api/v1/disks", { body: diskBody("reset-me") });
    await putFaults({ rules: [{ route: "^/nowhere$", errorRates: { "500": 1 } }] });
    const reply = await admin("POST", "/_emulator/reset");
    expect(reply.status).toBe(200);
    expect(reply.body).toEqual({ reset: true });
    expect(
      (await emu.call("GET", `/api/v1/disks/${(created.body as { id: string }).id}`)).status,
    ).toBe(404);
    expect((await admin("GET", "/_emulator/faults")).body).toEqual({ rules: [] });
    expect(
      ((await admin("GET", "/_emulator/requests")).body as { requests: unknown[] }).requests,
    ).toEqual([
      expect.objectContaining({
        url: `/api/v1/disks/${(created.body as { id: string }).id}`,
        status: 404,
      }),
    ]);
    expect(((await admin("GET", "/_emulator/fixtures")).body as typeof emu.fixtures).vm).toEqual(
      emu.fixtures.vm,
    );
  });
});
