// The plugin's launcher, plugin/pulumi-resource-vmcloud, wherever the engine finds it: beside
// the package (a program's `plugins.providers` path), or copied alone into the plugin cache by
// `pulumi plugin install resource vmcloud <version> --file <folder>`, where it runs the package
// the program's project installed (the engine starts a plugin in the project's directory). Each
// run prints the port it serves on, as the engine expects; with no package to run, it says
// which package is missing and the two ways to give it. Needs `npm run build` (the server is
// dist/provider/plugin/server.js).
import { spawn } from "node:child_process";
import { copyFile, mkdir, mkdtemp, rm, symlink } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { repo, requireBuilt } from "../e2e/support/engine";

const LAUNCHER = join(repo, "plugin/pulumi-resource-vmcloud");

let scratch: string;

beforeAll(async () => {
  requireBuilt();
  scratch = await mkdtemp(join(tmpdir(), "vmcloud-launcher-"));
});

afterAll(async () => {
  if (scratch) await rm(scratch, { recursive: true, force: true });
});

/**
 * Starts `launcher` in `cwd` with an engine address; resolves with its first line of output
 * (then stops it), or with its exit code and standard error when it exits first.
 */
function start(
  launcher: string,
  cwd: string,
): Promise<{ firstLine?: string; code?: number; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(launcher, ["127.0.0.1:1"], { cwd, stdio: ["ignore", "pipe", "pipe"] });
    let stdout = "";
    let stderr = "";
    child.stderr.on("data", (chunk: Buffer) => (stderr += chunk.toString()));
    child.stdout.on("data", (chunk: Buffer) => {
      stdout += chunk.toString();
      const newline = stdout.indexOf("\n");
      if (newline < 0) return;
      child.kill();
      resolve({ firstLine: stdout.slice(0, newline), stderr });
    });
    child.on("error", reject);
    child.on("exit", (code) => resolve({ code: code ?? -1, stderr }));
  });
}

describe("the plugin's launcher", () => {
  it("beside the package, serves and prints its port", async () => {
    const run = await start(LAUNCHER, scratch);
    expect(run.firstLine, run.stderr).toMatch(/^\d+$/);
  });

  it("copied alone into a plugin cache, serves the package the project installed", async () => {
    const cache = join(scratch, "plugins/resource-vmcloud-v0.1.0");
    await mkdir(cache, { recursive: true });
    await copyFile(LAUNCHER, join(cache, "pulumi-resource-vmcloud"));
    const project = join(scratch, "project");
    await mkdir(join(project, "node_modules/@vmcloud"), { recursive: true });
    await symlink(repo, join(project, "node_modules/@vmcloud/pulumi"));

    const run = await start(join(cache, "pulumi-resource-vmcloud"), project);
    expect(run.firstLine, run.stderr).toMatch(/^\d+$/);

    // Where no package is installed, it names the package and both ways to give it.
    const lost = await start(join(cache, "pulumi-resource-vmcloud"), cache);
    expect(lost.code).toBe(1);
    expect(lost.stderr).toContain(
      `pulumi-resource-vmcloud: the package @vmcloud/pulumi is not installed in ${cache}: ` +
        "run `npm install @vmcloud/pulumi` in the project, or name the package's plugin folder " +
        "under plugins.providers in Pulumi.yaml",
    );
  });
});
