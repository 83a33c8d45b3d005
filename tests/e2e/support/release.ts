/**
 * A user's machine for the release's end-to-end suites (tests/e2e/release-*.test.ts): the
 * release folder `npm run release` wrote (dist/release/) served over HTTP on 127.0.0.1 in place
 * of the plugin's download URL (the CLI's own PULUMI_PLUGIN_DOWNLOAD_URL_OVERRIDES, matched
 * against the schema's `pluginDownloadURL`, so a program whose SDK did not carry that URL would
 * not reach it), an empty plugin cache (`PULUMI_HOME`), no Node.js (a `node` first on PATH that
 * fails loudly and writes down that it ran), and the `pulumi` CLI run directly, as a user would.
 */
import { existsSync, readFileSync } from "node:fs";
import { chmod, mkdir, mkdtemp, readdir, readFile, rm, stat, writeFile } from "node:fs/promises";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { type Ran, run } from "../../package/support/packed";
import type { TestEmulator } from "../../support/emulator";
import { type Engine, repo } from "./engine";

/** The release folder `npm run release` writes. */
export const RELEASE_DIR = join(repo, "dist/release");

/** The schema's `pluginDownloadURL`, as a regular expression for the CLI's overrides. */
const DOWNLOAD_URL_PATTERN = "^github://api\\.github\\.com/vmcloud/pulumi-vmcloud";

/** What dist/release/release.json says was built. */
export interface ReleaseManifest {
  version: string;
  archives: Array<{ os: string; arch: string; file: string; node: string }>;
  notBuilt: Record<string, string>;
  python: string[];
  go: string;
  npm: string[];
}

/**
 * The release's manifest, after `npm run release`'s work (packaging/release/release.mjs) when
 * dist/release is missing, or of another version: the first suite to need it builds it (a few
 * minutes the first time on a machine, seconds once the cache holds the executables), under a
 * lock the others wait on. Needs `npm run build` first, as every suite does.
 */
export async function prepareRelease(): Promise<ReleaseManifest> {
  const { version } = JSON.parse(readFileSync(join(repo, "package.json"), "utf8")) as {
    version: string;
  };
  const file = join(RELEASE_DIR, "release.json");
  const ready = () =>
    existsSync(join(RELEASE_DIR, "SHA256SUMS")) &&
    existsSync(file) &&
    (JSON.parse(readFileSync(file, "utf8")) as ReleaseManifest).version === version;
  if (!ready()) {
    const started = Date.now();
    const built = await run(
      "flock",
      [
        join(repo, "dist/.release.lock"),
        "sh",
        "-c",
        `[ -f '${join(RELEASE_DIR, "SHA256SUMS")}' ] && grep -q '"version": "${version}"' '${file}' || exec node packaging/release/release.mjs`,
      ],
      { cwd: repo, timeoutMs: 1_500_000 },
    );
    if (built.code !== 0 || !ready()) {
      throw new Error(`npm run release failed (exit ${built.code}):\n${built.output}`);
    }
    console.log(`dist/release ready in ${Math.round((Date.now() - started) / 1000)} s`);
  }
  return JSON.parse(readFileSync(file, "utf8")) as ReleaseManifest;
}

/** dist/release served on 127.0.0.1, and the paths asked for. */
export interface ReleaseServer {
  url: string;
  requested: string[];
  close(): Promise<void>;
}

