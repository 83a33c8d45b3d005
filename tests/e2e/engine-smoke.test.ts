// The real Pulumi engine, end to end, on the smallest possible program: scripts/pulumi-engine.sh
// builds (first run, ~5 min) or reuses the CLI and the Node.js language host, then the
// Automation API drives `up`, `preview`, `refresh`, `preview --policy-pack` and `destroy` of
// tests/e2e/fixtures/engine-smoke with a local file backend. If the engine cannot be built the
// suite fails: it is never skipped.
import { join } from "node:path";
import type { EngineEvent, Stack } from "@pulumi/pulumi/automation";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ENGINE_TIMEOUT_MS, prepareEngine, repo } from "./support/engine";
import { type ExampleStack, openExampleStack } from "./support/example-stack";

const workDir = join(repo, "tests/e2e/fixtures/engine-smoke");
const policyPack = join(repo, "tests/e2e/fixtures/engine-policy");
const greetingType = "pulumi-nodejs:dynamic/engine-smoke:Greeting";

/** Collects the resource steps of one operation, as the engine reports them. */
function stepRecorder() {
  const steps: { op: string; type: string; urn: string }[] = [];
  const onEvent = (event: EngineEvent) => {
    const step = event.resOutputsEvent?.metadata;
    if (step) steps.push({ op: step.op, type: step.type, urn: step.urn });
  };
  return { steps, onEvent };
}

describe("the real Pulumi engine", () => {
  let example: ExampleStack;
  let stack: Stack;

  beforeAll(async () => {
    example = await openExampleStack(await prepareEngine(), undefined, "engine-smoke", {
      workDir,
    });
    stack = example.stack;
  }, ENGINE_TIMEOUT_MS);

  afterAll(async () => {
    await example?.close();
  }, 120_000);

  it("creates the dynamic resource and returns what its provider returned", async () => {
    const { steps, onEvent } = stepRecorder();
    const started = Date.now();
    const up = await stack.up({ onEvent });
    console.log(`up: ${Date.now() - started} ms`);

    expect(up.summary.result).toBe("succeeded");
    // The stack resource itself plus the one Greeting.
    expect(up.summary.resourceChanges).toEqual({ create: 2 });
    expect(steps.filter((s) => s.type === greetingType)).toEqual([
      expect.objectContaining({ op: "create", type: greetingType }),
    ]);
    expect(up.outputs["greeting"]?.value).toBe("hello engine");
    expect(up.outputs["resourceId"]?.value).toBe("smoke-engine");
  }, 180_000);

  it("previews no changes afterwards", async () => {
    const started = Date.now();
    const preview = await stack.preview();
    console.log(`preview: ${Date.now() - started} ms`);
    expect(preview.changeSummary).toEqual({ same: 2 });
  }, 180_000);

  it("refreshes through the provider's read", async () => {
    const started = Date.now();
    const refresh = await stack.refresh();
    console.log(`refresh: ${Date.now() - started} ms`);
    expect(refresh.summary.result).toBe("succeeded");
    expect(refresh.summary.resourceChanges).toEqual({ same: 2 });
    // The fixture's read marks what it returns: the state now holds that.
    const state = await stack.exportStack();
    const greeting = state.deployment.resources.find(
      (r: { type: string }) => r.type === greetingType,
    );
    expect(greeting?.outputs).toMatchObject({ name: "engine", refreshed: true });
    expect(greeting?.id).toBe("smoke-engine");
  }, 180_000);

  it("runs a Node.js policy pack and reports its violation", async () => {
    const started = Date.now();
    const failure = await stack.preview({ policyPacks: [policyPack] }).then(
      () => new Error("preview with a mandatory violation succeeded"),
      (error: unknown) => error,
    );
    console.log(`preview --policy-pack: ${Date.now() - started} ms`);
    expect(failure).toBeInstanceOf(Error);
    const message = String((failure as Error).message);
    expect(message).toContain("engine-smoke-policy");
    expect(message).toContain("no-greetings");
    expect(message).toContain('greeting for "engine" is not allowed');
  }, 180_000);

  it("destroys everything", async () => {
    const started = Date.now();
    const destroy = await stack.destroy();
    console.log(`destroy: ${Date.now() - started} ms`);
    expect(destroy.summary.result).toBe("succeeded");
    expect(destroy.summary.resourceChanges).toEqual({ delete: 2 });
    const state = await stack.exportStack();
    expect(state.deployment.resources ?? []).toHaveLength(0);
  }, 180_000);
});
