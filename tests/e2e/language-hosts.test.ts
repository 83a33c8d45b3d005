// The language hosts other than Node.js under our engine: scripts/pulumi-engine.sh
// --with-languages builds (first run, ~1 min after the engine) or reuses the YAML, Python and
// Go hosts next to `pulumi`, and the Python environment with the `pulumi` package; a program
// with no resources in each language (tests/e2e/fixtures/language-hosts/) is previewed and
// run with a local file backend and returns a greeting made from the stack's configuration.
// These are what the e2e suites of the `pulumi-resource-vmcloud` plugin run their programs
// with. Never skipped: if a host cannot be built, `beforeAll` fails.
import { cp, mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { EngineEvent, Stack } from "@pulumi/pulumi/automation";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Engine, ENGINE_TIMEOUT_MS, prepareEngine, repo } from "./support/engine";
import { type ExampleStack, openExampleStack } from "./support/example-stack";

const fixtures = join(repo, "tests/e2e/fixtures/language-hosts");

/** Each language, and how long its first `preview` may take. */
const LANGUAGES = [
  { language: "yaml", firstRunMs: 120_000 },
  { language: "python", firstRunMs: 120_000 },
  // The Go host compiles the program, and the first time the Go SDK with it (~80 s here).
  { language: "go", firstRunMs: 600_000 },
] as const;

let engine: Engine;
let scratch: string;

beforeAll(async () => {
  engine = await prepareEngine("ours", { languages: true });
  scratch = await mkdtemp(join(tmpdir(), "vmcloud-language-hosts-"));
}, ENGINE_TIMEOUT_MS);

afterAll(async () => {
  if (scratch) await rm(scratch, { recursive: true, force: true });
}, 60_000);

describe.each(LANGUAGES)("a $language program under the engine", ({ language, firstRunMs }) => {
  let example: ExampleStack;
  let stack: Stack;

  beforeAll(async () => {
    // A copy: `stack init` and the Go build write next to the program.
    const workDir = join(scratch, language);
    await cp(join(fixtures, language), workDir, { recursive: true });
    example = await openExampleStack(engine, undefined, `language-hosts-${language}`, {
      workDir,
      config: { name: "vmcloud" },
    });
    stack = example.stack;
  }, 120_000);

  afterAll(async () => {
    await example?.close();
  }, 60_000);

  it(
    "previews one stack to create and the output",
    async () => {
      const warnings: string[] = [];
      const onEvent = (event: EngineEvent) => {
        const diagnostic = event.diagnosticEvent;
        if (diagnostic?.severity === "warning" || diagnostic?.severity === "error") {
          warnings.push(diagnostic.message);
        }
      };
      const started = Date.now();
      const preview = await stack.preview({ onEvent });
      console.log(`${language} preview: ${Date.now() - started} ms`);
      expect(preview.changeSummary).toEqual({ create: 1 });
      expect(preview.stdout).toContain(`hello vmcloud from ${language}`);
      // The host is the one next to `pulumi`: found elsewhere on PATH, the CLI would warn.
      expect(warnings).toEqual([]);
    },
    firstRunMs,
  );

  it("runs the program and returns its output", async () => {
    const started = Date.now();
    const up = await stack.up();
    console.log(`${language} up: ${Date.now() - started} ms`);
    expect(up.summary.result).toBe("succeeded");
    expect(up.summary.resourceChanges).toEqual({ create: 1 });
    expect(up.outputs["greeting"]?.value).toBe(`hello vmcloud from ${language}`);
  }, 120_000);
});