/** Serves dist/release's files over HTTP on 127.0.0.1 (GET only; 404 for anything else). */
export async function serveRelease(): Promise<ReleaseServer> {
  const requested: string[] = [];
  const server: Server = createServer((request, response) => {
    const path = decodeURIComponent(new URL(request.url ?? "/", "http://x").pathname);
    requested.push(path);
    const file = join(RELEASE_DIR, path);
    if (request.method !== "GET" || !file.startsWith(`${RELEASE_DIR}/`) || !existsSync(file)) {
      response.writeHead(404).end();
      return;
    }
    readFile(file).then(
      (body) => response.writeHead(200, { "content-length": body.length }).end(body),
      () => response.writeHead(500).end(),
    );
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requested,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

/** A scratch machine: its own folders, a PATH with no Node.js, the CLI's environment. */
export interface UserMachine {
  scratch: string;
  /** PULUMI_HOME, empty at first: the plugin cache is `<home>/plugins`. */
  home: string;
  env: NodeJS.ProcessEnv;
  /** The runs of `node` that were tried (each its arguments); none is the goal. */
  nodeRuns(): Promise<string[]>;
  /** Runs `pulumi <args>` in `cwd` with the machine's environment (and `extra` variables). */
  pulumi(cwd: string, args: string[], timeoutMs?: number, extra?: NodeJS.ProcessEnv): Promise<Ran>;
  close(): Promise<void>;
}

/** The test process's environment less what would lead the CLI or the plugin elsewhere. */
function baseEnv(): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {};
  for (const [key, value] of Object.entries(process.env)) {
    if (/^(PULUMI_|VMCLOUD_|NODE_|npm_|VIRTUAL_ENV|PYTHON|GO)/i.test(key)) continue;
    env[key] = value;
  }
  return env;
}

/**
 * Makes a scratch machine for `engine` (its `pulumi` and language hosts, nothing of its
 * Node.js or Python), with `paths(scratch)` (e.g. a virtual environment's bin in the machine's
 * scratch folder) after the failing `node` and before the engine, and `extra` variables; the
 * plugin's download URL leads to `server`.
 */
export async function userMachine(
  engine: Engine,
  server: ReleaseServer,
  paths: (scratch: string) => string[] = () => [],
  extra: NodeJS.ProcessEnv = {},
): Promise<UserMachine> {
  const scratch = await mkdtemp(join(tmpdir(), "vmcloud-release-e2e-"));
  const home = join(scratch, "pulumi-home");
  const state = join(scratch, "state");
  const noNode = join(scratch, "no-node");
  const ran = join(scratch, "node-ran.log");
  await Promise.all([mkdir(home), mkdir(state), mkdir(noNode)]);
  // Found before any real Node.js on the machine (the system's /usr/bin/node included).
  const fake = join(noNode, "node");
  await writeFile(
    fake,
    `#!/bin/sh\necho "node $*" >> '${ran}'\necho "node was run, but this machine has no Node.js" >&2\nexit 97\n`,
  );
  await chmod(fake, 0o755);
  // The stand-in works: a `node` found through PATH runs it, fails and is written down.
  const probe = await run("sh", ["-c", "node --version"], {
    cwd: scratch,
    env: { PATH: `${noNode}:/usr/bin:/bin` },
  });
  if (probe.code !== 97 || !readFileSync(ran, "utf8").includes("node --version")) {
    throw new Error(`the failing node stand-in did not run: ${probe.output}`);
  }
  await rm(ran);
  const env: NodeJS.ProcessEnv = {
    ...baseEnv(),
    ...extra,
    PATH: [noNode, ...paths(scratch), engine.bin, "/usr/local/bin", "/usr/bin", "/bin"].join(":"),
    PULUMI_HOME: home,
    PULUMI_BACKEND_URL: `file://${state}`,
    PULUMI_CONFIG_PASSPHRASE: "release-e2e",
    PULUMI_SKIP_UPDATE_CHECK: "true",
    PULUMI_PLUGIN_DOWNLOAD_URL_OVERRIDES: `${DOWNLOAD_URL_PATTERN}=${server.url}`,
  };
  return {
    scratch,
    home,
    env,
    async nodeRuns() {
      if (!existsSync(ran)) return [];
      return (await readFile(ran, "utf8")).split("\n").filter((line) => line !== "");
    },
    pulumi: (cwd, args, timeoutMs = 300_000, more = {}) =>
      run(join(engine.bin, "pulumi"), [...args, "--non-interactive"], {
        cwd,
        env: { ...env, ...more },
        timeoutMs,
      }),
    close: () => rm(scratch, { recursive: true, force: true }),
  };
}

/** Fails with the command's output unless it exited 0; returns it. */
export function succeeded(ran: Ran): Ran {
  if (ran.code !== 0) throw new Error(`exit ${ran.code}:\n${ran.output}`);
  return ran;
}

/** Creates stack `stack` in `cwd`, configured for `emulator` (the token as a secret). */
export async function configureStack(
  machine: UserMachine,
  cwd: string,
  stack: string,
  emulator: TestEmulator,
  config: Record<string, string> = {},
): Promise<void> {
  succeeded(await machine.pulumi(cwd, ["stack", "init", stack]));
  const settings: Record<string, string> = {
    "vmcloud:endpoint": emulator.url,
    "vmcloud:projectId": emulator.fixtures.vm.projectId,
    ...config,
  };
  for (const [key, value] of Object.entries(settings)) {
    succeeded(await machine.pulumi(cwd, ["config", "set", key, value]));
  }
  succeeded(
    await machine.pulumi(cwd, ["config", "set", "--secret", "vmcloud:token", emulator.token]),
  );
}

/** The plugin the engine installed into the machine's cache: its folder's files and mode. */
export async function installedPlugin(
  machine: UserMachine,
  version: string,
): Promise<{ files: string[]; executable: boolean }> {
  const dir = join(machine.home, "plugins", `resource-vmcloud-v${version}`);
  const files = (await readdir(dir)).sort();
  const mode = (await stat(join(dir, "pulumi-resource-vmcloud"))).mode;
  return { files, executable: (mode & 0o111) !== 0 };
}

/**
 * Copies `examples/<example>` into `dir` as a user's project that has only the release: its
 * Pulumi.yaml without the `plugins:` block the examples use inside this repository.
 */
export async function projectWithoutPlugins(source: string, dir: string): Promise<void> {
  await mkdir(dir, { recursive: true });
  for (const entry of await readdir(source, { withFileTypes: true })) {
    // A stack's own settings (Pulumi.<stack>.yaml) are not part of the example.
    if (!entry.isFile() || /^Pulumi\..+\.yaml$/.test(entry.name)) continue;
    let text = await readFile(join(source, entry.name), "utf8");
    if (entry.name === "Pulumi.yaml") {
      const block = /^plugins:\n(?:[ #].*\n|\n)*?(?=^\S)/m;
      if (!block.test(text)) throw new Error(`${source}/Pulumi.yaml has no plugins: block`);
      text = text.replace(block, "");
      if (/^plugins:/m.test(text))
        throw new Error(`${source}/Pulumi.yaml: a plugins: block is left`);
    }
    await writeFile(join(dir, entry.name), text);
  }
}

/** The plugin archives the server was asked for. */
export function requestedArchives(server: ReleaseServer): string[] {
  return server.requested.filter((path) => path.endsWith(".tar.gz"));
}

/** The example's folder. */
export function example(name: string): string {
  return join(repo, "examples", name);
}
