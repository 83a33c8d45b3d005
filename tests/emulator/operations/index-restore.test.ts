import { describe, expect, it } from "vitest";
import type { IndexRestoreRecord, OperationsState } from "../../../emulator/operations/state";
import {
  IndexSnapshotRestoreRequest,
  SearchCluster,
} from "../../../api/operations/index-snapshot-restore";
import { named, pollUntil, useOpsEmulator } from "../support/operations-service";

const env = useOpsEmulator({ reset: "beforeEach" });

const cluster = (name: string) => named(env.ops.searchClusters, name);
const snapshot = (name: string) => named(env.ops.snapshots, name);
const ORDINARY = ["logs-2024.01", "logs-2024.02", "metrics-app", "orders"];

function restorePath(
  snapshotName = "snapshot-daily",
  sourceId = cluster("css-logs").id,
  project = env.ops.projectId,
) {
  return `/v1.0/${project}/clusters/${sourceId}/index_snapshot/${snapshot(snapshotName).id}/restore`;
}

async function restore(body: Record<string, unknown>, path = restorePath()) {
  return env.call("POST", path, { body: { targetCluster: cluster("css-analytics").id, ...body } });
}

function latestRestore(state: OperationsState): IndexRestoreRecord | undefined {
  return Object.values(state.restores).sort((a, b) => b.seq - a.seq)[0];
}

async function selectedBy(body: Record<string, unknown>): Promise<string[]> {
  const reply = await restore(body);
  expect(reply.status, reply.text).toBe(201);
  expect(reply.text).toBe("");
  return latestRestore(await env.state())!.selected;
}

const cssError = (body: unknown) => body as { errCode: string; externalMessage: string };

describe("index snapshot restore: which indexes are selected", () => {
  it("restores every ordinary index when indices is omitted or empty, never system or security indexes", async () => {
    expect(await selectedBy({})).toEqual(ORDINARY);
    await env.reset();
    expect(await selectedBy({ indices: "" })).toEqual(ORDINARY);
    const snapshotIndexes = snapshot("snapshot-daily").indices;
    expect(snapshotIndexes).toContain(".kibana");
    expect(snapshotIndexes).toContain(env.ops.securityIndex);
  });

  it("restores exactly the indexes named, in snapshot order", async () => {
    expect(await selectedBy({ indices: "orders,metrics-app" })).toEqual(["metrics-app", "orders"]);
  });

  it("restores the indexes a prefix wildcard matches", async () => {
    expect(await selectedBy({ indices: "logs-*" })).toEqual(["logs-2024.01", "logs-2024.02"]);
  });

  it("leaves system and security indexes out of a bare * wildcard", async () => {
    expect(await selectedBy({ indices: "*" })).toEqual(ORDINARY);
  });

  it("restores a dot-prefixed system index only when it is named", async () => {
    expect(await selectedBy({ indices: "logs-*,.kibana" })).toEqual([
      "logs-2024.01",
      "logs-2024.02",
      ".kibana",
    ]);
    await env.reset();
    const reply = await restore({ indices: ".kib*" });
    expect(reply.status).toBe(400);
    expect(cssError(reply.body).externalMessage).toContain("selects no index");
  });

  it("refuses the security index when it is named, alone or with others, and restores nothing", async () => {
    for (const indices of [env.ops.securityIndex, `orders,${env.ops.securityIndex}`]) {
      const reply = await restore({ indices });
      expect(reply.status).toBe(400);
      expect(cssError(reply.body).errCode).toBe("CSS.4000");
      expect(cssError(reply.body).externalMessage).toContain(
        `security index ${env.ops.securityIndex} cannot be restored`,
      );
    }
    const state = await env.state();
    expect(Object.keys(state.restores)).toHaveLength(0);
    expect(state.searchClusters[cluster("css-analytics").id]!.indices.map((i) => i.name)).toEqual([
      "reports",
    ]);
  });

  it("refuses a named index the snapshot does not hold", async () => {
    const reply = await restore({ indices: "orders,missing-index" });
    expect(reply.status).toBe(400);
    expect(cssError(reply.body).externalMessage).toContain("missing-index is not in the snapshot");
  });
});

