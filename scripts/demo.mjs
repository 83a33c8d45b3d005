#!/usr/bin/env node
// `npm run demo`: the quickstart (examples/quickstart) deployed by the real Pulumi engine into
// the emulator. Builds the package if needed, starts the emulator in the background (its state
// in a file, so a later `--destroy` finds the same VMs), prepares the engine (built from Go
// modules on the first run), creates the stack `demo` in a local file backend, runs
// `pulumi up`, prints the outputs and where to look. `npm run demo -- --destroy` destroys the
// stack, removes it and stops the emulator. Everything lives under
// ${VMCLOUD_CACHE:-~/.cache/vmcloud}/demo; nothing talks to the Pulumi Cloud.
import { spawn } from "node:child_process";
import {
  closeSync,
  existsSync,
  mkdirSync,
  openSync,
  readFileSync,
  readdirSync,
  rmSync,
  statSync,
  writeFileSync,
} from "node:fs";
import { createServer } from "node:net";
import { homedir } from "node:os";
import { dirname, join, relative, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";

const root = resolve(dirname(fileURLToPath(import.meta.url)), "..");
const project = join(root, "examples", "quickstart");
const cacheRoot =
  process.env.VMCLOUD_CACHE ??
  join(process.env.XDG_CACHE_HOME ?? join(homedir(), ".cache"), "vmcloud");
const demoDir = join(cacheRoot, "demo");
const files = {
  emulator: join(demoDir, "emulator.json"),
  log: join(demoDir, "emulator.log"),
  state: join(demoDir, "emulator-state.json"),
  backend: join(demoDir, "backend"),
  home: join(demoDir, "pulumi-home"),
};
const STACK = "demo";
// The demo's secrets (the token in the stack config) are encrypted with this passphrase. It
// guards a local emulator's well-known token, so it is printed rather than asked for.
const PASSPHRASE = "vmcloud-demo";
const DEFAULT_PORT = 8443;

const USAGE = `usage: npm run demo [-- --destroy] [-- --port <n>] [-- --speed <x>]

  (no option)   deploy examples/quickstart into a local emulator with the real Pulumi engine
  --destroy     destroy the demo stack, remove it and stop the emulator
  --port <n>    emulator port for a new emulator (default ${DEFAULT_PORT}, or a free one if taken)
  --speed <x>   emulator speed factor for a new emulator (default 1: a VM boots in ~2 s)

State, logs and the file backend live in ${demoDir}.`;

// ---------------------------------------------------------------------------------------------
// Output

const bold = (text) => (process.stdout.isTTY ? `\x1b[1m${text}\x1b[0m` : text);
let stepNumber = 0;
function step(title) {
  stepNumber += 1;
  console.log(`\n${bold(`[${stepNumber}] ${title}`)}`);
}
function info(text) {
  console.log(`    ${text}`);
}
class DemoError extends Error {}
/** Stops the demo with `message` (what failed and what to do). */
function fail(message) {
  throw new DemoError(message);
}
function elapsed(ms) {
  const s = Math.round(ms / 1000);
  return s >= 60 ? `${Math.floor(s / 60)}m${String(s % 60).padStart(2, "0")}s` : `${s}s`;
}

// ---------------------------------------------------------------------------------------------
// Processes

/**
 * Runs a command. `inherit` shows its output live (pulumi up); otherwise stdout is captured and
 * stderr shown, unless `quiet`. Resolves with the exit code and stdout; rejects only if it cannot start.
 */
function run(
  command,
  args,
  { cwd = root, env = process.env, inherit = false, input, quiet = false } = {},
) {
  return new Promise((resolvePromise, reject) => {
    const child = spawn(command, args, {
      cwd,
      env,
      stdio: [
        input === undefined ? "ignore" : "pipe",
        inherit ? "inherit" : "pipe",
        quiet ? "pipe" : "inherit",
      ],
    });
    let stdout = "";
    child.stdout?.on("data", (chunk) => (stdout += chunk.toString()));
    child.stderr?.resume();
    if (input !== undefined) child.stdin.end(input);
    child.on("error", (error) =>
      reject(new DemoError(`could not run ${command}: ${error.message}`)),
    );
    child.on("close", (code, signal) =>
      resolvePromise({ code: code ?? (signal ? 128 : 1), stdout }),
    );
  });
}

function processAlive(pid) {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

/** True when `pid` runs our emulator (so a recycled pid is never signalled). */
function isOurEmulator(pid) {
  try {
    const cmdline = readFileSync(`/proc/${pid}/cmdline`, "utf8").split("\0");
    return cmdline.some((arg) => arg.endsWith(join("dist", "emulator", "cli.js")));
  } catch {
    // No /proc (macOS): trust the pid file only if the process exists.
    return processAlive(pid);
  }
}

// ---------------------------------------------------------------------------------------------
// Build

/** The newest modification time of the TypeScript sources under `dirs`. */
function newestSource(dirs) {
  let newest = 0;
  const walk = (dir) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      if (entry.name === "node_modules") continue;
      const path = join(dir, entry.name);
      if (entry.isDirectory()) walk(path);
      else if (entry.name.endsWith(".ts")) newest = Math.max(newest, statSync(path).mtimeMs);
    }
  };
  for (const dir of dirs) if (existsSync(join(root, dir))) walk(join(root, dir));
  for (const file of ["tsconfig.json", "package.json"]) {
    newest = Math.max(newest, statSync(join(root, file)).mtimeMs);
  }
  return newest;
}

