import * as pulumi from "@pulumi/pulumi";
import { beforeAll, describe, expect, it } from "vitest";
import { providerShim } from "../../../provider/shim";
import {
  BackupRestore,
  EventReport,
  IndexSnapshotRestore,
  NodeMigration,
  QueueManagerRestart,
} from "../../../sdk/actions";
import { TYPE_TOKENS } from "../../../provider/type-tokens";
import { named, startActionsEnv } from "./support";

// The SDK classes under Pulumi's mocks: each registers its own type token, the shim of its
// provider module, its inputs and every outcome output (what the real provider records comes
// back as the class's outputs); the node password is registered as a secret input.

const registered: pulumi.runtime.MockResourceArgs[] = [];
/** The state the engine returns for a resource name, when a test sets one. */
const engineState = new Map<string, Record<string, unknown>>();
beforeAll(() => {
  pulumi.runtime.setMocks(
    {
      newResource: (args) => {
        registered.push(args);
        const state = engineState.get(args.name) ?? { ...args.inputs, status: "success" };
        return { id: `${args.name}-id`, state };
      },
      call: (args) => args.inputs,
    },
    "project",
    "stack",
    false,
  );
});

const byName = (name: string) => {
  const found = registered.find((r) => r.name === name);
  if (found === undefined) throw new Error(`${name} was not registered`);
  return found;
};
const value = <T>(output: pulumi.Output<T>) =>
  new Promise<T>((resolve) => output.apply((v) => resolve(v)));

describe("action resource classes", () => {
  it("register their type token, provider shim and inputs", async () => {
    const cases: Array<[pulumi.CustomResource, string, keyof typeof TYPE_TOKENS, string]> = [
      [
        new BackupRestore("br", { backupId: "b-1", volumeId: "v-1", triggers: [1] }),
        "br",
        "BackupRestore",
        "actions/backup-restore",
      ],
      [
        new IndexSnapshotRestore("isr", { clusterId: "c", snapshotId: "s", targetClusterId: "t" }),
        "isr",
        "IndexSnapshotRestore",
        "actions/index-snapshot-restore",
      ],
      [
        new QueueManagerRestart("qmr", { instanceId: "i" }),
        "qmr",
        "QueueManagerRestart",
        "actions/queue-manager-restart",
      ],
      [
        new EventReport("er", { events: [{ id: "a" }], action: "clear" }),
        "er",
        "EventReport",
        "actions/event-report",
      ],
      [
        new NodeMigration("nm", {
          clusterId: "a",
          targetClusterId: "b",
          nodeIds: ["n"],
          os: "EulerOS 2.9",
          sshKey: "k",
        }),
        "nm",
        "NodeMigration",
        "actions/node-migration",
      ],
    ];
    for (const [resource, name, typeName, module] of cases) {
      await value(resource.urn);
      const args = byName(name);
      expect(args.type).toBe(TYPE_TOKENS[typeName]);
      expect(args.inputs.__provider).toBe(providerShim(module as `actions/${string}`));
    }
    expect(byName("br").inputs).toMatchObject({ backupId: "b-1", volumeId: "v-1", triggers: [1] });
    expect(byName("er").inputs).toMatchObject({ action: "clear", events: [{ id: "a" }] });
  });

  it("expose every output the real provider records, each under its own name", async () => {
    const env = await startActionsEnv();
    try {
      const instanceId = named(env.ops.queueInstances, "rabbitmq-orders").id;
      const provider = await env.provider("actions/queue-manager-restart");
      const { outs } = await provider.up({ instanceId });
      expect(Object.keys(outs)).toEqual(
        expect.arrayContaining(["status", "finished", "startedAt", "result", "instanceId"]),
      );
      // The engine stores what the provider's create returned and hands it to the class.
      engineState.set("qmr-out", outs);
      const restart = new QueueManagerRestart("qmr-out", { instanceId });
      const properties = restart as unknown as Record<string, unknown>;
      for (const [key, recorded] of Object.entries(outs)) {
        expect(pulumi.Output.isInstance(properties[key]), key).toBe(true);
        expect(await value(properties[key] as pulumi.Output<unknown>), key).toEqual(recorded);
      }
    } finally {
      await env.close();
    }
  });

  it("have a jobId output only where the operation can start a job", async () => {
    // The queue manager restart answers at once: an output that is never set would only show
    // as `[unknown]` in every preview (and warn when exported).
    const restart = new QueueManagerRestart("qmr-job", { instanceId: "i" });
    const snapshot = new IndexSnapshotRestore("isr-job", {
      clusterId: "c",
      snapshotId: "s",
      targetClusterId: "t",
    });
    const report = new EventReport("er-job", { events: [{ id: "a" }], action: "clear" });
    for (const jobless of [restart, snapshot, report]) {
      await value(jobless.urn);
      expect("jobId" in jobless).toBe(false);
      expect(jobless).not.toHaveProperty("jobId");
      for (const key of ["status", "finished", "startedAt", "finishedAt", "result", "error"]) {
        expect(jobless, key).toHaveProperty(key);
      }
    }
    const restore = new BackupRestore("br-job", { backupId: "b-1", volumeId: "v-1" });
    const migration = new NodeMigration("nm-job", {
      clusterId: "a",
      targetClusterId: "b",
      nodeIds: ["n"],
      os: "EulerOS 2.9",
      sshKey: "k",
    });
    expect(pulumi.Output.isInstance(restore.jobId)).toBe(true);
    expect(pulumi.Output.isInstance(migration.jobId)).toBe(true);
  });

  it("NodeMigration registers the password as a secret, whatever the program passed", async () => {
    const migration = new NodeMigration("nm-secret", {
      clusterId: "a",
      targetClusterId: "b",
      nodeIds: ["n"],
      os: "EulerOS 2.9",
      password: "Zq7-Migr@te-Wx9",
    });
    await value(migration.urn);
    // The engine would get it as a secret input; the mock echoes inputs as state, so the
    // property that carries it back is secret too (additionalSecretOutputs).
    const password = (migration as unknown as Record<string, pulumi.Output<unknown>>).password!;
    expect(await pulumi.isSecret(password)).toBe(true);
    expect(await pulumi.isSecret(migration.os)).toBe(false);
    // The input reaches the engine wrapped as a secret (Pulumi's secret signature).
    expect(byName("nm-secret").inputs.password).toEqual({
      [pulumi.runtime.specialSigKey]: pulumi.runtime.specialSecretSig,
      value: "Zq7-Migr@te-Wx9",
    });
  });
});
