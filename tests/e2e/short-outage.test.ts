// A short outage during `pulumi up`, under the real engine (issue 41): the emulator, a real
// process, is killed while the VM's create is in flight (held 6 s in the emulator by a latency
// fault, before it is handled) and comes back on the same port and state file 10 s later. The
// `up` must ride it out (the client retries failed connections to a service it has reached
// until the call's 60 s budget) and end with exactly one VM of the program's name. Before,
// the create failed 6-8 s in, `… ECONNREFUSED … (after 5 attempts)`.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { EngineEvent } from "@pulumi/pulumi/automation";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { TestEmulator } from "../support/emulator";
import {
  type EmulatorProcess,
  freePort,
  spawnEmulator,
  stopAllEmulators,
} from "../support/emulator-process";
import { ENGINE_TIMEOUT_MS, prepareEngine, repo, type Engine } from "./support/engine";
import { openExampleStack, type ExampleStack } from "./support/example-stack";

const WORK_DIR = join(repo, "tests/e2e/fixtures/preview-mistakes");
const TOKEN = `outage-${Math.random().toString(36).slice(2)}`;
const OUTAGE_MS = 10_000;
const dir = mkdtempSync(join(tmpdir(), "vmcloud-short-outage-"));

let engine: Engine;
let emulator: EmulatorProcess;
let port: number;
let stack: ExampleStack | undefined;

const args = () => [
  ...["--port", String(port), "--token", TOKEN, "--speed", "50"],
  ...["--state-file", join(dir, "state.json")],
];

beforeAll(async () => {
  engine = await prepareEngine();
  port = await freePort();
  emulator = await spawnEmulator(args());
}, ENGINE_TIMEOUT_MS);

afterAll(async () => {
  await stack?.stack.destroy().catch(() => undefined);
  await stack?.close();
  await stopAllEmulators();
  rmSync(dir, { recursive: true, force: true });
});

describe("a short outage during up", () => {
  it("is ridden out: the VM whose create was in flight ends made, once", async () => {
    const fixtures = (await (
      await fetch(`${emulator.url}/_emulator/fixtures`)
    ).json()) as TestEmulator["fixtures"];
    const target = { url: emulator.url, token: TOKEN, fixtures } as unknown as TestEmulator;
    const name = "outage-vm";
    const program = [
      {
        kind: "Vm",
        name: "vm",
        args: { name, flavor: "gen-2-4", image: "ubuntu-22.04", bootDisk: { size: 10 } },
      },
    ];
    stack = await openExampleStack(engine, target, "outage", {
      workDir: WORK_DIR,
      config: { program: JSON.stringify(program) },
    });
    const held = await fetch(`${emulator.url}/_emulator/faults`, {
      method: "PUT",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({
        rules: [{ route: "^/api/v1\\.1/vms$", method: "POST", latencyMs: 6_000, times: 1 }],
      }),
    });
    expect(held.status).toBe(200);

    // When the engine starts the VM's create, its POST follows within a second or so (the
    // provider's reads are local); it is then held, so the kill finds it in flight.
    let outage: Promise<void> | undefined;
    const onEvent = (event: EngineEvent) => {
      const pre = event.resourcePreEvent?.metadata;
      if (outage !== undefined || pre?.op !== "create" || !pre.urn.endsWith("::vm")) return;
      outage = (async () => {
        await new Promise((resolve) => setTimeout(resolve, 2_000));
        await emulator.stop("SIGKILL");
        await new Promise((resolve) => setTimeout(resolve, OUTAGE_MS));
        emulator = await spawnEmulator(args());
      })();
    };
    const started = Date.now();
    const result = await stack.stack.up({ onEvent });
    await outage;
    expect(outage).toBeDefined();
    expect(result.summary.result).toBe("succeeded");
    expect(Date.now() - started).toBeGreaterThanOrEqual(OUTAGE_MS);
    const state = (await (await fetch(`${emulator.url}/_emulator/state`)).json()) as {
      vm: { vms: Record<string, { id: string; name: string; status: string }> };
    };
    const named = Object.values(state.vm.vms).filter((v) => v.name === name);
    expect(named).toHaveLength(1);
    expect(result.outputs).toBeDefined();
  }, 240_000);
});
