/**
 * Programs of other languages (examples/quickstart-python, quickstart-go, quickstart-java) through the
 * provider plugin, for end-to-end suites: each runs in a copy whose folder holds the package as a
 * user installs it (`node_modules/@vmcloud/pulumi`, here a link to this repository) and whose
 * Pulumi.yaml finds the plugin there, the one line docs/languages/*.md give; `pulumi` itself runs
 * for what the Automation API does not cover (`pulumi import`). The steps every language's suite
 * takes alike are here too: a preview with an unknown flavor, and the import of a VM made
 * outside.
 */
import { cp, mkdir, readdir, readFile, symlink, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { expect } from "vitest";
import { type Ran, run } from "../../package/support/packed";
import type { TestEmulator } from "../../support/emulator";
import { type ApiVm, makeApiVm } from "../../support/api-vm";
import { type Engine, repo } from "./engine";
import { type ExampleStack, failureText, stateResources } from "./example-stack";

/** The plugin's line in the examples' Pulumi.yaml: the package's own folder, in this repository. */
const REPO_PLUGIN_PATH = "path: ../../plugin";
/** The same line in a user's project that installed the package with npm. */
export const INSTALLED_PLUGIN_PATH = "path: node_modules/@vmcloud/pulumi/plugin";

/**
 * Copies `examples/<example>` into `dir`, installs the package there (a link) and points its
 * Pulumi.yaml at that package's plugin; `edit` may change the copy's top-level files (a path
 * that leads back into the repository). Returns `dir`.
 */
export async function pluginProject(
  example: string,
  dir: string,
  edit: (file: string, text: string) => string = (_file, text) => text,
): Promise<string> {
  await cp(join(repo, "examples", example), dir, { recursive: true });
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    if (!entry.isFile()) continue;
    const text = await readFile(join(dir, entry.name), "utf8");
    let edited = edit(entry.name, text);
    if (entry.name === "Pulumi.yaml") {
      if (!edited.includes(REPO_PLUGIN_PATH)) {
        throw new Error(`examples/${example}/Pulumi.yaml has no "${REPO_PLUGIN_PATH}" line`);
      }
      edited = edited.replace(REPO_PLUGIN_PATH, INSTALLED_PLUGIN_PATH);
    }
    if (edited !== text) await writeFile(join(dir, entry.name), edited);
  }
  await mkdir(join(dir, "node_modules/@vmcloud"), { recursive: true });
  await symlink(repo, join(dir, "node_modules/@vmcloud/pulumi"));
  return dir;
}

/** Runs `pulumi <args>` on the example's stack, in its folder, with the engine's environment. */
export function runPulumi(engine: Engine, example: ExampleStack, args: string[]): Promise<Ran> {
  return run(
    join(engine.bin, "pulumi"),
    [...args, "--stack", example.stackName, "--non-interactive"],
    {
      cwd: example.workDir,
      env: { ...process.env, ...example.env },
    },
  );
}

/** The requests the emulator logged since its log was last cleared: method and URL. */
export async function loggedRequests(
  emulator: TestEmulator,
): Promise<Array<{ method: string; url: string }>> {
  const log = await emulator.call("GET", "/_emulator/requests");
  return (log.body as { requests: Array<{ method: string; url: string }> }).requests;
}

/** What a preview with a mistake did. */
export interface FailedPreview {
  /** The error's text: the CLI's output. */
  text: string;
  /** Every request but a read that reached the emulator meanwhile (`PUT /api/…`). */
  changing: string[];
}

/**
 * Previews the quickstart with a flavor the zone does not offer (`gen-9-99`), which must fail;
 * the example's flavor is as it was afterwards.
 */
export async function previewUnknownFlavor(
  example: ExampleStack,
  emulator: TestEmulator,
): Promise<FailedPreview> {
  const before = await example.stack.getConfig("flavor").catch(() => undefined);
  const cleared = await emulator.call("DELETE", "/_emulator/requests");
  if (cleared.status >= 300) throw new Error(`clearing the request log: ${cleared.status}`);
  await example.stack.setConfig("flavor", { value: "gen-9-99" });
  try {
    const text = await failureText(example.stack.preview());
    const changing = (await loggedRequests(emulator))
      .filter((r) => r.method !== "GET")
      .map((r) => `${r.method} ${r.url}`);
    return { text, changing };
  } finally {
    if (before === undefined) await example.stack.removeConfig("flavor");
    else await example.stack.setConfig("flavor", before);
  }
}

/** What importing a VM made outside did. */
export interface ImportedVm {
  /** The VM, made through the API: `legacy-<language>`, burst-2-2, debian-12, a 15 GB boot disk. */
  vm: ApiVm;
  /** `pulumi import vmcloud:index:Vm legacy <id> --yes --protect=false`. */
  run: Ran;
  /** Every request but a read that reached the emulator during the import. */
  changing: string[];
}

/**
 * Makes a VM through the API, as a console would, then adopts it into the example's stack with
 * `pulumi import`, unprotected (the program does not declare it: `destroy` deletes it).
 */
export async function importOutsideVm(
  engine: Engine,
  example: ExampleStack,
  emulator: TestEmulator,
  language: string,
): Promise<ImportedVm> {
  const vm = await makeApiVm(emulator, {
    name: `legacy-${language}`,
    zone: "ru.AZ-2",
    flavor: "burst-2-2",
    image: "debian-12",
    bootDisk: { size: 15, diskType: "HDD" },
  });
  await emulator.call("DELETE", "/_emulator/requests");
  const imported = await runPulumi(engine, example, [
    ...["import", "vmcloud:index:Vm", "legacy", vm.id],
    ...["--yes", "--protect=false"],
  ]);
  const changing = (await loggedRequests(emulator))
    .filter((r) => r.method !== "GET")
    .map((r) => `${r.method} ${r.url}`);
  return { vm, run: imported, changing };
}

/**
 * Checks the VM `vmId` a quickstart program brought up, as every language's suite does: named
 * `name`, of the examples' flavor and boot disk size, with its interface in the subnet the stack
 * made (by the id the state holds).
 */
export async function expectQuickstartVm(
  emulator: TestEmulator,
  example: ExampleStack,
  vmId: string,
  name: string,
): Promise<void> {
  const vm = (await emulator.call("GET", `/api/v1/vms/${vmId}`)).body as {
    name: string;
    flavor: { name: string };
    disks: Array<{ primary: boolean; size: number }>;
    interfaces: Array<{ subnet?: { id: string } }>;
  };
  expect(vm.name).toBe(name);
  expect(vm.flavor.name).toBe("gen-2-4");
  expect(vm.disks.find((d) => d.primary)?.size).toBe(20);
  const state = await stateResources(example.stack);
  expect(vm.interfaces[0]?.subnet?.id).toBe(
    state.find((r) => r.type === "vmcloud:index:Subnet")?.id,
  );
}
