// Odd input at preview, under the real engine (issue 41): a 1 MiB host name made the preview
// print 4 MB (the value echoed by the engine with each failure, in the resource's line and
// again in the summary), and a unicode tag got `tags[1]: Invalid input`, naming no rule. Now
// each failure quotes a long value by its length and start only, so the whole preview output
// stays small, and the tag's failure says what a tag must look like (the API's rule for names:
// tags are sent as `tag_names`). What of the output is the engine's own: docs/preview.md.
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestEmulator, type TestEmulator } from "../support/emulator";
import { ENGINE_TIMEOUT_MS, prepareEngine, repo, type Engine } from "./support/engine";
import { failureText, openExampleStack, type ExampleStack } from "./support/example-stack";

const HUGE = 1024 * 1024;

let engine: Engine;
let emulator: TestEmulator;
let stack: ExampleStack | undefined;
/** What preview printed for each odd input. */
const output: Record<"hostname" | "tag", string> = { hostname: "", tag: "" };

beforeAll(async () => {
  engine = await prepareEngine();
  emulator = await startTestEmulator({ speed: 20 });
  stack = await openExampleStack(engine, emulator, "odd-input", {
    workDir: join(repo, "tests/e2e/fixtures/odd-input"),
    config: { odd: "hostname" },
  });
  output.hostname = await failureText(stack.stack.preview());
  await stack.stack.setConfig("odd", { value: "tag" });
  output.tag = await failureText(stack.stack.preview());
}, ENGINE_TIMEOUT_MS);

afterAll(async () => {
  await stack?.close();
  await emulator?.close();
});

describe("preview of odd input", () => {
  it("keeps a 1 MiB host name out of the output: a few KB in all, the value cut", () => {
    // Measured: 4 MB before; the failures and the engine's own lines are a few KB.
    expect(output.hostname.length).toBeLessThan(20_000);
    expect(output.hostname).toContain(
      `hostname: must be at most 253 characters (given ${HUGE} characters, "aaaa`,
    );
    expect(output.hostname).not.toContain("a".repeat(200));
    expect(output.hostname).toContain("resource 'huge'");
  });

  it("says what a tag must look like", () => {
    expect(output.tag).toContain(
      "tags[1]: must be an id (a UUID) or a name: 1–64 characters, a Latin letter",
    );
    expect(output.tag).not.toContain("Invalid input");
    expect(output.tag).toContain("resource 'tagged'");
  });
});