async function buildIfNeeded() {
  step("Building the package (dist/)");
  const outputs = ["dist/sdk/index.js", "dist/emulator/cli.js", "dist/provider/resources/vm.js"];
  const missing = outputs.filter((file) => !existsSync(join(root, file)));
  const builtAt = missing.length === 0 ? statSync(join(root, outputs[0])).mtimeMs : 0;
  if (missing.length === 0 && newestSource(["provider", "sdk", "emulator", "policy"]) <= builtAt) {
    info("dist/ is up to date");
    return;
  }
  info(
    missing.length > 0
      ? "dist/ is missing: running `npm run build`…"
      : "sources changed: running `npm run build`…",
  );
  const started = Date.now();
  const { code } = await run("npm", ["run", "--silent", "build"], { inherit: true });
  if (code !== 0)
    fail("`npm run build` failed (errors above); fix them and run `npm run demo` again");
  info(`built in ${elapsed(Date.now() - started)}`);
}

// ---------------------------------------------------------------------------------------------
// Emulator

function readEmulatorRecord() {
  try {
    return JSON.parse(readFileSync(files.emulator, "utf8"));
  } catch {
    return undefined;
  }
}

async function fixturesOf(url) {
  try {
    const response = await fetch(`${url}/_emulator/fixtures`, {
      signal: AbortSignal.timeout(3000),
    });
    return response.ok ? await response.json() : undefined;
  } catch {
    return undefined;
  }
}

function portFree(port) {
  return new Promise((resolvePromise) => {
    const server = createServer();
    server.once("error", () => resolvePromise(false));
    server.listen(port, "127.0.0.1", () => server.close(() => resolvePromise(true)));
  });
}

