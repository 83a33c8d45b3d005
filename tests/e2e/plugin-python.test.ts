// examples/quickstart-python under the real Pulumi engine against the emulator, through the
// provider plugin: a Python program using the generated Python SDK (generated-sdks/python,
// installed with pip into a Python environment of the suite's own, as docs/languages/python.md
// says), finding the plugin by the one `plugins.providers` line of its Pulumi.yaml in the
// package installed beside it. One stack through every step: `up` makes the subnet, the
// security group and the VM with its boot disk and runs an action once; a second `up` changes
// nothing and runs it no more; a new flavor updates the VM in place; `refresh` finds nothing;
// an unknown flavor fails at preview naming the VM and `flavor`, with nothing but reads sent;
// `pulumi import vmcloud:index:Vm` of a VM made outside exits 0 and writes its Python code;
// `destroy` leaves the emulator with only its fixtures. The token and the VM's password (both
// secrets, random per run) appear in no output, log, error or state file. Never skipped: if the
// engine or a language host cannot be built, `beforeAll` fails.
import { execFile } from "node:child_process";
import { readFileSync } from "node:fs";
import { cp } from "node:fs/promises";
import { join } from "node:path";
import { promisify } from "node:util";
import { describe, expect, it } from "vitest";
import { randomPassword, randomSecret, SecretScan } from "../reliability/support/secrets";
import { repo } from "./support/engine";
import {
  changes,
  recorder,
  stateResources,
  waitForResourceIds,
  useExampleStack,
} from "./support/example-stack";
import { namesResourceAndProperty } from "./support/preview-failure";
import {
  importOutsideVm,
  loggedRequests,
  pluginProject,
  previewUnknownFlavor,
} from "./support/plugin-project";

const run = promisify(execFile);
const OP_TIMEOUT = 180_000;
const VM = "vmcloud:index:Vm";
/** The action of the example (an event report), and the request that runs it. */
const ACTION = "vmcloud:index:EventReport";
const RUNS_ACTION = (r: { method: string; url: string }) =>
  r.method === "PUT" && r.url.includes("/push/events");

/** How the engine marks a secret value in a deployment: its signature key and value. */
const SECRET = { "4dabf18193072939515e22adb298388d": "1b47061264138c4ac30d75fd1eb44270" };

interface VmBody {
  name: string;
  state: string;
  flavor: { name: string };
  image: { name: string };
  disks: Array<{ primary: boolean; size: number; disk_type: { name: string } }>;
  interfaces: Array<{ subnet?: { id: string }; security_groups: Array<{ id: string }> }>;
}

let venv: string;
let vmId: string;
const scan = new SecretScan();
const { version } = JSON.parse(readFileSync(join(repo, "package.json"), "utf8")) as {
  version: string;
};

const { engine, emulator, example, fixtureIds } = useExampleStack("quickstart-python", {
  engine: { languages: true },
  emulator: { token: scan.secret("token", randomSecret("py-token-")) },
  stack: async (_emulator, _engine, scratch) => {
    // The program's own Python environment: the Pulumi SDK and the generated SDK, from a copy so
    // that pip's build leftovers stay out of the repository.
    const started = Date.now();
    venv = join(scratch, "venv");
    await run(process.env.VMCLOUD_PYTHON ?? "python3", ["-m", "venv", venv]);
    await cp(join(repo, "generated-sdks/python"), join(scratch, "sdk-python"), { recursive: true });
    await run(join(venv, "bin/python"), [
      ...["-m", "pip", "install", "--quiet", "--disable-pip-version-check"],
      ...["-r", join(repo, "scripts/pulumi-engine/python/requirements.txt")],
      join(scratch, "sdk-python"),
    ]);
    console.log(`Python environment with pulumi_vmcloud ready in ${Date.now() - started} ms`);

    const workDir = await pluginProject("quickstart-python", join(scratch, "project"));
    return {
      workDir,
      binPath: join(venv, "bin"),
      config: { sshCidr: "198.51.100.0/24" },
      secrets: { vmPassword: scan.secret("VM password", randomPassword()) },
    };
  },
});

