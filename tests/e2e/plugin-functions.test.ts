// The plugin's functions from a YAML program, under the real engine against the emulator: the
// program calls a lookup (`fn::invoke` of vmcloud:index:getFlavors and getFlavor) and an action
// function (vmcloud:index:restartQueueManager) through the `pulumi-resource-vmcloud` plugin of
// this package. `preview` answers the lookups and sends nothing of the action (its output says
// it was skipped); `up` runs the action once, and its stack outputs are the lookups' answers; a
// bad argument fails the preview naming the function, the argument and the rule. The token
// appears in no output, log or state. Never skipped: if the engine or the YAML host cannot be
// built, `beforeAll` fails.
import { randomUUID } from "node:crypto";
import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Stack } from "@pulumi/pulumi/automation";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { LoggedRequest } from "../../emulator/core/request-log";
import type { OperationsFixtures } from "../../emulator/operations/fixtures";
import type { OperationsState } from "../../emulator/operations/state";
import { startTestEmulator, type TestEmulator } from "../support/emulator";
import { type Engine, ENGINE_TIMEOUT_MS, prepareEngine, repo } from "./support/engine";
import { type ExampleStack, openExampleStack } from "./support/example-stack";

const TOKEN = `functions-token-${randomUUID()}`;

/** The program: two lookups and one action function, their answers as stack outputs. */
const PROGRAM = `name: vmcloud-plugin-functions
runtime: yaml
plugins:
  providers:
    - name: vmcloud
      path: ${join(repo, "plugin")}
config:
  cpu:
    type: integer
  flavorName:
    type: string
  instanceId:
    type: string
variables:
  sized:
    fn::invoke:
      function: vmcloud:index:getFlavors
      arguments:
        cpu: \${cpu}
  flavorId:
    fn::invoke:
      function: vmcloud:index:getFlavor
      arguments:
        name: \${flavorName}
      return: id
  restart:
    fn::invoke:
      function: vmcloud:index:restartQueueManager
      arguments:
        instanceId: \${instanceId}
outputs:
  names: \${sized.names}
  flavorId: \${flavorId}
  restartSkipped: \${restart.skipped}
  restartStatus: \${restart.status}
`;

let engine: Engine;
let emu: TestEmulator;
let scratch: string;
let state: string;
let example: ExampleStack;
let stack: Stack;
let instance: string;
const seen: string[] = [];

async function restarts(): Promise<number> {
  const body = (await emu.call("GET", "/_emulator/state")).body as { operations: OperationsState };
  return body.operations.queueInstances[instance]!.restarts;
}

async function requests(): Promise<LoggedRequest[]> {
  return ((await emu.call("GET", "/_emulator/requests")).body as { requests: LoggedRequest[] })
    .requests;
}

beforeAll(async () => {
  engine = await prepareEngine("ours", { languages: true });
  emu = await startTestEmulator({ token: TOKEN });
  const ops = emu.fixtures.operations as OperationsFixtures;
  instance = ops.queueInstances.find((q) => q.name === "rabbitmq-orders")!.id;
  scratch = await mkdtemp(join(tmpdir(), "vmcloud-plugin-functions-"));
  const workDir = join(scratch, "program");
  await mkdir(workDir);
  await writeFile(join(workDir, "Pulumi.yaml"), PROGRAM);
  example = await openExampleStack(engine, emu, "plugin-functions", {
    workDir,
    config: {
      "vmcloud:operationsProjectId": ops.projectId,
      cpu: "2",
      flavorName: emu.fixtures.vm.flavors[0]!.name,
      instanceId: instance,
    },
  });
  state = example.backendDir;
  stack = example.stack;
}, ENGINE_TIMEOUT_MS);

afterAll(async () => {
  await example?.close();
  await emu?.close();
  if (scratch) await rm(scratch, { recursive: true, force: true });
}, 60_000);

describe("a YAML program calling the plugin's functions", () => {
  it("previews with the lookups answered and the action skipped", async () => {
    await emu.call("DELETE", "/_emulator/requests");
    const preview = await stack.preview({ diff: true });
    seen.push(preview.stdout, preview.stderr);
    // The outputs of the preview: the lookups' answers, and the action skipped.
    expect(preview.stdout).toMatch(/restartSkipped: true/);
    expect(preview.stdout).toContain(emu.fixtures.vm.flavors[0]!.id);
    expect(preview.changeSummary).toEqual({ create: 1 });
    expect(await restarts()).toBe(0);
    // The lookups read; nothing else reached the service.
    const methods = new Set((await requests()).map((r) => r.method));
    expect([...methods]).toEqual(["GET"]);
  }, 180_000);

  it("runs the action once on up, and outputs the lookups' answers", async () => {
    const up = await stack.up();
    seen.push(up.stdout, up.stderr);
    expect(up.summary.result).toBe("succeeded");
    expect(await restarts()).toBe(1);
    const twoCpu = (
      (await emu.call("GET", "/api/v1/flavors?cpu=2")).body as {
        items: Array<{ name: string }>;
      }
    ).items.map((f) => f.name);
    expect([...(up.outputs["names"]!.value as string[])].sort()).toEqual(twoCpu.sort());
    expect(up.outputs["flavorId"]!.value).toBe(emu.fixtures.vm.flavors[0]!.id);
    expect(up.outputs["restartSkipped"]!.value).toBe(false);
    expect(up.outputs["restartStatus"]!.value).toBe("success");
  }, 180_000);

  it("fails the preview of a bad argument, naming the function, the argument and the rule", async () => {
    await stack.setConfig("cpu", { value: "1000" });
    const error = (await stack.preview().catch((e: unknown) => e)) as Error;
    seen.push(error.message);
    expect(error).toBeInstanceOf(Error);
    expect(error.message).toContain("vmcloud:index:getFlavors");
    expect(error.message).toMatch(/getFlavors: invalid argument "cpu": .*128/);
    await stack.setConfig("cpu", { value: "2" });
  }, 180_000);

  it("never shows the token in output, logs or state", async () => {
    const files = await readdir(state, { recursive: true });
    for (const file of files) {
      const text = await readFile(join(state, file)).then(
        (b) => b.toString(),
        () => "",
      );
      seen.push(text);
    }
    expect(seen.length).toBeGreaterThan(3);
    for (const text of seen) expect(text).not.toContain(TOKEN);
  });
});
