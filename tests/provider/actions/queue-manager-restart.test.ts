import { beforeEach, describe, expect, it } from "vitest";
import { ActionError, restartQueueManager } from "../../../sdk/actions";
import { resetProgramClient, setProgramClient } from "../../../sdk/program-client";
import { walkLifecycle } from "./support/lifecycle";
import { inPreview, named, useActionsEnv, useActionProvider } from "./support/actions-env";

const env = useActionsEnv({ reset: "beforeEach" });
const p = useActionProvider(env, "actions/queue-manager-restart");
beforeEach(() => env.clearRequests());

const RESTART = {
  method: "PUT",
  path: /^\/v2\/[0-9a-f]{32}\/instances\/[^/]+\/restart-queue-manager$/,
};
const instance = (name: string) => named(env.ops.queueInstances, name).id;

describe("restartQueueManager (function)", () => {
  it("restarts and answers the service's result in camelCase", async () => {
    const run = await restartQueueManager(
      { instanceId: instance("rabbitmq-orders"), projectId: env.ops.projectId },
      { client: env.client },
    );
    expect(run).toMatchObject({
      skipped: false,
      status: "success",
      finished: true,
      jobId: undefined,
      result: { result: "success", instanceId: instance("rabbitmq-orders") },
    });
    expect((await env.state()).queueInstances[instance("rabbitmq-orders")]!.restarts).toBe(1);
    expect(await env.count(RESTART.method, RESTART.path)).toBe(1);
  });

  it("refuses bad arguments before any request", async () => {
    for (const [args, argument] of [
      [{ instanceId: "" }, "instanceId"],
      [{ instanceId: "x", projectId: "ABC" }, "projectId"],
      [{ instance: "x" }, "instance"],
    ] as const) {
      const error = (await restartQueueManager(args as never, { client: env.client }).catch(
        (e) => e,
      )) as ActionError;
      expect(error).toBeInstanceOf(ActionError);
      expect(error.issues.map((i) => i.argument)).toContain(argument);
    }
    expect(await env.requests()).toEqual([]);
  });

  it("reports a frozen instance with the service's code", async () => {
    const error = (await restartQueueManager(
      { instanceId: instance("rabbitmq-frozen"), projectId: env.ops.projectId },
      { client: env.client },
    ).catch((e) => e)) as ActionError;
    expect(error.status).toBe(400);
    expect(error.code).toBe("DMS.4000");
    expect(error.message).toMatch(/^restartQueueManager: queue manager restart of queue instance /);
  });

  it("uses the program's client and derives the operations project from vmcloud:projectId", async () => {
    setProgramClient(env.client, { projectId: env.emu.fixtures.vm.projectId });
    try {
      const run = await restartQueueManager({ instanceId: instance("rabbitmq-orders") });
      expect(run).toMatchObject({ skipped: false, status: "success" });
      const [request] = await env.requests();
      expect(request!.url).toContain(`/v2/${env.ops.projectId}/instances/`);
    } finally {
      resetProgramClient();
    }
  });

  it("does nothing during a preview", async () => {
    const run = await inPreview(() =>
      restartQueueManager({ instanceId: instance("rabbitmq-orders") }, { client: env.client }),
    );
    expect(run.skipped).toBe(true);
    expect(await env.requests()).toEqual([]);
  });
});

describe("QueueManagerRestart (resource)", () => {
  it("restarts once, not on refresh or an unchanged up, again on changed triggers, not on delete", async () => {
    const { first, second } = await walkLifecycle(
      env,
      p,
      { instanceId: instance("rabbitmq-orders") },
      RESTART,
    );
    expect(first.outs).toMatchObject({
      instanceId: instance("rabbitmq-orders"),
      status: "success",
      finished: true,
      result: { result: "success" },
    });
    expect(first.outs).not.toHaveProperty("jobId");
    expect(second.outs.status).toBe("success");
    expect((await env.state()).queueInstances[instance("rabbitmq-orders")]!.restarts).toBe(2);
  });

  it("a refused restart records nothing, so the next up tries again", async () => {
    const inputs = (await p.check({ instanceId: instance("rabbitmq-frozen") })).inputs;
    const error = (await p.create(inputs).catch((e) => e)) as Error & { id?: string };
    expect(error.id).toBeUndefined();
    expect(error.message).toContain("QueueManagerRestart (queue instance");
    expect(error.message).toContain("DMS.4000");
  });
});
