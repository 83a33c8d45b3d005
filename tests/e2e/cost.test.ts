// Cost and quota in review, under the real Pulumi engine against the emulator:
// `pulumi preview --policy-pack policy/` of tests/e2e/fixtures/cost-stack within its budget
// (an advisory line with the monthly total), over its budget (advisory by default, blocking
// when the budget policy is made mandatory), over a quota (a mandatory violation: the
// preview fails and `pulumi up` creates nothing), and over a quota with the service's settings
// in the stack's config only, as the program has them; then `vmcloud-cost` over
// `pulumi preview --json` prints the Markdown table. Every total is checked to the cent against
// a sum worked out here from the emulator's price list. Never skipped: if the engine cannot be
// built, `beforeAll` fails.
import { spawn } from "node:child_process";
import { mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { EntityUsage } from "../../api/vm/pricing";
import type { PriceList } from "../../emulator/vm/price-list";
import { startTestEmulator, type TestEmulator } from "../support/emulator";
import { prepareEngine, ENGINE_TIMEOUT_MS, repo } from "./support/engine";

const program = join(repo, "tests/e2e/fixtures/cost-stack");
const policyPack = join(repo, "policy");
const RUN_TIMEOUT = 240_000;

interface Run {
  code: number;
  stdout: string;
  stderr: string;
}

function run(
  command: string,
  args: string[],
  env: NodeJS.ProcessEnv,
  options: { cwd?: string; input?: string } = {},
): Promise<Run> {
  return new Promise((resolvePromise, reject) => {
    const child = spawn(command, args, {
      cwd: options.cwd ?? program,
      env,
      stdio: [options.input === undefined ? "ignore" : "pipe", "pipe", "pipe"],
    });
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on("data", (chunk: Buffer) => (stderr += chunk.toString()));
    child.on("error", reject);
    child.on("close", (code) => resolvePromise({ code: code ?? -1, stdout, stderr }));
    if (options.input !== undefined) child.stdin!.end(options.input);
  });
}

interface PolicyEvent {
  message: string;
  policyName: string;
  enforcementLevel: string;
}

/** The monthly total a message reports: `monthly total 5,074.00` → 507400 (cents). */
function totalCents(message: string, label = "monthly total"): number {
  const match = new RegExp(`${label} ([\\d,]+\\.\\d\\d)`).exec(message);
  if (match === null) throw new Error(`no "${label}" in: ${message}`);
  return Math.round(Number(match[1]!.replace(/,/g, "")) * 100);
}

describe("cost and quota in review (policy pack and vmcloud-cost)", () => {
  let emulator: TestEmulator;
  let scratch: string;
  let env: NodeJS.ProcessEnv;
  const stack = `cost-${process.pid}-${Date.now()}`;

  /** The stack's monthly cost in cents, from the price list alone, for `vms` VMs. */
  async function expectedCents(vms: number): Promise<number> {
    const reply = await emulator.call("GET", "/_emulator/vm/prices", { auth: false });
    const list = reply.body as PriceList;
    const c = (x: number) => Math.round(x * 100);
    // Each VM: gen-2-4 with ubuntu-22.04 (no licence) and a 10 GB SSD boot disk; one external
    // IP (on the first VM); one 50 GB SSD data disk.
    const vm =
      c(list.flavorsPerHour["gen-2-4"]! * 730) + c((list.imagesPerHour["ubuntu-22.04"] ?? 0) * 730);
    const boot = c(list.diskTypesPerGbMonth["SSD"]! * 10);
    const address = c(list.externalIpPerHour * 730);
    const data = c(list.diskTypesPerGbMonth["SSD"]! * 50);
    return vms * (vm + boot) + address + data;
  }

  async function usage(): Promise<EntityUsage> {
    const reply = await emulator.call(
      "GET",
      `/api/v1/project-entity-usage?project_id=${emulator.fixtures.vm.projectId}`,
    );
    return (reply.body as { entities: EntityUsage }).entities;
  }

  async function policyConfig(name: string, extra: object = {}): Promise<string> {
    const file = join(scratch, `${name}.json`);
    await writeFile(
      file,
      JSON.stringify(
        {
          "vmcloud-vm-external-ip": { allowedVms: ["cost-app-0"] },
          "vmcloud-vm-security-group": { allowDefaultGroup: true },
          ...extra,
        },
        null,
        2,
      ),
    );
    return file;
  }

  /** `pulumi <args>` of the test stack with the policy pack and the given pack config. */
  function withPack(config: string, args: string[], extraEnv: NodeJS.ProcessEnv = {}) {
    const packArgs = ["--policy-pack", policyPack, "--policy-pack-config", config];
    return run("pulumi", [...args, ...packArgs, "--non-interactive", "--stack", stack], {
      ...env,
      ...extraEnv,
    });
  }

  /** `pulumi preview --json` with the pack, its policy events streamed as JSON lines. */
  async function previewEvents(
    config: string,
    extraEnv: NodeJS.ProcessEnv = {},
  ): Promise<{ code: number; events: PolicyEvent[]; output: string }> {
    const result = await withPack(config, ["preview", "--json"], {
      PULUMI_ENABLE_STREAMING_JSON_PREVIEW: "1",
      ...extraEnv,
    });
    const events = result.stdout
      .split("\n")
      .filter((line) => line.startsWith("{"))
      .map((line) => JSON.parse(line) as { policyEvent?: PolicyEvent })
      .flatMap((e) => (e.policyEvent ? [e.policyEvent] : []));
    return { code: result.code, events, output: result.stdout + result.stderr };
  }

  function byPolicy(events: PolicyEvent[], name: string): PolicyEvent[] {
    return events.filter((e) => e.policyName === name);
  }

  /**
   * The words of the VM quota exceeded by the stack's two new VMs, where `used` are in use and
   * the limit leaves room for one (whether the provider's check or the pack says it; the JSON
   * of the events escapes the quotes around the VMs' names).
   */
  function overVmQuota(used: number): RegExp {
    return new RegExp(
      `quota vms: the limit is ${used + 1} VMs, ${used} are in use and .*app-\\d.* add 2 ` +
        `\\(${used + 2} in all\\): 1 over the limit`,
    );
  }

  beforeAll(async () => {
    const engine = await prepareEngine();
    emulator = await startTestEmulator({ speed: 20 });
    scratch = await mkdtemp(join(tmpdir(), "vmcloud-cost-e2e-"));
    await mkdir(join(scratch, "state"));
    env = {
      ...process.env,
      PATH: `${engine.enginePath}:${process.env.PATH ?? ""}`,
      PULUMI_BACKEND_URL: `file://${join(scratch, "state")}`,
      PULUMI_CONFIG_PASSPHRASE: "test",
      PULUMI_HOME: join(scratch, "home"),
      PULUMI_SKIP_UPDATE_CHECK: "true",
      VMCLOUD_ENDPOINT: emulator.url,
      VMCLOUD_TOKEN: emulator.token,
      VMCLOUD_PROJECT_ID: emulator.fixtures.vm.projectId,
    };
    const init = await run("pulumi", ["stack", "init", stack, "--non-interactive"], env);
    if (init.code !== 0) throw new Error(`pulumi stack init failed:\n${init.stdout}${init.stderr}`);
    // The program reads its size from the stack config (and the engine needs some config).
    const set = await run("pulumi", ["config", "set", "vms", "2", "--stack", stack], env);
    if (set.code !== 0) throw new Error(`pulumi config set failed:\n${set.stdout}${set.stderr}`);
  }, ENGINE_TIMEOUT_MS);

  afterAll(async () => {
    if (env)
      await run("pulumi", ["stack", "rm", stack, "--yes", "--force", "--non-interactive"], env);
    await rm(join(program, `Pulumi.${stack}.yaml`), { force: true });
    await emulator?.close();
    if (scratch) await rm(scratch, { recursive: true, force: true });
  }, 120_000);

  it(
    "within the budget: one advisory line with the monthly total, equal to the price list's sum",
    async () => {
      const config = await policyConfig("within", {
        "vmcloud-monthly-budget": { monthlyBudget: 100000 },
      });
      const text = await withPack(config, ["preview"]);
      console.log(`preview within budget:\n${text.stdout}`);
      expect(text.code, text.stdout + text.stderr).toBe(0);
      expect(text.stdout).toMatch(/\[advisory\]\s+vmcloud-stack-cost/);
      const { code, events } = await previewEvents(config);
      expect(code).toBe(0);
      const cost = byPolicy(events, "vmcloud-stack-cost");
      expect(cost).toHaveLength(1);
      expect(cost[0]!.enforcementLevel).toBe("advisory");
      expect(totalCents(cost[0]!.message)).toBe(await expectedCents(2));
      // Nothing exists yet: the change is the whole total.
      expect(cost[0]!.message).toContain("(now 0.00 RUB, change +");
      expect(byPolicy(events, "vmcloud-monthly-budget")).toEqual([]);
      expect(byPolicy(events, "vmcloud-project-quotas")).toEqual([]);
    },
    RUN_TIMEOUT,
  );

  it(
    "over the budget: an advisory violation by default, a failed preview when made mandatory",
    async () => {
      const advisory = await previewEvents(
        await policyConfig("over", { "vmcloud-monthly-budget": { monthlyBudget: 1000 } }),
      );
      expect(advisory.code).toBe(0);
      const budget = byPolicy(advisory.events, "vmcloud-monthly-budget");
      expect(budget).toHaveLength(1);
      expect(budget[0]!.enforcementLevel).toBe("advisory");
      expect(budget[0]!.message).toContain("over the monthly budget of 1,000.00");
      expect(totalCents(budget[0]!.message, "would cost")).toBe(await expectedCents(2));
      const mandatory = await previewEvents(
        await policyConfig("over-mandatory", {
          "vmcloud-monthly-budget": { enforcementLevel: "mandatory", monthlyBudget: 1000 },
        }),
      );
      expect(mandatory.code).not.toBe(0);
      expect(byPolicy(mandatory.events, "vmcloud-monthly-budget")[0]!.enforcementLevel).toBe(
        "mandatory",
      );
    },
    RUN_TIMEOUT,
  );

  it(
    "over a quota: the preview fails naming quota, limit, use, what the program adds and by how much; nothing is created",
    async () => {
      const before = await usage();
      const set = await emulator.call("PUT", "/_emulator/vm/quotas", {
        auth: false,
        body: { project_id: emulator.fixtures.vm.projectId, limits: { vms: before.vms + 1 } },
      });
      expect(set.status, set.text).toBe(200);
      try {
        const config = await policyConfig("quota");
        const { code, events, output } = await previewEvents(config);
        expect(code).not.toBe(0);
        // The provider's check of the program's quotas stops the preview before the pack's
        // stack rules run; the pack's rule, when it runs, is mandatory and says the same.
        expect(output).toMatch(overVmQuota(before.vms));
        for (const event of byPolicy(events, "vmcloud-project-quotas")) {
          expect(event.enforcementLevel).toBe("mandatory");
          expect(event.message).toMatch(overVmQuota(before.vms));
        }
        const up = await withPack(config, ["up", "--yes"]);
        expect(up.code).not.toBe(0);
        expect(await usage()).toEqual(before);
      } finally {
        await emulator.call("POST", "/_emulator/reset", { auth: false });
      }
    },
    RUN_TIMEOUT,
  );

  it(
    "with the settings in the stack's config only, as the program reads them: priced, and denied over a quota; the token never printed",
    async () => {
      const config = await policyConfig("stack-settings");
      const settings: Array<[string, string, boolean]> = [
        ["vmcloud:endpoint", emulator.url, false],
        ["vmcloud:token", emulator.token, true],
        ["vmcloud:projectId", emulator.fixtures.vm.projectId, false],
      ];
      const noEnvironment = { VMCLOUD_ENDPOINT: "", VMCLOUD_TOKEN: "", VMCLOUD_PROJECT_ID: "" };
      for (const [key, value, secret] of settings) {
        const args = ["config", "set", key, ...(secret ? ["--secret"] : []), "--stack", stack];
        const set = await run("pulumi", args, env, { input: value });
        expect(set.code, set.stderr).toBe(0);
      }
      const before = await usage();
      try {
        const priced = await previewEvents(config, noEnvironment);
        expect(priced.code, priced.output).toBe(0);
        const cost = byPolicy(priced.events, "vmcloud-stack-cost");
        expect(cost).toHaveLength(1);
        expect(totalCents(cost[0]!.message)).toBe(await expectedCents(2));
        expect(priced.output).not.toContain("cost and quota policies skipped");

        const limit = await emulator.call("PUT", "/_emulator/vm/quotas", {
          auth: false,
          body: { project_id: emulator.fixtures.vm.projectId, limits: { vms: before.vms + 1 } },
        });
        expect(limit.status, limit.text).toBe(200);
        const denied = await previewEvents(config, noEnvironment);
        expect(denied.code).not.toBe(0);
        expect(denied.output).toMatch(overVmQuota(before.vms));
        for (const event of byPolicy(denied.events, "vmcloud-project-quotas")) {
          expect(event.enforcementLevel).toBe("mandatory");
        }
        for (const output of [priced.output, denied.output]) {
          expect(output).not.toContain(emulator.token);
        }
      } finally {
        await emulator.call("POST", "/_emulator/reset", { auth: false });
        for (const [key] of settings) {
          await run("pulumi", ["config", "rm", key, "--stack", stack], env);
        }
      }
    },
    RUN_TIMEOUT,
  );

  it(
    "vmcloud-cost reads `pulumi preview --json` and prints the Markdown table with the same total",
    async () => {
      const preview = await run(
        "pulumi",
        ["preview", "--json", "--non-interactive", "--stack", stack],
        env,
      );
      expect(preview.code, preview.stderr).toBe(0);
      const cli = await run("node", [join(repo, "dist/provider/cost/cli.js")], env, {
        input: preview.stdout,
      });
      console.log(`vmcloud-cost:\n${cli.stdout}${cli.stderr}`);
      expect(cli.code, cli.stderr).toBe(0);
      expect(cli.stdout).toContain("| Resource | Quantity | Monthly price (RUB) | Change |");
      expect(cli.stdout).toMatch(
        /\| app-0: gen-2-4, ubuntu-22\.04 \| 1 VM \| 2,007\.50 \| \+2,007\.50 \(new\) \|/,
      );
      expect(cli.stdout).toMatch(/\| data: SSD \| 50 GB \| 600\.00 \|/);
      expect(cli.stdout).toMatch(/\| app-0: external IP \| 1 external IP \|/);
      expect(totalCents(cli.stdout, "Monthly total")).toBe(await expectedCents(2));
    },
    RUN_TIMEOUT,
  );

  it(
    "after `pulumi up`, reports the change against what the stack holds now (policy and table)",
    async () => {
      const config = await policyConfig("grow");
      const up = await withPack(config, ["up", "--yes"]);
      expect(up.code, up.stdout + up.stderr).toBe(0);
      try {
        const set = await run("pulumi", ["config", "set", "vms", "3", "--stack", stack], env);
        expect(set.code).toBe(0);
        const { code, events } = await previewEvents(config);
        expect(code).toBe(0);
        const message = byPolicy(events, "vmcloud-stack-cost")[0]!.message;
        const now = await expectedCents(2);
        const after = await expectedCents(3);
        expect(totalCents(message)).toBe(after);
        expect(totalCents(message, "now")).toBe(now);
        const preview = await run(
          "pulumi",
          ["preview", "--json", "--show-sames", "--non-interactive", "--stack", stack],
          env,
        );
        const cli = await run("node", [join(repo, "dist/provider/cost/cli.js")], env, {
          input: preview.stdout,
        });
        console.log(`vmcloud-cost after up:\n${cli.stdout}${cli.stderr}`);
        expect(cli.code, cli.stderr).toBe(0);
        expect(cli.stdout).toMatch(
          /\| app-0: gen-2-4, ubuntu-22\.04 \| 1 VM \| 2,007\.50 \| 0\.00 \|/,
        );
        expect(cli.stdout).toMatch(
          /\| app-2: gen-2-4, ubuntu-22\.04 \| 1 VM \| 2,007\.50 \| \+2,007\.50 \(new\) \|/,
        );
        expect(totalCents(cli.stdout, "Monthly total")).toBe(after);
        expect(totalCents(cli.stdout, "now")).toBe(now);
      } finally {
        await run("pulumi", ["config", "set", "vms", "2", "--stack", stack], env);
        await run("pulumi", ["destroy", "--yes", "--non-interactive", "--stack", stack], env);
      }
    },
    RUN_TIMEOUT,
  );
});
