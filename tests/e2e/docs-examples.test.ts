// Every example the docs show in four languages (docs/examples, rendered into docs/resources/*.md,
// docs/actions.md and docs/lookups.md by scripts/docs-examples.mjs) previews against the
// emulator under the real engine: the YAML form of every example through the plugin, and a
// sample of the derived forms (SAMPLE: TypeScript with @vmcloud/pulumi, Python with the
// generated SDK, Go with the generated Go SDK). Each preview must succeed, plan what the
// example makes, and send nothing but reads. The CPU of the whole suite is kept small: one
// stack per language, whose program is swapped between previews. Never skipped: if the engine
// or a language host cannot be built, `beforeAll` fails.
import { execFile } from "node:child_process";
import { cp, mkdir, mkdtemp, readFile, rm, symlink, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { OperationsFixtures } from "../../emulator/operations/fixtures";
import { startTestEmulator, type TestEmulator } from "../support/emulator";
import { type Engine, ENGINE_TIMEOUT_MS, prepareEngine, repo } from "./support/engine";
import { type ExampleStack, openExampleStack } from "./support/example-stack";
import { loggedRequests } from "./support/plugin-project";

interface Example {
  id: string;
  folder: string;
  name: string;
  yaml: string;
}
interface Sections {
  listExamples(): Example[];
  formOf(example: Example, extension: string): string;
}
interface Generator {
  yamlProject(example: Example, yamlText: string, pluginPath: string): string;
}

const sections = (await import(join(repo, "scripts/docs-examples/sections.mjs"))) as Sections;
const generator = (await import(join(repo, "scripts/docs-examples.mjs"))) as Generator;
const examples = sections.listExamples();
/** The examples previewed in every derived language too. */
const SAMPLE = ["vm/web", "actions/report-events"];
const OP_TIMEOUT = 240_000;
/** The first `go build` of a program compiles the Go SDK with it. */
const GO_TIMEOUT = 600_000;
/** The secret config an example reads (`vm/web`'s password). */
const SECRETS = { webPassword: "Docs-Example-9a7f3c21" };

let engine: Engine;
let emulator: TestEmulator;
let scratch: string;
const stacks: ExampleStack[] = [];
const timings: string[] = [];

/** A stack over `workDir`, configured for the emulator and every example's config. */
async function openStack(name: string, workDir: string, binPath?: string): Promise<ExampleStack> {
  const stack = await openExampleStack(engine, emulator, name, {
    workDir,
    ...(binPath === undefined ? {} : { binPath }),
    secrets: SECRETS,
  });
  const ops = emulator.fixtures.operations as OperationsFixtures;
  await stack.stack.setConfig("vmcloud:operationsProjectId", { value: ops.projectId });
  stacks.push(stack);
  return stack;
}

/** Previews `stack` and checks that it planned creates and sent nothing but reads. */
async function previewsClean(stack: ExampleStack, what: string): Promise<void> {
  await emulator.call("DELETE", "/_emulator/requests");
  const started = Date.now();
  const preview = await stack.stack.preview();
  timings.push(`${what}: ${Date.now() - started} ms`);
  expect(preview.changeSummary["create"] ?? 0, what).toBeGreaterThan(0);
  const changing = (await loggedRequests(emulator)).filter((r) => r.method !== "GET");
  expect(changing, what).toEqual([]);
}

beforeAll(async () => {
  engine = await prepareEngine("ours", { languages: true });
  emulator = await startTestEmulator({ speed: 20 });
  scratch = await mkdtemp(join(tmpdir(), "vmcloud-docs-examples-"));
}, ENGINE_TIMEOUT_MS);

afterAll(async () => {
  console.log(`docs example previews:\n  ${timings.join("\n  ")}`);
  for (const stack of stacks) await stack.close();
  await emulator?.close();
  if (scratch) await rm(scratch, { recursive: true, force: true });
}, 120_000);

describe("the docs' examples preview against the emulator", () => {
  it(
    "every example, in YAML through the plugin",
    async () => {
      const workDir = join(scratch, "yaml");
      await mkdir(workDir);
      let stack: ExampleStack | undefined;
      for (const example of examples) {
        const body = await readFile(example.yaml, "utf8");
        // One project name for every program, so that one stack serves them all.
        const project = generator
          .yamlProject(example, body, join(repo, "plugin"))
          .replace(/^name: .*$/m, "name: docs-examples");
        await writeFile(join(workDir, "Pulumi.yaml"), project);
        stack ??= await openStack("docs-examples-yaml", workDir);
        await previewsClean(stack, `${example.id} (YAML)`);
      }
    },
    OP_TIMEOUT * 2,
  );

  it(
    "the sample in TypeScript, with @vmcloud/pulumi",
    async () => {
      const workDir = join(scratch, "typescript");
      await mkdir(workDir);
      await cp(join(repo, "examples/quickstart/tsconfig.json"), join(workDir, "tsconfig.json"));
      await mkdir(join(workDir, "node_modules/@vmcloud"), { recursive: true });
      await symlink(repo, join(workDir, "node_modules/@vmcloud/pulumi"));
      for (const dep of ["@pulumi", "@types", "typescript", "ts-node"]) {
        await symlink(join(repo, "node_modules", dep), join(workDir, "node_modules", dep)).catch(
          () => undefined,
        );
      }
      await writeFile(
        join(workDir, "Pulumi.yaml"),
        "name: docs-examples-ts\nmain: index.ts\nruntime:\n  name: nodejs\n  options:\n    typescript: true\n",
      );
      const stack = await openStack("docs-examples-ts", workDir);
      for (const id of SAMPLE) {
        const example = examples.find((e) => e.id === id)!;
        await cp(sections.formOf(example, "ts"), join(workDir, "index.ts"));
        await previewsClean(stack, `${id} (TypeScript)`);
      }
    },
    OP_TIMEOUT,
  );

  it(
    "the sample in Python, with the generated SDK",
    async () => {
      const run = promisify(execFile);
      const venv = join(scratch, "venv");
      await run(process.env.VMCLOUD_PYTHON ?? "python3", ["-m", "venv", venv]);
      await cp(join(repo, "generated-sdks/python"), join(scratch, "sdk-python"), {
        recursive: true,
      });
      await run(join(venv, "bin/python"), [
        ...["-m", "pip", "install", "--quiet", "--disable-pip-version-check"],
        ...["-r", join(repo, "scripts/pulumi-engine/python/requirements.txt")],
        join(scratch, "sdk-python"),
      ]);
      const workDir = join(scratch, "python");
      await mkdir(workDir);
      await writeFile(
        join(workDir, "Pulumi.yaml"),
        `name: docs-examples-py\nruntime: python\nplugins:\n  providers:\n    - name: vmcloud\n      path: ${join(repo, "plugin")}\n`,
      );
      const stack = await openStack("docs-examples-py", workDir, join(venv, "bin"));
      for (const id of SAMPLE) {
        const example = examples.find((e) => e.id === id)!;
        await cp(sections.formOf(example, "py"), join(workDir, "__main__.py"));
        await previewsClean(stack, `${id} (Python)`);
      }
    },
    OP_TIMEOUT,
  );

  it(
    "the sample in Go, with the generated Go SDK",
    async () => {
      const workDir = join(scratch, "go");
      await mkdir(workDir);
      const goMod = await readFile(join(repo, "examples/quickstart-go/go.mod"), "utf8");
      await writeFile(
        join(workDir, "go.mod"),
        goMod
          .replace("module vmcloud.local/quickstart-go", "module vmcloud.local/docs-examples")
          .replace("=> ../../generated-sdks/go", `=> ${join(repo, "generated-sdks/go")}`),
      );
      await cp(join(repo, "examples/quickstart-go/go.sum"), join(workDir, "go.sum"));
      await writeFile(
        join(workDir, "Pulumi.yaml"),
        `name: docs-examples-go\nruntime: go\nplugins:\n  providers:\n    - name: vmcloud\n      path: ${join(repo, "plugin")}\n`,
      );
      const stack = await openStack("docs-examples-go", workDir);
      for (const id of SAMPLE) {
        const example = examples.find((e) => e.id === id)!;
        await cp(sections.formOf(example, "go"), join(workDir, "main.go"));
        await previewsClean(stack, `${id} (Go)`);
      }
    },
    GO_TIMEOUT,
  );
});
