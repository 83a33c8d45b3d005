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
import { pluginToken, TYPE_TOKENS } from "../../../provider/type-tokens";
import { named as fixture, startActionsEnv } from "./support/actions-env";

// The SDK classes under Pulumi's mocks: each is a component (`vmcloud:index:<Class>`) whose
// run registers the class's own type token, the shim of its provider module and its inputs,
// and, where the operation goes on after its request, an `ActionWait` given everything the
// run recorded; the outcome outputs come from the wait where there is one, and what the real
// provider records comes back as the class's outputs. The node password is registered as a
// secret input.

const registered: pulumi.runtime.MockResourceArgs[] = [];
/** What the mock answers: a run has only started (`accepted`), a wait has seen the end. */
const STATUS: Record<string, string> = { [TYPE_TOKENS.ActionWait]: "success" };
/** The state the engine returns for a resource (`<type> <name>`), when a test sets one. */
const engineState = new Map<string, Record<string, unknown>>();
beforeAll(() => {
  pulumi.runtime.setMocks(
    {
      newResource: (args) => {
        registered.push(args);
        const status = STATUS[args.type] ?? "accepted";
        const state = engineState.get(`${args.type} ${args.name}`) ?? { ...args.inputs, status };
        return { id: `${args.name}-id`, state };
      },
      call: (args) => args.inputs,
    },
    "project",
    "stack",
    false,
  );
});

const find = (type: string, name: string) =>
  registered.find((r) => r.type === type && r.name === name);
const byName = (type: string, name: string) => {
  const found = find(type, name);
  if (found === undefined) throw new Error(`${type} ${name} was not registered`);
  return found;
};
const value = <T>(output: pulumi.Output<T>) =>
  new Promise<T>((resolve) => output.apply((v) => resolve(v)));

describe("action resource classes", () => {
  it("register a component, their run (type token, provider shim, inputs) and, where the operation goes on, its wait", async () => {
    const cases: Array<
      [pulumi.ComponentResource, string, keyof typeof TYPE_TOKENS, string, boolean]
    > = [
      [
        new BackupRestore("br", { backupId: "b-1", volumeId: "v-1", triggers: [1] }),
        "br",
        "BackupRestore",
        "actions/backup-restore",
        true,
      ],
      [
        new IndexSnapshotRestore("isr", { clusterId: "c", snapshotId: "s", targetClusterId: "t" }),
        "isr",
        "IndexSnapshotRestore",
        "actions/index-snapshot-restore",
        true,
      ],
      [
        new QueueManagerRestart("qmr", { instanceId: "i" }),
        "qmr",
        "QueueManagerRestart",
        "actions/queue-manager-restart",
        false,
      ],
      [
        new EventReport("er", { events: [{ id: "a" }], action: "clear" }),
        "er",
        "EventReport",
        "actions/event-report",
        false,
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
        true,
      ],
    ];
    for (const [resource, name, typeName, module, waits] of cases) {
      // The outcome resolves once the run (and the wait) are registered.
      await value((resource as BackupRestore).status);
      expect(byName(pluginToken(typeName), name).custom).toBe(false);
      const run = byName(TYPE_TOKENS[typeName], name);
      expect(run.inputs.__provider).toBe(providerShim(module as `actions/${string}`));
      const wait = find(TYPE_TOKENS.ActionWait, name);
      expect(wait !== undefined, typeName).toBe(waits);
      if (wait !== undefined) {
        expect(wait.inputs.__provider).toBe(providerShim("actions/action-wait"));
        expect(wait.inputs.action).toBe(typeName);
        // Everything the run recorded, as the run's outputs (the mock echoes its inputs).
        expect(wait.inputs.run).toMatchObject({ status: "accepted" });
      }
    }
    expect(byName(TYPE_TOKENS.BackupRestore, "br").inputs).toMatchObject({
      backupId: "b-1",
      volumeId: "v-1",
      triggers: [1],
    });
    expect(byName(TYPE_TOKENS.ActionWait, "br").inputs).toMatchObject({
      triggers: [1],
      run: { backupId: "b-1", volumeId: "v-1", triggers: [1] },
    });
    expect(byName(TYPE_TOKENS.EventReport, "er").inputs).toMatchObject({
      action: "clear",
      events: [{ id: "a" }],
    });
  });

  it("take the outcome from the wait where there is one, else from the run", async () => {
    const restart = new QueueManagerRestart("qmr-out", { instanceId: "i" });
    expect(await value(restart.status)).toBe("accepted");
    expect(await value(restart.instanceId)).toBe("i");
    const restore = new BackupRestore("br-out", { backupId: "b-1", volumeId: "v-1" });
    expect(await value(restore.status)).toBe("success");
    expect(await value(restore.volumeId)).toBe("v-1");
    expect(await value(restore.id)).toBe("br-out-id");
  });

  it("expose every output the real provider records, each under its own name", async () => {
    const env = await startActionsEnv();
    try {
      const instanceId = fixture(env.ops.queueInstances, "rabbitmq-orders").id;
      const provider = await env.provider("actions/queue-manager-restart");
      const { outs } = await provider.up({ instanceId });
      expect(Object.keys(outs)).toEqual(
        expect.arrayContaining(["status", "finished", "startedAt", "result", "instanceId"]),
      );
      // The engine stores what the provider's create returned and hands it to the class.
      engineState.set(`${TYPE_TOKENS.QueueManagerRestart} qmr-real`, outs);
      const restart = new QueueManagerRestart("qmr-real", { instanceId });
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

  it("NodeMigration registers the password as a secret, whatever the program passed, and records it nowhere", async () => {
    const migration = new NodeMigration("nm-secret", {
      clusterId: "a",
      targetClusterId: "b",
      nodeIds: ["n"],
      os: "EulerOS 2.9",
      password: "Zq7-Migr@te-Wx9",
    });
    await value(migration.urn);
    await value(migration.status);
    // The input reaches the engine wrapped as a secret (Pulumi's secret signature).
    expect(byName(TYPE_TOKENS.NodeMigration, "nm-secret").inputs.password).toEqual({
      [pulumi.runtime.specialSigKey]: pulumi.runtime.specialSecretSig,
      value: "Zq7-Migr@te-Wx9",
    });
    // Neither the component nor the wait carries it.
    expect(migration).not.toHaveProperty("password");
    expect(JSON.stringify(byName(TYPE_TOKENS.ActionWait, "nm-secret").inputs)).not.toContain(
      "Zq7-Migr@te-Wx9",
    );
  });
});
