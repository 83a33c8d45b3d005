/**
 * `pulumi up` killed the way CI pipelines die: started as a child process in its own process
 * group, and the whole group (the CLI, the language host, the program and the
 * dynamic-provider host) killed with SIGKILL once a condition holds. Also what the killed
 * run left: the checkpoint the file backend wrote.
 */
import { spawn } from "node:child_process";
import { readFile, readdir } from "node:fs/promises";
import { join } from "node:path";

/** What a killed `up` printed, and how long it ran. */
export interface KilledUp {
  output: string;
  killedAfterMs: number;
}

/**
 * Starts `pulumi up` (the CLI in `bin`) of `stackName` in `cwd` and kills its process group
 * with SIGKILL once `ready()` holds; rejects when the `up` ends first or `ready` never holds
 * within `timeoutMs`.
 */
export async function killUpWhen(
  bin: string,
  cwd: string,
  env: Record<string, string>,
  stackName: string,
  ready: () => Promise<boolean>,
  timeoutMs = 120_000,
): Promise<KilledUp> {
  const child = spawn(
    join(bin, "pulumi"),
    ["up", "--yes", "--skip-preview", "--non-interactive", "--stack", stackName],
    { cwd, env: { ...process.env, ...env }, detached: true, stdio: ["ignore", "pipe", "pipe"] },
  );
  let output = "";
  child.stdout.on("data", (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on("data", (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<void>((resolve) => child.on("close", () => resolve()));
  const started = Date.now();
  let killedAfterMs = -1;
  while (child.exitCode === null && Date.now() < started + timeoutMs) {
    if (await ready()) {
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

/** A resource of a checkpoint. */
export interface CheckpointResource {
  urn: string;
  type: string;
  id?: string;
  outputs?: Record<string, unknown>;
}

/**
 * The resources of the checkpoint that the file backend in `backendDir` holds for `stackName`
 * now, or undefined while there is none (or it is being rewritten).
 */
export async function checkpointResources(
  backendDir: string,
  stackName: string,
): Promise<CheckpointResource[] | undefined> {
  const stacks = join(backendDir, ".pulumi", "stacks");
  try {
    for (const project of await readdir(stacks)) {
      const text = await readFile(join(stacks, project, `${stackName}.json`), "utf8").catch(
        () => undefined,
      );
      if (text === undefined) continue;
      const parsed = JSON.parse(text) as {
        checkpoint?: { latest?: { resources?: CheckpointResource[] } };
      };
      return parsed.checkpoint?.latest?.resources ?? [];
    }
  } catch {
    // No backend folder yet, or a checkpoint caught half written: not there yet.
  }
  return undefined;
}
