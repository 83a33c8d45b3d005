// examples/ci/pipeline.sh, the CI pipeline of the examples, run as CI runs it: with the policy
// config it previews the quickstart under the vmcloud policy pack (whose cost and quota
// policies price it with the stack's settings), deploys it into its own emulator, prints the
// outputs and destroys it; without the config, the mandatory external-IP policy stops it at the
// preview, before anything is deployed; a program over the organization's GPU quota is stopped
// there by the provider's check of the program's quotas (the quota policy says the same). Never skipped: if the engine cannot be built, `beforeAll` fails.
import { spawn } from "node:child_process";
import { existsSync, readdirSync } from "node:fs";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEFAULT_TOKEN } from "../../emulator";
import { ENGINE_TIMEOUT_MS, prepareEngine, repo } from "./support/engine";

const PIPELINE = join(repo, "examples/ci/pipeline.sh");
const QUICKSTART = join(repo, "examples/quickstart");
const GPU_CLUSTER = join(repo, "tests/e2e/fixtures/gpu-cluster");
const RUN_TIMEOUT = 240_000;

interface Run {
  code: number;
  output: string;
}

/** Runs the pipeline with `env` added; stdout and stderr together, as a CI log shows them. */
function pipeline(env: Record<string, string>): Promise<Run> {
  return new Promise((resolvePromise, reject) => {
    const child = spawn("bash", [PIPELINE], {
      cwd: repo,
      env: { ...process.env, ...env },
      stdio: ["ignore", "pipe", "pipe"],
    });
    let output = "";
    child.stdout.on("data", (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on("data", (chunk: Buffer) => (output += chunk.toString()));
    child.on("error", reject);
    child.on("close", (code) => resolvePromise({ code: code ?? -1, output }));
  });
}

/** The stack settings files the pipeline left in `program` for `stack`. */
function settingsLeft(stack: string, program = QUICKSTART): string[] {
  return readdirSync(program).filter((f) => f === `Pulumi.${stack}.yaml`);
}

describe("examples/ci/pipeline.sh", () => {
  let work: string;

  beforeAll(async () => {
    await prepareEngine();
    work = await mkdtemp(join(tmpdir(), "vmcloud-e2e-ci-"));
  }, ENGINE_TIMEOUT_MS);

  afterAll(async () => {
    if (work) await rm(work, { recursive: true, force: true });
  });

  it(
    "previews with the policy pack, deploys, prints the outputs and destroys",
    async () => {
      const stack = `ci-pass-${process.pid}`;
      const run = await pipeline({ STACK: stack, WORK_DIR: join(work, "pass") });
      expect(run.code, run.output).toBe(0);

      const preview = run.output.indexOf("==> pulumi preview with the policy pack");
      const up = run.output.indexOf("==> pulumi up");
      const destroy = run.output.indexOf("==> pulumi destroy");
      expect(preview).toBeGreaterThan(0);
      expect(up).toBeGreaterThan(preview);
      expect(destroy).toBeGreaterThan(up);
      // The pack ran on the preview and passed, its cost and quota policies with the stack's
      // settings (the cost line is the one advisory report; nothing was skipped).
      const previewed = run.output.slice(preview, up);
      expect(previewed).toMatch(/⚠️ vmcloud@v[\d.]+ \(local: .*policy\)/);
      expect(previewed).not.toContain("[mandatory]");
      expect(previewed).toMatch(/\[advisory\]\s+vmcloud-stack-cost/);
      expect(previewed).toMatch(
        /cost: monthly total [\d,]+\.\d\d RUB for \d+ priced item\(s\) \(now 0\.00 RUB, change \+[\d,]+\.\d\d RUB\)/,
      );
      expect(run.output).not.toContain("cost and quota policies skipped");
      // The emulator's token went into the stack as a secret and is printed nowhere.
      expect(run.output).not.toContain(DEFAULT_TOKEN);
      // The cost table of the change, priced by the service, before anything is deployed.
      const cost = run.output.indexOf("==> Cost estimate (vmcloud-cost)");
      expect(cost).toBeGreaterThan(preview);
      expect(cost).toBeLessThan(up);
      expect(run.output.slice(cost, up)).toContain(
        "| Resource | Quantity | Monthly price (RUB) | Change |",
      );
      expect(run.output.slice(cost, up)).toMatch(
        /\| vm: [\w-]+, [\w.-]+ \| 1 VM \| [\d,]+\.\d\d \| \+[\d,]+\.\d\d \(new\) \|/,
      );
      expect(run.output.slice(cost, up)).toMatch(/\| \*\*Total\*\* \| \| \*\*[\d,]+\.\d\d\*\* \|/);
      expect(run.output.slice(up, destroy)).toContain('"vmState": "running"');
      expect(run.output.slice(destroy)).toMatch(/- 4 deleted/);
      expect(run.output).toContain("==> Pipeline passed");
      // The stack was removed, settings file and all; the emulator's log went to the work dir.
      expect(settingsLeft(stack)).toEqual([]);
      expect(existsSync(join(work, "pass", "emulator.log"))).toBe(true);
    },
    RUN_TIMEOUT,
  );

  it(
    "stops at the preview when a mandatory policy is violated, deploying nothing",
    async () => {
      const stack = `ci-fail-${process.pid}`;
      const run = await pipeline({
        STACK: stack,
        POLICY_CONFIG: "none",
        WORK_DIR: join(work, "fail"),
      });
      expect(run.code).not.toBe(0);
      expect(run.output).toContain("[mandatory]  vmcloud-vm-external-ip");
      expect(run.output).toContain('Vm "vm": interfaces[0].externalIp gives the VM an external IP');
      expect(run.output).toContain(
        "a mandatory policy was violated (see above); nothing was deployed",
      );
      expect(run.output).not.toContain("==> pulumi up");
      expect(settingsLeft(stack)).toEqual([]);
    },
    RUN_TIMEOUT,
  );

  it(
    "stops at the preview a program over the organization's quota, with the stack's settings",
    async () => {
      const stack = `ci-quota-${process.pid}`;
      const run = await pipeline({
        STACK: stack,
        PROGRAM: GPU_CLUSTER,
        POLICY_CONFIG: join(GPU_CLUSTER, "policy-config.json"),
        WORK_DIR: join(work, "quota"),
      });
      expect(run.code).not.toBe(0);
      // Nine VMs of two GPUs each; the emulator's organization allows 16 GPUs. The provider's
      // check of the program's quotas stops the preview at the ninth, before the pack's stack
      // rules run, in the words of the pack's quota rule.
      expect(run.output).toMatch(
        /quota gpus: the limit is 16 GPUs, 0 are in use and .* add 18 \(18 in all\): 2 over the limit/,
      );
      // No other policy has anything to say.
      expect(run.output).not.toMatch(/\[mandatory\]\s+vmcloud-(?!project-quotas)/);
      expect(run.output).toContain(
        "the preview failed or a mandatory policy was violated (see above); nothing was deployed",
      );
      expect(run.output).not.toContain("==> pulumi up");
      expect(run.output).not.toContain(DEFAULT_TOKEN);
      expect(settingsLeft(stack, GPU_CLUSTER)).toEqual([]);
    },
    RUN_TIMEOUT,
  );
});
