#!/usr/bin/env node
// Scale: `pulumi up`, `refresh` and `destroy` of a generated stack (bench/fixtures/scale: N VMs,
// each with a data disk attached, in shared subnets and security groups) under the real engine,
// against the emulator with realistic latencies: its delays slowed down (`--speed 0.025`: a VM
// boots in 80 s, a disk or subnet is ready in 20 s) and every request delayed by `--latency` ms.
// The `up` time is compared with the critical path of those latencies: the longest chain of
// dependent cloud delays (subnet or group → VM → attachment, the disk in parallel) plus two
// requests per resource on it; `destroy` likewise (detach → VM → subnet or group). Times are
// the CLI's, as a user sees them: from the call to its last output (the Automation API's own
// follow-up runs are reported apart). The floor is `up` of the program making no resource.
// `preview` of the whole stack (every resource new) is timed first. Every operation counts its
// requests per resource, by route (goals: `up` and `destroy` at most 3, `refresh` at most 1),
// and samples the peak resident set and CPU seconds of the CLI, the language host, the program
// and the provider host (bench/lib/processes.mjs). The stack is then made and destroyed a
// second time while the emulator limits the token to `--rate-limit` requests per second
// (goals: `up` and `destroy` within 1.25× of their critical paths, no error, no duplicate;
// `--no-limited-up` skips that second stack). After the first refresh, the unchanged stack is
// refreshed again (its outputs now current, as a nightly drift job finds it), previewed and
// updated with `--refresh`, and refreshed again under the rate limit (goals: at most 0.15
// requests per resource below 500 VMs and 0.05 at 500, no change, and the limited refresh
// within 1.2× of the unlimited one).
// The state size and each type's `__provider` size are read from the checkpoint file the
// backend wrote. Prints tables and writes bench/results/scale.json (`--result <name>`: another
// name).
//
// The graph also runs under a provider that only waits (bench/fixtures/scale-null: each step
// takes exactly its delay, each resource holds a vmcloud resource's stored properties, so the
// checkpoints weigh the same): what that takes beyond the critical path is the engine's and
// the file backend's own time (`--no-baseline` skips it); goal: our `up` and `destroy` within
// 1.02× of its times. And the same stack runs through the provider plugin
// (bench/fixtures/scale-plugin: the program registers `vmcloud:index:*` resources, the plugin
// `pulumi-resource-vmcloud` serves them): goal its `up` within 1.02× of the dynamic providers'
// and its checkpoint smaller (`--no-plugin` skips it).
//
//   node bench/scale.mjs [--vms 50] [--groups 5] [--speed 0.025] [--latency 20] [--parallel N]
//                        [--rate-limit 10 (0: no second run)] [--no-limited-up] [--no-baseline]
//                        [--no-plugin]
//                        [--result scale]
// The CLI inherits this process's environment: the engine's own options (e.g.
// `PULUMI_DIY_BACKEND_DISABLE_CHECKPOINT_BACKUPS=true`) apply to every run and are recorded in
// the result (`engineOptions`). Each result records the machine's load when each operation began.
import { readFileSync, statSync, writeFileSync } from "node:fs";
import { rm } from "node:fs/promises";
import { join } from "node:path";
import { parseArgs } from "node:util";
import { printTable, repo, seconds, stats, writeResult } from "./lib/common.mjs";
import { openStack } from "./lib/engine.mjs";
import { loadAverage, scaleCriticalPaths, startScaleCloud, timedCli } from "./lib/scale-cloud.mjs";
import { sampleProcesses } from "./lib/processes.mjs";

const { values } = parseArgs({
  allowNegative: true,
  options: {
    vms: { type: "string", default: "50" },
    groups: { type: "string", default: "5" },
    speed: { type: "string", default: "0.025" },
    latency: { type: "string", default: "20" },
    parallel: { type: "string" },
    "rate-limit": { type: "string", default: "10" },
    baseline: { type: "boolean", default: true },
    plugin: { type: "boolean", default: true },
    "limited-up": { type: "boolean", default: true },
    result: { type: "string", default: "scale" },
  },
});
const RATE_LIMIT = Number(values["rate-limit"]);
const BASELINE = values.baseline;
const PLUGIN = values.plugin;
const LIMITED_UP = values["limited-up"];
const VMS = Number(values.vms);
const GROUPS = Number(values.groups);
const SPEED = Number(values.speed);
const LATENCY = Number(values.latency);
const RESOURCES = VMS * 3 + GROUPS * 2;
// Unbounded by default, so the engine's own limit (4 × cores = 8 here) does not hide the
// provider's behaviour; `--parallel 8` shows what a default `pulumi up` does.
const PARALLEL = Number(values.parallel ?? RESOURCES + 1);
const GOAL_RATIO_LIMITED = 1.25;
/** Our `up` and `destroy` against the waiting provider's, and the plugin's `up` against ours. */
const GOAL_VS_WAITING = 1.02;
const GOAL_PLUGIN_VS_DYNAMIC = 1.02;
/** Each process's peak resident set at 500 VMs. */
const GOAL_PEAK_MB = 512;
/** Requests per resource: `up` and `destroy` at most 3, `refresh` at most 1. */
const GOAL_PER_RESOURCE = { up: 3, destroy: 3, refresh: 1 };
/**
 * Requests per resource of a refresh of an unchanged stack whose outputs are current (the
 * second refresh; `preview --refresh` and `up --refresh` alike): 0.15 below 500 VMs, 0.05 at 500.
 */
