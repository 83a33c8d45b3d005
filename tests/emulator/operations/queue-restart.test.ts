import { describe, expect, it } from "vitest";
import { QueueManagerRestartResponse } from "../../../api/operations/queue-manager-restart";
import { named, useOpsEmulator } from "../support/operations-service";

const env = useOpsEmulator();

const restartPath = (instanceId: string, project = env.ops.projectId) =>
  `/v2/${project}/instances/${instanceId}/restart-queue-manager`;

describe("queue manager restart", () => {
  it("answers 200 {result, instance_id} and restarts the console: RESTARTING, then RUNNING", async () => {
    const instance = named(env.ops.queueInstances, "rabbitmq-orders");
    const reply = await env.call("PUT", restartPath(instance.id));
    expect(reply.status).toBe(200);
    expect(QueueManagerRestartResponse.parse(reply.body)).toEqual({
      result: "success",
      instance_id: instance.id,
    });
    const during = (await env.state()).queueInstances[instance.id]!;
    expect(during.manager.status).toBe("RESTARTING");
    expect(during.restarts).toBe(1);
    const after = await env.waitForState(
      (s) => s.queueInstances[instance.id]!.manager.status === "RUNNING",
    );
    expect(after.queueInstances[instance.id]!.last_restart_at).toBeDefined();
  });

  it("accepts a repeated restart (a retried request) and counts it", async () => {
    const instance = named(env.ops.queueInstances, "rabbitmq-orders");
    const before = (await env.state()).queueInstances[instance.id]!.restarts;
    expect((await env.call("PUT", restartPath(instance.id))).status).toBe(200);
    expect((await env.call("PUT", restartPath(instance.id))).status).toBe(200);
    expect((await env.state()).queueInstances[instance.id]!.restarts).toBe(before + 2);
  });

  it("answers 400 in the queue error shape for an instance that is not RUNNING", async () => {
    const instance = named(env.ops.queueInstances, "rabbitmq-frozen");
    const reply = await env.call("PUT", restartPath(instance.id));
    expect(reply.status).toBe(400);
    expect(reply.body).toEqual({
      error_code: "DMS.4000",
      error_msg: `instance ${instance.id} is FROZEN; the queue manager restarts only on a RUNNING instance`,
    });
  });

  it("answers 404 for an unknown instance and 403 for a foreign project", async () => {
    const unknown = await env.call("PUT", restartPath("no-such-instance"));
    expect(unknown.status).toBe(404);
    expect(unknown.body).toEqual({
      error_code: "DMS.4040",
      error_msg: "instance no-such-instance not found",
    });
    const foreign = await env.call(
      "PUT",
      restartPath(named(env.ops.queueInstances, "rabbitmq-orders").id, env.ops.foreignProjectId),
    );
    expect(foreign.status).toBe(403);
    expect((foreign.body as { error_code: string }).error_code).toBe("DMS.4030");
  });
});
