/**
 * What a user does after an `up` that was killed while creates were in flight (issue 40): the
 * next `up` refuses each object the killed one made, naming it and the command that records it,
 * `pulumi refresh --import-pending-creates '<urn>' --import-pending-creates <id>`. These helpers
 * find those commands in what the engine printed and run them, word for word.
 */
import { execFile } from "node:child_process";
import { join } from "node:path";
import { promisify } from "node:util";

/** One pending create to record: the resource's URN and the object's id. */
export interface PendingImport {
  urn: string;
  id: string;
}

/** The objects the refusals in `text` name, each once. */
export function pendingImportsIn(text: string): PendingImport[] {
  const found = new Map<string, PendingImport>();
  for (const m of text.matchAll(
    /--import-pending-creates '([^']+)' --import-pending-creates ([^\s`'"]+)/g,
  )) {
    found.set(`${m[1]!} ${m[2]!}`, { urn: m[1]!, id: m[2]! });
  }
  return [...found.values()];
}

/** Runs the one `pulumi refresh` that records all of `imports`; answers what it printed. */
export async function recordPendingCreates(run: {
  /** The directory that holds `pulumi`. */
  bin: string;
  cwd: string;
  env: Record<string, string>;
  stackName: string;
  imports: readonly PendingImport[];
}): Promise<string> {
  const { stdout, stderr } = await promisify(execFile)(
    join(run.bin, "pulumi"),
    [
      "refresh",
      "--yes",
      "--non-interactive",
      "--stack",
      run.stackName,
      ...run.imports.flatMap(({ urn, id }) => [
        "--import-pending-creates",
        urn,
        "--import-pending-creates",
        id,
      ]),
    ],
    { cwd: run.cwd, env: { ...process.env, ...run.env } },
  );
  return `${stdout}${stderr}`;
}
