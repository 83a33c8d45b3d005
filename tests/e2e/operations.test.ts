// examples/operations under the real Pulumi engine, against the emulator: the action
// resources (backup restore, index snapshot restore, queue manager restart, event report, node
// migration) beside a managed disk, and the functions in a runbook. `up` runs every operation
// once; `refresh` changes nothing and asks the operations services nothing; a new event
// severity previews as exactly one in-place update that runs nothing again, a new restore
// round as exactly one replace that restores again; a disk edited behind Pulumi's back is
// found by `refresh` and set back by `up`; `destroy` sends nothing to the operations services
// and leaves only the fixtures. Never skipped: if the engine cannot be built, `beforeAll` fails.
import { beforeAll, describe, expect, it } from "vitest";
import {
  changes,
  recorder,
  stateResource,
  waitForResourceIds,
  useExampleStack,
} from "./support/example-stack";

const TYPE = "pulumi-nodejs:dynamic/vmcloud:";
const OP_TIMEOUT = 180_000;
/**
 * Stack, disk, and five actions: each a component with its run, and the restores' and the
 * migration's waits.
 */
const RESOURCES = 2 + 5 * 2 + 3;
const RUNBOOK = [
  "restore-backup",
  "restore-index",
  "restart-queue",
  "test-alarm",
  "migrate-node",
  "upgrade-wait",
];

interface Logged {
  method: string;
  url: string;
}

interface OpsFixtures {
  containerClusters: Array<{ id: string; name: string }>;
  nodes: Array<{ uid: string; name: string }>;
}

/** Paths of the operations services (everything but the VM service's `/api/v1…`). */
const isOperations = (r: Logged) => !/^\/api\/v1(\.1)?\//.test(r.url);

