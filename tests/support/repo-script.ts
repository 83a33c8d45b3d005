/**
 * Runs a script of the repository (`bash scripts/<name>.sh …`) from the repository's root, for
 * suites that build or install what they need through one.
 */
import { spawn } from "node:child_process";
import { join, resolve } from "node:path";

const repo = resolve(__dirname, "../..");

/**
 * Runs `bash <repo>/<script> …args` and resolves with its standard output, trimmed; its
 * progress lines (standard error) go straight to ours. Rejects, naming the command, when it
 * exits with another code than 0.
 */
export function runRepoScript(script: string, ...args: string[]): Promise<string> {
  return new Promise((resolvePromise, reject) => {
    const child = spawn("bash", [join(repo, script), ...args], {
      cwd: repo,
      stdio: ["ignore", "pipe", "inherit"],
    });
    let out = "";
    child.stdout.on("data", (chunk: Buffer) => (out += chunk.toString()));
    child.on("error", reject);
    child.on("close", (code) =>
      code === 0
        ? resolvePromise(out.trim())
        : reject(new Error(`${script} ${args.join(" ")} exited with ${code}`)),
    );
  });
}
