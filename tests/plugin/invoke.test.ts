// The plugin's functions over the engine's protocol: the real `pulumi-resource-vmcloud` launcher,
// started as the engine starts it and driven over gRPC (tests/engine/support/dynamic-host.ts),
// against the real emulator over HTTP. A lookup and an action function answer as their result
// schemas say; a bad argument is a check failure naming the function, the argument and the fix,
// and nothing is sent; an action function sends nothing during a preview and runs during an
// update; a secret argument makes every output secret. The launcher runs `dist/`: `npm run
// build` first, as `npm test` does.
import { randomUUID } from "node:crypto";
import { createRequire } from "node:module";
import { join } from "node:path";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { LoggedRequest } from "../../emulator/core/request-log";
import type { OperationsFixtures } from "../../emulator/operations/fixtures";
import type { OperationsState } from "../../emulator/operations/state";
import type * as Functions from "../../provider/plugin/functions";
import {
  hostError,
  repo,
  SECRET_SIG,
  secretValue,
  startDynamicHost,
  type DynamicHost,
} from "../engine/support/dynamic-host";
import { startTestEmulator, type TestEmulator } from "../support/emulator";

const built = createRequire(join(repo, "dist/provider/plugin/"));
const { pluginFunctions } = built("./functions.js") as typeof Functions;

const TOKEN = `invoke-token-${randomUUID()}`;

let emu: TestEmulator;
let plugin: DynamicHost;
let ops: OperationsFixtures;

beforeAll(async () => {
  emu = await startTestEmulator({ token: TOKEN });
  ops = emu.fixtures.operations as OperationsFixtures;
  plugin = await startDynamicHost({ script: join(repo, "plugin/pulumi-resource-vmcloud") });
  await plugin.configure(
    {
      "vmcloud:endpoint": emu.url,
      "vmcloud:token": TOKEN,
      "vmcloud:projectId": emu.fixtures.vm.projectId,
      "vmcloud:operationsProjectId": ops.projectId,
    },
    ["vmcloud:token"],
  );
}, 60_000);

afterAll(async () => {
  await plugin?.stop();
  await emu?.close();
});

beforeEach(async () => {
  await emu.call("POST", "/_emulator/reset");
  await emu.call("DELETE", "/_emulator/requests");
});

async function requests(): Promise<LoggedRequest[]> {
  return ((await emu.call("GET", "/_emulator/requests")).body as { requests: LoggedRequest[] })
    .requests;
}

/** The result schema of the function `name`: what its outputs must parse with. */
function resultOf(name: string) {
  return pluginFunctions().get(`vmcloud:index:${name}`)!.result;
}