describe("examples/operations under `pulumi up`", () => {
  let operationsIds: Record<string, string[]>;
  let ops: OpsFixtures;
  let outputs: Record<string, unknown>;

  /** The operations fixtures' ids, by collection (they must survive everything). */
  async function operationsState(): Promise<
    Record<string, Record<string, Record<string, unknown>>>
  > {
    return (
      (await emulator.call("GET", "/_emulator/state")).body as {
        operations: Record<string, Record<string, Record<string, unknown>>>;
      }
    ).operations;
  }
  async function fixtureCollectionIds(): Promise<Record<string, string[]>> {
    const state = await operationsState();
    const names = [
      "backups",
      "searchClusters",
      "snapshots",
      "queueInstances",
      "containerClusters",
      "nodes",
      "upgradeTasks",
    ];
    return Object.fromEntries(names.map((n) => [n, Object.keys(state[n] ?? {}).sort()]));
  }
  async function requests(): Promise<Logged[]> {
    return ((await emulator.call("GET", "/_emulator/requests")).body as { requests: Logged[] })
      .requests;
  }
  async function clearRequests(): Promise<void> {
    expect((await emulator.call("DELETE", "/_emulator/requests")).status).toBeLessThan(300);
  }

  const { emulator, example, fixtureIds } = useExampleStack("operations", {
    stack: async (started) => {
      operationsIds = await fixtureCollectionIds();
      ops = started.fixtures["operations"] as OpsFixtures;
      return { secrets: { nodePassword: "Migrate-2026!" } };
    },
  });
  beforeAll(async () => {
    // `runbook` is a list: set item by item, as `pulumi config set --path 'runbook[0]' …` does.
    const steps = Object.fromEntries(RUNBOOK.map((step, i) => [`runbook[${i}]`, { value: step }]));
    await example.stack.setAllConfig(steps, true);
  });

  it(
    "runs every operation once, as resources and as runbook functions",
    async () => {
      const up = await example.stack.up();
      expect(up.summary.result).toBe("succeeded");
      expect(up.summary.resourceChanges).toEqual({ create: RESOURCES });
      outputs = Object.fromEntries(Object.entries(up.outputs).map(([k, v]) => [k, v.value]));
      expect(outputs).toMatchObject({
        restoreStatus: "success",
        reindexStatus: "restored",
        queueRestart: "success",
        migrationStatus: "Success",
      });
      expect(outputs["releaseEventCount"]).toBe(1);
      expect(outputs["runbook"]).toEqual({
        "upgrade-tasks": expect.stringMatching(/^\d+ tasks$/),
        "restore-backup": "success",
        "restore-index": "restored",
        "restart-queue": "success",
        "test-alarm": "accepted, then cleared: accepted",
        "migrate-node": "Success",
        "upgrade-wait": "SUCCESS",
      });

      const state = await operationsState();
      // The backup was restored into the disk the program manages, twice (resource, runbook).
      const restores = Object.values(state["operationLogs"] ?? {});
      expect(restores.map((r) => r["target_resource_id"])).toEqual([
        outputs["appDataId"],
        outputs["appDataId"],
      ]);
      // Three nodes now belong to the target cluster: two by the resource, one by the runbook.
      const target = ops.containerClusters.find((c) => c.name === "cce-prod-b")!.id;
      const moved = Object.values(state["nodes"] ?? {})
        .filter((n) => n["cluster_id"] === target)
        .map((n) => n["name"])
        .sort();
      expect(moved).toEqual([
        "prod-a-node-1",
        "prod-a-node-2",
        "prod-a-node-3",
        "prod-b-node-1",
        "prod-b-node-2",
      ]);
      const queue = Object.values(state["queueInstances"] ?? {}).find(
        (q) => q["name"] === "rabbitmq-orders",
      );
      expect(queue?.["restarts"]).toBe(2);
    },
    OP_TIMEOUT,
  );

  it(
    "refreshes with no changes and without asking the operations services",
    async () => {
      // From here on the runbook is empty (its default): only the resources act.
      await example.stack.removeConfig("runbook");
      await clearRequests();
      const refresh = await example.stack.refresh();
      expect(refresh.summary.resourceChanges).toEqual({ same: RESOURCES });
      expect((await requests()).filter(isOperations)).toEqual([]);
    },
    OP_TIMEOUT,
  );

  it(
    "previews a new event severity as one in-place update that reports nothing again",
    async () => {
      await example.stack.setConfig("releaseEventSeverity", { value: "Minor" });
      const seen = recorder();
      const preview = await example.stack.preview({ onEvent: seen.onEvent });
      expect(changes(preview.changeSummary)).toEqual({ update: 1 });
      expect(seen.steps).toEqual([
        expect.objectContaining({ op: "update", type: `${TYPE}EventReport` }),
      ]);

      await clearRequests();
      const up = await example.stack.up();
      expect(changes(up.summary.resourceChanges)).toEqual({ update: 1 });
      // Recorded, not re-run: no event was pushed.
      expect((await requests()).filter((r) => r.url.includes("/push/events"))).toEqual([]);
      const report = await stateResource(example.stack, "EventReport", "release-event");
      expect(JSON.stringify(report.outputs?.["events"])).toContain('"Minor"');
    },
    OP_TIMEOUT,
  );

  it(
    "previews a new restore round as exactly one replace, and `up` restores again",
    async () => {
      await example.stack.setConfig("restoreRound", { value: "2" });
      const seen = recorder();
      const preview = await example.stack.preview({ onEvent: seen.onEvent });
      // The restore's run (which restores) and its wait (which follows the new job).
      expect(changes(preview.changeSummary)).toEqual({ replace: 2 });
      expect(seen.steps.filter((s) => s.op === "replace")).toEqual([
        expect.objectContaining({ type: `${TYPE}BackupRestore` }),
        expect.objectContaining({ type: `${TYPE}ActionWait` }),
      ]);

      await clearRequests();
      const up = await example.stack.up();
      expect(changes(up.summary.resourceChanges)).toEqual({ replace: 2 });
      expect(up.outputs["restoreJob"]?.value).not.toBe(outputs["restoreJob"]);
      expect(up.outputs["restoreStatus"]?.value).toBe("success");
      const restores = (await requests()).filter(
        (r) => r.method === "POST" && r.url.endsWith("/restore"),
      );
      expect(restores).toHaveLength(1);
    },
    OP_TIMEOUT,
  );

  it(
    "finds the disk edited behind Pulumi's back on refresh, and `up` sets it back",
    async () => {
      const diskId = String(outputs["appDataId"]);
      const edited = await emulator.call("PUT", `/api/v1/disks/${diskId}`, {
        body: { description: "edited by hand" },
      });
      expect(edited.status, edited.text).toBe(200);
      await emulator.waitFor(
        `/api/v1/disks/${diskId}`,
        (body) => (body as { description: string }).description === "edited by hand",
      );

      const seen = recorder();
      const refresh = await example.stack.refresh({ onEvent: seen.onEvent });
      expect(changes(refresh.summary.resourceChanges)).toEqual({ update: 1 });
      expect(seen.steps).toEqual([expect.objectContaining({ op: "update", type: `${TYPE}Disk` })]);

      const preview = await example.stack.preview();
      expect(changes(preview.changeSummary)).toEqual({ update: 1 });
      const up = await example.stack.up();
      expect(changes(up.summary.resourceChanges)).toEqual({ update: 1 });
      const disk = await emulator.call("GET", `/api/v1/disks/${diskId}`);
      expect((disk.body as { description: string }).description).toBe("application data");
    },
    OP_TIMEOUT,
  );

  it(
    "destroys the stack without undoing any operation, leaving only the fixtures",
    async () => {
      await clearRequests();
      const destroy = await example.stack.destroy();
      expect(destroy.summary.resourceChanges).toEqual({ delete: RESOURCES });
      expect((await requests()).filter(isOperations)).toEqual([]);
      expect(await waitForResourceIds(emulator, fixtureIds)).toEqual(fixtureIds);
      expect(await fixtureCollectionIds()).toEqual(operationsIds);
      expect(ops.nodes.length).toBe(operationsIds["nodes"]?.length);
    },
    OP_TIMEOUT,
  );
});
