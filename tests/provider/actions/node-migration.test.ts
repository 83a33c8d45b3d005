import { afterEach, describe, expect, it, vi, beforeAll } from "vitest";
import { failurePath } from "../support/failures";
import { ActionError, migrateNodes } from "../../../sdk/actions";
import { UNKNOWN } from "../support/fixtures";
import { actionPair, waitInputs, type ActionPair } from "./support/action-pair";
import type { ProviderHarness } from "../support/provider-harness";
import { walkLifecycle } from "./support/lifecycle";
import { inPreview, jsonText, named, startActionsEnv, useActionsEnv } from "./support/actions-env";

const env = useActionsEnv({ reset: "beforeEach" });
let p: ProviderHarness;
let pair: ActionPair;
beforeAll(async () => {
  pair = await actionPair(env, "actions/node-migration", "NodeMigration");
  p = pair.run;
});

// A password that meets the policy and that no fixture or message could contain by chance.
const PASSWORD = "Zq7-Migr@te-Wx9";
const MIGRATE = {
  method: "PUT",
  path: /^\/api\/v3\/projects\/[0-9a-f]{32}\/clusters\/[^/]+\/nodes\/operation\/migrateto\/[^/]+$/,
};
const cluster = (name: string) => named(env.ops.containerClusters, name).id;
const node = (name: string) => named(env.ops.nodes, name).uid;
const base = (nodes: string[]) => ({
  clusterId: cluster("cce-prod-a"),
  targetClusterId: cluster("cce-prod-b"),
  nodeIds: nodes.map(node),
  os: "EulerOS 2.9",
});

/** Everything written to stderr while `work` runs (progress lines of the provider). */
async function stderrOf<T>(work: () => Promise<T>): Promise<{ value: T | Error; text: string }> {
  const lines: string[] = [];
  const spy = vi.spyOn(process.stderr, "write").mockImplementation((chunk: unknown) => {
    lines.push(String(chunk));
    return true;
  });
  try {
    const value = await work().catch((e: Error) => e);
    return { value, text: lines.join("") };
  } finally {
    spy.mockRestore();
  }
}

afterEach(() => vi.restoreAllMocks());