/** The running demo emulator, or a new one started in the background from the state file. */
async function ensureEmulator(options) {
  const record = readEmulatorRecord();
  if (record !== undefined && processAlive(record.pid) && isOurEmulator(record.pid)) {
    const fixtures = await fixturesOf(record.url);
    if (fixtures !== undefined) {
      info(`reusing the emulator at ${record.url} (pid ${record.pid})`);
      return { ...record, fixtures };
    }
  }
  const requested = options.port === undefined ? DEFAULT_PORT : Number(options.port);
  if (!Number.isInteger(requested) || requested < 0 || requested > 65535) {
    fail(`--port must be an integer from 0 to 65535, got "${options.port}"`);
  }
  let port = requested;
  if (port !== 0 && !(await portFree(port))) {
    if (options.port !== undefined) fail(`port ${port} is taken; choose another with --port <n>`);
    info(`port ${port} is taken; letting the emulator pick a free one`);
    port = 0;
  }
  const speed = options.speed ?? "1";
  const args = [join(root, "dist/emulator/cli.js"), "--port", String(port), "--speed", speed];
  args.push("--state-file", files.state);
  // Only this start's lines of the (appended) log are read below.
  const logStart = existsSync(files.log) ? statSync(files.log).size : 0;
  const log = openSync(files.log, "a");
  const child = spawn(process.execPath, args, {
    cwd: root,
    detached: true,
    stdio: ["ignore", log, log],
  });
  closeSync(log);
  let exited;
  child.on("exit", (code) => (exited = code ?? 1));
  child.unref();
  const deadline = Date.now() + 30_000;
  for (;;) {
    const lines = readFileSync(files.log, "utf8").slice(logStart).trim().split("\n");
    const last = lines.filter((line) => line.startsWith("listening on ")).pop();
    if (last !== undefined && exited === undefined) {
      const url = last.slice("listening on ".length).trim();
      const fixtures = await fixturesOf(url);
      if (fixtures !== undefined) {
        const started = {
          pid: child.pid,
          url,
          speed: Number(speed),
          startedAt: new Date().toISOString(),
        };
        writeFileSync(files.emulator, `${JSON.stringify(started, null, 2)}\n`);
        const from = existsSync(files.state) ? ` (state file ${files.state})` : "";
        info(`started the emulator at ${url} (pid ${child.pid}, speed ${speed})${from}`);
        return { ...started, fixtures };
      }
    }
    if (exited !== undefined || Date.now() > deadline) {
      const tail = lines.slice(-10).join("\n      ");
      fail(
        `the emulator did not start (${exited === undefined ? "no answer after 30 s" : `exit code ${exited}`}). ` +
          `Its log, ${files.log}, ends with:\n      ${tail}`,
      );
    }
    await new Promise((r) => setTimeout(r, 200));
  }
}

async function stopEmulator() {
  const record = readEmulatorRecord();
  if (record === undefined || !processAlive(record.pid) || !isOurEmulator(record.pid)) {
    info("no demo emulator is running");
  } else {
    process.kill(record.pid, "SIGTERM");
    const deadline = Date.now() + 10_000;
    while (processAlive(record.pid) && Date.now() < deadline)
      await new Promise((r) => setTimeout(r, 100));
    if (processAlive(record.pid)) process.kill(record.pid, "SIGKILL");
    info(`stopped the emulator (pid ${record.pid})`);
  }
  rmSync(files.emulator, { force: true });
  rmSync(files.state, { force: true });
}

// ---------------------------------------------------------------------------------------------
// Engine and stack

/** Builds (first run) or reuses the Pulumi engine; returns the PATH entries to prepend. */
async function prepareEngine() {
  step("Preparing the Pulumi engine");
  info(
    "reuses a cached build, or builds the CLI from Go modules when there is none (5–10 minutes on 2 cores)",
  );
  const started = Date.now();
  const heartbeat = setInterval(
    () => info(`… still preparing the Pulumi engine (${elapsed(Date.now() - started)})`),
    30_000,
  );
  try {
    const { code, stdout } = await run("bash", [
      join(root, "scripts/pulumi-engine.sh"),
      "--print-path",
    ]);
    if (code !== 0) {
      fail(
        "the Pulumi engine could not be built (see the messages above and docs/engine.md). " +
          "It needs Go >= 1.25.11 and access to the Go module proxy, or a `pulumi` CLI on PATH.",
      );
    }
    info(`engine ready in ${elapsed(Date.now() - started)}`);
    return stdout.trim();
  } finally {
    clearInterval(heartbeat);
  }
}

