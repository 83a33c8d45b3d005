// The layering rules of .dependency-cruiser.cjs hold over the whole source tree: no import
// cycles, the provider never imports the SDK, the policy pack or the emulator, the API
// contract imports nothing of ours, the emulator shares only the contract, and the action
// framework does not reach into the resource framework.
import { cruise } from "dependency-cruiser";
import { createRequire } from "node:module";
import { join } from "node:path";
import { describe, expect, it } from "vitest";

const repo = join(__dirname, "../..");

describe("layering", () => {
  it("has no dependency violations and no import cycles", async () => {
    const config = createRequire(__filename)(join(repo, ".dependency-cruiser.cjs"));
    const result = await cruise(["api", "provider", "sdk", "policy", "emulator"], {
      ...config.options,
      ruleSet: { forbidden: config.forbidden },
      baseDir: repo,
      validate: true,
    });
    if (typeof result.output === "string") throw new Error(result.output);
    const summary = result.output.summary;
    expect(summary.totalCruised).toBeGreaterThan(200);
    const violations = summary.violations.map(
      (v) =>
        `${v.rule.name}: ${v.from} → ${v.to}${v.cycle ? ` (${v.cycle.map((c) => c.name).join(" → ")})` : ""}`,
    );
    expect(violations).toEqual([]);
  }, 60_000);
});