const GOAL_REFRESH_AGAIN = { below500: 0.15, at500: 0.05 };
/** That refresh under the rate limit, against its time without one. */
const GOAL_REFRESH_LIMITED = 1.2;

const { emulator, admin, projectId, requestMs, madeInCloud } = await startScaleCloud({
  speed: SPEED,
  latency: LATENCY,
  vms: VMS,
  groups: GROUPS,
});

/** Request count by `METHOD /path/{id}`, ids folded. */
function byRoute(requests) {
  const counts = {};
  for (const r of requests) {
    const key = byRoute.keyOf(r);
    counts[key] = (counts[key] ?? 0) + 1;
  }
  return Object.fromEntries(Object.entries(counts).sort((a, b) => b[1] - a[1]));
}
/** A request's route: `METHOD /path/{id}`. */
byRoute.keyOf = (r) =>
  `${r.method} ${r.url
    .split("?")[0]
    .replace(/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/g, "{id}")}`;

/**
 * When the requests of each changing route (not GET) were sent, in s from `started`: first,
 * median and last; and the requests and 429s of each second. Under a rate limit this shows
 * which requests the chain's steps waited behind.
 */
function sendTimes(requests, started) {
  const routes = {};
  const ofRoute = byRoute.keyOf;
  for (const r of requests) {
    if (r.method === "GET") continue;
    (routes[ofRoute(r)] ??= []).push((r.at - started) / 1000);
  }
  const perSecond = [];
  const refusedPerSecond = [];
  for (const r of requests) {
    const s = Math.max(0, Math.floor((r.at - started) / 1000));
    perSecond[s] = (perSecond[s] ?? 0) + 1;
    if (r.status === 429) refusedPerSecond[s] = (refusedPerSecond[s] ?? 0) + 1;
  }
  const round = (x) => Math.round(x * 10) / 10;
  return {
    writesSentAtS: Object.fromEntries(
      Object.entries(routes).map(([route, at]) => {
        const sorted = at.sort((a, b) => a - b);
        return [
          route,
          {
            first: round(sorted[0]),
            p50: round(sorted[Math.floor(sorted.length / 2)]),
            last: round(sorted.at(-1)),
          },
        ];
      }),
    ),
    requestsPerSecond: Array.from(perSecond, (n) => n ?? 0).join(" "),
    refusedPerSecond: Array.from(
      { length: perSecond.length },
      (_, i) => refusedPerSecond[i] ?? 0,
    ).join(" "),
  };
}

const {
  stepDelays: STEP_DELAYS,
  delaysMs,
  criticalPathMs,
  destroyCriticalPathMs,
} = scaleCriticalPaths(SPEED, requestMs);
/** Type → what `map` makes of that type's delays. */
const byStepType = (map) =>
  Object.fromEntries(Object.entries(STEP_DELAYS).map(([type, delays]) => [type, map(delays)]));

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
  // The engine's own options this run had (the CLI inherits this process's environment).
  engineOptions: Object.fromEntries(
    Object.entries(process.env).filter(([key]) =>
      /^PULUMI_(SKIP_CHECKPOINTS|DIY_BACKEND_|RETAIN_CHECKPOINTS|OPTIMIZED_CHECKPOINT_PATCH)/.test(
        key,
      ),
    ),
  ),
  delaysMs,
  criticalPathMs: Math.round(criticalPathMs),
  destroyCriticalPathMs: Math.round(destroyCriticalPathMs),
  goals: {
    vsWaitingProvider: GOAL_VS_WAITING,
    pluginVsDynamic: GOAL_PLUGIN_VS_DYNAMIC,
    rateLimitedVsCriticalPath: GOAL_RATIO_LIMITED,
    peakMbAt500: GOAL_PEAK_MB,
  },
  goalRequestsPerResource: GOAL_PER_RESOURCE,
};
const perResource = (n) => Math.round((n / RESOURCES) * 100) / 100;
/** What the program makes in the cloud: a VM makes its boot disk besides the data disk. */
const EXPECTED = { vms: VMS, disks: 2 * VMS, subnets: GROUPS, securityGroups: GROUPS };
const duplicatesIn = (made) =>
  Object.entries(EXPECTED).reduce((sum, [c, n]) => sum + Math.max(0, (made[c] ?? 0) - n), 0);
/**
 * Times the engine's steps of `op` (`create`, `delete`) from its events (arrival times): pass
 * `onEvent` to the operation, then `byType(cloudDelay)` gives each type's step times and how
 * much longer than the cloud's own delay they took.
 */
