/**
 * The steps every release suite (tests/e2e/release-python.test.ts, release-yaml, release-go)
 * takes on its quickstart, as a user who has only the release would: `pulumi up` downloads the
 * plugin from the release (the linux-amd64 archive, nothing else) into the empty plugin cache
 * (or, with `downloadsOnUp: false`, finds the one `pulumi plugin install` put there) and
 * deploys; a preview then finds nothing to change; `destroy` leaves the emulator with only
 * its fixtures; and `node` was never run.
 */
import { expect, it } from "vitest";
import type { TestEmulator } from "../../support/emulator";
import { resourceIds, waitForResourceIds } from "./example-stack";
import {
  installedPlugin,
  type ReleaseManifest,
  type ReleaseServer,
  requestedArchives,
  succeeded,
  type UserMachine,
} from "./release";

/** What the steps run on, set by the suite's `beforeAll`. */
export interface QuickstartContext {
  manifest: ReleaseManifest;
  machine: UserMachine;
  server: ReleaseServer;
  emulator: TestEmulator;
  /** The project's folder, its stack already configured. */
  project: string;
  /** The emulator's resources before `up`. */
  fixtureIds: Record<string, string[]>;
  /** Checks the stack's outputs after `up` (the VM's id among them). */
  checkOutputs(outputs: Record<string, unknown>): Promise<void>;
}

const OP_TIMEOUT = 300_000;

/** Declares the steps, on the context `context()` returns once `beforeAll` has run. */
export function releaseQuickstartSteps(
  context: () => QuickstartContext,
  options: { downloadsOnUp?: boolean } = {},
): void {
  const downloads = options.downloadsOnUp ?? true;
  it(
    downloads
      ? "comes up with the plugin downloaded from the release into the empty plugin cache"
      : "comes up with the installed plugin, downloading nothing",
    async () => {
      const { manifest, machine, server, project, checkOutputs } = context();
      const linux = manifest.archives.find((a) => a.os === "linux" && a.arch === "amd64");
      expect(linux).toBeDefined();
      const up = succeeded(await machine.pulumi(project, ["up", "--yes"], OP_TIMEOUT));
      // The engine fetched this machine's archive, once, and nothing else of the release.
      expect(requestedArchives(server)).toEqual(downloads ? [`/${linux?.file}`] : []);
      const plugin = await installedPlugin(machine, manifest.version);
      expect(plugin.files).toContain("pulumi-resource-vmcloud");
      expect(plugin.executable).toBe(true);
      expect(up.output).toContain("created");
      const outputs = JSON.parse(
        succeeded(await machine.pulumi(project, ["stack", "output", "--json"])).stdout,
      ) as Record<string, unknown>;
      await checkOutputs(outputs);
      expect(await machine.nodeRuns()).toEqual([]);
    },
    OP_TIMEOUT,
  );

  it(
    "previews clean: nothing to change",
    async () => {
      const { machine, project, server } = context();
      const before = server.requested.length;
      succeeded(await machine.pulumi(project, ["preview", "--expect-no-changes"], OP_TIMEOUT));
      // The plugin now comes from the cache.
      expect(server.requested.length).toBe(before);
    },
    OP_TIMEOUT,
  );

  it(
    "destroys everything, leaving the emulator with only its fixtures",
    async () => {
      const { machine, project, emulator, fixtureIds } = context();
      succeeded(await machine.pulumi(project, ["destroy", "--yes"], OP_TIMEOUT));
      expect(await waitForResourceIds(emulator, fixtureIds)).toEqual(fixtureIds);
    },
    OP_TIMEOUT,
  );

  it("never ran node: the program, the host and the plugin needed no Node.js", async () => {
    expect(await context().machine.nodeRuns()).toEqual([]);
  });
}

/** The emulator's resources now (the fixtures, before `up`). */
export function fixturesOf(emulator: TestEmulator): Promise<Record<string, string[]>> {
  return resourceIds(emulator);
}
