// The release as a Python user gets it, under the real Pulumi engine against the emulator: a
// fresh virtual environment where `pip install` takes our wheel from dist/release/python and
// nothing else of ours (the Pulumi SDK and the rest from PyPI, held to the engine's pinned
// versions by a constraints file), examples/quickstart-python with no `plugins:` entry in its
// Pulumi.yaml, an empty plugin cache and no Node.js on PATH. `pulumi up` downloads the plugin
// by itself from the release (served on 127.0.0.1 in place of the schema's pluginDownloadURL)
// and deploys the quickstart; a preview finds nothing to change; `destroy` removes it all; the
// `node` first on PATH was never run. Needs `npm run release` first (.ci/run runs it).
import { execFile } from "node:child_process";
import { join } from "node:path";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestEmulator, type TestEmulator } from "../support/emulator";
import { ENGINE_TIMEOUT_MS, prepareEngine, repo } from "./support/engine";
import {
  configureStack,
  example,
  projectWithoutPlugins,
  RELEASE_DIR,
  type ReleaseManifest,
  prepareRelease,
  type ReleaseServer,
  serveRelease,
  type UserMachine,
  userMachine,
} from "./support/release";
import { fixturesOf, releaseQuickstartSteps } from "./support/release-quickstart";

const run = promisify(execFile);

let manifest: ReleaseManifest;
let emulator: TestEmulator;
let server: ReleaseServer;
let machine: UserMachine;
let venv: string;
let project: string;
let fixtureIds: Record<string, string[]>;

beforeAll(async () => {
  manifest = await prepareRelease();
  const engine = await prepareEngine("ours", { languages: true });
  emulator = await startTestEmulator({ speed: 20 });
  fixtureIds = await fixturesOf(emulator);
  server = await serveRelease();
  // The virtual environment's bin on PATH, as after `source venv/bin/activate`.
  machine = await userMachine(engine, server, (scratch) => [join(scratch, "venv/bin")]);
  venv = join(machine.scratch, "venv");
  const wheel = manifest.python.find((f) => f.endsWith(".whl"));
  if (wheel === undefined) throw new Error("dist/release/python has no wheel");
  const started = Date.now();
  await run(process.env.VMCLOUD_PYTHON ?? "python3", ["-m", "venv", venv]);
  await run(join(venv, "bin/python"), [
    ...["-m", "pip", "install", "--quiet", "--disable-pip-version-check"],
    ...["-c", join(repo, "scripts/pulumi-engine/python/requirements.txt")],
    join(RELEASE_DIR, wheel),
  ]);
  console.log(`virtual environment with the wheel ready in ${Date.now() - started} ms`);
  project = join(machine.scratch, "project");
  await projectWithoutPlugins(example("quickstart-python"), project);
  await configureStack(machine, project, "dev", emulator, { sshCidr: "198.51.100.0/24" });
}, ENGINE_TIMEOUT_MS);

afterAll(async () => {
  await machine?.close();
  await server?.close();
  await emulator?.close();
}, 120_000);

describe("the release from Python: pip install of the wheel, then pulumi up", () => {
  it("has the wheel installed in the virtual environment, with the plugin's download URL", async () => {
    const { stdout } = await run(join(venv, "bin/python"), [
      "-c",
      [
        "import importlib.resources, json, pulumi_vmcloud",
        "print(pulumi_vmcloud.__file__)",
        "print(json.dumps(json.loads(importlib.resources.files('pulumi_vmcloud').joinpath('pulumi-plugin.json').read_text())))",
      ].join("; "),
    ]);
    const [file, plugin] = stdout.trim().split("\n");
    expect(file?.startsWith(join(venv, "lib"))).toBe(true);
    expect(JSON.parse(plugin ?? "{}")).toEqual({
      resource: true,
      name: "vmcloud",
      version: manifest.version,
      server: "github://api.github.com/vmcloud/pulumi-vmcloud",
    });
  });

  releaseQuickstartSteps(() => ({
    manifest,
    machine,
    server,
    emulator,
    project,
    fixtureIds,
    async checkOutputs(outputs) {
      expect(outputs["vmState"]).toBe("running");
      expect(outputs["eventStatus"]).toBe("accepted");
      const vm = await emulator.call("GET", `/api/v1/vms/${String(outputs["vmId"])}`);
      expect(vm.body).toMatchObject({ name: "quickstart-py", state: "running" });
    },
  }));
});
