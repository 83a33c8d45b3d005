import { spawn, spawnSync } from "node:child_process";
import { resolve } from "node:path";
import { describe, expect, it } from "vitest";

const context = resolve(__dirname, "../../dist/provider/runtime/context.js");

/** True while a process with this pid exists. */
function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

async function waitUntilGone(pid: number, ms: number): Promise<boolean> {
  const deadline = Date.now() + ms;
  while (Date.now() < deadline) {
    if (!alive(pid)) return true;
    await new Promise((r) => setTimeout(r, 50));
  }
  return !alive(pid);
}

describe("the provider's host guard", () => {
  it("ends a host whose engine died (the host is re-parented)", async () => {
    // A shell starts a "host" that configures our runtime and then would live forever, prints
    // its pid, gives the host a second to start, and exits: the host loses its parent exactly
    // as when `pulumi up` is killed.
    const host = `require(${JSON.stringify(context)}).configureRuntime(undefined); setInterval(() => {}, 1000);`;
    const shell = spawnSync("sh", ["-c", `node -e '${host}' >/dev/null 2>&1 & echo $!; sleep 1`], {
      encoding: "utf8",
    });
    const pid = Number(shell.stdout.trim());
    expect(pid).toBeGreaterThan(0);
    expect(await waitUntilGone(pid, 5000)).toBe(true);
  });

  it("ends a host whose stderr was closed instead of looping on EPIPE", async () => {
    const host = spawn(
      process.execPath,
      [
        "-e",
        `require(${JSON.stringify(context)}).configureRuntime(undefined);
         process.on("uncaughtException", (e) => console.error(e.stack));
         setInterval(() => process.stderr.write("progress\\n"), 20);`,
      ],
      { stdio: ["ignore", "ignore", "pipe"] },
    );
    await new Promise((r) => host.stderr!.once("data", r));
    host.stderr!.destroy();
    const code = await new Promise<number | null>((r) => host.once("exit", r));
    expect(code).toBe(1);
  });
});