function stepTimer(op) {
  const steps = {};
  const onEvent = (event) => {
    const pre = event.resourcePreEvent?.metadata;
    const done = event.resOutputsEvent?.metadata;
    if (pre?.op === op) (steps[pre.urn] ??= { type: pre.type }).startedAt = Date.now();
    if (done?.op === op) (steps[done.urn] ??= { type: done.type }).doneAt = Date.now();
  };
  const byType = (cloudDelay) => {
    const times = {};
    for (const step of Object.values(steps)) {
      const type = step.type.split(":").at(-1);
      if (!(type in cloudDelay) || step.startedAt === undefined || step.doneAt === undefined)
        continue;
      (times[type] ??= []).push(step.doneAt - step.startedAt);
    }
    return Object.fromEntries(
      Object.entries(times).map(([type, ms]) => [
        type,
        {
          cloudDelayMs: cloudDelay[type],
          ...stats(ms),
          overPlusP50: Math.round(stats(ms).p50 - cloudDelay[type]),
        },
      ]),
    );
  };
  return { onEvent, byType };
}

/**
 * Runs `work` while sampling the processes it starts; answers its result and, as `processes`,
 * each role's peak resident set and CPU seconds (bench/lib/processes.mjs).
 */
async function withProcesses(work) {
  const sampler = sampleProcesses();
  try {
    const outcome = await work();
    return { outcome, processes: sampler.stop() };
  } catch (error) {
    sampler.stop();
    throw error;
  }
}

/**
 * Runs an operation of `stack` (`up`, `destroy`) with the emulator's request log cleared,
 * timed by `timedCli`, with its `op` steps timed by `stepTimer` and its processes sampled.
 */
async function runMeasured(stack, operation, op) {
  await admin("DELETE", "/_emulator/requests");
  const { onEvent, byType } = stepTimer(op);
  const loadAtStart = loadAverage();
  const { outcome: timed, processes } = await withProcesses(() =>
    timedCli((onOutput) => stack[operation]({ parallel: PARALLEL, onEvent, onOutput })),
  );
  return { ...timed, byType, processes, load: loadAtStart };
}

/** `pulumi up` of the whole stack: time, creates, requests by route, what the cloud holds. */
async function measureUp(stack = session.stack) {
  const {
    outcome: up,
    started,
    cliMs: upMs,
    apiMs,
    byType,
    processes,
    load: loadAtStart,
  } = await runMeasured(stack, "up", "create");
  const upEngineMs = Date.parse(up.summary.endTime) - Date.parse(up.summary.startTime);
  const upRequests = (await admin("GET", "/_emulator/requests")).requests;
  const cloudDelay = byStepType((delays) => delays.create);
  const firstRequestAt = Math.min(...upRequests.map((r) => r.at));
  const lastRequestAt = Math.max(...upRequests.map((r) => r.at));
  const made = await madeInCloud();
  return {
    result: up.summary.result,
    changes: up.summary.resourceChanges,
    wallMs: upMs,
    load: loadAtStart,
    automationApiMs: apiMs,
    engineMs: upEngineMs,
    ratio: Math.round((upMs / criticalPathMs) * 100) / 100,
    engineRatio: Math.round((upEngineMs / criticalPathMs) * 100) / 100,
    requests: upRequests.length,
    // From the start of `up` to the provider's first request: CLI, language host, program.
    startupMs: firstRequestAt - started,
    // From the last request to the end of `up`: the last checkpoint and the CLI's exit.
    tailMs: started + upMs - lastRequestAt,
    // Each create as the engine saw it, and how much longer than the cloud's own delay it took.
    createMs: byType(cloudDelay),
    requestsPerResource: perResource(upRequests.length),
    requestsByRoute: byRoute(upRequests),
    ...sendTimes(upRequests, started),
    answered429: upRequests.filter((r) => r.status === 429).length,
    madeInCloud: made,
    duplicates: duplicatesIn(made),
    processes,
  };
}

/** `pulumi destroy`, then until the cloud holds nothing of the stack. */
async function measureDestroy(stack = session.stack) {
  const {
    outcome: destroy,
    started,
    cliMs: destroyMs,
    byType,
    processes,
    load: loadAtStart,
  } = await runMeasured(stack, "destroy", "delete");
  // Records being deleted disappear after their delay; the stack is gone once they have.
  const deadline = Date.now() + 10 * 60_000;
  let left = await madeInCloud();
  while (Object.values(left).some((n) => n > 0) && Date.now() < deadline) {
    await new Promise((r) => setTimeout(r, 500));
    left = await madeInCloud();
  }
  const requests = (await admin("GET", "/_emulator/requests")).requests;
  return {
    result: destroy.summary.result,
    changes: destroy.summary.resourceChanges,
    wallMs: destroyMs,
    load: loadAtStart,
    ratio: Math.round((destroyMs / destroyCriticalPathMs) * 100) / 100,
    startupMs: Math.min(...requests.map((r) => r.at)) - started,
    tailMs: started + destroyMs - Math.max(...requests.map((r) => r.at)),
    // Each delete as the engine saw it (a DiskAttachment's is its detach).
    deleteMs: byType(byStepType((delays) => delays.delete)),
    requests: requests.length,
    requestsPerResource: perResource(requests.length),
    requestsByRoute: byRoute(requests),
    ...sendTimes(requests, started),
    answered429: requests.filter((r) => r.status === 429).length,
    leftInCloud: left,
    processes,
  };
}

