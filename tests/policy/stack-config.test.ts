// The built policy pack, started as the engine starts it and driven over gRPC: the cost and
// quota policies take the service's settings from the stack's config that the engine sends in
// `ConfigureStack` (the `vmcloud:*` keys the program reads), and in a CI run a quota policy
// that cannot run is a mandatory violation that names what is missing, not a silent pass.
// Needs `npm run build` first (the pack runs from dist/).
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { TYPE_TOKENS } from "../../provider/type-tokens";
import { startTestEmulator, type TestEmulator } from "../support/emulator";
import { startPack, type RunningPack, type StackResource } from "./support/analyzer";

let emu: TestEmulator;
let running: RunningPack | undefined;

beforeAll(async () => {
  emu = await startTestEmulator({ speed: 20 });
});
afterAll(async () => emu.close());
afterEach(async () => {
  await running?.stop();
  running = undefined;
});

/** The environment of a preview with none of the VMCLOUD_* variables, CI as given. */
function envWith(ci: string | undefined): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {};
  for (const [key, value] of Object.entries(process.env)) {
    if (!key.startsWith("VMCLOUD_") && key !== "CI") env[key] = value;
  }
  if (ci !== undefined) env["CI"] = ci;
  return env;
}

async function pack(ci: string | undefined): Promise<RunningPack> {
  running = await startPack(envWith(ci));
  return running;
}

const vm: StackResource = {
  type: TYPE_TOKENS.Vm,
  name: "web",
  props: {
    name: "web",
    flavor: "gen-2-4",
    image: "ubuntu-22.04",
    bootDisk: { size: 10, diskType: "SSD" },
  },
};

describe("the policy pack under the analyzer protocol", () => {
  it("prices the stack with the vmcloud:* settings of the stack's config, the token never printed", async () => {
    const started = await pack(undefined);
    await started.configureStack(
      {
        "vmcloud:endpoint": emu.url,
        "vmcloud:token": emu.token,
        "vmcloud:projectId": emu.fixtures.vm.projectId,
        "policy-tests:size": "2",
      },
      ["vmcloud:token"],
    );
    const analysis = await started.analyzeStack([vm]);
    const cost = analysis.diagnostics.filter((d) => d.policyName === "vmcloud-stack-cost");
    // gen-2-4 (2,007.50) and its 10 GB SSD boot disk (120.00), priced by the emulator; the
    // library puts the policy's description on the line before the message.
    expect(cost.map((d) => d.message.split("\n").at(-1))).toEqual([
      "cost: monthly total 2,127.50 RUB for 2 priced item(s) (now 0.00 RUB, change +2,127.50 RUB).",
    ]);
    // The quota policy ran and passed: neither a violation nor "not applicable".
    expect(analysis.diagnostics.map((d) => d.policyName)).not.toContain("vmcloud-project-quotas");
    expect(analysis.notApplicable["vmcloud-project-quotas"]).toBeUndefined();
    expect(started.output()).not.toContain("skipped");
    expect(started.output()).not.toContain(emu.token);
  });

  it("denies a stack over a quota with the stack's settings alone", async () => {
    const quotas = await emu.call(
      "GET",
      `/_emulator/vm/quotas?project_id=${emu.fixtures.vm.projectId}`,
      { auth: false },
    );
    const used = (quotas.body as { organization_usage: Record<string, number> }).organization_usage;
    await emu.call("PUT", "/_emulator/vm/quotas", {
      auth: false,
      body: { project_id: emu.fixtures.vm.projectId, limits: { vms: used["vms"]! } },
    });
    try {
      const started = await pack(undefined);
      await started.configureStack({
        "vmcloud:endpoint": emu.url,
        "vmcloud:token": emu.token,
        "vmcloud:projectId": emu.fixtures.vm.projectId,
      });
      const analysis = await started.analyzeStack([vm]);
      expect(analysis.diagnostics.filter((d) => d.policyName === "vmcloud-project-quotas")).toEqual(
        [
          {
            policyName: "vmcloud-project-quotas",
            enforcementLevel: "mandatory",
            message: expect.stringContaining(
              `quota vms: the limit is ${used["vms"]} VMs, ${used["vms"]} are in use and Vm "web" of this program ` +
                `adds 1 (${used["vms"]! + 1} in all): 1 over the limit`,
            ) as string,
          },
        ],
      );
    } finally {
      await emu.call("POST", "/_emulator/reset", { auth: false });
    }
  });

  it("in CI, with no settings anywhere, fails the quota policy naming what is missing and how to set it", async () => {
    const started = await pack("true");
    await started.configureStack({ "policy-tests:size": "2" });
    const analysis = await started.analyzeStack([vm]);
    const quota = analysis.diagnostics.filter((d) => d.policyName === "vmcloud-project-quotas");
    expect(quota).toHaveLength(1);
    expect(quota[0]!.enforcementLevel).toBe("mandatory");
    expect(quota[0]!.message).toContain(
      "vmcloud-project-quotas could not run: not set: an endpoint (endpoint in the policy config, " +
        "vmcloud:endpoint in the stack config or VMCLOUD_ENDPOINT)",
    );
    expect(quota[0]!.message).toContain("`pulumi config set --secret vmcloud:token <token>`");
    expect(quota[0]!.message).toContain("this is a CI run (CI=true)");
    // The advisory cost line says the same, at its own level.
    expect(
      analysis.diagnostics.find((d) => d.policyName === "vmcloud-stack-cost")?.enforcementLevel,
    ).toBe("advisory");
  });

  it("outside CI, with no settings anywhere, reports the policies not applicable and says why once", async () => {
    const started = await pack(undefined);
    await started.configureStack({});
    const analysis = await started.analyzeStack([vm]);
    expect(analysis.diagnostics.map((d) => d.policyName)).not.toContain("vmcloud-project-quotas");
    expect(analysis.notApplicable["vmcloud-project-quotas"]).toMatch(/^not set: an endpoint/);
    expect(started.output()).toContain(
      "vmcloud policy pack: cost and quota policies skipped: not set: an endpoint",
    );
  });
});