describe("a lookup through the plugin", () => {
  it("getFlavors lists what the emulator holds, as its result schema says", async () => {
    const answer = await plugin.invoke("vmcloud:index:getFlavors", {});
    expect(answer.failures).toEqual([]);
    const names = emu.fixtures.vm.flavors.map((f) => f.name);
    expect([...(answer.outputs.names as string[])].sort()).toEqual([...names].sort());
    expect(resultOf("getFlavors").safeParse(answer.outputs).success).toBe(true);

    const two = await plugin.invoke("vmcloud:index:getFlavors", { cpu: 2 });
    const flavors = two.outputs.flavors as Array<{ cpu: number; availabilityZones: unknown[] }>;
    expect(flavors.length).toBeGreaterThan(0);
    expect(flavors.length).toBeLessThan(names.length);
    for (const flavor of flavors) expect(flavor.cpu).toBe(2);
    // camelCase names, as the TypeScript SDK answers them.
    expect(Object.keys(flavors[0]!)).toContain("availabilityZones");
  });

  it("getFlavor finds exactly one by its exact name", async () => {
    const fixture = emu.fixtures.vm.flavors[0]!;
    const answer = await plugin.invoke("vmcloud:index:getFlavor", { name: fixture.name });
    expect(answer.failures).toEqual([]);
    expect(answer.outputs).toMatchObject({ id: fixture.id, name: fixture.name });
    expect(resultOf("getFlavor").safeParse(answer.outputs).success).toBe(true);
  });

  it("a bad argument fails naming the function, the argument and the fix; nothing is sent", async () => {
    const tooMany = await plugin.invoke("vmcloud:index:getFlavors", { cpu: 1000 });
    expect(tooMany.outputs).toEqual({});
    expect(tooMany.failures).toHaveLength(1);
    expect(tooMany.failures[0]!.property).toBe("cpu");
    expect(tooMany.failures[0]!.reason).toMatch(/^getFlavors: invalid argument "cpu": .*128/);

    const misspelt = await plugin.invoke("vmcloud:index:getFlavor", { nmae: "gen-2-4" });
    expect(misspelt.failures).toHaveLength(1);
    expect(misspelt.failures[0]!.property).toBe("nmae");
    expect(misspelt.failures[0]!.reason).toMatch(
      /^getFlavor: unknown argument "nmae" \(known: .*name/,
    );

    const action = await plugin.invoke("vmcloud:index:restartQueueManager", { instance: "x" });
    expect(action.failures.map((f) => f.property)).toContain("instance");
    expect(action.failures.find((f) => f.property === "instance")!.reason).toMatch(
      /^restartQueueManager: instance: unknown argument "instance"; check its spelling/,
    );
    expect(await requests()).toEqual([]);
  });

  it("a failure of the service is an error naming the function, with no token in it", async () => {
    const error = await hostError(
      plugin.invoke("vmcloud:index:getTask", { id: "2c3d4e5f-6a7b-4c8d-9e0f-1a2b3c4d5e6f" }),
    );
    expect(error.details).toMatch(/^getTask: .*404/);
    expect(error.details).not.toContain(TOKEN);
    expect(plugin.output()).not.toContain(TOKEN);
  });

  it("a secret argument makes every output secret", async () => {
    const answer = await plugin.invoke("vmcloud:index:getProject", {
      projectId: secretValue(emu.fixtures.vm.projectId),
    });
    expect(answer.failures).toEqual([]);
    for (const value of Object.values(answer.outputs)) {
      expect((value as Record<string, unknown>)[SECRET_SIG.key]).toBe(SECRET_SIG.value);
    }
    expect((answer.outputs.id as { value: string }).value).toBe(emu.fixtures.vm.projectId);
  });

  it("takes a nested argument under the program's spelling of its fields, as it takes the schema's", async () => {
    // A Python dict arrives with its snake_case keys, a Go map with the keys it was given: the
    // plugin reads them as the schema's fields (provider/plugin/argument-names.ts).
    const disk = { size: 20 };
    const schema = await plugin.invoke("vmcloud:index:getPrice", {
      disks: [{ ...disk, diskType: "SSD" }],
    });
    expect(schema.failures).toEqual([]);
    expect(resultOf("getPrice").safeParse(schema.outputs).success).toBe(true);
    for (const key of ["disk_type", "DiskType"]) {
      const spelt = await plugin.invoke("vmcloud:index:getPrice", {
        disks: [{ ...disk, [key]: "SSD" }],
      });
      expect(spelt).toEqual(schema);
    }
    // A key that is no field, in any spelling, is still refused by name; so is a field given
    // under both spellings (which one was meant cannot be known).
    for (const extra of [{ disk_kind: "SSD" }, { diskType: "SSD", disk_type: "HDD" }]) {
      const refused = await plugin.invoke("vmcloud:index:getPrice", {
        disks: [{ ...disk, diskType: "SSD", ...extra }],
      });
      expect(refused.failures.map((f) => f.reason).join("\n")).toMatch(
        /getPrice: .*(disk_kind|disk_type)/,
      );
    }
  });

  it("an unknown function is refused, naming those served", async () => {
    const error = await hostError(plugin.invoke("vmcloud:index:getFlavours", {}));
    expect(error.details).toContain("no function vmcloud:index:getFlavours");
    expect(error.details).toContain("vmcloud:index:getFlavors");
  });
});

describe("an action function through the plugin", () => {
  const RESTART = /^\/v2\/[0-9a-f]{32}\/instances\/[^/]+\/restart-queue-manager$/;
  const restarts = async (id: string) =>
    (
      (await emu.call("GET", "/_emulator/state")).body as {
        operations: OperationsState;
      }
    ).operations.queueInstances[id]!.restarts;
  const sent = async () =>
    (await requests()).filter((r) => r.method === "PUT" && RESTART.test(r.url.split("?")[0]!))
      .length;

  it("sends nothing during a preview and runs during the update", async () => {
    const instance = ops.queueInstances.find((q) => q.name === "rabbitmq-orders")!.id;
    const preview = await plugin.invoke(
      "vmcloud:index:restartQueueManager",
      { instanceId: instance },
      true,
    );
    expect(preview.failures).toEqual([]);
    expect(preview.outputs).toMatchObject({ skipped: true });
    expect(preview.outputs.reason).toContain("does not run during a preview");
    expect(await sent()).toBe(0);
    expect(await restarts(instance)).toBe(0);

    const update = await plugin.invoke("vmcloud:index:restartQueueManager", {
      instanceId: instance,
    });
    expect(update.failures).toEqual([]);
    expect(update.outputs).toMatchObject({
      skipped: false,
      status: "success",
      finished: true,
      result: { result: "success", instanceId: instance },
    });
    expect(update.outputs).not.toHaveProperty("jobId");
    expect(resultOf("restartQueueManager").safeParse(update.outputs).success).toBe(true);
    expect(await sent()).toBe(1);
    expect(await restarts(instance)).toBe(1);
  });
});
