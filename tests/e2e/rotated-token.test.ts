// A rotated token, under the real engine (issue 41). The emulator, a real process, accepts one
// token; it is restarted on the same port and state with a new one, as a token rotation would
// leave the service, and the stack's `vmcloud:token` is set to the new token. `pulumi refresh`
// then still fails with 401: the engine configures the provider with the settings stored at
// the last `up`, and the stack's token wins over VMCLOUD_TOKEN (docs/client.md, "Credentials").
// The 401 must name the way out the user has not tried, and that way must work without an
// `up`: `pulumi refresh --run-program` stores the new settings, after which a plain `refresh`
// and `destroy` succeed. Nothing is printed of either token.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { TestEmulator } from "../support/emulator";
import {
  type EmulatorProcess,
  freePort,
  spawnEmulator,
  stopAllEmulators,
} from "../support/emulator-process";
import { ENGINE_TIMEOUT_MS, prepareEngine, repo, type Engine } from "./support/engine";
import { failureText, openExampleStack, type ExampleStack } from "./support/example-stack";

const WORK_DIR = join(repo, "tests/e2e/fixtures/preview-mistakes");
const OLD_TOKEN = `old-${Math.random().toString(36).slice(2)}-token`;
const NEW_TOKEN = `new-${Math.random().toString(36).slice(2)}-token`;
const dir = mkdtempSync(join(tmpdir(), "vmcloud-rotate-"));

let engine: Engine;
let emulator: EmulatorProcess;
let port: number;
let stack: ExampleStack | undefined;

const args = (token: string) => [
  ...["--port", String(port), "--token", token, "--speed", "50"],
  ...["--state-file", join(dir, "state.json")],
];

beforeAll(async () => {
  engine = await prepareEngine();
  port = await freePort();
  emulator = await spawnEmulator(args(OLD_TOKEN));
}, ENGINE_TIMEOUT_MS);

afterAll(async () => {
  await stack?.close();
  await stopAllEmulators();
  rmSync(dir, { recursive: true, force: true });
});

describe("a rotated token", () => {
  it("refresh names --run-program on 401, and refresh --run-program makes refresh and destroy work", async () => {
    const fixtures = (await (
      await fetch(`${emulator.url}/_emulator/fixtures`)
    ).json()) as TestEmulator["fixtures"];
    // openExampleStack reads only the emulator's address, token and fixtures.
    const target = { url: emulator.url, token: OLD_TOKEN, fixtures } as unknown as TestEmulator;
    const program = [
      { kind: "Subnet", name: "net", args: { name: "rotate-net", address: "10.70.0.0/24" } },
    ];
    stack = await openExampleStack(engine, target, "rotate", {
      workDir: WORK_DIR,
      config: { program: JSON.stringify(program) },
    });
    await stack.stack.up();

    // The token is rotated: the service takes only the new one, which the stack is given.
    await emulator.stop();
    emulator = await spawnEmulator(args(NEW_TOKEN));
    await stack.stack.setConfig("vmcloud:token", { value: NEW_TOKEN, secret: true });

    // A plain refresh uses the settings stored at the last up, even with VMCLOUD_TOKEN set.
    stack.stack.workspace.envVars.VMCLOUD_TOKEN = NEW_TOKEN;
    const refused = await failureText(stack.stack.refresh());
    delete stack.stack.workspace.envVars.VMCLOUD_TOKEN;
    expect(refused).toContain("401");
    expect(refused).toContain("pulumi refresh --run-program");
    expect(refused).toContain("pulumi destroy --run-program");
    expect(refused).toContain("the stack's setting wins over VMCLOUD_TOKEN");
    for (const token of [OLD_TOKEN, NEW_TOKEN]) expect(refused).not.toContain(token);

    // The way out it names, with no up.
    const rerun = await stack.stack.refresh({ runProgram: true });
    expect(rerun.summary.result).toBe("succeeded");
    expect((await stack.stack.refresh()).summary.result).toBe("succeeded");
    expect((await stack.stack.destroy()).summary.result).toBe("succeeded");
    const state = (await (await fetch(`${emulator.url}/_emulator/state`)).json()) as {
      vm: { subnets: Record<string, { name: string; status: string }> };
    };
    expect(
      Object.values(state.vm.subnets).filter(
        (s) => s.name === "rotate-net" && s.status !== "deleting",
      ),
    ).toEqual([]);
  }, 300_000);
});
