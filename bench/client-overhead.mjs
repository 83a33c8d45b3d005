#!/usr/bin/env node
// Client benchmark: what the REST client adds to a request, with keep-alive on and off, and
// how soon the waiter notices a state change. Starts the emulator from dist/ (run
// `npm run build` first), prints a table and writes bench/results/client.json.
//
//   node bench/client-overhead.mjs [--requests 500] [--waits 50]
import http from "node:http";
import { mkdirSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { createRequire } from "node:module";
import { parseArgs } from "node:util";

const here = dirname(fileURLToPath(import.meta.url));
const require = createRequire(import.meta.url);
const dist = (path) => require(join(here, "..", "dist", path));
const { startEmulator } = dist("emulator/index.js");
const { createClient, waitUntil } = dist("provider/client/index.js");
const { catalogEndpoints } = dist("api/vm/endpoints/catalog.js");
const { disksEndpoints } = dist("api/vm/endpoints/disks.js");

const { values } = parseArgs({
  options: {
    requests: { type: "string", default: "500" },
    waits: { type: "string", default: "50" },
  },
});
const REQUESTS = Number(values.requests);
const WAITS = Number(values.waits);
const WARMUP = 50;

function percentile(sorted, p) {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
}
function stats(samples) {
  const sorted = [...samples].sort((a, b) => a - b);
  const round = (x) => Math.round(x * 1000) / 1000;
  return {
    n: sorted.length,
    p50: round(percentile(sorted, 50)),
    p95: round(percentile(sorted, 95)),
    max: round(sorted.at(-1)),
  };
}
async function time(n, fn) {
  for (let i = 0; i < WARMUP; i++) await fn();
  const samples = [];
  for (let i = 0; i < n; i++) {
    const start = performance.now();
    await fn();
    samples.push(performance.now() - start);
  }
  return stats(samples);
}

/** The same GET with bare node:http, reading and parsing the body: the floor to compare with. */
function rawGet(agent, url, token) {
  return new Promise((resolve, reject) => {
    const req = http.get(
      url,
      { agent, headers: { authorization: `Bearer ${token}`, accept: "application/json" } },
      (res) => {
        let text = "";
        res.setEncoding("utf8");
        res.on("data", (chunk) => (text += chunk));
        res.on("end", () =>
          res.statusCode === 200
            ? resolve(JSON.parse(text))
            : reject(new Error(`${res.statusCode} ${text}`)),
        );
        res.on("error", reject);
      },
    );
    req.on("error", reject);
  });
}

const emulator = await startEmulator({ speed: 1 });
try {
  const fixtures = await (await fetch(`${emulator.url}/_emulator/fixtures`)).json();
  const zoneId = fixtures.vm.zones[0].id;
  const projectId = fixtures.vm.projectId;
  const path = `/api/v1/availability-zones/${zoneId}`;

  // 1. Per-request cost, serial requests.
  const rows = {};
  for (const keepAlive of [true, false]) {
    const agent = new http.Agent({ keepAlive });
    rows[`raw node:http, keep-alive ${keepAlive ? "on" : "off"}`] = await time(REQUESTS, () =>
      rawGet(agent, `${emulator.url}${path}`, emulator.token),
    );
    agent.destroy();
    const client = createClient({ endpoint: emulator.url, token: emulator.token, keepAlive });
    rows[`client.call, keep-alive ${keepAlive ? "on" : "off"}`] = await time(REQUESTS, () =>
      client.call(catalogEndpoints.getAvailabilityZone, {
        params: { availability_zone_id: zoneId },
      }),
    );
    client.close();
  }
  const overhead = {
    keepAliveOn: {
      p50: rows["client.call, keep-alive on"].p50 - rows["raw node:http, keep-alive on"].p50,
      p95: rows["client.call, keep-alive on"].p95 - rows["raw node:http, keep-alive on"].p95,
    },
    keepAliveOff: {
      p50: rows["client.call, keep-alive off"].p50 - rows["raw node:http, keep-alive off"].p50,
      p95: rows["client.call, keep-alive off"].p95 - rows["raw node:http, keep-alive off"].p95,
    },
  };

  // 2. Waiter latency: a disk becomes available at a chosen moment; how long until waitUntil returns?
  const client = createClient({ endpoint: emulator.url, token: emulator.token });
  async function waitLatencies(count, minMs, maxMs) {
    const runs = Array.from({ length: count }, async (_, i) => {
      const disk = await client.call(disksEndpoints.createDisk, {
        body: { project_id: projectId, name: `bench-${minMs}-${i}`, size: 1 },
      });
      const record = emulator.store.state.vm.disks[disk.id];
      const at = Date.now() + minMs + Math.random() * (maxMs - minMs);
      // Replace the planned change with one at a random moment in the range.
      record.status = "creating";
      record.schedule = [{ at, status: "available" }];
      let polls = 0;
      await waitUntil({
        what: `disk ${disk.id} to become available`,
        poll: () => {
          polls += 1;
          return client.call(disksEndpoints.getDisk, { params: { disk_id: disk.id } });
        },
        isDone: (d) => d.state === "available",
        timeoutMs: maxMs + 10_000,
      });
      return { latency: Date.now() - at, polls };
    });
    const results = await Promise.all(runs);
    return {
      ...stats(results.map((r) => r.latency)),
      pollsPerWait: stats(results.map((r) => r.polls)).p50,
    };
  }
  const waits = {
    "short waits (0.1–1.5 s)": await waitLatencies(WAITS, 100, 1_500),
    "long waits (2–8 s)": await waitLatencies(Math.max(10, Math.round(WAITS / 2)), 2_000, 8_000),
  };
  client.close();

  const fmt = (x) => x.toFixed(3).padStart(9);
  console.log(`\nPer-request time, ${REQUESTS} serial GET ${path.replace(zoneId, "{id}")} (ms)`);
  console.log(`${"".padEnd(36)}${"p50".padStart(9)}${"p95".padStart(9)}${"max".padStart(9)}`);
  for (const [name, s] of Object.entries(rows))
    console.log(`${name.padEnd(36)}${fmt(s.p50)}${fmt(s.p95)}${fmt(s.max)}`);
  console.log(
    `${"client overhead, keep-alive on".padEnd(36)}${fmt(overhead.keepAliveOn.p50)}${fmt(overhead.keepAliveOn.p95)}`,
  );
  console.log(
    `${"client overhead, keep-alive off".padEnd(36)}${fmt(overhead.keepAliveOff.p50)}${fmt(overhead.keepAliveOff.p95)}`,
  );
  console.log(`\nWaiter latency after a state change (ms)`);
  console.log(
    `${"".padEnd(36)}${"p50".padStart(9)}${"p95".padStart(9)}${"max".padStart(9)}${"polls".padStart(9)}`,
  );
  for (const [name, s] of Object.entries(waits)) {
    console.log(
      `${name.padEnd(36)}${fmt(s.p50)}${fmt(s.p95)}${fmt(s.max)}${String(s.pollsPerWait).padStart(9)}`,
    );
  }

  const result = {
    benchmark: "client-overhead",
    date: new Date().toISOString(),
    node: process.version,
    requests: REQUESTS,
    requestMs: rows,
    overheadMs: overhead,
    waiterLatencyMs: waits,
  };
  const out = join(here, "results", "client.json");
  mkdirSync(dirname(out), { recursive: true });
  writeFileSync(out, `${JSON.stringify(result, null, 2)}\n`);
  console.log(`\nwrote ${out}`);
} finally {
  await emulator.close();
}