describe("index snapshot restore: renaming", () => {
  it("renames when both renamePattern and renameReplacement are set, with group references", async () => {
    const body = {
      indices: "logs-*",
      renamePattern: "logs-(.+)",
      renameReplacement: "restored-logs-$1",
    };
    expect(IndexSnapshotRestoreRequest.safeParse({ targetCluster: "x", ...body }).success).toBe(
      true,
    );
    expect((await restore(body)).status).toBe(201);
    const state = await env.state();
    const record = latestRestore(state)!;
    expect(record.rename_applied).toBe(true);
    expect(record.restored).toEqual([
      { from: "logs-2024.01", to: "restored-logs-2024.01" },
      { from: "logs-2024.02", to: "restored-logs-2024.02" },
    ]);
    expect(state.searchClusters[cluster("css-analytics").id]!.indices.map((i) => i.name)).toEqual([
      "reports",
      "restored-logs-2024.01",
      "restored-logs-2024.02",
    ]);
  });

  it.each([
    ["only renamePattern", { renamePattern: "logs-(.+)" }],
    ["only renameReplacement", { renameReplacement: "restored-$1" }],
    ["renameReplacement empty", { renamePattern: "logs-(.+)", renameReplacement: "" }],
  ])("ignores the rename when %s is set", async (_label, rename) => {
    expect((await restore({ indices: "logs-*", ...rename })).status).toBe(201);
    const record = latestRestore(await env.state())!;
    expect(record.rename_applied).toBe(false);
    expect(record.restored.map((r) => r.to)).toEqual(["logs-2024.01", "logs-2024.02"]);
  });

  it("refuses an invalid pattern and a rename that merges two indexes", async () => {
    const invalid = await restore({
      indices: "logs-*",
      renamePattern: "logs-(",
      renameReplacement: "x",
    });
    expect(invalid.status).toBe(400);
    expect(cssError(invalid.body).externalMessage).toContain("renamePattern");
    const merged = await restore({
      indices: "logs-*",
      renamePattern: "logs-.*",
      renameReplacement: "logs",
    });
    expect(merged.status).toBe(400);
    expect(cssError(merged.body).externalMessage).toContain("would both be renamed to logs");
  });
});

describe("index snapshot restore: field rules", () => {
  const forbidden = ['"', "\\", "<", "|", ">", "/", "?"];
  it.each([
    ["indices", "Orders", "uppercase"],
    ["indices", "orders, metrics-app", "spaces"],
    ...forbidden.map((c) => ["indices", `ord${c}ers`, c] as [string, string, string]),
    ["renamePattern", "a,b", "comma"],
    ...forbidden.map((c) => ["renamePattern", `a${c}`, c] as [string, string, string]),
    ["renameReplacement", "a,b", "comma"],
    ["renameReplacement", "New", "uppercase"],
    ...forbidden.map((c) => ["renameReplacement", `b${c}`, c] as [string, string, string]),
  ])("answers 400 when %s is %j (%s)", async (field, value, _why) => {
    const reply = await restore({ [field]: value });
    expect(reply.status).toBe(400);
    expect(cssError(reply.body).errCode).toMatch(/^CSS\.\d+$/);
    expect(cssError(reply.body).externalMessage).toContain(field);
  });

  it("accepts 1024 characters and refuses 1025 in each text field", async () => {
    const longWildcard = "logs-*," + "*".repeat(1024 - 7);
    expect(longWildcard).toHaveLength(1024);
    expect((await restore({ indices: longWildcard })).status).toBe(201);
    for (const field of ["indices", "renamePattern", "renameReplacement"]) {
      const reply = await restore({ [field]: "a".repeat(1025) });
      expect(reply.status).toBe(400);
      expect(cssError(reply.body).externalMessage).toContain(field);
    }
    await env.reset();
    const pattern = "a".repeat(1024);
    expect(
      (await restore({ indices: "orders", renamePattern: pattern, renameReplacement: pattern }))
        .status,
    ).toBe(201);
  });

  it("answers 400 for a missing targetCluster and an unknown field", async () => {
    const reply = await env.call("POST", restorePath(), { body: { indices: "orders" } });
    expect(reply.status).toBe(400);
    expect(cssError(reply.body).externalMessage).toContain("targetCluster");
    const extra = await restore({ ignore_unavailable: true });
    expect(extra.status).toBe(400);
    expect(cssError(extra.body).externalMessage).toContain("ignore_unavailable");
  });
});