describe("migrateNodes (function)", () => {
  it("migrates with a key pair, follows the job to Success, and the node moves", async () => {
    const run = await migrateNodes(
      { ...base(["prod-a-node-1"]), sshKey: "ops-keypair", projectId: env.ops.projectId },
      { client: env.client },
    );
    if (run.skipped) throw new Error("not expected to skip");
    expect(run).toMatchObject({
      status: "Success",
      finished: true,
      result: {
        phase: "Success",
        loginMode: "sshKey",
        nodes: [{ nodeId: node("prod-a-node-1"), nodeName: "prod-a-node-1", phase: "Success" }],
      },
    });
    const state = await env.state();
    expect(state.jobs[run.jobId!]!.status).toBe("Success");
    expect(state.nodes[node("prod-a-node-1")]!.cluster_id).toBe(cluster("cce-prod-b"));
  });

  it("sends the password, and it is in neither the result nor the emulator's state", async () => {
    const run = await migrateNodes(
      { ...base(["prod-a-node-2"]), password: PASSWORD, projectId: env.ops.projectId },
      { client: env.client },
    );
    if (run.skipped) throw new Error("not expected to skip");
    expect(run.status).toBe("Success");
    expect(run.result.loginMode).toBe("password");
    expect(jsonText(run)).not.toContain(PASSWORD);
    const state = await env.state();
    expect(state.jobs[run.jobId!]!.settings.login).toMatchObject({
      mode: "password",
      username: "root",
    });
    expect(jsonText(state)).not.toContain(PASSWORD);
  });

  it("rejects a Failed job naming the job, the reason and the failed node, without the password", async () => {
    const error = (await migrateNodes(
      {
        ...base(["prod-a-node-3", "prod-a-node-doomed"]),
        password: PASSWORD,
        projectId: env.ops.projectId,
      },
      { client: env.client },
    ).catch((e) => e)) as ActionError;
    expect(error).toBeInstanceOf(ActionError);
    expect(error.jobId).toMatch(/.+/);
    expect(error.message).toContain(`node migration job ${error.jobId} failed`);
    expect(error.reason).toContain("MigrateNodeFailed");
    expect(error.reason).toContain("prod-a-node-doomed");
    expect((await env.state()).jobs[error.jobId!]!.status).toBe("Failed");
    expect(
      jsonText({ message: error.message, reason: error.reason, stack: error.stack }),
    ).not.toContain(PASSWORD);
  });

  it("refuses bad arguments before any request, without repeating the password", async () => {
    await env.clearRequests();
    const weak = "root12345";
    const attempts: Array<[Record<string, unknown>, string]> = [
      [{ ...base(["prod-a-node-1"]), password: weak }, "password"],
      [{ ...base(["prod-a-node-1"]), password: PASSWORD, sshKey: "k" }, "sshKey"],
      [{ ...base(["prod-a-node-1"]) }, "sshKey"],
      [{ ...base([]), sshKey: "k" }, "nodeIds"],
      [{ ...base(["prod-a-node-1", "prod-a-node-1"]), sshKey: "k" }, "nodeIds[1]"],
      [{ ...base(["prod-a-node-1"]), sshKey: "k", maxPods: 5 }, "maxPods"],
      [{ ...base(["prod-a-node-1"]), sshKey: "k", username: "admin" }, "username"],
      [
        { ...base(["prod-a-node-1"]), sshKey: "k", dockerLvmConfigOverride: "diskType=tape" },
        "dockerLvmConfigOverride",
      ],
    ];
    for (const [args, argument] of attempts) {
      const error = (await migrateNodes(args as never, { client: env.client }).catch(
        (e) => e,
      )) as ActionError;
      expect(error).toBeInstanceOf(ActionError);
      expect(error.issues.map((i) => i.argument)).toContain(argument);
      expect(error.message).not.toContain(weak);
      expect(error.message).not.toContain(PASSWORD);
    }
    expect(await env.requests()).toEqual([]);
  });

  it("keeps the password out of a service refusal", async () => {
    const error = (await migrateNodes(
      {
        ...base(["prod-a-node-1"]),
        targetClusterId: cluster("cce-other-vpc"),
        password: PASSWORD,
        projectId: env.ops.projectId,
      },
      { client: env.client },
    ).catch((e) => e)) as ActionError;
    expect(error).toBeInstanceOf(ActionError);
    expect(error.status).toBe(400);
    expect(jsonText({ message: error.message, stack: error.stack })).not.toContain(PASSWORD);
  });

  it("with resumeJobId, waits for the job an earlier call started and sends no migration", async () => {
    const args = {
      ...base(["prod-a-node-1"]),
      sshKey: "ops-keypair",
      projectId: env.ops.projectId,
    };
    const started = await migrateNodes(
      { ...args, waitForCompletion: false },
      { client: env.client },
    );
    if (started.skipped) throw new Error("not expected to skip");
    await env.clearRequests();
    const resumed = await migrateNodes(
      { ...args, resumeJobId: started.jobId! },
      { client: env.client },
    );
    expect(resumed).toMatchObject({
      jobId: started.jobId,
      status: "Success",
      finished: true,
      result: { clusterId: args.clusterId, phase: "Success", loginMode: "sshKey" },
    });
    expect(await env.count(MIGRATE.method, MIGRATE.path)).toBe(0);
  });

  it("does nothing during a preview", async () => {
    await env.clearRequests();
    const run = await inPreview(() =>
      migrateNodes({ ...base(["prod-a-node-1"]), sshKey: "k" }, { client: env.client }),
    );
    expect(run).toMatchObject({ skipped: true });
    expect(await env.requests()).toEqual([]);
  });
});

