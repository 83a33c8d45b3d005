#!/usr/bin/env node
// Wait overhead: for VM, disk and subnet creates made by the real providers (loaded as the
// dynamic-provider host loads them) against the emulator at speed 1, the time from the moment
// the emulator's resource reaches its final state (`running`, `available`, `created`) to the
// moment the provider's `create` returns. That moment is read from the emulator's own plan of
// the record (its scheduled status change), so it is exact. Prints a table and writes
// bench/results/wait-overhead.json. Goal: p50 ≤ 100 ms, p95 ≤ 250 ms.
//
//   node bench/wait-overhead.mjs [--samples 30] [--concurrency 5] [--speed 1]
import { parseArgs } from "node:util";
import { checkAndCreate, loadProvider } from "./lib/provider.mjs";
import { dist, printTable, stats, writeResult } from "./lib/common.mjs";

const { values } = parseArgs({
  options: {
    samples: { type: "string", default: "30" },
    concurrency: { type: "string", default: "5" },
    speed: { type: "string", default: "1" },
  },
});
const SAMPLES = Number(values.samples);
const CONCURRENCY = Number(values.concurrency);
const SPEED = Number(values.speed);
const GOAL = { p50: 100, p95: 250 };

// The providers' progress lines ("waiting for …") would bury the table.
const writeErr = process.stderr.write.bind(process.stderr);
process.stderr.write = (chunk, ...rest) =>
  String(chunk).startsWith("vmcloud: ") ? true : writeErr(chunk, ...rest);

const { startEmulator } = dist("emulator/index.js");
const { DELAYS } = dist("emulator/vm/delays.js");

const emulator = await startEmulator({ speed: SPEED });
const fixtures = await (await fetch(`${emulator.url}/_emulator/fixtures`)).json();
const projectId = fixtures.vm.projectId;
const vmState = () => emulator.store.state.vm;

/**
 * Remembers, for each record named `name` in `collection`, when its plan moves it to `status`:
 * the plan is written when the create is handled and consumed only when a later read applies
 * it, so looking every 2 ms never misses it.
 */
function watchPlans(collection, status) {
  const seen = new Map();
  const timer = setInterval(() => {
    for (const record of Object.values(vmState()[collection])) {
      if (seen.has(record.name)) continue;
      const step = record.schedule?.find((s) => s.status === status);
      if (step !== undefined) seen.set(record.name, step.at);
    }
  }, 2);
  return {
    at: (name) => seen.get(name),
    stop: () => clearInterval(timer),
  };
}

const kinds = [
  {
    label: "VM (Vm)",
    module: "resources/vm",
    collection: "vms",
    status: "running",
    delayMs: DELAYS.vmCreate,
    inputs: (name) => ({
      name,
      flavor: "burst-1-1",
      image: "ubuntu-22.04",
      bootDisk: { size: 10 },
    }),
  },
  {
    label: "disk (Disk)",
    module: "resources/disk",
    collection: "disks",
    status: "available",
    delayMs: DELAYS.diskCreate,
    inputs: (name) => ({ name, size: 10 }),
  },
  {
    label: "subnet (Subnet)",
    module: "resources/subnet",
    collection: "subnets",
    status: "created",
    delayMs: DELAYS.subnetCreate,
    inputs: (name, i) => ({ name, address: `10.${150 + Math.floor(i / 200)}.${i % 200}.0/24` }),
  },
];

const results = {};
try {
  for (const kind of kinds) {
    const loaded = await loadProvider(kind.module, emulator, projectId);
    const watch = watchPlans(kind.collection, kind.status);
    const overhead = [];
    const total = [];
    let next = 0;
    const worker = async () => {
      while (next < SAMPLES) {
        const i = next++;
        const name = `wait-${kind.collection}-${i}`;
        const started = Date.now();
        await checkAndCreate(loaded, kind.inputs(name, i));
        const returned = Date.now();
        const changedAt = watch.at(name);
        if (changedAt === undefined)
          throw new Error(`no planned "${kind.status}" seen for ${name}`);
        overhead.push(returned - changedAt);
        total.push(returned - started);
      }
    };
    await Promise.all(Array.from({ length: CONCURRENCY }, worker));
    watch.stop();
    results[kind.label] = {
      stateChangeAfterMs: Math.round(kind.delayMs / SPEED),
      createMs: stats(total),
      overheadMs: stats(overhead),
      meetsGoal: stats(overhead).p50 <= GOAL.p50 && stats(overhead).p95 <= GOAL.p95,
    };
  }
} finally {
  await emulator.close();
}

printTable(
  `Wait overhead: state change in the emulator → provider's create returns (ms); speed ${SPEED}, ` +
    `${SAMPLES} creates per kind, ${CONCURRENCY} at a time; goal p50 ≤ ${GOAL.p50}, p95 ≤ ${GOAL.p95}`,
  ["kind", "cloud delay", "create p50", "overhead p50", "p95", "max", "goal"],
  Object.entries(results).map(([label, r]) => [
    label,
    r.stateChangeAfterMs,
    r.createMs.p50,
    r.overheadMs.p50,
    r.overheadMs.p95,
    r.overheadMs.max,
    r.meetsGoal ? "met" : "MISSED",
  ]),
);

await writeResult("wait-overhead", {
  speed: SPEED,
  samples: SAMPLES,
  concurrency: CONCURRENCY,
  goalMs: GOAL,
  kinds: results,
});
