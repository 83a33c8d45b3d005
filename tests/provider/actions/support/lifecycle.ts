/**
 * The life of an action resource as the engine drives it, with the request counts that prove
 * each rule of DESIGN rule 8: create runs the operation once; refresh (read) sends nothing; an
 * unchanged `pulumi up` (check + diff) sends nothing but the reads that see the objects named
 * exist, and reports no change; changed triggers
 * replace the resource, whose create runs the operation again; delete sends nothing.
 */
import { expect } from "vitest";
import type { Props, ProviderHarness } from "../../support/provider-harness";
import type { ActionsEnv } from "./actions-env";

/** The request that runs the operation: its method and path. */
export interface RunRequest {
  method: string;
  path: RegExp;
  /** The reads `check` may send to see that the objects named exist (none by default). */
  checkReads?: RegExp;
}

/** What the walk through the life saw. */
export interface Lifecycle {
  first: { id: string; inputs: Props; outs: Props };
  second: { id: string; outs: Props };
}

/**
 * Walks one resource through create, refresh, an unchanged up, a triggers change (replace and
 * run again) and the delete of the replaced one, asserting the requests of each step.
 * `rerun` changes inputs besides the triggers for the second run (e.g. other nodes);
 * `between` runs before the triggers change (e.g. the wait for the first run's job: a service
 * refuses a second run while the first one's job goes on).
 */
export async function walkLifecycle(
  env: ActionsEnv,
  p: ProviderHarness,
  inputs: Props,
  run: RunRequest,
  rerun: Props = {},
  between: (first: Lifecycle["first"]) => Promise<unknown> = async () => undefined,
): Promise<Lifecycle> {
  await env.clearRequests();
  const first = await p.up({ ...inputs, triggers: ["v1"] });
  expect(await env.count(run.method, run.path)).toBe(1);
  expect(first.outs.triggers).toEqual(["v1"]);

  // Refresh: the recorded outputs come back as they are, and nothing is sent.
  await env.clearRequests();
  const read = await p.read(first.id, first.outs);
  expect(read).toEqual({ id: first.id, props: first.outs });
  expect(await env.requests()).toEqual([]);

  // An unchanged `pulumi up`: check and diff see no change, so create is not called.
  const again = await p.check({ ...inputs, triggers: ["v1"] }, first.inputs);
  expect(again.failures).toEqual([]);
  const same = await p.diff(first.id, first.outs, again.inputs);
  expect(same.changes).toBe(false);
  expect(same.replaces ?? []).toEqual([]);
  const reads = run.checkReads;
  expect(
    (await env.requests()).filter(
      (r) => r.method !== "GET" || reads === undefined || !reads.test(r.url),
    ),
  ).toEqual([]);

  // Changed triggers: replace, whose create runs the operation again.
  await between(first);
  await env.clearRequests();
  const bumped = await p.check({ ...inputs, ...rerun, triggers: ["v2"] }, first.inputs);
  expect(bumped.failures).toEqual([]);
  const diff = await p.diff(first.id, first.outs, bumped.inputs);
  expect(diff.changes).toBe(true);
  expect(diff.replaces).toEqual(["triggers"]);
  expect(diff.deleteBeforeReplace ?? false).toBe(false);
  const second = await p.create(bumped.inputs);
  expect(await env.count(run.method, run.path)).toBe(1);
  expect(second.id).not.toBe(first.id);
  expect(second.outs.triggers).toEqual(["v2"]);

  // The replaced one is deleted: nothing reaches the cloud.
  await env.clearRequests();
  await p.delete(first.id, first.outs);
  expect(await env.requests()).toEqual([]);
  return { first, second };
}
