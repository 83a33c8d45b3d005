// The README's command for the plugin's package schema, run as written (issue 41: the README
// said `pulumi package get-schema <path of the plugin folder>`, which the CLI refuses). The
// command is read from the README, then run by the real `pulumi` CLI where the README says to
// run it: the root of this repository, and a package folder under `node_modules/@vmcloud/`
// (a path with "@", which the CLI reads as name@version when it is part of the argument).
// The folder form the README used to give is refused, so the test also shows why it changed.
// Needs `npm run build` (the plugin's server is dist/provider/plugin/server.js).
import { execFile } from "node:child_process";
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Engine, ENGINE_TIMEOUT_MS, prepareEngine, repo } from "../e2e/support/engine";

/** The `pulumi package get-schema …` command in the README, as it is written there. */
function readmeCommand(): string[] {
  const readme = readFileSync(join(repo, "README.md"), "utf8");
  const found = /`(pulumi package get-schema [^`]+)`/.exec(readme);
  if (found === null) throw new Error("README.md gives no `pulumi package get-schema …` command");
  return found[1]!.split(/\s+/);
}

interface Ran {
  code: number;
  stdout: string;
  stderr: string;
}

function run(engine: Engine, args: string[], cwd: string): Promise<Ran> {
  return new Promise((resolve) => {
    execFile(
      join(engine.bin, "pulumi"),
      args,
      {
        cwd,
        // PWD as a shell's `cd` sets it, so the CLI sees the path with "@" as a user would.
        env: {
          ...process.env,
          PATH: `${engine.enginePath}:${process.env.PATH ?? ""}`,
          PWD: cwd,
          PULUMI_SKIP_UPDATE_CHECK: "true",
          PULUMI_HOME: join(scratch, "pulumi-home"),
        },
        maxBuffer: 64 * 1024 * 1024,
        timeout: 120_000,
      },
      (error, stdout, stderr) =>
        resolve({ code: error === null ? 0 : Number(error.code ?? 1), stdout, stderr }),
    );
  });
}

function expectSchema(ran: Ran): void {
  expect(ran.code, ran.stderr).toBe(0);
  const schema = JSON.parse(ran.stdout) as { name: string; resources: Record<string, unknown> };
  expect(schema.name).toBe("vmcloud");
  expect(Object.keys(schema.resources)).toContain("vmcloud:index:Vm");
}

let scratch: string;
let engine: Engine;
let installed: string;

beforeAll(async () => {
  scratch = mkdtempSync(join(tmpdir(), "vmcloud-get-schema-"));
  engine = await prepareEngine();
  // The package as a program's npm install lays it out: package.json, plugin/ and dist/ in
  // node_modules/@vmcloud/pulumi (dist/ a link: Node.js resolves the server's dependencies
  // from its real path).
  installed = join(scratch, "program", "node_modules", "@vmcloud", "pulumi");
  mkdirSync(installed, { recursive: true });
  cpSync(join(repo, "package.json"), join(installed, "package.json"));
  cpSync(join(repo, "plugin"), join(installed, "plugin"), { recursive: true });
  symlinkSync(join(repo, "dist"), join(installed, "dist"));
}, ENGINE_TIMEOUT_MS);

afterAll(() => {
  if (scratch) rmSync(scratch, { recursive: true, force: true });
});

describe("the README's `pulumi package get-schema` command", () => {
  it("is the launcher's relative path", () => {
    expect(readmeCommand()).toEqual([
      "pulumi",
      "package",
      "get-schema",
      "./plugin/pulumi-resource-vmcloud",
    ]);
  });

  it("prints the plugin's schema, run at the root of this repository", async () => {
    expectSchema(await run(engine, readmeCommand().slice(1), repo));
  }, 150_000);

  it("prints the plugin's schema, run in the installed package's folder (a path with @)", async () => {
    expectSchema(await run(engine, readmeCommand().slice(1), installed));
  }, 150_000);

  it("the folder's path, as the README used to say, is refused by the CLI", async () => {
    const ran = await run(engine, ["package", "get-schema", join(repo, "plugin")], scratch);
    expect(ran.code).not.toBe(0);
    expect(ran.stderr).toContain('expected "" to have an executable named "pulumi-resource-"');
  }, 150_000);
});
