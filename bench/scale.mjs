#!/usr/bin/env node
// Scale: `pulumi up`, `refresh` and `destroy` of a generated stack (bench/fixtures/scale: N VMs,
// each with a data disk attached, in shared subnets and security groups) under the real engine,
// against the emulator with realistic latencies: its delays slowed down (`--speed 0.025`: a VM
// boots in 80 s, a disk or subnet is ready in 20 s) and every request delayed by `--latency` ms.
// The `up` time is compared with the critical path of those latencies: the longest chain of
// dependent cloud delays (subnet or group → VM → attachment, the disk in parallel) plus two
// requests per resource on it. Refresh counts its requests (goal: one per resource). The state
// size and each type's `__provider` size are read from the checkpoint file the backend wrote.
// Prints tables and writes bench/results/scale.json.
//
//   node bench/scale.mjs [--vms 50] [--groups 5] [--speed 0.025] [--latency 20] [--parallel N]
import { readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import { parseArgs } from "node:util";
import { dist, printTable, repo, seconds, stats, writeResult } from "./lib/common.mjs";
import { openStack } from "./lib/engine.mjs";

const { values } = parseArgs({
  options: {
    vms: { type: "string", default: "50" },
    groups: { type: "string", default: "5" },
    speed: { type: "string", default: "0.025" },
    latency: { type: "string", default: "20" },
    parallel: { type: "string" },
  },
});
const VMS = Number(values.vms);
const GROUPS = Number(values.groups);
const SPEED = Number(values.speed);
const LATENCY = Number(values.latency);
const RESOURCES = VMS * 3 + GROUPS * 2;
// Unbounded by default, so the engine's own limit (4 × cores = 8 here) does not hide the
// provider's behaviour; `--parallel 8` shows what a default `pulumi up` does.
const PARALLEL = Number(values.parallel ?? RESOURCES + 1);
const GOAL_RATIO = 1.1;

const { startEmulator } = dist("emulator/index.js");
const { DELAYS } = dist("emulator/vm/delays.js");

const emulator = await startEmulator({ speed: SPEED });
const admin = async (method, path, body) => {
  const response = await fetch(`${emulator.url}${path}`, {
    method,
    ...(body === undefined
      ? {}
      : { body: JSON.stringify(body), headers: { "content-type": "application/json" } }),
  });
  if (!response.ok)
    throw new Error(`${method} ${path}: ${response.status} ${await response.text()}`);
  return response.json();
};
const fixtures = await admin("GET", "/_emulator/fixtures");
const projectId = fixtures.vm.projectId;
await admin("PUT", "/_emulator/faults", { rules: [{ latencyMs: LATENCY }] });

/** Program-made records in the emulator (fixtures excluded), by collection. */
const COLLECTIONS = [
  "vms",
  "disks",
  "subnets",
  "securityGroups",
  "securityGroupRules",
  "interfaces",
];
const baseline = await admin("GET", "/_emulator/state");
const made = (state) =>
  Object.fromEntries(
    COLLECTIONS.map((c) => [
      c,
      Object.keys(state.vm[c] ?? {}).filter((id) => !(id in (baseline.vm[c] ?? {}))).length,
    ]),
  );

/** Request count by `METHOD /path/{id}`, ids folded. */
function byRoute(requests) {
  const counts = {};
  for (const r of requests) {
    const path = r.url
      .split("?")[0]
      .replace(/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/g, "{id}");
    const key = `${r.method} ${path}`;
    counts[key] = (counts[key] ?? 0) + 1;
  }
  return Object.fromEntries(Object.entries(counts).sort((a, b) => b[1] - a[1]));
}

// The measured cost of one request with the injected latency (a small GET, keep-alive).
const rtt = [];
for (let i = 0; i < 30; i++) {
  const started = performance.now();
  const response = await fetch(
    `${emulator.url}/api/v1/availability-zones/${fixtures.vm.zones[0].id}`,
    {
      headers: { authorization: `Bearer ${emulator.token}` },
    },
  );
  await response.text();
  rtt.push(performance.now() - started);
}
const requestMs = stats(rtt).p50;

// Critical path: the attachment needs the disk and the VM; the VM needs its subnet and group.
const scaled = (ms) => ms / SPEED;
const vmReadyAt =
  Math.max(scaled(DELAYS.subnetCreate), scaled(DELAYS.securityGroupCreate)) +
  scaled(DELAYS.vmCreate);
const attachStartsAt = Math.max(vmReadyAt, scaled(DELAYS.diskCreate));
const chainDelayMs = attachStartsAt + scaled(DELAYS.diskAttach);
// Each resource on the chain needs at least its create request and one read that sees it ready.
const criticalPathMs = chainDelayMs + 3 * 2 * requestMs;

const session = await openStack(join(repo, "bench/fixtures/scale"), emulator, projectId, {
  vms: VMS,
  groups: GROUPS,
  prefix: `scale${Date.now().toString(36)}`,
});
const result = {
  vms: VMS,
  groups: GROUPS,
  resources: RESOURCES,
  speed: SPEED,
  requestLatencyMs: LATENCY,
  requestMs,
  parallel: PARALLEL,
  delaysMs: {
    subnetCreate: scaled(DELAYS.subnetCreate),
    securityGroupCreate: scaled(DELAYS.securityGroupCreate),
    vmCreate: scaled(DELAYS.vmCreate),
    diskCreate: scaled(DELAYS.diskCreate),
    diskAttach: scaled(DELAYS.diskAttach),
  },
  criticalPathMs: Math.round(criticalPathMs),
  goalRatio: GOAL_RATIO,
};
let failure;
try {
  // up
  await admin("DELETE", "/_emulator/requests");
  // When each resource's step starts and ends, as the engine reports it (arrival times).
  const steps = {};
  const onEvent = (event) => {
    const pre = event.resourcePreEvent?.metadata;
    const done = event.resOutputsEvent?.metadata;
    if (pre?.op === "create") (steps[pre.urn] ??= { type: pre.type }).startedAt = Date.now();
    if (done?.op === "create") (steps[done.urn] ??= { type: done.type }).doneAt = Date.now();
  };
  let started = Date.now();
  const up = await session.stack.up({ parallel: PARALLEL, onEvent });
  const upMs = Date.now() - started;
  const upEngineMs = Date.parse(up.summary.endTime) - Date.parse(up.summary.startTime);
  const upRequests = (await admin("GET", "/_emulator/requests")).requests;
  const cloudDelay = {
    Subnet: scaled(DELAYS.subnetCreate),
    SecurityGroup: scaled(DELAYS.securityGroupCreate),
    Vm: scaled(DELAYS.vmCreate),
    Disk: scaled(DELAYS.diskCreate),
    DiskAttachment: scaled(DELAYS.diskAttach),
  };
  const createsByType = {};
  for (const step of Object.values(steps)) {
    const type = step.type.split(":").at(-1);
    if (!(type in cloudDelay) || step.startedAt === undefined || step.doneAt === undefined)
      continue;
    (createsByType[type] ??= []).push(step.doneAt - step.startedAt);
  }
  const firstRequestAt = Math.min(...upRequests.map((r) => r.at));
  const lastRequestAt = Math.max(...upRequests.map((r) => r.at));
  result.up = {
    result: up.summary.result,
    changes: up.summary.resourceChanges,
    wallMs: upMs,
    engineMs: upEngineMs,
    ratio: Math.round((upMs / criticalPathMs) * 100) / 100,
    engineRatio: Math.round((upEngineMs / criticalPathMs) * 100) / 100,
    requests: upRequests.length,
    // From the start of `up` to the provider's first request: CLI, language host, program.
    startupMs: firstRequestAt - started,
    // From the last request to the end of `up`: the last checkpoint and the CLI's exit.
    tailMs: started + upMs - lastRequestAt,
    // Each create as the engine saw it, and how much longer than the cloud's own delay it took.
    createMs: Object.fromEntries(
      Object.entries(createsByType).map(([type, ms]) => [
        type,
        {
          cloudDelayMs: cloudDelay[type],
          ...stats(ms),
          overPlusP50: Math.round(stats(ms).p50 - cloudDelay[type]),
        },
      ]),
    ),
    requestsByRoute: byRoute(upRequests),
    madeInCloud: made(await admin("GET", "/_emulator/state")),
  };

  // state size, from the checkpoint the file backend wrote
  const checkpointText = readFileSync(session.stateFile, "utf8");
  const checkpoint = JSON.parse(checkpointText);
  const resources = checkpoint.checkpoint.latest.resources;
  const perType = {};
  let providerBytes = 0;
  for (const r of resources) {
    if (r.inputs?.__provider === undefined) continue;
    const type = r.type.split(":").at(-1);
    const inputBytes = Buffer.byteLength(JSON.stringify(r.inputs.__provider));
    const outputBytes =
      r.outputs?.__provider === undefined
        ? 0
        : Buffer.byteLength(JSON.stringify(r.outputs.__provider));
    const resourceBytes = Buffer.byteLength(JSON.stringify(r));
    providerBytes += inputBytes + outputBytes;
    perType[type] ??= {
      count: 0,
      providerBytes: inputBytes,
      providerText: r.inputs.__provider,
      resourceBytes: [],
    };
    perType[type].count += 1;
    perType[type].resourceBytes.push(resourceBytes);
  }
  result.state = {
    checkpointBytes: statSync(session.stateFile).size,
    resources: resources.length,
    providerBytesTotal: providerBytes,
    providerShare: Math.round((providerBytes / checkpointText.length) * 1000) / 10,
    perType: Object.fromEntries(
      Object.entries(perType).map(([type, t]) => [
        type,
        {
          count: t.count,
          providerBytes: t.providerBytes,
          providerText: t.providerText,
          resourceBytesP50: stats(t.resourceBytes).p50,
        },
      ]),
    ),
  };

  // refresh
  await admin("DELETE", "/_emulator/requests");
  started = Date.now();
  const refresh = await session.stack.refresh({ parallel: PARALLEL });
  const refreshRequests = (await admin("GET", "/_emulator/requests")).requests;
  result.refresh = {
    result: refresh.summary.result,
    changes: refresh.summary.resourceChanges,
    wallMs: Date.now() - started,
    requests: refreshRequests.length,
    vmcloudResources: RESOURCES,
    requestsPerResource: Math.round((refreshRequests.length / RESOURCES) * 100) / 100,
    requestsByRoute: byRoute(refreshRequests),
  };

  // destroy
  await admin("DELETE", "/_emulator/requests");
  started = Date.now();
  const destroy = await session.stack.destroy({ parallel: PARALLEL });
  const destroyMs = Date.now() - started;
  // Records being deleted disappear after their delay; the stack is gone once they have.
  const deadline = Date.now() + 10 * 60_000;
  let left = made(await admin("GET", "/_emulator/state"));
  while (Object.values(left).some((n) => n > 0) && Date.now() < deadline) {
    await new Promise((r) => setTimeout(r, 500));
    left = made(await admin("GET", "/_emulator/state"));
  }
  result.destroy = {
    result: destroy.summary.result,
    changes: destroy.summary.resourceChanges,
    wallMs: destroyMs,
    requests: (await admin("GET", "/_emulator/requests")).requests.length,
    leftInCloud: left,
  };
} catch (error) {
  failure = error;
  result.error = String(error?.message ?? error).slice(-4000);
} finally {
  await session.close();
  await emulator.close();
}

if (result.up) {
  printTable(
    `Scale: ${VMS} VMs + ${VMS} disks + ${VMS} attachments + ${GROUPS} subnets + ${GROUPS} groups ` +
      `(${RESOURCES} resources), speed ${SPEED}, +${LATENCY} ms per request, --parallel ${PARALLEL}`,
    ["operation", "time", "vs critical path", "requests", "result"],
    [
      ["critical path", seconds(criticalPathMs), "1.00×", "", ""],
      [
        "pulumi up (wall)",
        seconds(result.up.wallMs),
        `${result.up.ratio.toFixed(2)}×`,
        result.up.requests,
        result.up.result,
      ],
      [
        "pulumi up (engine)",
        seconds(result.up.engineMs),
        `${result.up.engineRatio.toFixed(2)}×`,
        "",
        "",
      ],
      ...(result.refresh
        ? [
            [
              "pulumi refresh",
              seconds(result.refresh.wallMs),
              "",
              `${result.refresh.requests} (${result.refresh.requestsPerResource}/resource)`,
              result.refresh.result,
            ],
          ]
        : []),
      ...(result.destroy
        ? [
            [
              "pulumi destroy",
              seconds(result.destroy.wallMs),
              "",
              result.destroy.requests,
              result.destroy.result,
            ],
          ]
        : []),
    ],
  );
  console.log(
    `goal: up ≤ ${GOAL_RATIO}× the critical path: ${result.up.ratio <= GOAL_RATIO ? "met" : "MISSED"}`,
  );
}
if (result.up?.createMs) {
  printTable(
    `Creates during up (engine step start → done, ms); start-up before the first request ` +
      `${seconds(result.up.startupMs)}, after the last request ${seconds(result.up.tailMs)}`,
    ["type", "cloud delay", "p50", "p95", "max", "p50 − delay"],
    Object.entries(result.up.createMs).map(([type, t]) => [
      type,
      t.cloudDelayMs,
      t.p50,
      t.p95,
      t.max,
      t.overPlusP50,
    ]),
  );
}
if (result.refresh) {
  printTable(
    "Refresh requests by route",
    ["route", "requests"],
    Object.entries(result.refresh.requestsByRoute).map(([route, n]) => [route, n]),
  );
}
if (result.state) {
  printTable(
    `State of the ${VMS}-VM stack: ${result.state.resources} resources, checkpoint ${result.state.checkpointBytes} bytes, ` +
      `__provider ${result.state.providerBytesTotal} bytes (${result.state.providerShare} %)`,
    ["type", "count", "__provider bytes", "resource bytes p50"],
    Object.entries(result.state.perType).map(([type, t]) => [
      type,
      t.count,
      t.providerBytes,
      t.resourceBytesP50,
    ]),
  );
}
if (result.destroy)
  console.log(`left in the cloud after destroy: ${JSON.stringify(result.destroy.leftInCloud)}`);
await writeResult("scale", result);
if (failure) {
  console.error(`scale benchmark failed: ${result.error}`);
  process.exitCode = 1;
}