/**
 * The same graph under a provider that sends nothing (bench/fixtures/scale-null): each create
 * and delete takes exactly its cloud delay plus two requests, and each resource holds the
 * properties of a vmcloud resource of its type (`samples`: type → `{ inputs, outputs }` from
 * this stack's state), so the checkpoints are about as big. Its `up` and `destroy` times
 * against the same critical paths are what the engine and the file backend take, which no
 * provider can avoid.
 */
async function measureEngineBaseline(samples) {
  const delays = byStepType((step) => ({
    createMs: Math.round(step.create + 2 * requestMs),
    deleteMs: Math.round(step.delete + 2 * requestMs),
  }));
  const samplesFile = join(repo, "bench/fixtures/scale-null/.samples.json");
  // A stored secret (its signature and ciphertext) becomes a plain string of its ciphertext.
  const SECRET_SIG = "4dabf18193072939515e22adb298388d";
  writeFileSync(
    samplesFile,
    JSON.stringify({ delays, samples }, (_key, value) =>
      value !== null && typeof value === "object" && SECRET_SIG in value
        ? String(value.ciphertext ?? "")
        : value,
    ),
  );
  const baseline = await openStack(join(repo, "bench/fixtures/scale-null"), emulator, projectId, {
    vms: VMS,
    groups: GROUPS,
  });
  try {
    const upLoad = loadAverage();
    const upSteps = stepTimer("create");
    const { outcome: up, processes: upProcesses } = await withProcesses(() =>
      timedCli((onOutput) =>
        baseline.stack.up({ parallel: PARALLEL, onOutput, onEvent: upSteps.onEvent }),
      ),
    );
    const checkpointBytes = statSync(baseline.stateFile).size;
    const sizes = {};
    const stored = JSON.parse(readFileSync(baseline.stateFile, "utf8"));
    for (const r of stored.checkpoint.latest.resources) {
      if (r.inputs?.kind !== undefined)
        (sizes[r.inputs.kind] ??= []).push(Buffer.byteLength(JSON.stringify(r)));
    }
    const destroyLoad = loadAverage();
    const destroySteps = stepTimer("delete");
    const { outcome: destroy, processes: destroyProcesses } = await withProcesses(() =>
      timedCli((onOutput) =>
        baseline.stack.destroy({ parallel: PARALLEL, onOutput, onEvent: destroySteps.onEvent }),
      ),
    );
    const ratio = (ms, path) => Math.round((ms / path) * 100) / 100;
    return {
      checkpointBytes,
      resourceBytesP50: Object.fromEntries(
        Object.entries(sizes).map(([type, bytes]) => [type, stats(bytes).p50]),
      ),
      up: {
        result: up.outcome.summary.result,
        wallMs: up.cliMs,
        load: upLoad,
        ratio: ratio(up.cliMs, criticalPathMs),
        // Each step's cloud delay here includes the two requests the provider waits for.
        createMs: upSteps.byType(byStepType((delays) => delays.create + 2 * requestMs)),
        processes: upProcesses,
      },
      destroy: {
        result: destroy.outcome.summary.result,
        wallMs: destroy.cliMs,
        load: destroyLoad,
        ratio: ratio(destroy.cliMs, destroyCriticalPathMs),
        deleteMs: destroySteps.byType(byStepType((delays) => delays.delete + 2 * requestMs)),
        processes: destroyProcesses,
      },
    };
  } finally {
    await baseline.close();
    await rm(samplesFile, { force: true });
  }
}

/**
 * The checkpoint in `stateFile`: its size, resources and, per type, count, `__provider` size and
 * resource size (p50); and `samples`, one resource's stored inputs and outputs per type (for
 * the waiting provider's stack).
 */
function stateOf(stateFile) {
  const checkpointText = readFileSync(stateFile, "utf8");
  const resources = JSON.parse(checkpointText).checkpoint.latest.resources;
  const perType = {};
  const samples = {};
  const ownProperties = (props) =>
    Object.fromEntries(Object.entries(props ?? {}).filter(([key]) => key !== "__provider"));
  let providerBytes = 0;
  for (const r of resources) {
    if (!r.custom || r.type.startsWith("pulumi:providers:")) continue;
    const type = r.type.split(":").at(-1);
    const bytesOf = (value) => (value === undefined ? 0 : Buffer.byteLength(JSON.stringify(value)));
    const inputBytes = bytesOf(r.inputs?.__provider);
    providerBytes += inputBytes + bytesOf(r.outputs?.__provider);
    perType[type] ??= {
      count: 0,
      providerBytes: inputBytes,
      providerText: r.inputs?.__provider,
      resourceBytes: [],
    };
    perType[type].count += 1;
    perType[type].resourceBytes.push(bytesOf(r));
    samples[type] ??= { inputs: ownProperties(r.inputs), outputs: ownProperties(r.outputs) };
  }
  return {
    samples,
    state: {
      checkpointBytes: statSync(stateFile).size,
      resources: resources.length,
      providerBytesTotal: providerBytes,
      providerShare: Math.round((providerBytes / checkpointText.length) * 1000) / 10,
      perType: Object.fromEntries(
        Object.entries(perType).map(([type, t]) => [
          type,
          {
            count: t.count,
            providerBytes: t.providerBytes,
            ...(t.providerText === undefined ? {} : { providerText: t.providerText }),
            resourceBytesP50: stats(t.resourceBytes).p50,
          },
        ]),
      ),
    },
  };
}

