// examples/ci/pipeline.sh, the jobs of a deployment pipeline for one long-lived stack, run as
// a CI system runs them: each job a separate process, the cloud and the state backend shared
// between them. First with the pipeline's own defaults (a PostgreSQL server of the machine's
// installation and an emulator, both kept in the work folder and outliving each job): deploy,
// a pull request's plan and cost, deploy again, drift clean, a VM renamed behind Pulumi's back
// found by drift and repaired by deploy, destroy. Then against a PostgreSQL server and an
// emulator this suite starts itself: two deploys of one stack at once from two checkouts (the
// second waits for the first's lock), a job killed holding the lock (the next says how to clear
// it), and the split-stacks example (a network stack and two app stacks reading it through
// StackReference) deployed and destroyed by parallel jobs. In every job's output and every row
// of the backend's table (decoded): neither the cloud's token nor the passphrase. Never
// skipped: if the engine or PostgreSQL cannot be started, `beforeAll` fails.
import { spawn } from "node:child_process";
import { chmod, mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestEmulator, type TestEmulator } from "../support/emulator";
import { ENGINE_TIMEOUT_MS, prepareEngine, repo } from "./support/engine";
import { stockProject } from "./support/stock-project";

const PIPELINE = join(repo, "examples/ci/pipeline.sh");
const POSTGRES = join(repo, "examples/ci/postgres.sh");
const JOB_TIMEOUT = 240_000;
const PASSPHRASE = "ci-e2e-passphrase-from-the-secret-store";

interface Run {
  code: number;
  output: string;
}

/** Every variable a job reads from its environment, unset: each test gives its own. */
const CLEAN: Record<string, string | undefined> = {
  PULUMI_BACKEND_URL: undefined,
  PULUMI_CONFIG_PASSPHRASE: undefined,
  PULUMI_CONFIG_PASSPHRASE_FILE: undefined,
  PULUMI_HOME: undefined,
  VMCLOUD_ENDPOINT: undefined,
  VMCLOUD_TOKEN: undefined,
  VMCLOUD_PROJECT_ID: undefined,
  STACK: undefined,
  PROGRAM: undefined,
  WORK_DIR: undefined,
};

/** Every job's output, for the check that no secret was printed. */
const outputs: string[] = [];

/**
 * Starts `pipeline.sh <job>` with `env`, in a process group of its own (so that a test can
 * kill the job and everything it started, as a CI system kills a cancelled job).
 */
