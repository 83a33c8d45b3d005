import { describe, expect, it } from "vitest";
import {
  Job,
  MigrateNodesRequest,
  MigrateNodesResponse,
  type MigrateNodesRequest as MigrateBody,
} from "../../../api/operations/node-migration";
import { signRequest } from "../../../api/signing";
import { named, pollUntil, useOpsEmulator } from "../support/operations-service";

// Speed 5: a job initializes for 100 ms and runs for 800 ms, long enough to see each phase.
const env = useOpsEmulator({ speed: 5, reset: "beforeEach" });

const clusterId = (name: string) => named(env.ops.containerClusters, name).id;
const nodeId = (name: string) => named(env.ops.nodes, name).uid;
const migratePath = (source: string, target: string, project = env.ops.projectId) =>
  `/api/v3/projects/${project}/clusters/${clusterId(source)}/nodes/operation/migrateto/${clusterId(target)}`;
const jobPath = (jobId: string) => `/api/v3/projects/${env.ops.projectId}/jobs/${jobId}`;
const PASSWORD = "Str0ng-Passw0rd!";

function body(nodes: string[], spec: Partial<MigrateBody["spec"]> = {}): MigrateBody {
  return {
    apiVersion: "v3",
    kind: "MigrateNodesTask",
    spec: {
      os: "EulerOS 2.9",
      login: { sshKey: "ops-keypair" },
      nodes: nodes.map((n) => ({ uid: nodeId(n) })),
      ...spec,
    },
  };
}

async function migrate(source: string, target: string, payload: unknown) {
  return env.call("PUT", migratePath(source, target), { body: payload });
}

const cceError = (b: unknown) => b as { errorCode: string; errorMessage: string };

async function expect400(reply: { status: number; body: unknown }, text: string) {
  expect(reply.status).toBe(400);
  expect(cceError(reply.body).errorCode).toMatch(/^CCE\.\d+$/);
  expect(cceError(reply.body).errorMessage).toContain(text);
}

