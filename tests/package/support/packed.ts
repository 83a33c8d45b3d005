/**
 * Test support for the package as users get it: `npm pack` of the built repository, the
 * tarball's file list, and throwaway projects that install the tarball from disk (with
 * other packages from the registry) and run commands in them. Every command is printed with
 * its directory, its exit code and how long it took.
 */
import { spawn } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import { mkdir, writeFile } from "node:fs/promises";
import { join } from "node:path";

/** The repository root. */
export const repo = join(__dirname, "..", "..", "..");

/** What one command did. */
export interface Ran {
  code: number;
  stdout: string;
  stderr: string;
  /** stdout and stderr, one after the other. */
  output: string;
}

/**
 * The environment for npm in a throwaway project: without the variables `npm run`/`npx` set
 * for this repository (its package, its lifecycle, its prefix), which would make npm act on
 * the repository instead.
 */
export function cleanEnv(extra: NodeJS.ProcessEnv = {}): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {};
  for (const [key, value] of Object.entries(process.env)) {
    const lower = key.toLowerCase();
    if (
      lower.startsWith("npm_package_") ||
      lower.startsWith("npm_lifecycle_") ||
      lower === "npm_config_local_prefix" ||
      lower === "init_cwd"
    ) {
      continue;
    }
    env[key] = value;
  }
  return { ...env, ...extra };
}

/** Runs `command args` in `cwd` to its end, printing what it ran and how it ended. */
export function run(
  command: string,
  args: readonly string[],
  options: { cwd: string; env?: NodeJS.ProcessEnv; timeoutMs?: number },
): Promise<Ran> {
  const shown = `${command} ${args.join(" ")}`;
  console.log(`$ (cd ${options.cwd} && ${shown})`);
  const started = Date.now();
  return new Promise((resolvePromise, reject) => {
    const child = spawn(command, args, {
      cwd: options.cwd,
      env: options.env ?? cleanEnv(),
      stdio: ["ignore", "pipe", "pipe"],
    });
    let stdout = "";
    let stderr = "";
    child.stdout.setEncoding("utf8").on("data", (chunk: string) => (stdout += chunk));
    child.stderr.setEncoding("utf8").on("data", (chunk: string) => (stderr += chunk));
    const timer = setTimeout(() => child.kill("SIGKILL"), options.timeoutMs ?? 5 * 60_000);
    child.on("error", (error) => {
      clearTimeout(timer);
      reject(error);
    });
    child.on("close", (code, signal) => {
      clearTimeout(timer);
      const seconds = ((Date.now() - started) / 1000).toFixed(1);
      console.log(`  -> ${code ?? signal} in ${seconds} s: ${shown}`);
      resolvePromise({ code: code ?? -1, stdout, stderr, output: stdout + stderr });
    });
  });
}

/** Fails with what the command printed unless it exited with 0. */
export function expectSuccess(ran: Ran, what: string): Ran {
  if (ran.code !== 0) throw new Error(`${what} failed (exit ${ran.code}):\n${ran.output}`);
  return ran;
}

/** Fails unless `npm run build` has produced what the package ships. */
export function requireBuild(): void {
  const needed = [
    "dist/sdk/index.js",
    "dist/sdk/index.d.ts",
    "dist/emulator/cli.js",
    "dist/policy/pack.js",
    "dist/provider/resources/vm.js",
  ];
  const missing = needed.filter((file) => !existsSync(join(repo, file)));
  if (missing.length > 0) {
    throw new Error(
      `${missing.join(", ")} missing: run \`npm run build\` before tests/package (it packs dist/ as it is)`,
    );
  }
}

/** The version of `name` that this repository's package-lock.json installs. */
export function lockedVersion(name: string): string {
  const lock = JSON.parse(readFileSync(join(repo, "package-lock.json"), "utf8")) as {
    packages: Record<string, { version?: string }>;
  };
  const version = lock.packages[`node_modules/${name}`]?.version;
  if (version === undefined) throw new Error(`package-lock.json does not install ${name}`);
  return version;
}

/** The tarball `npm pack` wrote. */
export interface Tarball {
  /** Its absolute path. */
  file: string;
  /** Its size in bytes. */
  size: number;
  /** The paths of the files in it, relative to the package root. */
  files: string[];
}

/** `npm pack` of the repository as it is (no build) into `destination`. */
export async function pack(destination: string): Promise<Tarball> {
  await mkdir(destination, { recursive: true });
  const ran = expectSuccess(
    await run("npm", ["pack", "--json", "--pack-destination", destination], {
      cwd: repo,
      env: cleanEnv(),
    }),
    "npm pack",
  );
  const [result] = JSON.parse(ran.stdout) as Array<{
    filename: string;
    size: number;
    files: Array<{ path: string }>;
  }>;
  if (result === undefined) throw new Error(`npm pack printed no result:\n${ran.output}`);
  return {
    file: join(destination, result.filename),
    size: result.size,
    files: result.files.map((f) => f.path).sort(),
  };
}

/**
 * A new npm project in `dir` with `packages` installed (`npm install --no-audit --no-fund`),
 * the way a user adds the package to a Pulumi program.
 */
export async function installProject(dir: string, packages: readonly string[]): Promise<void> {
  await mkdir(dir, { recursive: true });
  await writeFile(
    join(dir, "package.json"),
    `${JSON.stringify({ name: "packed-install-program", version: "0.0.0", private: true }, null, 2)}\n`,
  );
  expectSuccess(
    await run("npm", ["install", "--no-audit", "--no-fund", ...packages], {
      cwd: dir,
      env: cleanEnv(),
      timeoutMs: 10 * 60_000,
    }),
    `npm install in ${dir}`,
  );
}

/**
 * A minimal Pulumi program in `dir`, as README's "Using it in a program" shows, plus the
 * security group that the policy pack asks every VM interface to name: it passes every
 * policy of the pack.
 */
export async function writeProgram(dir: string): Promise<void> {
  await writeFile(join(dir, "Pulumi.yaml"), "name: packed-install\nruntime: nodejs\n");
  await writeFile(
    join(dir, "index.js"),
    `"use strict";
const vmcloud = require("@vmcloud/pulumi");

const subnet = new vmcloud.Subnet("app", { name: "app", address: "10.10.0.0/24" });
const sg = new vmcloud.SecurityGroup("app", {
  name: "app",
  rules: [{ direction: "egress", protocol: "any", remoteIpPrefix: "0.0.0.0/0" }],
});
const vm = new vmcloud.Vm("web", {
  name: "web",
  flavor: "gen-2-4",
  image: "ubuntu-22.04",
  bootDisk: { size: 20, diskType: "SSD" },
  interfaces: [{ subnet: subnet.id, securityGroups: [sg.id] }],
});
exports.address = vm.privateIp;
`,
  );
}