/** `pulumi preview` of the whole stack, every resource new: time, requests (reads only). */
async function measurePreview(stack) {
  await admin("DELETE", "/_emulator/requests");
  const loadAtStart = loadAverage();
  const { outcome, processes } = await withProcesses(() =>
    timedCli((onOutput) => stack.preview({ parallel: PARALLEL, onOutput })),
  );
  const requests = (await admin("GET", "/_emulator/requests")).requests;
  return {
    changes: outcome.outcome.changeSummary,
    wallMs: outcome.cliMs,
    load: loadAtStart,
    requests: requests.length,
    requestsPerResource: perResource(requests.length),
    requestsByRoute: byRoute(requests),
    processes,
  };
}

/**
 * `pulumi refresh` of the stack as made (or `operation`: `preview --refresh`, `up --refresh`):
 * time, requests per resource and by route.
 */
async function measureRefresh(stack, operation = "refresh") {
  await admin("DELETE", "/_emulator/requests");
  const loadAtStart = loadAverage();
  const { outcome, processes } = await withProcesses(() =>
    timedCli((onOutput) =>
      operation === "preview"
        ? stack.preview({ refresh: true, parallel: PARALLEL, onOutput })
        : operation === "up"
          ? stack.up({ refresh: true, parallel: PARALLEL, onOutput })
          : stack.refresh({ parallel: PARALLEL, onOutput }),
    ),
  );
  const requests = (await admin("GET", "/_emulator/requests")).requests;
  const summary = outcome.outcome.summary;
  return {
    result: summary?.result ?? "succeeded",
    changes: summary?.resourceChanges ?? outcome.outcome.changeSummary,
    wallMs: outcome.cliMs,
    load: loadAtStart,
    requests: requests.length,
    vmcloudResources: RESOURCES,
    requestsPerResource: perResource(requests.length),
    requestsByRoute: byRoute(requests),
    processes,
  };
}

/**
 * The same stack through the provider plugin (bench/fixtures/scale-plugin): `up`, `refresh`
 * and `destroy` measured as ours are, and its checkpoint (no `__provider`).
 */
async function measurePlugin() {
  const plugin = await openStack(join(repo, "bench/fixtures/scale-plugin"), emulator, projectId, {
    vms: VMS,
    groups: GROUPS,
    prefix: `plugin${Date.now().toString(36)}`,
  });
  try {
    const up = await measureUp(plugin.stack);
    const { state } = stateOf(plugin.stateFile);
    const refresh = await measureRefresh(plugin.stack);
    const refreshAgain = await measureRefresh(plugin.stack);
    const destroy = await measureDestroy(plugin.stack);
    return { up, state, refresh, refreshAgain, destroy };
  } finally {
    await plugin.close();
  }
}

let failure;
try {
  // The engine's floor: `up` of the same program making no resource (the CLI, the language
  // host, the program and the SDK loading), a part of every `up` that no provider can avoid.
  const empty = await openStack(join(repo, "bench/fixtures/scale"), emulator, projectId, {
    vms: 0,
    groups: 0,
    prefix: `floor${Date.now().toString(36)}`,
  });
  try {
    result.floorUpMs = (await timedCli((onOutput) => empty.stack.up({ onOutput }))).cliMs;
  } finally {
    await empty.close();
  }
  result.preview = await measurePreview(session.stack);
  result.up = await measureUp();
  const { state, samples } = stateOf(session.stateFile);
  result.state = state;
  result.samples = samples;
  // The waiting provider right after ours: the engine's own time, measured at about the same
  // load as our `up`.
  if (BASELINE) result.engineBaseline = await measureEngineBaseline(samples);
  result.refresh = await measureRefresh(session.stack);
  // The first refresh after `up` reads by id the VMs changed after their outputs were recorded
  // (passwords set, disks attached); from then on, as a nightly drift job or the next
  // pipeline's `--refresh` finds the stack, they come from the lists.
  result.refreshAgain = await measureRefresh(session.stack);
  result.previewRefresh = await measureRefresh(session.stack, "preview");
  result.upRefresh = await measureRefresh(session.stack, "up");
  if (RATE_LIMIT > 0) {
    await admin("PUT", "/_emulator/rate-limit", { requestsPerSecond: RATE_LIMIT });
    try {
      result.refreshLimited = await measureRefresh(session.stack);
    } finally {
      await admin("PUT", "/_emulator/rate-limit", null);
    }
  }
  result.destroy = await measureDestroy();
  if (PLUGIN) result.plugin = await measurePlugin();

  // The same stack again, under the service's rate limit.
  if (RATE_LIMIT > 0 && LIMITED_UP) {
    const limit = await admin("PUT", "/_emulator/rate-limit", { requestsPerSecond: RATE_LIMIT });
    const up = await measureUp();
    const upLimit = await admin("GET", "/_emulator/rate-limit");
    const destroy = await measureDestroy();
    const destroyLimit = await admin("GET", "/_emulator/rate-limit");
    await admin("PUT", "/_emulator/rate-limit", null);
    result.rateLimited = {
      limit: limit.limit,
      goalRatio: GOAL_RATIO_LIMITED,
      up: { ...up, limiter: upLimit },
      destroy: { ...destroy, limiter: destroyLimit },
    };
  }
} catch (error) {
  failure = error;
  result.error = String(error?.message ?? error).slice(-4000);
} finally {
  await session.close();
  await emulator.close();
}

