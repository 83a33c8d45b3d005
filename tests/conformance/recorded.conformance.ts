// The conformance check of a whole test run: every exchange the provider's client had with
// the emulator's VM service, across every suite that ran with VMCLOUD_EXCHANGE_LOG_DIR set
// (.ci/run sets it for `npm test`, then runs this with vitest.conformance.config.mts), is
// judged against the real OpenAPI document. A difference fails unless
// docs/api-decisions/conformance.md lists it with a reason.
import { existsSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { allowing, readAllowList } from "./allow-list";
import { isProviderExchange, readExchanges } from "./exchanges";
import { Judge } from "./judge";

const dir = process.env.VMCLOUD_EXCHANGE_LOG_DIR ?? "";

describe("the recorded exchanges against the real OpenAPI document", () => {
  it("are all on the document, or allowed with a reason", () => {
    expect(dir, "set VMCLOUD_EXCHANGE_LOG_DIR to the folder the test run wrote").not.toBe("");
    expect(existsSync(dir), `${dir} does not exist`).toBe(true);
    const judge = new Judge();
    const allowed = readAllowList();
    const exchanges = readExchanges(dir).filter((e) => isProviderExchange(e) && judge.inScope(e));
    const offSpec = new Map<string, { count: number; example: string }>();
    const used = new Map<string, number>();
    for (const exchange of exchanges) {
      for (const finding of judge.judge(exchange)) {
        const row = allowing(allowed, finding.key);
        if (row !== undefined) {
          used.set(row.pattern, (used.get(row.pattern) ?? 0) + 1);
          continue;
        }
        const seen = offSpec.get(finding.key);
        if (seen === undefined) {
          offSpec.set(finding.key, { count: 1, example: `${finding.example} (${exchange.file})` });
        } else {
          seen.count += 1;
        }
      }
    }
    const offSpecCount = [...offSpec.values()].reduce((n, f) => n + f.count, 0);
    console.log(
      `${exchanges.length} exchanges checked, ${offSpecCount} off-spec` +
        ` (${used.size} of ${allowed.length} allowed differences seen)`,
    );
    for (const [pattern, count] of used) console.log(`  allowed ×${count}: ${pattern}`);
    const report = [...offSpec].map(
      ([key, { count, example }]) => `${key}  ×${count}, e.g. ${example}`,
    );
    expect(exchanges.length, "no exchange was recorded").toBeGreaterThan(0);
    expect(
      report,
      "off-spec exchanges (fix them, or list them in docs/api-decisions/conformance.md)",
    ).toEqual([]);
  });
});