function start(job: string, env: Record<string, string>) {
  const child = spawn("bash", [PIPELINE, job], {
    cwd: repo,
    env: Object.fromEntries(
      Object.entries({ ...process.env, ...CLEAN, CI: "true", ...env }).filter(
        (e): e is [string, string] => e[1] !== undefined,
      ),
    ),
    stdio: ["ignore", "pipe", "pipe"],
    detached: true,
  });
  let output = "";
  child.stdout.on("data", (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on("data", (chunk: Buffer) => (output += chunk.toString()));
  const done = new Promise<Run>((resolvePromise, reject) => {
    child.on("error", reject);
    child.on("close", (code, signal) => {
      outputs.push(output);
      resolvePromise({ code: code ?? (signal === null ? -1 : 128), output });
    });
  });
  return { child, done, output: () => output };
}

/** Runs `pipeline.sh <job>` to its end. */
function job(name: string, env: Record<string, string>): Promise<Run> {
  return start(name, env).done;
}

/** Runs a command to its end; rejects when it fails. */
function run(command: string, args: string[], env: Record<string, string> = {}): Promise<string> {
  return new Promise((resolvePromise, reject) => {
    const child = spawn(command, args, {
      cwd: repo,
      env: { ...process.env, ...env },
      stdio: ["ignore", "pipe", "pipe"],
    });
    let out = "";
    let err = "";
    child.stdout.on("data", (chunk: Buffer) => (out += chunk.toString()));
    child.stderr.on("data", (chunk: Buffer) => (err += chunk.toString()));
    child.on("error", reject);
    child.on("close", (code) =>
      code === 0
        ? resolvePromise(out)
        : reject(new Error(`${command} ${args.join(" ")} exited with ${code}: ${err}`)),
    );
  });
}

/** A row's key: the path of a DIY backend's file, under the database's name. */
function key(row: string): string {
  return row.split("\t")[0]!;
}

/** Every row of the backend's table, decoded: `key<TAB>contents`. */
async function backendRows(url: string): Promise<string[]> {
  return (await run("bash", [POSTGRES, "rows", url])).split("\n").filter((l) => l !== "");
}

/** The cloud, as a job sees it: a REST caller with the pipeline's token. */
interface Cloud {
  url: string;
  token: string;
  call(method: string, path: string, body?: unknown): Promise<{ status: number; body: unknown }>;
}

function cloudAt(url: string, token: string): Cloud {
  return {
    url,
    token,
    async call(method, path, body) {
      const response = await fetch(`${url}${path}`, {
        method,
        headers: {
          authorization: `Bearer ${token}`,
          ...(body === undefined ? {} : { "content-type": "application/json" }),
        },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      });
      const text = await response.text();
      return { status: response.status, body: text === "" ? undefined : JSON.parse(text) };
    },
  };
}

interface Named {
  id: string;
  name: string;
}

/** The cloud's objects of each kind the examples make (VMs, disks, subnets, security groups). */
async function objects(cloud: Cloud): Promise<Record<string, Named[]>> {
  const state = (await (await fetch(`${cloud.url}/_emulator/state`)).json()) as {
    vm: Record<string, Record<string, { id: string; name?: string }>>;
  };
  const out: Record<string, Named[]> = {};
  for (const kind of ["vms", "disks", "subnets", "securityGroups"]) {
    out[kind] = Object.values(state.vm[kind] ?? {})
      .map((o) => ({ id: o.id, name: o.name ?? "" }))
      .sort((a, b) => a.id.localeCompare(b.id));
  }
  return out;
}

/** The objects of {@link objects} that are not in `before` (the emulator's fixtures). */
async function madeSince(cloud: Cloud, before: Record<string, string[]>) {
  const all = await objects(cloud);
  return Object.fromEntries(
    Object.entries(all).map(([k, v]) => [k, v.filter((o) => !before[k]?.includes(o.id))]),
  );
}

/** The ids of {@link objects}, once records being deleted are gone (they go after a delay). */
async function settledIds(cloud: Cloud, expected: Record<string, string[]>) {
  const ids = async () =>
    Object.fromEntries(
      Object.entries(await objects(cloud)).map(([k, v]) => [k, v.map((o) => o.id)]),
    );
  const deadline = Date.now() + 15_000;
  let now = await ids();
  while (JSON.stringify(now) !== JSON.stringify(expected) && Date.now() < deadline) {
    await new Promise((r) => setTimeout(r, 200));
    now = await ids();
  }
  return now;
}

/** The VM named `name`, as the REST API shows it. */
async function vmNamed(cloud: Cloud, name: string) {
  const vms = (await objects(cloud)).vms!.filter((v) => v.name === name);
  expect(vms.map((v) => v.name)).toEqual([name]);
  const reply = await cloud.call("GET", `/api/v1/vms/${vms[0]!.id}`);
  return reply.body as { id: string; name: string; flavor: { name: string } };
}

/** Makes a folder the PostgreSQL server's user may traverse (the server refuses root). */
async function workFolder(prefix: string): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), prefix));
  await chmod(dir, 0o711);
  return dir;
}

/**
 * A checkout of the repository's `program` in `dir`, as a runner has one: the program's
 * files, a package.json, and the packages a program that installed them would have.
 */
async function checkoutOf(program: string, dir: string): Promise<string> {
  await stockProject(join(repo, program), dir);
  await writeFile(join(dir, "package.json"), JSON.stringify({ name: "checkout", private: true }));
  return dir;
}

let secrets: string[] = [];
const backends: string[] = [];