describe("examples/quickstart-python through the plugin", () => {
  it("runs with the generated SDK installed, a package of the plugin's version", async () => {
    const { stdout } = await run(join(venv, "bin/python"), [
      "-c",
      "import pulumi_vmcloud, pulumi_vmcloud._utilities as u; print(u.get_version())",
    ]);
    expect(stdout.trim()).toBe(version);
  });

  it(
    "comes up: the subnet, the security group, the VM with its boot disk, and the action once",
    async () => {
      expect((await emulator.call("DELETE", "/_emulator/requests")).status).toBeLessThan(300);
      const seen = recorder();
      // Verbose engine and provider logs, scanned for secrets with the rest (level 8: see
      // tests/reliability/secrets.test.ts for why not 9).
      const up = await scan.record("first up", () =>
        example.stack.up({
          onEvent: seen.onEvent,
          logVerbosity: 8,
          logToStdErr: true,
          debug: true,
        }),
      );
      expect(up.summary.result).toBe("succeeded");
      // The stack, the three resources, and the action with its run.
      expect(up.summary.resourceChanges).toEqual({ create: 6 });
      expect(seen.steps.map((s) => s.type).sort()).toEqual(
        [
          "pulumi:pulumi:Stack",
          "vmcloud:index:Subnet",
          "vmcloud:index:SecurityGroup",
          VM,
          ACTION,
          `${ACTION}Run`,
        ].sort(),
      );
      vmId = up.outputs["vmId"]?.value as string;
      expect(up.outputs["vmState"]?.value).toBe("running");
      expect(up.outputs["privateIp"]?.value).toMatch(/^10\.12\.0\.\d+$/);
      expect(up.outputs["eventStatus"]?.value).toBe("accepted");

      const vm = (await emulator.call("GET", `/api/v1/vms/${vmId}`)).body as VmBody;
      expect(vm).toMatchObject({ name: "quickstart-py", state: "running" });
      expect(vm.flavor.name).toBe("gen-2-4");
      const boot = vm.disks.find((d) => d.primary)!;
      expect(boot).toMatchObject({ size: 20, disk_type: { name: "SSD" } });
      const state = await stateResources(example.stack);
      const idOf = (type: string) => state.find((r) => r.type === type)?.id;
      expect(vm.interfaces[0]?.subnet?.id).toBe(idOf("vmcloud:index:Subnet"));
      expect(vm.interfaces[0]?.security_groups.map((g) => g.id)).toEqual([
        idOf("vmcloud:index:SecurityGroup"),
      ]);
      // Plugin resources: no serialized provider in the state.
      expect(JSON.stringify(state)).not.toContain("__provider");
      // The password went in, marked secret as input and as output (the export decrypts it;
      // the scan at the end finds it in no stored file).
      const vmRecord = state.find((r) => r.type === VM);
      for (const recorded of [vmRecord?.inputs, vmRecord?.outputs]) {
        expect(recorded?.["password"]).toMatchObject(SECRET);
      }
      expect((await loggedRequests(emulator)).filter(RUNS_ACTION)).toHaveLength(1);
    },
    OP_TIMEOUT,
  );

  it(
    "changes nothing on a second up, and does not run the action again",
    async () => {
      const up = await scan.record("second up", () => example.stack.up());
      expect(changes(up.summary.resourceChanges)).toEqual({});
      expect((await loggedRequests(emulator)).filter(RUNS_ACTION)).toHaveLength(1);
    },
    OP_TIMEOUT,
  );

  it(
    "previews a new flavor as one in-place update of the VM, and `up` resizes it",
    async () => {
      await example.stack.setConfig("flavor", { value: "gen-4-8" });
      const seen = recorder();
      const preview = await scan.record("preview of a new flavor", () =>
        example.stack.preview({ onEvent: seen.onEvent }),
      );
      expect(changes(preview.changeSummary)).toEqual({ update: 1 });
      expect(seen.steps).toEqual([expect.objectContaining({ op: "update", type: VM })]);

      const up = await scan.record("up of a new flavor", () => example.stack.up());
      expect(changes(up.summary.resourceChanges)).toEqual({ update: 1 });
      expect(up.outputs["vmId"]?.value).toBe(vmId);
      const vm = (await emulator.call("GET", `/api/v1/vms/${vmId}`)).body as VmBody;
      expect(vm.flavor.name).toBe("gen-4-8");
      // The action's triggers (the VM's id) did not change: it did not run again.
      expect((await loggedRequests(emulator)).filter(RUNS_ACTION)).toHaveLength(1);
    },
    OP_TIMEOUT,
  );

  it(
    "refreshes with no change",
    async () => {
      const refresh = await scan.record("refresh", () => example.stack.refresh());
      expect(refresh.summary.result).toBe("succeeded");
      expect(changes(refresh.summary.resourceChanges)).toEqual({});
    },
    OP_TIMEOUT,
  );

  it(
    "fails a preview of an unknown flavor naming the VM and `flavor`, sending only reads",
    async () => {
      const preview = await previewUnknownFlavor(example, emulator);
      scan.add("preview of an unknown flavor", preview.text);
      expect(preview.text).toContain("gen-9-99");
      expect(namesResourceAndProperty(preview.text, "vm", "flavor"), preview.text).toBe(true);
      expect(preview.changing).toEqual([]);
    },
    OP_TIMEOUT,
  );

  it(
    "imports a VM made outside with `pulumi import`, exiting 0 and writing its Python code",
    async () => {
      const {
        vm,
        run: imported,
        changing,
      } = await importOutsideVm(engine, example, emulator, "py");
      scan.add("import stdout", imported.stdout);
      scan.add("import stderr", imported.stderr);
      expect(imported.code, imported.output).toBe(0);
      const code = imported.stdout;
      expect(code).toContain("import pulumi_vmcloud as vmcloud");
      expect(code).toMatch(/^legacy = vmcloud\.Vm\("legacy",$/m);
      expect(code).toContain('name="legacy-py"');
      expect(code).toContain('flavor="burst-2-2"');
      expect(code).toContain('availability_zone="ru.AZ-2"');
      expect(code).toMatch(/boot_disk=\{[^}]*"size": 15,/);
      const state = await stateResources(example.stack);
      const legacy = state.find((r) => r.type === VM && r.urn.endsWith("::legacy"));
      expect(legacy?.id).toBe(vm.id);
      // The import only read.
      expect(changing).toEqual([]);
    },
    OP_TIMEOUT,
  );

  it(
    "destroys everything, the imported VM too, leaving the emulator with only its fixtures",
    async () => {
      scan.addTree("state before destroy", example.backendDir);
      const destroy = await scan.record("destroy", () => example.stack.destroy());
      expect(destroy.summary.result).toBe("succeeded");
      expect(await waitForResourceIds(emulator, fixtureIds)).toEqual(fixtureIds);
    },
    OP_TIMEOUT,
  );

  it("never shows the token or the VM password in plain text: outputs, logs, errors, state", () => {
    const files = scan.addTree("state", example.backendDir);
    expect(files).toBeGreaterThan(0);
    const { texts, bytes } = scan.size();
    console.log(`secrets: scanned ${texts} texts, ${(bytes / 1024).toFixed(0)} KiB`);
    expect(texts).toBeGreaterThan(files + 10);
    expect(scan.contexts()).toEqual([]);
  });
});
