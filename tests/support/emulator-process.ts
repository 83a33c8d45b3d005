/**
 * Test support: runs the built emulator bin (`dist/emulator/cli.js`) as a real child process,
 * the way users start it, and waits for its `listening on` line. Needs `npm run build` first
 * (`npm test` builds); every process started here is stopped by {@link stopAllEmulators}.
 */
import { spawn, type ChildProcess } from "node:child_process";
import { existsSync } from "node:fs";
import { createServer } from "node:net";
import { join } from "node:path";

/** The repository root. */
export const REPO = join(__dirname, "..", "..");

/** The compiled bin, as `package.json` `bin.vmcloud-emulator` names it. */
export const CLI = join(REPO, "dist", "emulator", "cli.js");

/** How a child process ended. */
export interface Exit {
  code: number | null;
  signal: NodeJS.Signals | null;
}

/** A running emulator process. */
export interface EmulatorProcess {
  child: ChildProcess;
  /** Base URL from its `listening on` line. */
  url: string;
  port: number;
  /** Everything it printed on stdout so far. */
  stdout(): string;
  /** Everything it printed on stderr so far. */
  stderr(): string;
  /** Resolves when the process ends. */
  exited: Promise<Exit>;
  /** Sends `signal` (default SIGTERM) and resolves when the process has ended. */
  stop(signal?: NodeJS.Signals): Promise<Exit>;
}

const running = new Map<ChildProcess, (signal: NodeJS.Signals) => void>();

/** Throws a clear error when the bin has not been built. */
export function requireBuiltCli(): void {
  if (!existsSync(CLI)) {
    throw new Error(
      `${CLI} is missing: run \`npx tsc -p tsconfig.json\` (or \`npm run build\`) first`,
    );
  }
}

interface Started {
  child: ChildProcess;
  /** Sends a signal to the process, or to its whole process group when it leads one. */
  signal(signal: NodeJS.Signals): void;
  out: () => string;
  err: () => string;
  exited: Promise<Exit>;
}

function start(
  command: string,
  args: readonly string[],
  group = false,
  where: { cwd?: string; env?: NodeJS.ProcessEnv } = {},
): Started {
  // A group leader's children (e.g. the node that `npx` starts) get its signals too.
  const child = spawn(command, args, {
    cwd: where.cwd ?? REPO,
    env: where.env ?? process.env,
    stdio: ["ignore", "pipe", "pipe"],
    detached: group,
  });
  const signal = (name: NodeJS.Signals) => {
    if (!group || child.pid === undefined) {
      child.kill(name);
      return;
    }
    try {
      process.kill(-child.pid, name);
    } catch {
      // ESRCH: the whole group has ended already.
    }
  };
  running.set(child, signal);
  let out = "";
  let err = "";
  child.stdout!.setEncoding("utf8").on("data", (chunk: string) => (out += chunk));
  child.stderr!.setEncoding("utf8").on("data", (chunk: string) => (err += chunk));
  const exited = new Promise<Exit>((resolve) =>
    child.on("close", (code, signal) => {
      running.delete(child);
      resolve({ code, signal });
    }),
  );
  return { child, signal, out: () => out, err: () => err, exited };
}

/** Runs the bin with `args` to its end (for arguments that make it exit). */
export async function runCli(
  args: readonly string[],
  timeoutMs = 20_000,
): Promise<Exit & { stdout: string; stderr: string }> {
  requireBuiltCli();
  const started = start(process.execPath, [CLI, ...args]);
  const timer = setTimeout(() => started.signal("SIGKILL"), timeoutMs);
  const exit = await started.exited;
  clearTimeout(timer);
  return { ...exit, stdout: started.out(), stderr: started.err() };
}

/**
 * Starts the bin with `args` (or `command` + `args` when given, in a process group of its own
 * so that signals reach the emulator it starts) and resolves once it printed its
 * `listening on` line; rejects with its stderr when it exits first.
 */
export async function spawnEmulator(
  args: readonly string[],
  options: { command?: string; timeoutMs?: number; cwd?: string; env?: NodeJS.ProcessEnv } = {},
): Promise<EmulatorProcess> {
  const command = options.command ?? process.execPath;
  if (options.command === undefined) requireBuiltCli();
  const started = start(
    command,
    options.command === undefined ? [CLI, ...args] : args,
    options.command !== undefined,
    { cwd: options.cwd, env: options.env },
  );
  const timeoutMs = options.timeoutMs ?? 30_000;
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => {
      started.signal("SIGKILL");
      reject(new Error(`no "listening on" line within ${timeoutMs} ms; stderr: ${started.err()}`));
    }, timeoutMs);
    const onData = () => {
      const match = /listening on (http:\/\/\S+)\n/.exec(started.out());
      if (match === null) return;
      clearTimeout(timer);
      started.child.stdout!.off("data", onData);
      resolve(match[1]!);
    };
    started.child.stdout!.on("data", onData);
    void started.exited.then((exit) => {
      clearTimeout(timer);
      reject(
        new Error(
          `emulator exited (${exit.code ?? exit.signal}) before listening; stderr: ${started.err()}`,
        ),
      );
    });
  });
  return {
    child: started.child,
    url,
    port: Number(new URL(url).port),
    stdout: started.out,
    stderr: started.err,
    exited: started.exited,
    stop: (signal = "SIGTERM") => {
      if (started.child.exitCode === null && started.child.signalCode === null) {
        started.signal(signal);
      }
      return started.exited;
    },
  };
}

/** Kills (SIGKILL) every process this module started that is still running. */
export async function stopAllEmulators(): Promise<void> {
  const waits = [...running].map(
    ([child, signal]) =>
      new Promise<void>((resolve) => {
        child.once("close", () => resolve());
        signal("SIGKILL");
      }),
  );
  await Promise.all(waits);
}

/** A TCP port that was free a moment ago. */
export async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as { port: number };
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

/** Sends a JSON request with the bearer token and returns status and parsed body. */
export async function request(
  url: string,
  token: string,
  method: string,
  path: string,
  body?: unknown,
): Promise<{ status: number; body: unknown }> {
  const response = await fetch(`${url}${path}`, {
    method,
    headers: {
      authorization: `Bearer ${token}`,
      ...(body === undefined ? {} : { "content-type": "application/json" }),
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const text = await response.text();
  return { status: response.status, body: text === "" ? undefined : (JSON.parse(text) as unknown) };
}