function pulumiEnv(enginePath) {
  const env = { ...process.env };
  // The demo's own backend, passphrase and home: never the user's Pulumi login or settings.
  delete env.PULUMI_CONFIG_PASSPHRASE_FILE;
  delete env.PULUMI_ACCESS_TOKEN;
  return {
    ...env,
    PATH: `${enginePath}:${process.env.PATH ?? ""}`,
    PULUMI_BACKEND_URL: `file://${files.backend}`,
    PULUMI_CONFIG_PASSPHRASE: PASSPHRASE,
    PULUMI_HOME: files.home,
    PULUMI_SKIP_UPDATE_CHECK: "true",
  };
}

async function pulumi(env, args, options = {}) {
  return run("pulumi", [...args, "--non-interactive"], { cwd: project, env, ...options });
}

async function stackExists(env) {
  if (!existsSync(files.backend)) return false;
  const { code, stdout } = await pulumi(env, ["stack", "ls", "--json"], { quiet: true });
  if (code !== 0) return false;
  try {
    return JSON.parse(stdout).some((s) => s.name === STACK || s.name.endsWith(`/${STACK}`));
  } catch {
    fail(`\`pulumi stack ls --json\` answered something that is not JSON: ${stdout.slice(0, 200)}`);
  }
  return false;
}

async function configureStack(env, emulator) {
  const settings = [
    ["vmcloud:endpoint", emulator.url, false],
    ["vmcloud:token", emulator.fixtures.token, true],
    ["vmcloud:projectId", emulator.fixtures.vm.projectId, false],
  ];
  for (const [key, value, secret] of settings) {
    // The value goes through stdin, so the token is not on a command line.
    const args = [
      "config",
      "set",
      key,
      "--stack",
      STACK,
      ...(secret ? ["--secret"] : ["--plaintext"]),
    ];
    const { code } = await pulumi(env, args, { input: value });
    if (code !== 0) fail(`\`pulumi config set ${key}\` failed (see above)`);
  }
  info(
    `config: vmcloud:endpoint=${emulator.url}, vmcloud:token=[secret], vmcloud:projectId=${emulator.fixtures.vm.projectId}`,
  );
}

function manualCommands(enginePath) {
  const rel = relative(process.cwd(), project) || ".";
  return [
    `export PATH=${enginePath}:$PATH`,
    `export PULUMI_BACKEND_URL=file://${files.backend} PULUMI_CONFIG_PASSPHRASE=${PASSPHRASE} PULUMI_HOME=${files.home}`,
    `cd ${rel} && pulumi stack output --stack ${STACK}    # or: pulumi preview / refresh / up`,
  ];
}

// ---------------------------------------------------------------------------------------------
// The two commands