describe("node migration: success and job", () => {
  it("answers 200 with status.jobID; the job goes Initializing → Running → Success and the node moves", async () => {
    const payload = body(["prod-a-node-1"], { extendParam: { maxPods: 64 } });
    expect(MigrateNodesRequest.safeParse(payload).success).toBe(true);
    const reply = await migrate("cce-prod-a", "cce-prod-b", payload);
    expect(reply.status).toBe(200);
    const answer = MigrateNodesResponse.parse(reply.body);
    expect(answer).toMatchObject({
      apiVersion: "v3",
      kind: "MigrateNodesTask",
      spec: {
        os: "EulerOS 2.9",
        login: { sshKey: "ops-keypair" },
        nodes: [{ uid: nodeId("prod-a-node-1") }],
        extendParam: { maxPods: 64 },
      },
    });
    expect(answer.spec).not.toHaveProperty("runtime");
    const seen = await pollUntil(env, jobPath(answer.status.jobID), (b) =>
      ["Success", "Failed"].includes(Job.parse(b).status.phase),
    );
    const phases = seen
      .map((b) => Job.parse(b).status.phase)
      .filter((p, i, all) => i === 0 || all[i - 1] !== p);
    expect(phases).toEqual(["Initializing", "Running", "Success"]);
    const job = Job.parse(seen[seen.length - 1]);
    expect(job).toMatchObject({
      kind: "Job",
      apiVersion: "v3",
      metadata: { uid: answer.status.jobID },
      spec: { clusterUID: clusterId("cce-prod-a"), resourceID: clusterId("cce-prod-b") },
    });
    expect(job.spec.subJobs).toHaveLength(1);
    expect(job.spec.subJobs[0]!.status.phase).toBe("Success");
    const node = (await env.state()).nodes[nodeId("prod-a-node-1")]!;
    expect(node).toMatchObject({
      cluster_id: clusterId("cce-prod-b"),
      node_pool: "DefaultPool",
      max_pods: 64,
      runtime: "docker",
    });
    expect(node.migrating_job_id).toBeUndefined();
  });

  it("hides the password: not in the answer, the job or the state", async () => {
    const reply = await migrate(
      "cce-prod-a",
      "cce-turbo",
      body(["prod-a-node-2"], { login: { userPassword: { password: PASSWORD } } }),
    );
    expect(reply.status).toBe(200);
    const answer = MigrateNodesResponse.parse(reply.body);
    expect(answer.spec.login.userPassword).toEqual({ username: "root" });
    expect(reply.text).not.toContain(PASSWORD);
    await pollUntil(
      env,
      jobPath(answer.status.jobID),
      (b) => Job.parse(b).status.phase === "Success",
    );
    const job = await env.call("GET", jobPath(answer.status.jobID));
    expect(job.text).not.toContain(PASSWORD);
    const stateText = await (await fetch(`${env.emu.url}/_emulator/state`)).text();
    expect(stateText).not.toContain(PASSWORD);
    expect((await env.state()).nodes[nodeId("prod-a-node-2")]!.login).toEqual({
      mode: "password",
      username: "root",
    });
  });

  it("ends the job Failed when a node fails; that node stays, the others move", async () => {
    const reply = await migrate(
      "cce-prod-a",
      "cce-prod-b",
      body(["prod-a-node-3", "prod-a-node-doomed"]),
    );
    expect(reply.status).toBe(200);
    const jobId = MigrateNodesResponse.parse(reply.body).status.jobID;
    const seen = await pollUntil(env, jobPath(jobId), (b) =>
      ["Success", "Failed"].includes(Job.parse(b).status.phase),
    );
    const job = Job.parse(seen[seen.length - 1]);
    expect(job.status.phase).toBe("Failed");
    expect(job.status.reason).toBe("MigrateNodeFailed");
    expect(job.status.message).toContain("prod-a-node-doomed");
    expect(
      Object.fromEntries(job.spec.subJobs.map((s) => [s.spec.resourceName, s.status.phase])),
    ).toEqual({
      "prod-a-node-3": "Success",
      "prod-a-node-doomed": "Failed",
    });
    const state = await env.state();
    expect(state.nodes[nodeId("prod-a-node-3")]!.cluster_id).toBe(clusterId("cce-prod-b"));
    expect(state.nodes[nodeId("prod-a-node-doomed")]!.cluster_id).toBe(clusterId("cce-prod-a"));
  });

  it("answers 409 for a node that a running job is migrating", async () => {
    expect((await migrate("cce-prod-a", "cce-prod-b", body(["prod-a-node-4"]))).status).toBe(200);
    const again = await migrate("cce-prod-a", "cce-turbo", body(["prod-a-node-4"]));
    expect(again.status).toBe(409);
    expect(cceError(again.body).errorCode).toBe("CCE.01409001");
  });

  it("chooses the runtime from the target's version and the OS", async () => {
    const cases: Array<[string, string, string, "docker" | "containerd"]> = [
      ["prod-a-node-1", "cce-prod-b", "EulerOS 2.9", "docker"],
      ["prod-a-node-2", "cce-turbo", "CentOS 7.6", "docker"],
      ["prod-a-node-3", "cce-turbo", "Ubuntu 22.04", "containerd"],
    ];
    const jobs: string[] = [];
    for (const [node, target, os] of cases) {
      const reply = await migrate("cce-prod-a", target, body([node], { os }));
      expect(reply.status, reply.text).toBe(200);
      jobs.push(MigrateNodesResponse.parse(reply.body).status.jobID);
    }
    for (const job of jobs)
      await pollUntil(env, jobPath(job), (b) => Job.parse(b).status.phase === "Success");
    const state = await env.state();
    for (const [node, , os, runtime] of cases)
      expect(state.nodes[nodeId(node)]).toMatchObject({ os, runtime });
  });

  it("migrates a virtual node of a turbo cluster", async () => {
    expect((await migrate("cce-turbo", "cce-prod-a", body(["turbo-vm-1"]))).status).toBe(200);
  });
});

