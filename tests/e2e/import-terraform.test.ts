// A Terraform estate moves into a vmcloud stack under the real Pulumi engine, with nothing made
// or deleted: the objects are made in the emulator through its REST API and described as the
// official and community cloud.ru providers store them (tests/terraform/support/estate.ts: every
// official kind, the community subnet, VMs with and without a floating IP, placement group and
// free-tier VM); `vmcloud-import-terraform` writes the import file; `pulumi import --file`
// brings them into a new project — a Python one (the Python host writes the code) and a
// TypeScript one (the Node.js host cannot write code: `--generate-code=false`, then
// `vmcloud-import-terraform typescript` writes the program from the stack) — which builds;
// `pulumi preview --expect-no-changes` passes; `pulumi destroy`, in layers (an import file
// carries no dependencies: see docs/migrate-from-terraform.md), leaves only the fixtures. Never
// skipped: if the engine or a language host cannot be built, `beforeAll` fails.
import { execFile } from "node:child_process";
import { cp, mkdir, mkdtemp, readFile, rm, symlink, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Ran, run as runCommand } from "../package/support/packed";
import { startTestEmulator, type TestEmulator } from "../support/emulator";
import { makeEstate } from "../terraform/support/estate";
import { format4, showJson } from "../terraform/support/states";
import { type Engine, ENGINE_TIMEOUT_MS, prepareEngine, repo } from "./support/engine";
import {
  type ExampleStack,
  openExampleStack,
  resourceIds,
  waitForResourceIds,
} from "./support/example-stack";
import { loggedRequests, runPulumi } from "./support/plugin-project";

const run = promisify(execFile);
const OP_TIMEOUT = 300_000;
const BIN = join(repo, "dist/provider/terraform/cli.js");

let engine: Engine;
let emulator: TestEmulator;
let scratch: string;
let fixtureIds: Record<string, string[]>;
const stacks: ExampleStack[] = [];
const timings: Record<string, number> = {};

async function timed<T>(what: string, work: () => Promise<T>): Promise<T> {
  const started = Date.now();
  try {
    return await work();
  } finally {
    timings[what] = Date.now() - started;
  }
}

function expectOk(ran: Ran, what: string): void {
  expect(ran.code, `${what}:\n${ran.output}`).toBe(0);
}

/** The requests that changed something since the log was cleared. */
async function changing(): Promise<string[]> {
  return (await loggedRequests(emulator))
    .filter((r) => r.method !== "GET")
    .map((r) => `${r.method} ${r.url}`);
}

/**
 * The kinds of each step of the first destroy of an imported stack: an import file carries no
 * dependencies, so the engine would delete a subnet, a VM and the VM's address at once. VMs go
 * first (taking their boot disks and interfaces, detaching the rest), then what they used, then
 * what that used (docs/migrate-from-terraform.md).
 */
const DESTROY_LAYERS = [
  ["Vm", "FreeTierVm", "DiskAttachment"],
  ["NetworkInterface", "ExternalIp", "Disk", "NatGateway", "Image", "SecurityGroupRule"],
  ["Subnet", "SecurityGroup", "PlacementGroup"],
];

/** `pulumi destroy --target …` of each layer of kinds, then `pulumi destroy` of what is left. */
async function destroyInLayers(example: ExampleStack): Promise<void> {
  const exported = (await example.stack.exportStack()).deployment as {
    resources: Array<{ urn: string; type: string }>;
  };
  for (const kinds of DESTROY_LAYERS) {
    const urns = exported.resources
      .filter((r) => kinds.includes(r.type.slice(r.type.lastIndexOf(":") + 1)))
      .map((r) => r.urn);
    if (urns.length === 0) continue;
    const ran = await runPulumi(engine, example, [
      ...["destroy", "--yes"],
      ...urns.flatMap((urn) => ["--target", urn]),
    ]);
    expectOk(ran, `pulumi destroy of ${kinds.join(", ")}`);
  }
  expectOk(await runPulumi(engine, example, ["destroy", "--yes"]), "pulumi destroy");
}

