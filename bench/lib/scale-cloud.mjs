// The cloud of the scale benchmarks (bench/scale.mjs, bench/split-stacks.mjs): the emulator with
// realistic latencies (its delays slowed down by `speed`, every request delayed by `latency`
// ms), the project's quotas raised for the stacks, the critical paths of the scale fixture's
// graph under those latencies, and how an operation is timed as a user of the CLI sees it.
import { readFileSync } from "node:fs";
import { dist, stats } from "./common.mjs";
import { adminOf, raiseQuotas } from "./emulator-admin.mjs";

/** Program-made records in the emulator (fixtures excluded), by collection. */
const COLLECTIONS = [
  "vms",
  "disks",
  "subnets",
  "securityGroups",
  "securityGroupRules",
  "interfaces",
];

/**
 * Starts the emulator at `speed` with `latency` ms added to every request and the quotas raised
 * for `vms` VMs in `groups` subnets and security groups (twice over: a stack's records being
 * deleted still count). Answers `{ emulator, admin, projectId, requestMs, madeInCloud }`:
 * `admin(method, path, body)` calls the emulator's admin API, `requestMs` is the measured cost
 * of one request (p50 of 30 small GETs, keep-alive), and `madeInCloud()` counts the records made
 * since the start, by collection.
 */
export async function startScaleCloud({ speed, latency, vms, groups }) {
  const { startEmulator } = dist("emulator/index.js");
  const emulator = await startEmulator({ speed });
  const admin = adminOf(emulator);
  const fixtures = await admin("GET", "/_emulator/fixtures");
  const projectId = fixtures.vm.projectId;
  await admin("PUT", "/_emulator/faults", { rules: [{ latencyMs: latency }] });
  await raiseQuotas(admin, projectId, vms, groups);
  const before = await admin("GET", "/_emulator/state");
  const madeInCloud = async () => {
    const state = await admin("GET", "/_emulator/state");
    return Object.fromEntries(
      COLLECTIONS.map((c) => [
        c,
        Object.keys(state.vm[c] ?? {}).filter((id) => !(id in (before.vm[c] ?? {}))).length,
      ]),
    );
  };
  const rtt = [];
  for (let i = 0; i < 30; i++) {
    const started = performance.now();
    const response = await fetch(
      `${emulator.url}/api/v1/availability-zones/${fixtures.vm.zones[0].id}`,
      { headers: { authorization: `Bearer ${emulator.token}` } },
    );
    await response.text();
    rtt.push(performance.now() - started);
  }
  return { emulator, admin, projectId, requestMs: stats(rtt).p50, madeInCloud };
}

/**
 * The scale fixture's cloud delays at `speed` and its critical paths with `requestMs` per
 * request: `stepDelays` (type → its create's and its delete's delay in ms; a DiskAttachment's
 * delete is its detach), `delaysMs` (the creates on `up`'s chain), `criticalPathMs` and
 * `destroyCriticalPathMs`.
 */
export function scaleCriticalPaths(speed, requestMs) {
  const { DELAYS } = dist("emulator/vm/delays.js");
  const scaled = (ms) => ms / speed;
  const stepDelays = {
    Subnet: { create: scaled(DELAYS.subnetCreate), delete: scaled(DELAYS.subnetDelete) },
    SecurityGroup: {
      create: scaled(DELAYS.securityGroupCreate),
      delete: scaled(DELAYS.securityGroupDelete),
    },
    Vm: { create: scaled(DELAYS.vmCreate), delete: scaled(DELAYS.vmDelete) },
    Disk: { create: scaled(DELAYS.diskCreate), delete: scaled(DELAYS.diskDelete) },
    DiskAttachment: { create: scaled(DELAYS.diskAttach), delete: scaled(DELAYS.diskDetach) },
  };
  // Critical path: the attachment needs the disk and the VM; the VM needs its subnet and group.
  const vmReadyAt =
    Math.max(scaled(DELAYS.subnetCreate), scaled(DELAYS.securityGroupCreate)) +
    scaled(DELAYS.vmCreate);
  const attachStartsAt = Math.max(vmReadyAt, scaled(DELAYS.diskCreate));
  const chainDelayMs = attachStartsAt + scaled(DELAYS.diskAttach);
  // Each resource on the chain needs at least its create request and one read that sees it
  // ready.
  const criticalPathMs = chainDelayMs + 3 * 2 * requestMs;
  // Destroy: attachments first (detach), then VMs and disks, then subnets and groups (after the
  // VMs that use them); again a request and a read per resource on the chain.
  const vmGoneAt = scaled(DELAYS.diskDetach) + scaled(DELAYS.vmDelete);
  const destroyCriticalPathMs =
    Math.max(
      vmGoneAt + Math.max(scaled(DELAYS.subnetDelete), scaled(DELAYS.securityGroupDelete)),
      scaled(DELAYS.diskDetach) + scaled(DELAYS.diskDelete),
    ) +
    3 * 2 * requestMs;
  return {
    stepDelays,
    delaysMs: {
      subnetCreate: scaled(DELAYS.subnetCreate),
      securityGroupCreate: scaled(DELAYS.securityGroupCreate),
      vmCreate: scaled(DELAYS.vmCreate),
      diskCreate: scaled(DELAYS.diskCreate),
      diskAttach: scaled(DELAYS.diskAttach),
    },
    criticalPathMs,
    destroyCriticalPathMs,
  };
}

/**
 * Runs a CLI operation of the Automation API and times it as a user of the CLI sees it: from
 * the call to the CLI's last output (its summary, just before it exits). `apiMs` adds what
 * the Automation API does after the CLI (`up` reads the stack's outputs and history with two
 * more CLI runs).
 */
export async function timedCli(run) {
  let lastOutputAt = 0;
  const onOutput = () => (lastOutputAt = Date.now());
  const started = Date.now();
  const outcome = await run(onOutput);
  const apiMs = Date.now() - started;
  return { outcome, started, cliMs: (lastOutputAt || Date.now()) - started, apiMs };
}

/** The 1-minute load average of the machine (other engineers' work shares its 2 cores). */
export function loadAverage() {
  return Number(readFileSync("/proc/loadavg", "utf8").split(" ")[0]);
}
