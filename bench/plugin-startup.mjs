#!/usr/bin/env node
// The provider plugin's start-up, standalone beside the Node.js launcher: the time from process
// start to the first answered GetSchema (what the engine waits for before a YAML program, and
// before the first resource of any language), for the release's linux-amd64 executable
// (dist/release, `npm run release` first) and for the npm package's launcher
// (plugin/pulumi-resource-vmcloud, run by the Node.js this process runs on). Runs them in
// turns, then prints p50/p95 of each, their ratio (goal: the standalone within 1.5× of the
// launcher), and the size of each release archive and of its executable.
//
//   node bench/plugin-startup.mjs [--runs N]     (default 7)
import { spawn, execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, statSync } from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { parseArgs } from "node:util";
import { printTable, repo, repoRequire, stats } from "./lib/common.mjs";

const { values } = parseArgs({ options: { runs: { type: "string", default: "7" } } });
const runs = Number(values.runs);

// @pulumi/pulumi's own gRPC and protocol copies, as the plugin's server uses.
const fromPulumi = createRequire(repoRequire.resolve("@pulumi/pulumi/provider"));
const grpc = fromPulumi("@grpc/grpc-js");
const { ResourceProviderClient } = fromPulumi("@pulumi/pulumi/proto/provider_grpc_pb");
const { GetSchemaRequest } = fromPulumi("@pulumi/pulumi/proto/provider_pb");

/** Milliseconds from spawn of `command` to its answered GetSchema. */
function startUp(command, args) {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const child = spawn(command, [...args, "127.0.0.1:1"], { stdio: ["ignore", "pipe", "pipe"] });
    let stdout = "";
    let stderr = "";
    let asked = false;
    child.stderr.on("data", (c) => (stderr += c));
    child.on("exit", (code) => reject(new Error(`${command} exited ${code}: ${stderr}`)));
    child.stdout.on("data", (chunk) => {
      stdout += chunk;
      const port = /^(\d+)\n/.exec(stdout)?.[1];
      if (port === undefined || asked) return;
      asked = true;
      const client = new ResourceProviderClient(
        `127.0.0.1:${port}`,
        grpc.credentials.createInsecure(),
      );
      client.getSchema(new GetSchemaRequest(), (error, response) => {
        const ms = performance.now() - started;
        client.close();
        child.removeAllListeners("exit");
        child.kill();
        if (error) reject(error);
        else if (!JSON.parse(response.getSchema()).resources) reject(new Error("empty schema"));
        else resolve(ms);
      });
    });
  });
}

const manifest = JSON.parse(readFileSync(join(repo, "dist/release/release.json"), "utf8"));
const scratch = mkdtempSync(join(tmpdir(), "vmcloud-plugin-startup-"));
try {
  const linux = manifest.archives.find((a) => a.os === "linux" && a.arch === "amd64");
  execFileSync("tar", ["-xzf", join(repo, "dist/release", linux.file), "-C", scratch]);
  const standalone = join(scratch, "pulumi-resource-vmcloud");
  const launcher = join(repo, "plugin/pulumi-resource-vmcloud");
  // The launcher's `#!/usr/bin/env node` finds this process's Node.js first.
  process.env.PATH = `${dirname(process.execPath)}:${process.env.PATH}`;
  const samples = { standalone: [], launcher: [] };
  await startUp(standalone, []); // the first run of each warms the file cache
  await startUp(launcher, []);
  for (let i = 0; i < runs; i++) {
    samples.standalone.push(await startUp(standalone, []));
    samples.launcher.push(await startUp(launcher, []));
  }
  const s = stats(samples.standalone);
  const l = stats(samples.launcher);
  printTable(
    `plugin start-up to the first answered GetSchema (ms, ${runs} runs each, Node.js ${process.version} for the launcher)`,
    ["plugin", "n", "p50", "p95", "max"],
    [
      [`standalone (${linux.file}, Node.js ${linux.node} inside)`, s.n, s.p50, s.p95, s.max],
      ["Node.js launcher (plugin/pulumi-resource-vmcloud)", l.n, l.p50, l.p95, l.max],
    ],
  );
  console.log(`standalone / launcher, p50: ${(s.p50 / l.p50).toFixed(2)}× (goal: ≤ 1.5×)`);
  const mib = (bytes) => (bytes / 1024 / 1024).toFixed(1);
  const rows = manifest.archives.map((a) => {
    const exe = a.os === "windows" ? "pulumi-resource-vmcloud.exe" : "pulumi-resource-vmcloud";
    const listing = execFileSync("tar", ["-tvzf", join(repo, "dist/release", a.file)], {
      encoding: "utf8",
    });
    const size = Number(listing.trim().split(/\s+/)[2]);
    return [a.file, mib(statSync(join(repo, "dist/release", a.file)).size), `${exe} ${mib(size)}`];
  });
  printTable("release archives (MiB)", ["archive", "archive", "executable"], rows);
} finally {
  rmSync(scratch, { recursive: true, force: true });
}
