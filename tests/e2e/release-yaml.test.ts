// The release as a YAML user gets it, under the real Pulumi engine against the emulator:
// examples/quickstart-yaml with no `plugins:` entry in its Pulumi.yaml, an empty plugin cache
// and no Node.js on PATH. A YAML program has no SDK to carry the plugin's version and download
// URL, so its two commands are `pulumi plugin install resource vmcloud <version> --server
// github://api.github.com/vmcloud/pulumi-vmcloud` (the schema's pluginDownloadURL; the CLI
// downloads the archive of this machine from the release, served on 127.0.0.1 in its place)
// and `pulumi up`; a preview then finds nothing to change; `destroy` removes it all; the
// `node` first on PATH was never run. Needs `npm run release` first (.ci/run runs it).
import { stat } from "node:fs/promises";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestEmulator, type TestEmulator } from "../support/emulator";
import { ENGINE_TIMEOUT_MS, prepareEngine } from "./support/engine";
import {
  configureStack,
  example,
  installedPlugin,
  projectWithoutPlugins,
  RELEASE_DIR,
  type ReleaseManifest,
  prepareRelease,
  type ReleaseServer,
  requestedArchives,
  serveRelease,
  succeeded,
  type UserMachine,
  userMachine,
} from "./support/release";
import { fixturesOf, releaseQuickstartSteps } from "./support/release-quickstart";

const DOWNLOAD_URL = "github://api.github.com/vmcloud/pulumi-vmcloud";

let manifest: ReleaseManifest;
let emulator: TestEmulator;
let server: ReleaseServer;
let machine: UserMachine;
let project: string;
let fixtureIds: Record<string, string[]>;

beforeAll(async () => {
  manifest = await prepareRelease();
  const engine = await prepareEngine("ours", { languages: true });
  emulator = await startTestEmulator({ speed: 20 });
  fixtureIds = await fixturesOf(emulator);
  server = await serveRelease();
  machine = await userMachine(engine, server);
  project = join(machine.scratch, "project");
  await projectWithoutPlugins(example("quickstart-yaml"), project);
  await configureStack(machine, project, "dev", emulator, { sshCidr: "198.51.100.0/24" });
}, ENGINE_TIMEOUT_MS);

afterAll(async () => {
  await machine?.close();
  await server?.close();
  await emulator?.close();
}, 120_000);

describe("the release from YAML: pulumi plugin install --server, then pulumi up", () => {
  it("installs the plugin from a local archive too (`plugin install --file`), as the docs say", async () => {
    const home = join(machine.scratch, "home-from-file");
    const archive = join(
      RELEASE_DIR,
      `pulumi-resource-vmcloud-v${manifest.version}-linux-amd64.tar.gz`,
    );
    const args = ["plugin", "install", "resource", "vmcloud", manifest.version, "--file", archive];
    succeeded(await machine.pulumi(project, args, 120_000, { PULUMI_HOME: home }));
    const installed = join(
      home,
      "plugins",
      `resource-vmcloud-v${manifest.version}`,
      "pulumi-resource-vmcloud",
    );
    expect((await stat(installed)).mode & 0o111).not.toBe(0);
    // Nothing was downloaded for it.
    expect(server.requested).toEqual([]);
  });

  it("installs the plugin from the schema's download URL, the archive of this machine", async () => {
    succeeded(
      await machine.pulumi(project, [
        ...["plugin", "install", "resource", "vmcloud", manifest.version],
        ...["--server", DOWNLOAD_URL],
      ]),
    );
    expect(requestedArchives(server)).toEqual([
      `/pulumi-resource-vmcloud-v${manifest.version}-linux-amd64.tar.gz`,
    ]);
    expect((await installedPlugin(machine, manifest.version)).executable).toBe(true);
    // From here on the plugin is in the cache: `up` downloads nothing more.
    server.requested.length = 0;
  }, 300_000);

  releaseQuickstartSteps(
    () => ({
      manifest,
      machine,
      server,
      emulator,
      project,
      fixtureIds,
      async checkOutputs(outputs) {
        const vm = await emulator.call("GET", `/api/v1/vms/${String(outputs["vmId"])}`);
        expect(vm.body).toMatchObject({ name: "quickstart-yaml", state: "running" });
      },
    }),
    { downloadsOnUp: false },
  );
});
