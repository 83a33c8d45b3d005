// The release as a Go user gets it, under the real Pulumi engine against the emulator:
// examples/quickstart-go as a new module of its own (no `replace` back into this repository, no
// `plugins:` entry in its Pulumi.yaml), `go get` of our module through
// `GOPROXY=file://…/dist/release/go` followed by the machine's usual proxy, `go build`, then
// `pulumi up` with an empty plugin cache and no Node.js on PATH: the engine downloads the
// plugin by itself from the release (served on 127.0.0.1 in place of the schema's
// pluginDownloadURL); a preview finds nothing to change; `destroy` removes it all; the `node`
// first on PATH was never run. The module cache is new, so our module can only come from the
// release; the other modules come from the machine's module cache (a proxy on disk too) or the
// usual proxy. Needs `npm run release` first (.ci/run runs it).
import { execFileSync } from "node:child_process";
import { readFile, writeFile } from "node:fs/promises";
import { dirname, join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { run } from "../package/support/packed";
import { startTestEmulator, type TestEmulator } from "../support/emulator";
import { ENGINE_TIMEOUT_MS, prepareEngine } from "./support/engine";
import {
  configureStack,
  example,
  projectWithoutPlugins,
  RELEASE_DIR,
  type ReleaseManifest,
  prepareRelease,
  type ReleaseServer,
  serveRelease,
  succeeded,
  type UserMachine,
  userMachine,
} from "./support/release";
import { fixturesOf, releaseQuickstartSteps } from "./support/release-quickstart";

/** The first build compiles the Go SDK and the Pulumi Go SDK it needs. */
const BUILD_TIMEOUT = 600_000;
/** The example's go.mod line that leads back into this repository. */
const REPLACE = /^replace github\.com\/vmcloud\/pulumi-vmcloud\/sdk\/go => .*\n/m;

let manifest: ReleaseManifest;
let emulator: TestEmulator;
let server: ReleaseServer;
let machine: UserMachine;
let project: string;
let fixtureIds: Record<string, string[]>;

/** `go <args>` in the project with the machine's environment; fails with its output. */
async function go(args: string[], timeoutMs = BUILD_TIMEOUT) {
  return succeeded(await run("go", args, { cwd: project, env: machine.env, timeoutMs }));
}

beforeAll(async () => {
  manifest = await prepareRelease();
  const engine = await prepareEngine("ours", { languages: true });
  emulator = await startTestEmulator({ speed: 20 });
  fixtureIds = await fixturesOf(emulator);
  server = await serveRelease();
  const goBin = execFileSync("go", ["env", "GOROOT"], { encoding: "utf8" }).trim();
  const usual = execFileSync("go", ["env", "GOPROXY"], { encoding: "utf8" }).trim();
  const modCache = execFileSync("go", ["env", "GOMODCACHE"], { encoding: "utf8" }).trim();
  machine = await userMachine(engine, server, () => [join(goBin, "bin")], {
    GOPROXY: [`file://${RELEASE_DIR}/go`, `file://${modCache}/cache/download`, usual].join(","),
    // A module the public checksum database has not seen: a release published on GitHub is
    // checked there; this one, served from disk, is trusted by its go.sum line alone.
    GONOSUMDB: "github.com/vmcloud/pulumi-vmcloud",
    // -trimpath: the module cache is new for every run, and without it each build would compile
    // every module again (Go's build cache keys a package by its folder otherwise).
    GOFLAGS: "-mod=mod -trimpath",
    GOCACHE: execFileSync("go", ["env", "GOCACHE"], { encoding: "utf8" }).trim(),
  });
  machine.env.GOMODCACHE = join(machine.scratch, "gomodcache");
  project = join(machine.scratch, "project");
  await projectWithoutPlugins(example("quickstart-go"), project);
  const goMod = await readFile(join(project, "go.mod"), "utf8");
  if (!REPLACE.test(goMod)) throw new Error("examples/quickstart-go/go.mod has no replace line");
  await writeFile(join(project, "go.mod"), goMod.replace(REPLACE, ""));
  await configureStack(machine, project, "dev", emulator, { sshCidr: "198.51.100.0/24" });
}, ENGINE_TIMEOUT_MS);

afterAll(async () => {
  // The module cache's files are read-only: Go's own clean removes them.
  if (machine !== undefined) {
    await run("go", ["clean", "-modcache"], { cwd: machine.scratch, env: machine.env });
  }
  await machine?.close();
  await server?.close();
  await emulator?.close();
}, 120_000);

describe("the release from Go: go get through the release's module proxy, then pulumi up", () => {
  it(
    "gets our module from dist/release/go at the release's version, and builds",
    async () => {
      const module = `${manifest.go}@v${manifest.version}`;
      await go(["get", module]);
      const listed = JSON.parse((await go(["list", "-m", "-json", manifest.go])).stdout) as {
        Version: string;
        Dir: string;
        Replace?: unknown;
      };
      expect(listed.Version).toBe(`v${manifest.version}`);
      expect(listed.Replace).toBeUndefined();
      expect(dirname(listed.Dir).startsWith(String(machine.env.GOMODCACHE))).toBe(true);
      const sum = await readFile(join(project, "go.sum"), "utf8");
      expect(sum).toContain(`${manifest.go} v${manifest.version} h1:`);
      const started = Date.now();
      await go(["build", "-o", join(machine.scratch, "quickstart"), "."]);
      console.log(`go build of the quickstart: ${Date.now() - started} ms`);
    },
    BUILD_TIMEOUT,
  );

  releaseQuickstartSteps(() => ({
    manifest,
    machine,
    server,
    emulator,
    project,
    fixtureIds,
    async checkOutputs(outputs) {
      expect(outputs["vmState"]).toBe("running");
      const vm = await emulator.call("GET", `/api/v1/vms/${String(outputs["vmId"])}`);
      expect(vm.body).toMatchObject({ name: "quickstart-go", state: "running" });
    },
  }));
});
