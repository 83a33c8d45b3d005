// What docs/client.md and docs/reliability.md say of `PULUMI_DEBUG_GRPC` (issue 41): the
// engine's own log of its gRPC messages holds the stack's credentials in plain text, in its
// CheckConfig and Configure requests, where no redaction of the provider reaches. Shown under
// the real engine with one preview whose stack has a random token and a random
// `vmcloud:secret`; and both docs must say so, with what to do.
import { existsSync, readFileSync, rmSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestEmulator, type TestEmulator } from "../support/emulator";
import { ENGINE_TIMEOUT_MS, prepareEngine, repo, type Engine } from "./support/engine";
import { openExampleStack, type ExampleStack } from "./support/example-stack";

const WORK_DIR = join(repo, "tests/e2e/fixtures/preview-mistakes");
/** The emulated IAM's key id and secret. */
const iam = () => emulator.fixtures["iam"] as { keyId: string; secret: string };

let engine: Engine;
let emulator: TestEmulator;
let stack: ExampleStack | undefined;
let log: string;

beforeAll(async () => {
  engine = await prepareEngine();
  emulator = await startTestEmulator({
    token: `grpc-token-${Math.random().toString(36).slice(2)}`,
  });
}, ENGINE_TIMEOUT_MS);

afterAll(async () => {
  await stack?.close();
  await emulator?.close();
  if (log !== undefined) rmSync(log, { force: true });
});

describe("PULUMI_DEBUG_GRPC", () => {
  it("writes the stack's token and vmcloud:secret in plain text, as the docs warn", async () => {
    stack = await openExampleStack(engine, emulator, "debug-grpc", {
      workDir: WORK_DIR,
      // One resource, so that the engine configures the provider; a key id and secret the
      // emulated IAM takes (the token is used first).
      config: {
        program: JSON.stringify([
          { kind: "Subnet", name: "net", args: { name: "grpc-net", address: "10.71.0.0/24" } },
        ]),
        "vmcloud:keyId": iam().keyId,
      },
      secrets: { "vmcloud:secret": iam().secret },
    });
    log = join(stack.backendDir, "..", "grpc.log");
    stack.stack.workspace.envVars.PULUMI_DEBUG_GRPC = log;
    await stack.stack.preview();
    expect(existsSync(log)).toBe(true);
    const text = readFileSync(log, "utf8");
    expect(text).toContain(emulator.token);
    expect(text).toContain(iam().secret);
    // In the engine's own requests to the provider.
    const lines = text.split("\n").filter((l) => l.includes(iam().secret));
    expect(lines.some((l) => /CheckConfig|Configure/.test(l))).toBe(true);
  }, 180_000);

  it.each(["docs/client.md", "docs/reliability.md"])("%s says so, with what to do", (file) => {
    const text = readFileSync(join(repo, file), "utf8");
    const at = text.indexOf("PULUMI_DEBUG_GRPC");
    expect(at, `${file} does not mention PULUMI_DEBUG_GRPC`).toBeGreaterThanOrEqual(0);
    const around = text.slice(at, at + 1200);
    expect(around).toContain("plain text");
    expect(around).toContain("vmcloud:secret");
    expect(around).toMatch(/rotate/);
  });
});