describe("examples/ci/pipeline.sh: the jobs of one long-lived stack, on the pipeline's own PostgreSQL and emulator", () => {
  let work: string;
  let env: Record<string, string>;
  let cloud: Cloud;
  let checkout: string;
  let before: Record<string, string[]>;

  beforeAll(async () => {
    await prepareEngine();
    work = await workFolder("vmcloud-e2e-ci-");
    checkout = await checkoutOf("examples/quickstart", join(work, "checkout"));
    env = {
      PROGRAM: checkout,
      STACK: "production",
      WORK_DIR: join(work, "runner"),
      PULUMI_CONFIG_PASSPHRASE: PASSPHRASE,
    };
  }, ENGINE_TIMEOUT_MS);

  afterAll(async () => {
    if (work) {
      await job("stop", env);
      await rm(work, { recursive: true, force: true });
    }
  }, 60_000);

  it(
    "drift before any deploy starts the backend and the cloud, and says nothing was deployed",
    async () => {
      const drift = await job("drift", env);
      expect(drift.code, drift.output).toBe(1);
      expect(drift.output).toMatch(
        /state backend: the local PostgreSQL server at postgres:\/\/pulumi:\*\*\*\*@127\.0\.0\.1:\d+\/pulumi\?sslmode=disable \(data in .*\/runner\/postgres\/data/,
      );
      expect(drift.output).toMatch(/started the local emulator at http:\/\/127\.0\.0\.1:\d+/);
      expect(drift.output).toContain(
        "the stack production does not exist in this backend: nothing was deployed yet (run the deploy job)",
      );
      const dir = join(work, "runner/emulator");
      cloud = cloudAt(
        (await readFile(join(dir, "url"), "utf8")).trim(),
        (await readFile(join(dir, "token"), "utf8")).trim(),
      );
      const pgPassword = await readFile(join(work, "runner/postgres/password"), "utf8");
      secrets = [PASSPHRASE, cloud.token, pgPassword.trim()];
      backends.push((await run("bash", [POSTGRES, "url", join(work, "runner/postgres")])).trim());
      before = await settledIds(cloud, {});
    },
    JOB_TIMEOUT,
  );

  it(
    "deploy creates the stack and deploys it, the policy pack passing",
    async () => {
      const deploy = await job("deploy", env);
      expect(deploy.code, deploy.output).toBe(0);
      expect(deploy.output).toContain("created the stack production");
      // The emulator of the first job still runs: one cloud for every job.
      expect(deploy.output).toMatch(/the local emulator at http:\/\/127\.0\.0\.1:\d+ \(pid \d+\)/);
      expect(deploy.output).toMatch(/vmcloud@v[\d.]+ \(local: .*policy\)/);
      expect(deploy.output).toMatch(/\+ 4 created/);
      expect((await vmNamed(cloud, "quickstart")).flavor.name).toBe("gen-2-4");
    },
    JOB_TIMEOUT,
  );

  it(
    "pr of a change writes the plan and the cost table naming it, and deploys nothing",
    async () => {
      // The pull request: a bigger flavor.
      const settings = join(checkout, "Pulumi.yaml");
      const yaml = await readFile(settings, "utf8");
      expect(yaml).toContain("default: gen-2-4");
      await writeFile(settings, yaml.replace("default: gen-2-4", "default: gen-4-8"));

      const pr = await job("pr", env);
      expect(pr.code, pr.output).toBe(0);
      const plan = await readFile(join(work, "runner/reports/plan.txt"), "utf8");
      expect(plan).toMatch(/~ pulumi-nodejs:dynamic\/vmcloud:Vm: \(update\)\n\s+\[id=/);
      expect(plan).toMatch(/flavor\s*: "gen-2-4" => "gen-4-8"/);
      expect(plan).toMatch(/~ 1 to update/);
      const cost = await readFile(join(work, "runner/reports/cost.md"), "utf8");
      expect(cost).toContain("| Resource | Quantity | Monthly price (RUB) | Change |");
      expect(cost).toMatch(
        /\| vm: gen-4-8, ubuntu-22\.04 \| 1 VM \| [\d,]+\.\d\d \| \+[\d,]+\.\d\d \|/,
      );
      expect(pr.output).toContain("nothing was deployed");
      expect((await vmNamed(cloud, "quickstart")).flavor.name).toBe("gen-2-4");
    },
    JOB_TIMEOUT,
  );

  it(
    "deploy applies the change; drift then finds none",
    async () => {
      const deploy = await job("deploy", env);
      expect(deploy.code, deploy.output).toBe(0);
      expect(deploy.output).toMatch(/~ 1 updated/);
      expect((await vmNamed(cloud, "quickstart")).flavor.name).toBe("gen-4-8");

      const drift = await job("drift", env);
      expect(drift.code, drift.output).toBe(0);
      expect(drift.output).toContain("No drift: every resource in the cloud matches");
    },
    JOB_TIMEOUT * 2,
  );

  it(
    "drift fails naming a VM renamed behind Pulumi's back and its property; deploy repairs it",
    async () => {
      const vm = await vmNamed(cloud, "quickstart");
      const renamed = await cloud.call("PUT", `/api/v1/vms/${vm.id}`, { name: "renamed-by-hand" });
      expect(renamed.status).toBe(200);

      const drift = await job("drift", env);
      expect(drift.code, drift.output).toBe(3);
      expect(drift.output).toContain(
        'drift: Vm "vm" (renamed-by-hand in the cloud): name is renamed-by-hand in the cloud, ' +
          "quickstart when deployed, quickstart in the program; deploy would: update",
      );
      // Only that property of that VM is drift.
      expect(drift.output.match(/^drift: /gm)).toHaveLength(1);
      const report = await readFile(join(work, "runner/reports/drift.md"), "utf8");
      expect(report).toContain("1 resource(s) changed in the cloud since the last deploy");
      expect(report).toContain(
        `| Vm "vm" (renamed-by-hand in the cloud) | ${vm.id} | name | quickstart | renamed-by-hand | quickstart | update |`,
      );
      // Drift changes nothing.
      expect((await cloud.call("GET", `/api/v1/vms/${vm.id}`)).body).toMatchObject({
        name: "renamed-by-hand",
      });

      const deploy = await job("deploy", env);
      expect(deploy.code, deploy.output).toBe(0);
      expect(deploy.output).toMatch(/~ 1 updated/);
      expect((await cloud.call("GET", `/api/v1/vms/${vm.id}`)).body).toMatchObject({
        name: "quickstart",
      });
    },
    JOB_TIMEOUT * 2,
  );

  it(
    "destroy leaves nothing in the cloud",
    async () => {
      const destroy = await job("destroy", env);
      expect(destroy.code, destroy.output).toBe(0);
      expect(destroy.output).toMatch(/- 4 deleted/);
      expect(await settledIds(cloud, before)).toEqual(before);
      await checkSecrets(backends[0]!);
    },
    JOB_TIMEOUT,
  );
});

/**
 * Neither the cloud's token, the passphrase nor the database's password in any job's output or
 * any decoded row of `backend` (which holds the stacks' checkpoints and histories).
 */
async function checkSecrets(backend: string) {
  expect(secrets.length).toBeGreaterThan(2);
  const rows = await backendRows(backend);
  expect(rows.some((r) => key(r).includes(".pulumi/stacks/"))).toBe(true);
  expect(rows.some((r) => key(r).includes(".pulumi/history/"))).toBe(true);
  for (const secret of secrets) {
    expect(rows.filter((r) => r.includes(secret))).toEqual([]);
    expect(outputs.filter((o) => o.includes(secret))).toEqual([]);
  }
}

describe("examples/ci/pipeline.sh: many jobs at once against one PostgreSQL backend", () => {
  let work: string;
  let emulator: TestEmulator;
  let cloud: Cloud;
  let backend: string;
  let shared: Record<string, string>;
  let before: Record<string, string[]>;

  beforeAll(async () => {
    await prepareEngine();
    work = await workFolder("vmcloud-e2e-ci-jobs-");
    // The team's PostgreSQL and cloud, started here as the pipeline's environment gives them.
    backend = (await run("bash", [POSTGRES, "start", join(work, "postgres")])).trim();
    backends.push(backend);
    emulator = await startTestEmulator({ speed: 20 });
    cloud = cloudAt(emulator.url, emulator.token);
    const pgPassword = (await readFile(join(work, "postgres/password"), "utf8")).trim();
    secrets = [...new Set([...secrets, PASSPHRASE, emulator.token, pgPassword])];
    shared = {
      PULUMI_BACKEND_URL: backend,
      PULUMI_CONFIG_PASSPHRASE: PASSPHRASE,
      VMCLOUD_ENDPOINT: emulator.url,
      VMCLOUD_TOKEN: emulator.token,
      VMCLOUD_PROJECT_ID: emulator.fixtures.vm.projectId,
    };
    before = await settledIds(cloud, {});
  }, ENGINE_TIMEOUT_MS);

  afterAll(async () => {
    await emulator?.close();
    if (work) {
      await run("bash", [POSTGRES, "stop", join(work, "postgres")]).catch(() => undefined);
      await rm(work, { recursive: true, force: true });
    }
  }, 60_000);

  const checkouts = new Map<string, Promise<string>>();
  /**
   * A runner: its own checkout of `program` (made on its first job) and its own work folder
   * (and so its own PULUMI_HOME).
   */
  async function runner(name: string, program: string, stack: string) {
    if (!checkouts.has(name))
      checkouts.set(name, checkoutOf(program, join(work, name, "checkout")));
    const checkout = await checkouts.get(name)!;
    return { ...shared, PROGRAM: checkout, STACK: stack, WORK_DIR: join(work, name, "work") };
  }

  it(
    "pr stops at a mandatory policy violation and at a program over the quota, deploying nothing",
    async () => {
      // Without the policy config the external IP of the quickstart's VM is not allowed.
      const denied = await job("pr", {
        ...(await runner("denied", "examples/quickstart", "denied")),
        POLICY_CONFIG: "none",
      });
      expect(denied.code, denied.output).toBe(1);
      expect(denied.output).toContain("[mandatory]  vmcloud-vm-external-ip");
      expect(denied.output).toContain(
        'Vm "vm": interfaces[0].externalIp gives the VM an external IP',
      );
      expect(denied.output).toContain(
        "the preview failed or a mandatory policy was violated (see above); nothing was deployed",
      );
      // Nine VMs of two GPUs each; the emulator's organization allows 16 GPUs.
      const gpu = "tests/e2e/fixtures/gpu-cluster";
      const quota = await job("pr", {
        ...(await runner("quota", gpu, "quota")),
        POLICY_CONFIG: join(repo, gpu, "policy-config.json"),
      });
      expect(quota.code, quota.output).toBe(1);
      expect(quota.output).toMatch(
        /quota gpus: the limit is 16 GPUs, 0 are in use and .* add 18 \(18 in all\): 2 over the limit/,
      );
      expect(quota.output).toContain("nothing was deployed");
      expect(await settledIds(cloud, before)).toEqual(before);
    },
    JOB_TIMEOUT * 2,
  );

  it(
    "two deploys of one stack at once: the second waits for the lock, then finds nothing to do",
    async () => {
      const [a, b] = [
        await runner("a", "examples/quickstart", "shared"),
        await runner("b", "examples/quickstart", "shared"),
      ];
      const runs = await Promise.all([job("deploy", a), job("deploy", b)]);
      for (const r of runs) expect(r.code, r.output).toBe(0);
      const waited = runs.filter((r) => r.output.includes("waiting for the lock of stack shared"));
      expect(waited.length, runs.map((r) => r.output).join("\n----\n")).toBe(1);
      expect(waited[0]!.output).toMatch(
        /waiting for the lock of stack shared: held by \S+@\S+ \(pid \d+\) at \d{4}-\d\d-\d\dT[\d:]+Z; waited \d+ s of 600 s/,
      );
      const other = runs.find((r) => r !== waited[0])!;
      expect(other.output).toMatch(/\+ 4 created/);
      expect(waited[0]!.output).toMatch(/4 unchanged/);
      expect(waited[0]!.output).not.toMatch(/\d+ created/);
      // One copy of each object.
      const made = await madeSince(cloud, before);
      expect(made.vms!.map((v) => v.name)).toEqual(["quickstart"]);
      expect(made.subnets!.filter((s) => s.name === "quickstart")).toHaveLength(1);
      expect(made.securityGroups!.filter((s) => s.name === "quickstart-ssh")).toHaveLength(1);
    },
    JOB_TIMEOUT * 2,
  );

  it(
    "a job killed holding the lock: the next one says who holds it and how to clear it",
    async () => {
      const a = await runner("a", "examples/quickstart", "shared");
      const killed = start("deploy", a);
      // Wait until the job holds the stack's lock (a row under .pulumi/locks/), then kill it
      // and everything it started, as a CI system kills a cancelled job's process group.
      const deadline = Date.now() + 120_000;
      while (!(await backendRows(backend)).some((r) => key(r).includes(".pulumi/locks/"))) {
        expect(Date.now(), killed.output()).toBeLessThan(deadline);
        await new Promise((r) => setTimeout(r, 200));
      }
      process.kill(-killed.child.pid!, "SIGKILL");
      await killed.done;

      const b = await runner("b", "examples/quickstart", "shared");
      const next = await job("deploy", { ...b, LOCK_TIMEOUT: "8" });
      expect(next.code, next.output).toBe(1);
      expect(next.output).toMatch(
        /the stack shared is still locked after \d+ s, by \S+@\S+ \(pid \d+\) at \d{4}-[\d-]+T[\d:]+Z\./,
      );
      expect(next.output).toMatch(
        /pid \d+ is not running on this host: the job that took the lock looks gone/,
      );
      expect(next.output).toContain("pulumi cancel --stack shared --yes");

      // Done as the message says, the next deploy runs.
      await run("pulumi", ["cancel", "--stack", "shared", "--yes", "--non-interactive"], {
        ...shared,
        PATH: `${(await prepareEngine()).enginePath}:${process.env.PATH ?? ""}`,
        PULUMI_HOME: join(work, "b", "work", "pulumi-home"),
        PULUMI_SKIP_UPDATE_CHECK: "true",
      });
      const after = await job("deploy", b);
      expect(after.code, after.output).toBe(0);
      expect(after.output).not.toContain("waiting for the lock");
      expect((await madeSince(cloud, before)).vms!.map((v) => v.name)).toEqual(["quickstart"]);

      const destroy = await job("destroy", a);
      expect(destroy.code, destroy.output).toBe(0);
      expect(await settledIds(cloud, before)).toEqual(before);
    },
    JOB_TIMEOUT * 3,
  );

  it(
    "the split-stacks example: the network, then two apps reading it, by parallel jobs; then destroyed",
    async () => {
      const network = await runner("network", "examples/ci/stacks/network", "network");
      const apps = [
        await runner("app-a", "examples/ci/stacks/app", "app-a"),
        await runner("app-b", "examples/ci/stacks/app", "app-b"),
      ];
      const net = await job("deploy", network);
      expect(net.code, net.output).toBe(0);
      const deployed = await Promise.all(apps.map((env) => job("deploy", env)));
      for (const r of deployed) {
        expect(r.code, r.output).toBe(0);
        expect(r.output).toMatch(/\+ 2 created/);
        expect(r.output).not.toContain("waiting for the lock");
      }
      const made = await madeSince(cloud, before);
      expect(made.vms!.map((v) => v.name).sort()).toEqual(["app-a-0", "app-b-0"]);
      // Both apps in the network stack's subnet.
      const subnet = made.subnets!.find((s) => s.name === "ci-apps")!;
      for (const vm of made.vms!) {
        const body = (await cloud.call("GET", `/api/v1/vms/${vm.id}`)).body as {
          interfaces: Array<{ subnet?: { id: string } }>;
        };
        expect(body.interfaces[0]!.subnet?.id).toBe(subnet.id);
      }

      const destroyed = await Promise.all(apps.map((env) => job("destroy", env)));
      for (const r of destroyed) expect(r.code, r.output).toBe(0);
      const gone = await job("destroy", network);
      expect(gone.code, gone.output).toBe(0);
      expect(await settledIds(cloud, before)).toEqual(before);
      await checkSecrets(backend);
    },
    JOB_TIMEOUT * 3,
  );
});
