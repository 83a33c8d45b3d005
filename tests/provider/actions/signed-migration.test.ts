import { createServer, request, type IncomingHttpHeaders, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createClient } from "../../../provider/client";
import { migrateNodes } from "../../../sdk/actions";
import { waitInputs } from "./support/action-pair";
import { named, startActionsEnv, type ActionsEnv } from "./support/actions-env";

// Node migration accepts a token or an SDK-HMAC-SHA256 signature. With only an access key and
// secret key configured, every request of the migration (the PUT and the job reads) must be
// signed and carry no token. A small proxy in front of the emulator records the headers.

let env: ActionsEnv;
let proxy: Server;
let proxyUrl: string;
const seen: Array<{ method: string; url: string; headers: IncomingHttpHeaders }> = [];

beforeAll(async () => {
  env = await startActionsEnv();
  const target = new URL(env.emu.url);
  proxy = createServer((req, res) => {
    seen.push({ method: req.method!, url: req.url!, headers: { ...req.headers } });
    const forward = request(
      {
        host: target.hostname,
        port: target.port,
        method: req.method,
        path: req.url,
        // The Host header is signed: it goes on unchanged.
        headers: req.headers,
      },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
      },
    );
    req.pipe(forward);
  });
  await new Promise<void>((resolve) => proxy.listen(0, "127.0.0.1", resolve));
  proxyUrl = `http://127.0.0.1:${(proxy.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await new Promise((resolve) => proxy.close(resolve));
  await env.close();
});

const key = () => env.emu.fixtures.signingKeys[0]!;
const cluster = (name: string) => named(env.ops.containerClusters, name).id;
const node = (name: string) => named(env.ops.nodes, name).uid;

function expectSignedOnly() {
  expect(seen.length).toBeGreaterThanOrEqual(2);
  expect(seen.some((r) => r.method === "PUT" && r.url.includes("/migrateto/"))).toBe(true);
  expect(seen.some((r) => r.method === "GET" && r.url.includes("/jobs/"))).toBe(true);
  for (const r of seen) {
    expect(r.headers["x-auth-token"]).toBeUndefined();
    expect(String(r.headers.authorization)).toMatch(
      new RegExp(
        `^SDK-HMAC-SHA256 Access=${key().accessKey}, SignedHeaders=[^,]+, Signature=[0-9a-f]{64}$`,
      ),
    );
    expect(r.headers["x-sdk-date"]).toMatch(/^\d{8}T\d{6}Z$/);
  }
}

describe("signed node migration", () => {
  it("the resource signs the migration and the job reads with the access key, with no token configured", async () => {
    await env.reset();
    const config = {
      "vmcloud:token": "",
      "vmcloud:accessKey": key().accessKey,
      "vmcloud:secretKey": key().secretKey,
      "vmcloud:containersEndpoint": proxyUrl,
    };
    const p = await env.provider("actions/node-migration", config);
    const wait = await env.provider("actions/action-wait", config);
    seen.length = 0;
    const created = await p.up({
      clusterId: cluster("cce-prod-a"),
      targetClusterId: cluster("cce-prod-b"),
      nodeIds: [node("prod-a-node-1")],
      os: "Ubuntu 22.04",
      sshKey: "ops-keypair",
    });
    const waited = await wait.up(waitInputs("NodeMigration", created.outs));
    expect(waited.outs).toMatchObject({ status: "Success", result: { phase: "Success" } });
    expectSignedOnly();
    // The secret key itself never travels.
    expect(JSON.stringify(seen)).not.toContain(key().secretKey);
  });

  it("the function signs too, with a client that has only the key pair", async () => {
    await env.reset();
    seen.length = 0;
    const client = createClient({
      endpoint: proxyUrl,
      accessKey: key().accessKey,
      secretKey: key().secretKey,
    });
    try {
      const run = await migrateNodes(
        {
          clusterId: cluster("cce-prod-a"),
          targetClusterId: cluster("cce-prod-b"),
          nodeIds: [node("prod-a-node-2")],
          os: "Ubuntu 22.04",
          sshKey: "ops-keypair",
          projectId: env.ops.projectId,
        },
        { client },
      );
      expect(run).toMatchObject({ skipped: false, status: "Success" });
      expectSignedOnly();
    } finally {
      client.close();
    }
  });

  it("a wrong secret key is refused by the service (the signature is really checked)", async () => {
    await env.reset();
    const client = createClient({
      endpoint: proxyUrl,
      accessKey: key().accessKey,
      secretKey: "wrong-secret-key-0000000000",
      retry: { limit: 0 },
    });
    try {
      const error = await migrateNodes(
        {
          clusterId: cluster("cce-prod-a"),
          targetClusterId: cluster("cce-prod-b"),
          nodeIds: [node("prod-a-node-3")],
          os: "Ubuntu 22.04",
          sshKey: "ops-keypair",
          projectId: env.ops.projectId,
        },
        { client },
      ).catch((e) => e);
      expect(error.status).toBe(401);
      expect(error.message).not.toContain("wrong-secret-key-0000000000");
    } finally {
      client.close();
    }
  });
});
