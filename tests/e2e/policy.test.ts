// The vmcloud policy pack under the real Pulumi engine: `pulumi preview --policy-pack policy/`
// on tests/e2e/fixtures/policy-violations. The program's resources use the vmcloud type tokens
// with a stub provider, so preview needs no cloud. Checks: exactly the expected violations at
// their levels, a failed (blocked) preview on mandatory ones only, nothing on the clean
// variant, the policy pack config changing levels and limits through the engine, and, in a CI
// run, the quota policy failing the preview because it has no service to ask.
// Needs `npm run build` first (the pack runs from dist/; `npm test` builds). The engine comes
// from scripts/pulumi-engine.sh (built on first use, ~5 min); if it cannot be built the suite
// fails, it is never skipped.
import { spawn } from "node:child_process";
import { existsSync } from "node:fs";
import { mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { policies } from "../../policy/policies";

const repo = resolve(__dirname, "../..");
const program = join(repo, "tests/e2e/fixtures/policy-violations");
const policyPack = join(repo, "policy");

interface Run {
  code: number;
  stdout: string;
  stderr: string;
}

function run(command: string, args: string[], env: NodeJS.ProcessEnv, cwd = program): Promise<Run> {
  return new Promise((resolvePromise, reject) => {
    const child = spawn(command, args, { cwd, env, stdio: ["ignore", "pipe", "pipe"] });
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on("data", (chunk: Buffer) => (stderr += chunk.toString()));
    child.on("error", reject);
    child.on("close", (code) => resolvePromise({ code: code ?? -1, stdout, stderr }));
  });
}

/** One violation as `<policy> <resource name or "stack"> <level>`. */
type Reported = string;

interface PolicyEvent {
  resourceUrn?: string;
  message: string;
  policyName: string;
  policyPackName: string;
  enforcementLevel: string;
}

/** The resource name at the end of a URN; "stack" for the stack resource itself. */
function nameOf(urn: string | undefined): string {
  if (urn === undefined || urn.includes("::pulumi:pulumi:Stack::")) return "stack";
  return urn.slice(urn.lastIndexOf("::") + 2);
}

describe("the vmcloud policy pack under `pulumi preview --policy-pack policy/`", () => {
  let scratch: string;
  let env: NodeJS.ProcessEnv;
  const stack = `policy-${process.pid}-${Date.now()}`;

  /** The literal CI command, human output. */
  function previewText(mode: "violations" | "clean", configFile?: string): Promise<Run> {
    const args = ["preview", "--policy-pack", policyPack, "--non-interactive", "--stack", stack];
    if (configFile !== undefined) args.push("--policy-pack-config", configFile);
    return run("pulumi", args, { ...env, POLICY_FIXTURE_MODE: mode });
  }

  /** The same preview with the engine's events streamed as JSON: the policy violations. */
  async function previewEvents(
    mode: "violations" | "clean",
    configFile?: string,
    extraEnv: NodeJS.ProcessEnv = {},
  ): Promise<{ code: number; events: PolicyEvent[]; reported: Reported[]; output: string }> {
    const args = [
      "preview",
      "--json",
      "--policy-pack",
      policyPack,
      "--non-interactive",
      "--stack",
      stack,
    ];
    if (configFile !== undefined) args.push("--policy-pack-config", configFile);
    const result = await run("pulumi", args, {
      ...env,
      POLICY_FIXTURE_MODE: mode,
      PULUMI_ENABLE_STREAMING_JSON_PREVIEW: "1",
      ...extraEnv,
    });
    const events = result.stdout
      .split("\n")
      .filter((line) => line.startsWith("{"))
      .map((line) => JSON.parse(line) as { policyEvent?: PolicyEvent })
      .flatMap((e) => (e.policyEvent ? [e.policyEvent] : []));
    const reported = events
      .map((e) => `${e.policyName} ${nameOf(e.resourceUrn)} ${e.enforcementLevel}`)
      .sort();
    return { code: result.code, events, reported, output: result.stdout + result.stderr };
  }

  async function configFile(name: string, config: object): Promise<string> {
    const file = join(scratch, name);
    await writeFile(file, JSON.stringify(config, null, 2));
    return file;
  }

  beforeAll(async () => {
    if (
      !existsSync(join(repo, "dist/policy/pack.js")) ||
      !existsSync(join(repo, "dist/provider/type-tokens.js"))
    ) {
      throw new Error("dist/ is missing the policy pack or the SDK: run `npm run build` first");
    }
    const started = Date.now();
    const enginePath = await run(
      "bash",
      [join(repo, "scripts/pulumi-engine.sh"), "--print-path"],
      process.env,
      repo,
    );
    if (enginePath.code !== 0)
      throw new Error(`scripts/pulumi-engine.sh failed:\n${enginePath.stderr}`);
    console.log(`engine ready in ${Math.round((Date.now() - started) / 1000)} s`);

    scratch = await mkdtemp(join(tmpdir(), "vmcloud-policy-e2e-"));
    await mkdir(join(scratch, "state"));
    env = {
      ...process.env,
      PATH: `${enginePath.stdout.trim()}:${process.env.PATH ?? ""}`,
      PULUMI_BACKEND_URL: `file://${join(scratch, "state")}`,
      PULUMI_CONFIG_PASSPHRASE: "test",
      PULUMI_HOME: join(scratch, "home"),
      PULUMI_SKIP_UPDATE_CHECK: "true",
      // The stub program has no cloud: the cost and quota policies find no service, which is
      // "not applicable" outside CI (the test below sets CI itself), whatever the shell has.
      CI: "",
      VMCLOUD_ENDPOINT: "",
      VMCLOUD_TOKEN: "",
      VMCLOUD_PROJECT_ID: "",
    };
    const init = await run("pulumi", ["stack", "init", stack, "--non-interactive"], env);
    if (init.code !== 0) throw new Error(`pulumi stack init failed:\n${init.stdout}${init.stderr}`);
  }, 15 * 60_000);

  afterAll(async () => {
    if (env)
      await run("pulumi", ["stack", "rm", stack, "--yes", "--force", "--non-interactive"], env);
    // The stack's settings file (the passphrase's salt) must not stay in the fixture.
    await rm(join(program, `Pulumi.${stack}.yaml`), { force: true });
    if (scratch) await rm(scratch, { recursive: true, force: true });
  }, 120_000);

  const expected: Reported[] = [
    "vmcloud-disk-encryption plain-disk mandatory",
    "vmcloud-disk-max-size big-disk mandatory",
    "vmcloud-no-unattached-disks spare-disk advisory",
    "vmcloud-security-group-open-ingress open-sg mandatory",
    "vmcloud-subnet-prefix huge-net mandatory",
    "vmcloud-subnet-private-cidr public-net mandatory",
    "vmcloud-vm-boot-disk-size tiny-boot advisory",
    "vmcloud-vm-cloud-init-secrets leaky-init mandatory",
    "vmcloud-vm-external-ip public-vm mandatory",
    "vmcloud-vm-flavor gpu-box mandatory",
    "vmcloud-vm-password-secret plain-pw mandatory",
    "vmcloud-vm-security-group no-sg mandatory",
  ];

  it("reports exactly the expected violations and blocks the preview (human output)", async () => {
    const started = Date.now();
    const result = await previewText("violations");
    console.log(`preview --policy-pack (violations): ${Date.now() - started} ms\n${result.stdout}`);
    expect(result.code).not.toBe(0);
    expect(result.stdout).toContain("❌ vmcloud@v0.1.0");
    // "- [mandatory]  vmcloud-vm-flavor  (pulumi-nodejs:dynamic/vmcloud:Vm: gpu-box)"
    const lines = [
      ...result.stdout.matchAll(
        /- \[(\w+)\]\s+(vmcloud-[a-z-]+)\s+\([^:]+:[^:]+:(\w+): ([\w-]+)\)/g,
      ),
    ];
    expect(lines.map(([, level, policy, , name]) => `${policy} ${name} ${level}`).sort()).toEqual(
      expected,
    );
    // Messages name the resource and the fix.
    expect(result.stdout).toContain('Vm "plain-pw": password is plain text');
    expect(result.stdout).toContain('Disk "spare-disk": no DiskAttachment or Vm attaches it');
    // The secret password passes, and no password or cloud-init secret is printed.
    expect(result.stdout).not.toMatch(/secret-pw\)/);
    for (const secretText of ["Plain-Passw0rd-1", "Secret-Passw0rd-2", "Hunter2-Hunter2"]) {
      expect(result.stdout + result.stderr).not.toContain(secretText);
    }
  }, 180_000);

  it("reports the same violations as engine events, and the secret password passes", async () => {
    const result = await previewEvents("violations");
    expect(result.code).not.toBe(0);
    expect(result.reported).toEqual(expected);
    expect(result.events.every((e) => e.policyPackName === "vmcloud")).toBe(true);
    expect(result.events.map((e) => nameOf(e.resourceUrn))).not.toContain("secret-pw");
    // Every fix says what preview then shows, as the provider's diff has it: encrypting a disk
    // updates it in place, a new cloud-init replaces the VM.
    const message = (policy: string) => result.events.find((e) => e.policyName === policy)?.message;
    expect(message("vmcloud-disk-encryption")).toContain(
      "Fix: set encrypted: true. For an existing disk, pulumi preview then shows ~ encrypted: an update in place.",
    );
    expect(message("vmcloud-vm-cloud-init-secrets")).toMatch(
      /For an existing VM, pulumi preview then shows \+- \(replace, for cloudInit\)/,
    );
    for (const event of result.events) {
      if (event.enforcementLevel === "mandatory") {
        expect(event.message, event.policyName).toMatch(/pulumi preview then (shows|refuses)/);
      }
    }
  }, 180_000);

  it("reports nothing on the clean variant, and the preview succeeds", async () => {
    const text = await previewText("clean");
    console.log(`preview --policy-pack (clean):\n${text.stdout}`);
    expect(text.code).toBe(0);
    expect(text.stdout).toContain("✅ vmcloud@v0.1.0");
    const events = await previewEvents("clean");
    expect(events.code).toBe(0);
    expect(events.reported).toEqual([]);
  }, 180_000);

  it("does not block when every violation is advisory", async () => {
    const advisory = Object.fromEntries(
      policies
        .filter((p) => p.enforcementLevel !== "remediate")
        .map((p) => [p.name, { enforcementLevel: "advisory" }]),
    );
    const result = await previewEvents("violations", await configFile("advisory.json", advisory));
    expect(result.code).toBe(0);
    expect(result.reported).toEqual(
      expected.map((e) => e.replace(/ mandatory$/, " advisory")).sort(),
    );
  }, 180_000);

  it("follows the policy pack config: limits, allow-lists and levels", async () => {
    const config = {
      "vmcloud-vm-flavor": { maxGpu: 1 },
      "vmcloud-security-group-open-ingress": { allowedPorts: [22] },
      "vmcloud-vm-external-ip": { allowedVms: ["public-vm"] },
      "vmcloud-vm-boot-disk-size": { minSizeGb: 8 },
      "vmcloud-disk-max-size": { enforcementLevel: "advisory" },
      "vmcloud-subnet-prefix": { enforcementLevel: "disabled" },
      "vmcloud-stack-max-vms": { maxVms: 3 },
      "vmcloud-allowed-zones": { allowedZones: ["ru.AZ-2"] },
    };
    const result = await previewEvents("violations", await configFile("config.json", config));
    expect(result.code).not.toBe(0);
    const zones = [
      "gpu-box",
      "leaky-init",
      "no-sg",
      "plain-pw",
      "public-vm",
      "secret-pw",
      "tiny-boot",
    ].map((vm) => `vmcloud-allowed-zones ${vm} mandatory`);
    expect(result.reported).toEqual(
      [
        "vmcloud-disk-encryption plain-disk mandatory",
        "vmcloud-disk-max-size big-disk advisory",
        "vmcloud-no-unattached-disks spare-disk advisory",
        "vmcloud-stack-max-vms stack mandatory",
        "vmcloud-subnet-private-cidr public-net mandatory",
        "vmcloud-vm-cloud-init-secrets leaky-init mandatory",
        "vmcloud-vm-password-secret plain-pw mandatory",
        "vmcloud-vm-security-group no-sg mandatory",
        ...zones,
      ].sort(),
    );
    const stackEvent = result.events.find((e) => e.policyName === "vmcloud-stack-max-vms");
    expect(stackEvent?.message).toContain("the stack has 7 VMs");
  }, 180_000);

  it("in CI, fails the clean variant on the quota policy, which has no service to ask", async () => {
    const result = await previewEvents("clean", undefined, { CI: "true" });
    expect(result.code).not.toBe(0);
    expect(result.reported).toEqual([
      "vmcloud-project-quotas stack mandatory",
      "vmcloud-stack-cost stack advisory",
    ]);
    const quota = result.events.find((e) => e.policyName === "vmcloud-project-quotas");
    expect(quota?.message).toContain(
      "vmcloud-project-quotas could not run: not set: an endpoint (endpoint in the policy config, " +
        "vmcloud:endpoint in the stack config or VMCLOUD_ENDPOINT)",
    );
    expect(quota?.message).toContain("`pulumi config set vmcloud:endpoint <url>`");
    // Turned off in the policy config, it lets the preview pass again.
    const skip = await configFile("skip.json", {
      "vmcloud-project-quotas": { whenUnavailable: "skip" },
    });
    const skipped = await previewEvents("clean", skip, { CI: "true" });
    expect(skipped.code).toBe(0);
    expect(skipped.reported).toEqual(["vmcloud-stack-cost stack advisory"]);
  }, 180_000);

  it("rejects config that breaks a policy's schema, naming the property", async () => {
    const bad = await configFile("bad.json", { "vmcloud-vm-flavor": { maxGpu: "two" } });
    const result = await previewEvents("clean", bad);
    expect(result.code).not.toBe(0);
    expect(result.output).toMatch(/vmcloud-vm-flavor[\s\S]*maxGpu/);
  }, 180_000);
});