/** Makes an estate with `prefix`, writes its state in `form`, and runs the tool on it. */
async function importFileFor(
  prefix: string,
  form: "format4" | "show",
  types: "plugin" | "nodejs",
): Promise<{ file: string; count: number }> {
  const estate = await makeEstate(emulator, prefix);
  const instances = [...Object.values(estate.official), ...Object.values(estate.community)];
  const state = join(scratch, `${prefix}.tfstate`);
  await writeFile(state, form === "format4" ? format4(instances) : showJson(instances));
  const file = join(scratch, `${prefix}-import.json`);
  const { stderr } = await run(process.execPath, [BIN, state, "--out", file, "--types", types]);
  expect(stderr).toContain("0 left out");
  const { resources } = JSON.parse(await readFile(file, "utf8")) as { resources: unknown[] };
  return { file, count: resources.length };
}

/** The Python of the engine's environment (the one the Python host runs programs with). */
function enginePython(): string {
  const bin = engine.enginePath.split(":").find((p) => /pulumi-python-[^/]+\/bin$/.test(p));
  if (bin === undefined) throw new Error(`no Python environment on ${engine.enginePath}`);
  return join(bin, "python3");
}

beforeAll(async () => {
  engine = await prepareEngine("ours", { languages: true });
  emulator = await startTestEmulator({ speed: 50 });
  fixtureIds = await resourceIds(emulator);
  scratch = await mkdtemp(join(tmpdir(), "vmcloud-e2e-tf-"));
}, ENGINE_TIMEOUT_MS);

afterAll(async () => {
  for (const stack of stacks) await stack.close();
  await emulator?.close();
  if (scratch) await rm(scratch, { recursive: true, force: true });
  console.log(`import-terraform timings (ms): ${JSON.stringify(timings)}`);
}, 120_000);

describe("a Terraform state into a new Python project", () => {
  let example: ExampleStack;
  let imported: { file: string; count: number };

  beforeAll(async () => {
    const dir = join(scratch, "py");
    await mkdir(join(dir, "node_modules/@vmcloud"), { recursive: true });
    await symlink(repo, join(dir, "node_modules/@vmcloud/pulumi"));
    await writeFile(
      join(dir, "Pulumi.yaml"),
      [
        "name: from-terraform-py",
        "runtime: python",
        "plugins:",
        "  providers:",
        "    - name: vmcloud",
        "      path: node_modules/@vmcloud/pulumi/plugin",
        "",
      ].join("\n"),
    );
    await writeFile(join(dir, "__main__.py"), "import pulumi\n");
    // The generated SDK, installed (pip, no dependencies: the engine's Python environment has
    // them; its build backend, setuptools, comes from PyPI) into a folder of the suite's own, from a copy so pip's build leftovers stay out of
    // the repository; the Python host finds it through PYTHONPATH.
    const sdk = join(scratch, "sdk-python");
    await cp(join(repo, "generated-sdks/python"), sdk, { recursive: true });
    const pylib = join(scratch, "pylib");
    await run(enginePython(), [
      ...["-m", "pip", "install", "--quiet", "--disable-pip-version-check", "--no-deps"],
      ...["--target", pylib, sdk],
    ]);
    process.env["PYTHONPATH"] = pylib;
    example = await openExampleStack(engine, emulator, "from-terraform-py", { workDir: dir });
    stacks.push(example);
    imported = await timed("estate + tool (py)", () => importFileFor("py", "format4", "plugin"));
  }, 120_000);

  it(
    "imports every object with `pulumi import --file`, sending nothing but reads, and writes Python that compiles",
    async () => {
      await emulator.call("DELETE", "/_emulator/requests");
      const out = join(example.workDir, "__main__.py");
      const ran = await timed("pulumi import (py)", () =>
        runPulumi(engine, example, [
          ...["import", "--file", imported.file, "--out", out],
          ...["--protect=false", "--yes"],
        ]),
      );
      expectOk(ran, "pulumi import");
      expect(await changing()).toEqual([]);
      const code = await readFile(out, "utf8");
      expect(code).toContain("import pulumi_vmcloud as vmcloud");
      for (const kind of [
        "Vm(",
        "FreeTierVm(",
        "Subnet(",
        "SecurityGroup(",
        "Disk(",
        "NatGateway(",
      ]) {
        expect(code).toContain(`vmcloud.${kind}`);
      }
      await run(enginePython(), ["-m", "py_compile", out]);
      const state = await example.stack.exportStack();
      const custom = (state.deployment as { resources: Array<{ type: string }> }).resources.filter(
        (r) => r.type.startsWith("vmcloud:index:"),
      );
      expect(custom).toHaveLength(imported.count);
    },
    OP_TIMEOUT,
  );

  it(
    "previews no change: `pulumi preview --expect-no-changes`",
    async () => {
      await emulator.call("DELETE", "/_emulator/requests");
      const ran = await timed("preview (py)", () =>
        runPulumi(engine, example, ["preview", "--expect-no-changes", "--diff"]),
      );
      expectOk(ran, "pulumi preview --expect-no-changes");
      expect(await changing()).toEqual([]);
    },
    OP_TIMEOUT,
  );

  it(
    "destroys everything it imported, leaving the emulator with only its fixtures",
    async () => {
      await timed("destroy (py)", () => destroyInLayers(example));
      expect(await waitForResourceIds(emulator, fixtureIds, 20_000)).toEqual(fixtureIds);
    },
    OP_TIMEOUT,
  );
});