describe("NodeMigration (resource)", () => {
  it("runs once, never on refresh or an unchanged up, again on changed triggers; its wait follows the job; the password is in no output", async () => {
    let firstWait: Awaited<ReturnType<ActionPair["waitFor"]>> | undefined;
    const { first, second } = await walkLifecycle(
      env,
      p,
      { ...base(["prod-a-node-1"]), password: PASSWORD },
      MIGRATE,
      // The first run moved node 1 away; the second moves node 2.
      { nodeIds: [node("prod-a-node-2")] },
      async (made) => (firstWait = await pair.waitFor(made.outs)),
    );
    expect(first.id).toBe(first.outs.jobId);
    expect(first.outs).toMatchObject({
      status: "accepted",
      finished: false,
      waitForCompletion: true,
      result: { loginMode: "password" },
    });
    expect(firstWait!.outs).toMatchObject({
      jobId: first.id,
      status: "Success",
      finished: true,
      result: { phase: "Success", loginMode: "password" },
    });
    expect(first.outs).not.toHaveProperty("password");
    for (const outs of [first.outs, firstWait!.outs, second.outs]) {
      expect(jsonText(outs)).not.toContain(PASSWORD);
    }
    expect(second.outs.nodeIds).toEqual([node("prod-a-node-2")]);
    expect((await pair.waitFor(second.outs)).outs.status).toBe("Success");
    const state = await env.state();
    expect(state.nodes[node("prod-a-node-2")]!.cluster_id).toBe(cluster("cce-prod-b"));
    expect(jsonText(state)).not.toContain(PASSWORD);
  });

  it("a changed password alone shows no change (it is not stored to compare with)", async () => {
    const first = await p.up({ ...base(["prod-a-node-1"]), password: PASSWORD });
    const next = await p.check(
      { ...base(["prod-a-node-1"]), password: "Other-Passw0rd" },
      first.inputs,
    );
    expect((await p.diff(first.id, first.outs, next.inputs)).changes).toBe(false);
  });

  it("check names the password failure without the password and lets an unknown password through", async () => {
    const weak = "root12345";
    const bad = await p.check({ ...base(["prod-a-node-1"]), password: weak });
    expect(bad.failures.map(failurePath)).toContain("password");
    // Never as a property: the engine would print the secret value beside it.
    expect(bad.failures.map((f) => f.property)).not.toContain("password");
    expect(jsonText(bad.failures)).not.toContain(weak);
    const preview = await p.check({ ...base(["prod-a-node-1"]), password: UNKNOWN });
    expect(preview.failures).toEqual([]);
  });

  it("records a Failed job with its reason; progress lines, errors and outputs hold no password", async () => {
    // Slower, so the wait sees the job running and prints progress lines.
    const slow = await startActionsEnv({ speed: 5 });
    const slowPair = await actionPair(slow, "actions/node-migration", "NodeMigration");
    const { value, text } = await stderrOf(async () => {
      const run = await slowPair.run.up({ ...base(["prod-a-node-doomed"]), password: PASSWORD });
      return slowPair.wait.create(waitInputs("NodeMigration", run.outs));
    }).finally(async () => {
      await slow.close();
      // The provider runtime is one per process: point it back at this suite's emulator.
      pair = await actionPair(env, "actions/node-migration", "NodeMigration");
      p = pair.run;
    });
    const error = value as Error & { id?: string; properties?: Record<string, unknown> };
    expect(error.name).toBe("ResourceInitError");
    expect(error.message).toContain(`node migration job ${error.id} failed: MigrateNodeFailed`);
    expect(error.message).toContain("prod-a-node-doomed");
    expect(error.properties).toMatchObject({ status: "Failed", jobId: error.id });
    expect(text).toContain("waiting for migration job");
    for (const where of [error.message, error.stack ?? "", jsonText(error.properties), text]) {
      expect(where).not.toContain(PASSWORD);
    }
  });
});