async function up(options) {
  mkdirSync(files.backend, { recursive: true });
  await buildIfNeeded();

  step("Starting the emulator (a local stand-in for the cloud)");
  const emulator = await ensureEmulator(options);

  const enginePath = await prepareEngine();
  const env = pulumiEnv(enginePath);

  step(`Creating the stack "${STACK}" of examples/quickstart (local file backend)`);
  if (await stackExists(env)) {
    info(`stack "${STACK}" exists already: it is updated`);
  } else {
    const { code } = await pulumi(env, ["stack", "init", STACK]);
    if (code !== 0)
      fail(`\`pulumi stack init ${STACK}\` failed (see above); backend: ${files.backend}`);
    info(`created stack "${STACK}" in ${files.backend}`);
  }
  await configureStack(env, emulator);

  step("pulumi up");
  const started = Date.now();
  const result = await pulumi(env, ["up", "--yes", "--stack", STACK], { inherit: true });
  if (result.code !== 0) {
    fail(
      `\`pulumi up\` failed (exit code ${result.code}; its messages are above). The emulator keeps running at ` +
        `${emulator.url} (log: ${files.log}). Fix the cause and run \`npm run demo\` again, or clean up ` +
        "with `npm run demo -- --destroy`.",
    );
  }
  info(`pulumi up took ${elapsed(Date.now() - started)}`);

  step("Stack outputs");
  const outputs = await pulumi(env, ["stack", "output", "--json", "--stack", STACK]);
  if (outputs.code !== 0) fail("`pulumi stack output` failed (see above)");
  const values = JSON.parse(outputs.stdout);
  const width = Math.max(...Object.keys(values).map((k) => k.length));
  for (const [key, value] of Object.entries(values)) {
    info(`${key.padEnd(width)}  ${typeof value === "string" ? value : JSON.stringify(value)}`);
  }

  step("Look around");
  const token = emulator.fixtures.token;
  info(`the emulator        ${emulator.url}  (pid ${emulator.pid}, log ${files.log})`);
  info(`its API docs        ${emulator.url}/docs`);
  info(`everything it holds ${emulator.url}/_emulator/state`);
  if (typeof values.vmId === "string") {
    info(
      `the VM              curl -s -H 'Authorization: Bearer ${token}' ${emulator.url}/api/v1/vms/${values.vmId}`,
    );
  }
  info("the stack, with the pulumi CLI:");
  for (const line of manualCommands(enginePath)) info(`  ${line}`);
  console.log(
    `\nThe stack stays up and the emulator keeps running. Clean up with: ${bold("npm run demo -- --destroy")}`,
  );
}

async function destroy(options) {
  mkdirSync(demoDir, { recursive: true });
  const record = readEmulatorRecord();
  const haveBackend = existsSync(files.backend);
  if (record === undefined && !haveBackend && !existsSync(files.state)) {
    console.log(`Nothing to destroy: no demo state in ${demoDir}.`);
    return;
  }
  await buildIfNeeded();
  const enginePath = await prepareEngine();
  const env = pulumiEnv(enginePath);
  if (haveBackend && (await stackExists(env))) {
    step("Starting (or reusing) the emulator that holds the stack's resources");
    const emulator = await ensureEmulator(options);
    await configureStack(env, emulator);
    step("pulumi destroy");
    const result = await pulumi(env, ["destroy", "--yes", "--stack", STACK], { inherit: true });
    if (result.code !== 0) {
      fail(
        `\`pulumi destroy\` failed (exit code ${result.code}; messages above). The emulator keeps running at ` +
          `${emulator.url}; run \`npm run demo -- --destroy\` again once the cause is fixed.`,
      );
    }
    const removed = await pulumi(env, ["stack", "rm", STACK, "--yes"]);
    if (removed.code !== 0) fail(`\`pulumi stack rm ${STACK}\` failed (see above)`);
    info(`removed the stack "${STACK}"`);
  } else {
    info(`no stack "${STACK}" in ${files.backend}`);
  }
  step("Stopping the emulator");
  await stopEmulator();
  console.log("\nDemo cleaned up. Run `npm run demo` to deploy it again.");
}

async function main() {
  let values;
  try {
    ({ values } = parseArgs({
      options: {
        destroy: { type: "boolean" },
        port: { type: "string" },
        speed: { type: "string" },
        help: { type: "boolean", short: "h" },
      },
      strict: true,
    }));
  } catch (error) {
    console.error(`${error.message}\n\n${USAGE}`);
    process.exit(2);
  }
  if (values.help) {
    console.log(USAGE);
    return;
  }
  if (values.speed !== undefined && !(Number(values.speed) > 0)) {
    console.error(`--speed must be a positive number, got "${values.speed}"`);
    process.exit(2);
  }
  if (values.destroy) await destroy(values);
  else await up(values);
}

main().catch((error) => {
  if (error instanceof DemoError) {
    console.error(`\nvmcloud demo failed: ${error.message}`);
  } else {
    console.error(`\nvmcloud demo failed unexpectedly: ${error?.stack ?? error}`);
  }
  process.exit(1);
});
