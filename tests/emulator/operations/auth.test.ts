import { describe, expect, it } from "vitest";
import { named, useOpsEmulator } from "../support/operations-service";

const env = useOpsEmulator();

type Case = {
  name: string;
  method: string;
  path: () => string;
  body?: () => unknown;
  check: (body: unknown) => void;
};

const p = () => env.ops.projectId;
const cluster = (name: string) => named(env.ops.containerClusters, name).id;

const ecs = (body: unknown) =>
  expect(body).toMatchObject({ error: { code: "BACKUP.4010", message: expect.any(String) } });
const css = (body: unknown) =>
  expect(body).toMatchObject({ errCode: "CSS.4010", externalMessage: expect.any(String) });
const dms = (body: unknown) =>
  expect(body).toMatchObject({ error_code: "DMS.4010", error_msg: expect.any(String) });
const aom = (body: unknown) =>
  expect(body).toMatchObject({
    error_code: "AOM.0401",
    error_msg: expect.any(String),
    error_type: "SC_UNAUTHORIZED",
    trace_id: expect.any(String),
  });
const cce = (body: unknown) =>
  expect(body).toMatchObject({ errorCode: "CCE.4010", errorMessage: expect.any(String) });

const CASES: Case[] = [
  {
    name: "1 backup restore",
    method: "POST",
    path: () => `/v3/${p()}/backups/${named(env.ops.backups, "backup-data-disk").id}/restore`,
    body: () => ({ restore: { volume_id: "v" } }),
    check: ecs,
  },
  {
    name: "1 operation log",
    method: "GET",
    path: () => `/v3/${p()}/operation-logs/some-job`,
    check: ecs,
  },
  {
    name: "2 index snapshot restore",
    method: "POST",
    path: () =>
      `/v1.0/${p()}/clusters/${named(env.ops.searchClusters, "css-logs").id}/index_snapshot/${named(env.ops.snapshots, "snapshot-daily").id}/restore`,
    body: () => ({ targetCluster: named(env.ops.searchClusters, "css-analytics").id }),
    check: css,
  },
  {
    name: "2 search cluster read",
    method: "GET",
    path: () => `/v1.0/${p()}/clusters/${named(env.ops.searchClusters, "css-logs").id}`,
    check: css,
  },
  {
    name: "3 queue manager restart",
    method: "PUT",
    path: () =>
      `/v2/${p()}/instances/${named(env.ops.queueInstances, "rabbitmq-orders").id}/restart-queue-manager`,
    check: dms,
  },
  {
    name: "4 events",
    method: "PUT",
    path: () => `/v2/${p()}/push/events?action=clear`,
    body: () => ({ events: [{ id: "x" }] }),
    check: aom,
  },
  {
    name: "5 node migration",
    method: "PUT",
    path: () =>
      `/api/v3/projects/${p()}/clusters/${cluster("cce-prod-a")}/nodes/operation/migrateto/${cluster("cce-prod-b")}`,
    body: () => ({ spec: { os: "EulerOS 2.9", login: { sshKey: "k" }, nodes: [{ uid: "n" }] } }),
    check: cce,
  },
  { name: "5 job", method: "GET", path: () => `/api/v3/projects/${p()}/jobs/some-job`, check: cce },
  {
    name: "6 upgrade detail",
    method: "GET",
    path: () => `/v1.0/${p()}/clusters/${cluster("cce-prod-a")}/upgrade/detail`,
    check: cce,
  },
];

describe("operations: authentication", () => {
  it.each(CASES)(
    "$name answers 401 in its error shape without a token, with a wrong one, and with a bearer token",
    async (c) => {
      const variants: Array<Record<string, string>> = [
        {},
        { "x-auth-token": "wrong-token" },
        { authorization: `Bearer ${env.emu.token}` },
      ];
      for (const headers of variants) {
        const reply = await env.call(c.method, c.path(), {
          token: false,
          headers,
          ...(c.body === undefined ? {} : { body: c.body() }),
        });
        expect(reply.status, JSON.stringify(headers)).toBe(401);
        c.check(reply.body);
      }
      const state = await env.state();
      expect(Object.keys(state.operationLogs)).toHaveLength(0);
      expect(Object.keys(state.restores)).toHaveLength(0);
      expect(Object.keys(state.jobs)).toHaveLength(0);
      expect(Object.values(state.queueInstances).every((q) => q.restarts === 0)).toBe(true);
    },
  );

  it("serves every operation with the right token", async () => {
    for (const c of CASES) {
      const reply = await env.call(
        c.method,
        c.path(),
        c.body === undefined ? {} : { body: c.body() },
      );
      expect(reply.status, `${c.name}: ${reply.text}`).not.toBe(401);
    }
  });

  it("lists every operation in the OpenAPI document with its security scheme", async () => {
    const doc = (await (await fetch(`${env.emu.url}/openapi.json`)).json()) as {
      paths: Record<string, Record<string, { operationId: string; security: unknown[] }>>;
    };
    const ops = Object.values(doc.paths).flatMap((methods) => Object.values(methods));
    const byId = Object.fromEntries(ops.map((o) => [o.operationId, o.security]));
    for (const id of [
      "backup.backups.restore",
      "search.indexSnapshots.restore",
      "queue.instances.restartQueueManager",
      "events.events.push",
      "containers.upgrades.detail",
    ]) {
      expect(byId[id]).toEqual([{ authToken: [] }]);
    }
    for (const id of ["containers.nodes.migrate", "containers.jobs.get"]) {
      expect(byId[id]).toEqual([{ authToken: [] }, { signedRequest: [] }]);
    }
  });
});