describe("a Terraform state (`terraform show -json`) into a new TypeScript project", () => {
  let example: ExampleStack;
  let imported: { file: string; count: number };

  beforeAll(async () => {
    const dir = join(scratch, "ts");
    const modules = join(dir, "node_modules");
    await mkdir(join(modules, "@vmcloud"), { recursive: true });
    for (const name of ["@pulumi", "@types", "typescript"]) {
      await symlink(join(repo, "node_modules", name), join(modules, name));
    }
    await symlink(repo, join(modules, "@vmcloud/pulumi"));
    await writeFile(
      join(dir, "Pulumi.yaml"),
      "name: from-terraform-ts\nmain: index.ts\nruntime:\n  name: nodejs\n  options:\n    typescript: true\n",
    );
    await writeFile(
      join(dir, "tsconfig.json"),
      JSON.stringify({
        compilerOptions: {
          strict: true,
          target: "es2022",
          module: "nodenext",
          moduleResolution: "nodenext",
          types: ["node"],
          skipLibCheck: true,
        },
        files: ["index.ts"],
      }),
    );
    await writeFile(join(dir, "index.ts"), "export {};\n");
    example = await openExampleStack(engine, emulator, "from-terraform-ts", { workDir: dir });
    stacks.push(example);
    imported = await timed("estate + tool (ts)", () => importFileFor("ts", "show", "nodejs"));
  }, 120_000);

  it(
    "imports every object with `pulumi import --file --generate-code=false`, sending nothing but reads",
    async () => {
      await emulator.call("DELETE", "/_emulator/requests");
      const ran = await timed("pulumi import (ts)", () =>
        runPulumi(engine, example, [
          ...["import", "--file", imported.file, "--generate-code=false"],
          ...["--protect=false", "--yes"],
        ]),
      );
      expectOk(ran, "pulumi import");
      expect(await changing()).toEqual([]);
    },
    OP_TIMEOUT,
  );

  it(
    "writes the TypeScript program from the stack, which type-checks",
    async () => {
      const exported = await runPulumi(engine, example, ["stack", "export"]);
      expectOk(exported, "pulumi stack export");
      const exportFile = join(scratch, "ts-export.json");
      await writeFile(exportFile, exported.stdout);
      const program = join(example.workDir, "index.ts");
      await run(process.execPath, [BIN, "typescript", exportFile, "--out", program]);
      const code = await readFile(program, "utf8");
      expect(code.match(/new vmcloud\.\w+\(/g)).toHaveLength(imported.count);
      const tsc = await runCommand(
        process.execPath,
        [...[join(repo, "node_modules/typescript/bin/tsc"), "--noEmit", "-p", example.workDir]],
        { cwd: example.workDir },
      );
      expect(tsc.code, `tsc --noEmit:\n${tsc.output}\n${code}`).toBe(0);
    },
    OP_TIMEOUT,
  );

  it(
    "previews no change: `pulumi preview --expect-no-changes`",
    async () => {
      await emulator.call("DELETE", "/_emulator/requests");
      const ran = await timed("preview (ts)", () =>
        runPulumi(engine, example, ["preview", "--expect-no-changes", "--diff"]),
      );
      expectOk(ran, "pulumi preview --expect-no-changes");
      expect(await changing()).toEqual([]);
    },
    OP_TIMEOUT,
  );

  it(
    "destroys everything it imported, leaving the emulator with only its fixtures",
    async () => {
      await timed("destroy (ts)", () => destroyInLayers(example));
      expect(await waitForResourceIds(emulator, fixtureIds, 20_000)).toEqual(fixtureIds);
    },
    OP_TIMEOUT,
  );
});