describe("index snapshot restore: clusters and snapshots", () => {
  it("makes the target busy with RESTORE until the restore finishes, then opens the indexes", async () => {
    expect((await restore({ indices: "orders" })).status).toBe(201);
    const targetPath = `/v1.0/${env.ops.projectId}/clusters/${cluster("css-analytics").id}`;
    const busy = SearchCluster.parse((await env.call("GET", targetPath)).body);
    expect(busy.actions).toEqual(["RESTORE"]);
    let state = await env.state();
    expect(state.searchClusters[cluster("css-analytics").id]!.indices).toContainEqual(
      expect.objectContaining({ name: "orders", status: "restoring" }),
    );
    const seen = await pollUntil(
      env,
      targetPath,
      (b) => SearchCluster.parse(b).actions.length === 0,
    );
    expect(SearchCluster.parse(seen[seen.length - 1]).actionProgress).toEqual({});
    state = await env.state();
    expect(
      state.searchClusters[cluster("css-analytics").id]!.indices.find((i) => i.name === "orders"),
    ).toMatchObject({
      status: "open",
      restored_from: { snapshot_id: snapshot("snapshot-daily").id, index: "orders" },
    });
  }, 15_000);

  it("answers 409 CSS.0011 while another restore runs on the target, and on a busy cluster", async () => {
    expect((await restore({ indices: "orders" })).status).toBe(201);
    const second = await restore({ indices: "metrics-app" });
    expect(second.status).toBe(409);
    expect(cssError(second.body).errCode).toBe("CSS.0011");
    const busy = await restore({ targetCluster: cluster("css-busy").id, indices: "orders" });
    expect(busy.status).toBe(409);
    expect(busy.body).toEqual({
      errCode: "CSS.0011",
      externalMessage: expect.stringContaining("SNAPSHOT") as unknown as string,
    });
  });

  it("refuses to overwrite an existing index unless replace_exist_indices is true", async () => {
    const intoSource = { targetCluster: cluster("css-logs").id, indices: "orders" };
    const refused = await restore(intoSource);
    expect(refused.status).toBe(400);
    expect(cssError(refused.body).externalMessage).toContain("replace_exist_indices");
    const replaced = await restore({ ...intoSource, replace_exist_indices: true });
    expect(replaced.status).toBe(201);
    const state = await env.state();
    expect(latestRestore(state)!.replaced).toEqual(["orders"]);
    const orders = state.searchClusters[cluster("css-logs").id]!.indices.filter(
      (i) => i.name === "orders",
    );
    expect(orders).toHaveLength(1);
    expect(orders[0]!.restored_from?.index).toBe("orders");
  });

  it("answers 403 CSS.0015 for an unknown target or source cluster", async () => {
    const target = await restore({ targetCluster: "no-such-cluster" });
    expect(target.status).toBe(403);
    expect(target.body).toEqual({
      errCode: "CSS.0015",
      externalMessage: "target cluster no-such-cluster does not exist",
    });
    const source = await restore({}, restorePath("snapshot-daily", "no-such-cluster"));
    expect(source.status).toBe(403);
    expect(cssError(source.body).errCode).toBe("CSS.0015");
    const read = await env.call("GET", `/v1.0/${env.ops.projectId}/clusters/no-such-cluster`);
    expect(read.status).toBe(403);
    expect(cssError(read.body).errCode).toBe("CSS.0015");
  });

  it("answers 400 for an unknown snapshot and a snapshot that failed", async () => {
    const unknown = await env.call(
      "POST",
      `/v1.0/${env.ops.projectId}/clusters/${cluster("css-logs").id}/index_snapshot/nope/restore`,
      {
        body: { targetCluster: cluster("css-analytics").id },
      },
    );
    expect(unknown.status).toBe(400);
    expect(cssError(unknown.body).externalMessage).toContain("snapshot nope not found");
    const failed = await restore({}, restorePath("snapshot-failed"));
    expect(failed.status).toBe(400);
    expect(cssError(failed.body).externalMessage).toContain("FAILED");
  });

  it("answers 403 for a foreign project", async () => {
    const reply = await restore(
      {},
      restorePath("snapshot-daily", cluster("css-logs").id, env.ops.foreignProjectId),
    );
    expect(reply.status).toBe(403);
    expect(cssError(reply.body).errCode).toBe("CSS.4030");
  });
});