describe("node migration: refused requests", () => {
  it("answers 400 when the clusters are in different VPCs, or are the same cluster", async () => {
    const other = await migrate("cce-prod-a", "cce-other-vpc", body(["prod-a-node-1"]));
    await expect400(other, "different virtual private clouds");
    expect(cceError(other.body).errorCode).toBe("CCE.01400001");
    await expect400(
      await migrate("cce-prod-a", "cce-prod-a", body(["prod-a-node-1"])),
      "same cluster",
    );
  });

  it("answers 400 for a physical node of a turbo cluster", async () => {
    const reply = await migrate("cce-turbo", "cce-prod-a", body(["turbo-vm-1", "turbo-bms-1"]));
    await expect400(reply, "physical node");
    expect((await env.state()).nodes[nodeId("turbo-vm-1")]!.migrating_job_id).toBeUndefined();
  });

  it("answers 404 for an unknown source or target cluster and for a node of another cluster", async () => {
    const unknownSource = await env.call(
      "PUT",
      `/api/v3/projects/${env.ops.projectId}/clusters/nope/nodes/operation/migrateto/${clusterId("cce-prod-b")}`,
      {
        body: body(["prod-a-node-1"]),
      },
    );
    expect(unknownSource.status).toBe(404);
    expect(unknownSource.body).toMatchObject({
      errorCode: "CCE.01404001",
      errorMessage: "source cluster nope not found",
    });
    const unknownTarget = await env.call(
      "PUT",
      `/api/v3/projects/${env.ops.projectId}/clusters/${clusterId("cce-prod-a")}/nodes/operation/migrateto/nope`,
      {
        body: body(["prod-a-node-1"]),
      },
    );
    expect(unknownTarget.status).toBe(404);
    const foreignNode = await migrate("cce-prod-a", "cce-prod-b", body(["prod-b-node-1"]));
    expect(foreignNode.status).toBe(404);
    expect(cceError(foreignNode.body).errorMessage).toContain(
      `node ${nodeId("prod-b-node-1")} is not in cluster`,
    );
  });

  it.each([
    ["shorter than 8 characters", "Ab1!xyz", "8 to 26"],
    ["longer than 26 characters", "Ab1!" + "x".repeat(23), "8 to 26"],
    ["of two classes only", "abcdefgh123", "at least three"],
    ["containing the user name", "Xroot-123a", 'user name "root"'],
    ["containing the user name reversed", "Xtoor-123a", "reversed"],
    ["with a character outside the set", "Abc 123!def", "special characters"],
  ])("answers 400 for a password %s, without echoing it", async (_label, password, text) => {
    const reply = await migrate(
      "cce-prod-a",
      "cce-prod-b",
      body(["prod-a-node-1"], { login: { userPassword: { password } } }),
    );
    await expect400(reply, text);
    expect(cceError(reply.body).errorMessage).toContain("spec.login.userPassword.password");
    expect(reply.text).not.toContain(password);
  });

  it("checks the password against a given user name", async () => {
    const reply = await migrate(
      "cce-prod-a",
      "cce-prod-b",
      body(["prod-a-node-1"], {
        login: { userPassword: { username: "admin", password: "Admin-2024x" } },
      }),
    );
    await expect400(reply, 'user name "admin"');
    const ok = await migrate(
      "cce-prod-a",
      "cce-prod-b",
      body(["prod-a-node-1"], {
        login: { userPassword: { username: "admin", password: "Root-2024x" } },
      }),
    );
    expect(ok.status).toBe(200);
    expect(MigrateNodesResponse.parse(ok.body).spec.login.userPassword).toEqual({
      username: "admin",
    });
  });

  it("keeps maxPods within 16–256", async () => {
    for (const maxPods of [15, 257]) {
      await expect400(
        await migrate(
          "cce-prod-a",
          "cce-prod-b",
          body(["prod-a-node-1"], { extendParam: { maxPods } }),
        ),
        "maxPods",
      );
    }
    expect(
      (
        await migrate(
          "cce-prod-a",
          "cce-prod-b",
          body(["prod-a-node-1"], { extendParam: { maxPods: 16 } }),
        )
      ).status,
    ).toBe(200);
    expect(
      (
        await migrate(
          "cce-prod-a",
          "cce-prod-b",
          body(["prod-a-node-2"], { extendParam: { maxPods: 256 } }),
        )
      ).status,
    ).toBe(200);
  });

  it("takes at most 200 nodes, each once", async () => {
    const many = (n: number) => ({
      ...body([]),
      spec: {
        ...body([]).spec,
        nodes: Array.from({ length: n }, (_, i) => ({ uid: `node-${i}` })),
      },
    });
    await expect400(await migrate("cce-prod-a", "cce-prod-b", many(201)), "spec.nodes");
    // 200 passes the limit and fails only on the first unknown node.
    const limit = await migrate("cce-prod-a", "cce-prod-b", many(200));
    expect(limit.status).toBe(404);
    const twice = await migrate(
      "cce-prod-a",
      "cce-prod-b",
      body(["prod-a-node-1", "prod-a-node-1"]),
    );
    await expect400(twice, "listed twice");
  });

  it("answers 400 for an unsupported OS, containerd on a v1.25 target, and a login of neither or both kinds", async () => {
    await expect400(
      await migrate("cce-prod-a", "cce-prod-b", body(["prod-a-node-1"], { os: "Windows 2022" })),
      "spec.os",
    );
    await expect400(
      await migrate(
        "cce-prod-a",
        "cce-prod-b",
        body(["prod-a-node-1"], { runtime: { name: "containerd" } }),
      ),
      "up to v1.25 the runtime is docker",
    );
    await expect400(
      await migrate("cce-prod-a", "cce-prod-b", body(["prod-a-node-1"], { login: {} })),
      "exactly one",
    );
    await expect400(
      await migrate(
        "cce-prod-a",
        "cce-prod-b",
        body(["prod-a-node-1"], { login: { sshKey: "k", userPassword: { password: PASSWORD } } }),
      ),
      "exactly one",
    );
  });

  it("checks DockerLVMConfigOverride: its format, and a diskType equal to the nodes'", async () => {
    await expect400(
      await migrate(
        "cce-prod-a",
        "cce-prod-b",
        body(["prod-a-node-1"], {
          extendParam: { DockerLVMConfigOverride: "diskType=nvme;lvType=linear" },
        }),
      ),
      "diskType must be evs, hdd or ssd",
    );
    await expect400(
      await migrate(
        "cce-prod-a",
        "cce-prod-b",
        body(["prod-a-node-1", "prod-a-node-ssd"], {
          extendParam: { DockerLVMConfigOverride: "diskType=evs;lvType=linear" },
        }),
      ),
      "differs from the disk type ssd",
    );
    const ok = await migrate(
      "cce-prod-a",
      "cce-prod-b",
      body(["prod-a-node-ssd"], {
        extendParam: { DockerLVMConfigOverride: "diskType=ssd;lvType=striped;kubernetesLV=20%VG" },
      }),
    );
    expect(ok.status).toBe(200);
  });

  it("answers 400 for a wrong apiVersion or kind, and for a non-JSON content type", async () => {
    await expect400(
      await migrate("cce-prod-a", "cce-prod-b", { ...body(["prod-a-node-1"]), apiVersion: "v2" }),
      "apiVersion",
    );
    await expect400(
      await migrate("cce-prod-a", "cce-prod-b", { ...body(["prod-a-node-1"]), kind: "Node" }),
      "kind",
    );
    const text = await env.call("PUT", migratePath("cce-prod-a", "cce-prod-b"), {
      rawBody: JSON.stringify(body(["prod-a-node-1"])),
      headers: { "content-type": "text/plain" },
    });
    await expect400(text, "Content-Type");
  });

  it("answers 404 for an unknown job and 403 for a foreign project", async () => {
    const job = await env.call("GET", jobPath("no-such-job"));
    expect(job.status).toBe(404);
    expect(job.body).toMatchObject({
      errorCode: "CCE.01404001",
      errorMessage: "job no-such-job not found",
    });
    const foreign = await env.call(
      "PUT",
      migratePath("cce-prod-a", "cce-prod-b", env.ops.foreignProjectId),
      { body: body(["prod-a-node-1"]) },
    );
    expect(foreign.status).toBe(403);
    expect(cceError(foreign.body).errorCode).toBe("CCE.01403001");
  });
});

