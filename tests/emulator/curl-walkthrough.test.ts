/**
 * docs/curl-walkthrough.md works as written: its first code block starts the emulator with
 * `npx vmcloud-emulator` (on a free port, at `--speed 10` as the doc suggests), and the
 * others run unchanged with the real `curl`, `jq` and `bash` against it, except that `BASE`
 * points at the chosen port. The VM reaches `running`, and the outputs the doc shows are the
 * ones printed. Needs a build (`npm test` builds first).
 */
import { spawn, spawnSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  freePort,
  REPO,
  requireBuiltCli,
  spawnEmulator,
  stopAllEmulators,
  type EmulatorProcess,
} from "../support/emulator-process";

const DOC = readFileSync(join(REPO, "docs", "curl-walkthrough.md"), "utf8");
const BLOCKS = [...DOC.matchAll(/```bash\n([\s\S]*?)```/g)].map((m) => m[1]!);
const DOC_PORT = "8443";
const UUID = "[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}";

let emu: EmulatorProcess;
let output = "";
let exitCode: number | null = null;

beforeAll(async () => {
  requireBuiltCli();
  for (const tool of ["curl", "jq", "bash"]) {
    const probe = spawnSync(tool, ["--version"], { encoding: "utf8" });
    if (probe.status !== 0)
      throw new Error(`the walkthrough needs \`${tool}\` on PATH: install it`);
  }
  // Step 1, as written, on a free port and faster.
  const start = BLOCKS[0]!.split("\n").find((line) => line.includes("vmcloud-emulator"))!;
  expect(start).toBe(`npx vmcloud-emulator --port ${DOC_PORT}`);
  const port = await freePort();
  emu = await spawnEmulator(["-c", `exec ${start.replace(DOC_PORT, String(port))} --speed 10`], {
    command: "bash",
    timeoutMs: 60_000,
  });

  // Steps 2–8, unchanged but for the address.
  const base = `BASE=http://127.0.0.1:${DOC_PORT}`;
  const rest = BLOCKS.slice(1).join("\n");
  expect(rest.split(base).length - 1).toBe(1);
  const script = `set -euo pipefail\n${rest.replace(base, `BASE=${emu.url}`)}`;
  const child = spawn("bash", ["-c", script], { cwd: REPO, stdio: ["ignore", "pipe", "pipe"] });
  child.stdout.setEncoding("utf8").on("data", (chunk: string) => (output += chunk));
  child.stderr.setEncoding("utf8").on("data", (chunk: string) => (output += chunk));
  exitCode = await new Promise<number | null>((resolve) =>
    child.on("close", (code) => resolve(code)),
  );
}, 120_000);
afterAll(stopAllEmulators);

describe("docs/curl-walkthrough.md", () => {
  it("has the steps it describes", () => {
    expect(BLOCKS.length).toBeGreaterThanOrEqual(8);
    for (const path of [
      "/api/v1/disks",
      "/api/v1/subnets",
      "/api/v1/security-groups",
      "/api/v1.1/vms",
    ]) {
      expect(
        BLOCKS.some((block) => block.includes(`-X POST "$BASE${path}"`)),
        path,
      ).toBe(true);
    }
  });

  it("starts the emulator with the printed line the doc shows", () => {
    const shown = BLOCKS[0]!.split("\n").find((line) => line.startsWith("# listening on "))!;
    expect(emu.stdout()).toContain(`${shown.slice(2).replace(DOC_PORT, String(emu.port))}\n`);
  });

  it("runs every command without an error", () => {
    expect(output).not.toContain("timed out");
    expect(exitCode, output).toBe(0);
  });

  it("creates the disk, the subnet and the group, and the VM goes from creating to running", () => {
    expect(output).toMatch(new RegExp(`^project ${UUID}, zone ${UUID}$`, "m"));
    const lines = output.split("\n");
    const index = (pattern: RegExp) => lines.findIndex((line) => pattern.test(line));
    const disk = index(new RegExp(`^/api/v1/disks/${UUID} is available$`));
    const subnet = index(new RegExp(`^/api/v1/subnets/${UUID} is created$`));
    const group = index(new RegExp(`^/api/v1/security-groups/${UUID} is created$`));
    const creating = index(/^creating$/);
    const running = index(new RegExp(`^/api/v1/vms/${UUID} is running$`));
    expect(
      [disk, subnet, group, creating, running].every((i) => i >= 0),
      output,
    ).toBe(true);
    expect(disk < subnet && subnet < group && group < creating && creating < running).toBe(true);
  });

  it("shows the running VM with both disks, the subnet, the group and an external IP", () => {
    const start = output.indexOf("{\n");
    const summary = JSON.parse(output.slice(start, output.indexOf("\n}\n", start) + 2)) as {
      interfaces: Array<{ external_ip: string }>;
    };
    expect(summary).toMatchObject({
      name: "web-1",
      state: "running",
      flavor: "gen-2-4",
      image: "ubuntu-22.04",
      disks: [
        { name: "web-1-boot", primary: true, state: "in_use" },
        { name: "data-1", primary: false, state: "in_use" },
      ],
      interfaces: [{ subnet: "app-net", groups: ["ssh-in"] }],
    });
    expect(summary.interfaces[0]!.external_ip).toMatch(/^\d+\.\d+\.\d+\.\d+$/);
  });

  it("deletes the VM with 204 and the data disk comes back available", async () => {
    const lines = output.split("\n");
    const deleted = lines.indexOf("204");
    expect(deleted).toBeGreaterThan(0);
    expect(
      lines
        .slice(deleted + 1)
        .some((line) => new RegExp(`^/api/v1/disks/${UUID} is available$`).test(line)),
    ).toBe(true);
    const vmId = /\/api\/v1\/vms\/(\S+) is running/.exec(output)![1]!;
    const response = await fetch(`${emu.url}/api/v1/vms/${vmId}`, {
      headers: { authorization: "Bearer vmcloud-emulator-token" },
    });
    // Deleting, or already gone.
    if (response.status === 200)
      expect(((await response.json()) as { state: string }).state).toBe("deleting");
    else expect(response.status).toBe(404);
  });

  it("prints the error the doc shows for a too-small boot disk", () => {
    const last = BLOCKS.at(-1)!;
    const shown = JSON.parse(
      last
        .split("\n")
        .find((line) => line.startsWith("# ["))!
        .slice(2),
    ) as unknown;
    const printed = JSON.parse(output.slice(output.lastIndexOf("[\n"))) as unknown;
    expect(printed).toEqual(shown);
  });
});
