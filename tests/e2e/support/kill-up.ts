/**
 * `pulumi up` killed in the middle, as a user's Ctrl-C twice or a CI runner's timeout leaves it:
 * the CLI runs in its own process group (the CLI, the language host, the program and the
 * dynamic-provider host), and the whole group gets SIGKILL once a condition on the cloud holds.
 * The stack is then locked and holds pending operations; `pulumi cancel` is what a user runs
 * next.
 */
import { spawn } from "node:child_process";
import { join } from "node:path";

/** What {@link killUpWhen} runs and when it kills. */
export interface KillUp {
  /** The directory that holds `pulumi`. */
  bin: string;
  /** The Pulumi project's directory. */
  cwd: string;
  /** The environment the engine runs with (backend, passphrase, PULUMI_HOME, PATH). */
  env: Record<string, string>;
  stackName: string;
  /** Polled every 25 ms; the group is killed as soon as it holds. */
  ready: () => Promise<boolean>;
  /** How long `up` may run before the condition holds (default 120 s). */
  timeoutMs?: number;
}

/**
 * Starts `pulumi up --yes --skip-preview` in its own process group and kills the group with
 * SIGKILL once `ready()` holds; resolves to the output the CLI printed before it died. Fails
 * when `up` ended (or the time ran out) before the condition held.
 */
export async function killUpWhen(run: KillUp): Promise<{ output: string; killedAfterMs: number }> {
  const child = spawn(
    join(run.bin, "pulumi"),
    ["up", "--yes", "--skip-preview", "--non-interactive", "--stack", run.stackName],
    {
      cwd: run.cwd,
      env: { ...process.env, ...run.env },
      detached: true,
      stdio: ["ignore", "pipe", "pipe"],
    },
  );
  let output = "";
  child.stdout.on("data", (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on("data", (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<void>((resolve) => child.on("close", () => resolve()));
  const started = Date.now();
  const deadline = started + (run.timeoutMs ?? 120_000);
  let killedAfterMs = -1;
  while (child.exitCode === null && Date.now() < deadline) {
    if (await run.ready()) {
      killedAfterMs = Date.now() - started;
      process.kill(-child.pid!, "SIGKILL");
      break;
    }
    await new Promise((r) => setTimeout(r, 25));
  }
  if (killedAfterMs < 0 && child.exitCode === null) process.kill(-child.pid!, "SIGKILL");
  await exited;
  if (killedAfterMs < 0) {
    throw new Error(`pulumi up ended before the moment to kill it came:\n${output.slice(-3000)}`);
  }
  return { output, killedAfterMs };
}