const opRow = (label, op, ratio) => [
  label,
  seconds(op.wallMs),
  ratio === undefined ? "" : `${ratio.toFixed(2)}×`,
  op.requests === undefined ? "0" : `${op.requests} (${op.requestsPerResource}/resource)`,
  op.result ?? "",
  op.load === undefined ? "" : op.load.toFixed(1),
];
const goal = (text, met) => console.log(`goal: ${text}: ${met ? "met" : "MISSED"}`);
/** `a` ÷ `b`, rounded to 0.01. */
const ratioOf = (a, b) => Math.round((a / b) * 100) / 100;
if (result.refreshLimited && result.refreshAgain)
  result.refreshLimited.ratio = ratioOf(result.refreshLimited.wallMs, result.refreshAgain.wallMs);
if (result.up) {
  const limited = result.rateLimited;
  const waiting = result.engineBaseline;
  const plugin = result.plugin;
  printTable(
    `Scale: ${VMS} VMs + ${VMS} disks + ${VMS} attachments + ${GROUPS} subnets + ${GROUPS} groups ` +
      `(${RESOURCES} resources), speed ${SPEED}, +${LATENCY} ms per request, --parallel ${PARALLEL}`,
    ["operation", "time", "vs critical path", "requests", "result", "load"],
    [
      ["critical path of up", seconds(criticalPathMs), "1.00×", "", "", ""],
      ["up of no resource (floor)", seconds(result.floorUpMs), "", "", "", ""],
      ...(result.preview ? [opRow("pulumi preview (all new)", result.preview)] : []),
      opRow("pulumi up (CLI)", result.up, result.up.ratio),
      [
        "pulumi up (Automation API call)",
        seconds(result.up.automationApiMs),
        `${(result.up.automationApiMs / criticalPathMs).toFixed(2)}×`,
        "",
        "",
        "",
      ],
      [
        "pulumi up (engine)",
        seconds(result.up.engineMs),
        `${result.up.engineRatio.toFixed(2)}×`,
        "",
        "",
        "",
      ],
      ...(waiting ? [opRow("up, a provider that only waits", waiting.up, waiting.up.ratio)] : []),
      ...(plugin ? [opRow("up, the provider plugin", plugin.up, plugin.up.ratio)] : []),
      ...(result.refresh ? [opRow("pulumi refresh", result.refresh)] : []),
      ...(result.refreshAgain ? [opRow("pulumi refresh, again", result.refreshAgain)] : []),
      ...(result.previewRefresh ? [opRow("pulumi preview --refresh", result.previewRefresh)] : []),
      ...(result.upRefresh ? [opRow("pulumi up --refresh", result.upRefresh)] : []),
      ...(result.refreshLimited
        ? [
            opRow(
              `refresh again, ${RATE_LIMIT} requests/s limit`,
              result.refreshLimited,
              result.refreshLimited.ratio,
            ),
          ]
        : []),
      ...(plugin ? [opRow("refresh, the provider plugin", plugin.refresh)] : []),
      ...(plugin ? [opRow("refresh again, the plugin", plugin.refreshAgain)] : []),
      ["critical path of destroy", seconds(destroyCriticalPathMs), "1.00×", "", "", ""],
      ...(result.destroy ? [opRow("pulumi destroy", result.destroy, result.destroy.ratio)] : []),
      ...(waiting
        ? [opRow("destroy, a provider that only waits", waiting.destroy, waiting.destroy.ratio)]
        : []),
      ...(plugin
        ? [opRow("destroy, the provider plugin", plugin.destroy, plugin.destroy.ratio)]
        : []),
      ...(limited
        ? [
            opRow(`up, ${RATE_LIMIT} requests/s limit`, limited.up, limited.up.ratio),
            opRow(
              `destroy, ${RATE_LIMIT} requests/s limit`,
              limited.destroy,
              limited.destroy.ratio,
            ),
          ]
        : []),
    ],
  );
  console.log("(load: the machine's 1-minute load average when the operation began; 2 cores)");
  goal(
    `up ≤ ${GOAL_PER_RESOURCE.up} requests per resource (${result.up.requestsPerResource})`,
    result.up.requestsPerResource <= GOAL_PER_RESOURCE.up,
  );
  if (result.refresh)
    goal(
      `refresh ≤ ${GOAL_PER_RESOURCE.refresh} request per resource (${result.refresh.requestsPerResource})`,
      result.refresh.requestsPerResource <= GOAL_PER_RESOURCE.refresh,
    );
  if (result.refreshAgain) {
    const most = VMS >= 500 ? GOAL_REFRESH_AGAIN.at500 : GOAL_REFRESH_AGAIN.below500;
    for (const [label, op] of [
      ["refresh again", result.refreshAgain],
      ["preview --refresh", result.previewRefresh],
      ["up --refresh", result.upRefresh],
    ]) {
      goal(
        `${label} ≤ ${most} requests per resource (${op.requestsPerResource}), no change (${JSON.stringify(op.changes)})`,
        op.requestsPerResource <= most &&
          Object.keys(op.changes ?? {}).every((kind) => kind === "same"),
      );
    }
  }
  if (result.refreshLimited)
    goal(
      `under ${RATE_LIMIT} requests/s, refresh again ≤ ${GOAL_REFRESH_LIMITED}× its time without a limit (${result.refreshLimited.ratio.toFixed(2)}×), ${result.refreshLimited.result}`,
      result.refreshLimited.ratio <= GOAL_REFRESH_LIMITED &&
        result.refreshLimited.result === "succeeded",
    );
  if (result.destroy)
    goal(
      `destroy ≤ ${GOAL_PER_RESOURCE.destroy} requests per resource (${result.destroy.requestsPerResource})`,
      result.destroy.requestsPerResource <= GOAL_PER_RESOURCE.destroy,
    );
  if (waiting) {
    result.vsWaiting = { up: ratioOf(result.up.wallMs, waiting.up.wallMs) };
    goal(
      `up ≤ ${GOAL_VS_WAITING}× the waiting provider's (${result.vsWaiting.up.toFixed(2)}×)`,
      result.vsWaiting.up <= GOAL_VS_WAITING,
    );
    if (result.destroy) {
      result.vsWaiting.destroy = ratioOf(result.destroy.wallMs, waiting.destroy.wallMs);
      goal(
        `destroy ≤ ${GOAL_VS_WAITING}× the waiting provider's (${result.vsWaiting.destroy.toFixed(2)}×)`,
        result.vsWaiting.destroy <= GOAL_VS_WAITING,
      );
    }
  }
  if (plugin) {
    result.pluginVsDynamic = {
      up: ratioOf(plugin.up.wallMs, result.up.wallMs),
      checkpoint: ratioOf(plugin.state.checkpointBytes, result.state.checkpointBytes),
    };
    goal(
      `the plugin's up ≤ ${GOAL_PLUGIN_VS_DYNAMIC}× the dynamic providers' (${result.pluginVsDynamic.up.toFixed(2)}×)`,
      result.pluginVsDynamic.up <= GOAL_PLUGIN_VS_DYNAMIC,
    );
    goal(
      `the plugin's checkpoint smaller (${plugin.state.checkpointBytes} bytes against ${result.state.checkpointBytes})`,
      plugin.state.checkpointBytes < result.state.checkpointBytes,
    );
  }
  if (limited) {
    goal(
      `under ${RATE_LIMIT} requests/s, up ≤ ${GOAL_RATIO_LIMITED}× the critical path (${limited.up.ratio.toFixed(2)}×)`,
      limited.up.ratio <= GOAL_RATIO_LIMITED,
    );
    goal(
      `under ${RATE_LIMIT} requests/s, destroy ≤ ${GOAL_RATIO_LIMITED}× the critical path (${limited.destroy.ratio.toFixed(2)}×)`,
      limited.destroy.ratio <= GOAL_RATIO_LIMITED,
    );
    goal(
      `under ${RATE_LIMIT} requests/s, no error (up ${limited.up.result}, destroy ${limited.destroy.result}), 0 duplicates (${limited.up.duplicates}) and nothing left`,
      limited.up.result === "succeeded" &&
        limited.destroy.result === "succeeded" &&
        limited.up.duplicates === 0 &&
        Object.values(limited.destroy.leftInCloud).every((n) => n === 0),
    );
    console.log(
      `under ${RATE_LIMIT} requests/s: up met ${limited.up.answered429} answers 429, ` +
        `${limited.up.limiter.beforeRetryAfter} requests before a Retry-After ended; destroy ` +
        `${limited.destroy.answered429} and ${limited.destroy.limiter.beforeRetryAfter}`,
    );
  }
  // Peak resident set and CPU seconds per process role, per operation.
  const ROLES = ["cli", "languageHost", "program", "providerHost"];
  const memoryRows = [
    ["preview", result.preview],
    ["up", result.up],
    ["refresh", result.refresh],
    ["refresh again", result.refreshAgain],
    ["destroy", result.destroy],
    ["up, waiting provider", waiting?.up],
    ["destroy, waiting provider", waiting?.destroy],
    ["up, plugin", plugin?.up],
    ["refresh, plugin", plugin?.refresh],
    ["destroy, plugin", plugin?.destroy],
    [`up, ${RATE_LIMIT} requests/s`, limited?.up],
    [`destroy, ${RATE_LIMIT} requests/s`, limited?.destroy],
  ].filter(([, op]) => op?.processes !== undefined);
  printTable(
    "Peak resident set (MB) and CPU seconds per process: the CLI, the language host (Go), " +
      "the program (Node.js) and the provider host",
    ["operation", ...ROLES.flatMap((role) => [`${role} MB`, "CPU s"])],
    memoryRows.map(([label, op]) => [
      label,
      ...ROLES.flatMap((role) => {
        const p = op.processes[role];
        return p === undefined ? ["", ""] : [p.peakRssMb, p.cpuS];
      }),
    ]),
  );
  result.peaks = Object.fromEntries(
    ROLES.map((role) => [
      role,
      Math.max(0, ...memoryRows.map(([, op]) => op.processes[role]?.peakRssMb ?? 0)),
    ]),
  );
  if (VMS >= 500)
    goal(
      `each process's peak ≤ ${GOAL_PEAK_MB} MB (${JSON.stringify(result.peaks)})`,
      Object.values(result.peaks).every((mb) => mb <= GOAL_PEAK_MB),
    );
}
for (const [label, op] of [
  ["up", result.up],
  ["refresh", result.refresh],
  ["refresh again", result.refreshAgain],
  ["preview --refresh", result.previewRefresh],
  ["up --refresh", result.upRefresh],
  [`refresh again, ${RATE_LIMIT} requests/s limit`, result.refreshLimited],
  ["destroy", result.destroy],
  ["up, the provider plugin", result.plugin?.up],
  ["refresh again, the provider plugin", result.plugin?.refreshAgain],
  ["destroy, the provider plugin", result.plugin?.destroy],
  [`up, ${RATE_LIMIT} requests/s limit`, result.rateLimited?.up],
  [`destroy, ${RATE_LIMIT} requests/s limit`, result.rateLimited?.destroy],
]) {
  if (op?.requestsByRoute === undefined) continue;
  printTable(
    `Requests by route: ${label} (${op.requests}, ${op.requestsPerResource} per resource)`,
    ["route", "requests"],
    Object.entries(op.requestsByRoute).map(([route, n]) => [route, n]),
  );
}
/** A table of step times by type (from `stepTimer`). */
const stepTable = (title, byType) =>
  printTable(
    title,
    ["type", "cloud delay", "p50", "p95", "max", "p50 − delay"],
    Object.entries(byType).map(([type, t]) => [
      type,
      t.cloudDelayMs,
      t.p50,
      t.p95,
      t.max,
      t.overPlusP50,
    ]),
  );