describe("node migration: signed requests", () => {
  async function signed(method: string, path: string, payload: string, tamper = false) {
    const key = env.emu.fixtures.signingKeys[0]!;
    const host = new URL(env.emu.url).host;
    const headers = { "content-type": "application/json", host };
    const auth = signRequest(key, { method, path, query: [], headers, body: payload });
    const sent = tamper ? payload.replace("prod-a", "prod-b") : payload;
    const response = await fetch(`${env.emu.url}${path}`, {
      method,
      headers: { "content-type": "application/json", ...auth },
      ...(method === "GET" ? {} : { body: sent }),
    });
    const text = await response.text();
    return {
      status: response.status,
      body: text === "" ? undefined : (JSON.parse(text) as unknown),
      text,
    };
  }

  it("accepts a migration and a job read signed with the emulator's key pair", async () => {
    const payload = JSON.stringify(body(["prod-a-node-1"]));
    const reply = await signed("PUT", migratePath("cce-prod-a", "cce-prod-b"), payload);
    expect(reply.status, reply.text).toBe(200);
    const jobId = MigrateNodesResponse.parse(reply.body).status.jobID;
    const job = await signed("GET", jobPath(jobId), "");
    expect(job.status).toBe(200);
    expect(Job.parse(job.body).metadata.uid).toBe(jobId);
  });

  it("refuses a request whose body no longer matches its signature with 401", async () => {
    const payload = JSON.stringify({
      ...body(["prod-a-node-1"]),
      spec: { ...body(["prod-a-node-1"]).spec, os: "prod-a" },
    });
    const reply = await signed("PUT", migratePath("cce-prod-a", "cce-prod-b"), payload, true);
    expect(reply.status).toBe(401);
    expect(cceError(reply.body).errorMessage).toContain("signature does not match");
  });

  it("refuses a signature by an unknown access key with 401", async () => {
    const path = migratePath("cce-prod-a", "cce-prod-b");
    const payload = JSON.stringify(body(["prod-a-node-1"]));
    const auth = signRequest(
      { accessKey: "UNKNOWNKEY", secretKey: "x" },
      {
        method: "PUT",
        path,
        query: [],
        headers: { "content-type": "application/json" },
        body: payload,
      },
    );
    const response = await fetch(`${env.emu.url}${path}`, {
      method: "PUT",
      headers: { "content-type": "application/json", ...auth },
      body: payload,
    });
    expect(response.status).toBe(401);
    expect(((await response.json()) as { errorMessage: string }).errorMessage).toContain(
      "unknown access key",
    );
  });
});