if (result.up?.createMs) {
  stepTable(
    `Creates during up (engine step start → done, ms); start-up before the first request ` +
      `${seconds(result.up.startupMs)}, after the last request ${seconds(result.up.tailMs)}`,
    result.up.createMs,
  );
}
if (result.engineBaseline?.up.createMs) {
  stepTable(
    "Creates during up, the provider that only waits (cloud delay + 2 requests)",
    result.engineBaseline.up.createMs,
  );
}
if (result.destroy?.deleteMs) {
  stepTable(
    `Deletes during destroy (engine step start → done, ms); start-up before the first request ` +
      `${seconds(result.destroy.startupMs)}, after the last request ${seconds(result.destroy.tailMs)}`,
    result.destroy.deleteMs,
  );
}
if (result.engineBaseline?.destroy.deleteMs) {
  stepTable(
    "Deletes during destroy, the provider that only waits (cloud delay + 2 requests)",
    result.engineBaseline.destroy.deleteMs,
  );
}
for (const [label, op] of [
  ["destroy", result.destroy],
  [`up, ${RATE_LIMIT} requests/s limit`, result.rateLimited?.up],
  [`destroy, ${RATE_LIMIT} requests/s limit`, result.rateLimited?.destroy],
]) {
  if (op?.writesSentAtS === undefined) continue;
  printTable(
    `Changing requests sent during ${label} (s from its start: first, median, last)`,
    ["route", "first", "p50", "last"],
    Object.entries(op.writesSentAtS).map(([route, t]) => [route, t.first, t.p50, t.last]),
  );
  console.log(`requests per second: ${op.requestsPerSecond}`);
  if (op.answered429 > 0) console.log(`429s per second:      ${op.refusedPerSecond}`);
}
if (result.state) {
  printTable(
    `State of the ${VMS}-VM stack: ${result.state.resources} resources, checkpoint ${result.state.checkpointBytes} bytes, ` +
      `__provider ${result.state.providerBytesTotal} bytes (${result.state.providerShare} %)` +
      (result.engineBaseline
        ? `; the waiting provider's checkpoint ${result.engineBaseline.checkpointBytes} bytes`
        : "") +
      (result.plugin
        ? `; the plugin's checkpoint ${result.plugin.state.checkpointBytes} bytes`
        : ""),
    ["type", "count", "__provider bytes", "resource bytes p50", "through the plugin"],
    Object.entries(result.state.perType).map(([type, t]) => [
      type,
      t.count,
      t.providerBytes,
      t.resourceBytesP50,
      result.plugin?.state.perType[type]?.resourceBytesP50 ?? "",
    ]),
  );
}
if (result.destroy)
  console.log(`left in the cloud after destroy: ${JSON.stringify(result.destroy.leftInCloud)}`);
await writeResult(values.result, result);
if (failure) {
  console.error(`scale benchmark failed: ${result.error}`);
  process.exitCode = 1;
}
