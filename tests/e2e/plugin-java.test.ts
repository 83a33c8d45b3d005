// examples/quickstart-java under the real Pulumi engine against the emulator, through the
// provider plugin: a Java program using the generated Java SDK (com.vmcloud:vmcloud, which the
// suite installs from the committed generated-sdks/java into the default local Maven
// repository, ~/.m2), run by the Java language host with `mvn compile exec:java`, finding the
// plugin by the `plugins.providers` line of its Pulumi.yaml in the package installed beside it.
// `preview` plans the subnet, the security group and the VM; an unknown flavor fails at preview
// naming the VM and `flavor`, with nothing but reads sent; `up` makes them; `pulumi import` of a
// VM made outside exits 0 and writes its Java code; `destroy` leaves the emulator with only its
// fixtures. The first run on a machine downloads com.pulumi:pulumi and Maven's plugins from
// Maven Central into ~/.m2. Never skipped: if the engine, the Java host or Maven cannot be
// prepared, `beforeAll` fails.
import { cp, mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { expectSuccess, run } from "../package/support/packed";
import { startTestEmulator, type TestEmulator } from "../support/emulator";
import { type Engine, ENGINE_TIMEOUT_MS, prepareEngine, repo } from "./support/engine";
import {
  changes,
  type ExampleStack,
  openExampleStack,
  recorder,
  resourceIds,
  waitForResourceIds,
} from "./support/example-stack";
import { namesResourceAndProperty } from "./support/preview-failure";
import {
  expectQuickstartVm,
  importOutsideVm,
  pluginProject,
  previewUnknownFlavor,
} from "./support/plugin-project";

const OP_TIMEOUT = 180_000;
/** The first `mvn compile exec:java` of the program fetches Maven's plugins for it. */
const FIRST_BUILD_TIMEOUT = 600_000;
const VM = "vmcloud:index:Vm";
/** What the CLI and the Java host v1.22.0 say at every run (docs/languages/java.md#known-limits). */
const KNOWN_NOISE = [
  /^using pulumi-language-java from \$PATH at /,
  /unable to start debugging: rpc error: code = (Canceled|Unknown)/,
];

let engine: Engine;
let emulator: TestEmulator;
let example: ExampleStack;
let scratch: string;
let fixtureIds: Record<string, string[]>;

beforeAll(async () => {
  engine = await prepareEngine("ours", { languages: true });
  emulator = await startTestEmulator({ speed: 20 });
  fixtureIds = await resourceIds(emulator);
  scratch = await mkdtemp(join(tmpdir(), "vmcloud-plugin-java-"));
  // `mvn install` of the committed SDK from a copy, so that its build output stays out of the
  // repository; it replaces com.vmcloud:vmcloud in ~/.m2 with what this checkout holds.
  const sdk = join(scratch, "sdk-java");
  await cp(join(repo, "generated-sdks/java"), sdk, { recursive: true });
  const started = Date.now();
  expectSuccess(
    await run("mvn", ["-q", "-B", "install", "-DskipTests"], {
      cwd: sdk,
      env: { ...process.env },
      timeoutMs: 10 * 60_000,
    }),
    "mvn install of generated-sdks/java",
  );
  console.log(`java SDK installed in ${Date.now() - started} ms`);
  const workDir = await pluginProject("quickstart-java", join(scratch, "project"));
  example = await openExampleStack(engine, emulator, "quickstart-java", {
    workDir,
    config: { sshCidr: "198.51.100.0/24" },
  });
}, ENGINE_TIMEOUT_MS);

afterAll(async () => {
  await example?.close();
  await emulator?.close();
  if (scratch) await rm(scratch, { recursive: true, force: true });
}, 120_000);

describe("examples/quickstart-java through the plugin", () => {
  it(
    "previews the subnet, the security group and the VM",
    async () => {
      const seen = recorder();
      const complaints: string[] = [];
      const started = Date.now();
      const preview = await example.stack.preview({
        onEvent: (event) => {
          seen.onEvent(event);
          const diagnostic = event.diagnosticEvent;
          if (diagnostic?.severity === "warning" || diagnostic?.severity === "error") {
            complaints.push(diagnostic.message.trim());
          }
        },
      });
      console.log(`java preview (with the build): ${Date.now() - started} ms`);
      expect(changes(preview.changeSummary)).toEqual({ create: 4 });
      expect(seen.steps.map((s) => s.type).sort()).toEqual(
        ["pulumi:pulumi:Stack", "vmcloud:index:SecurityGroup", "vmcloud:index:Subnet", VM].sort(),
      );
      // The two known lines and nothing else (docs/languages/java.md#known-limits): the CLI's
      // warning that the Java host comes from PATH, and the host's own after the program ends.
      const unknown = complaints.filter((text) => !KNOWN_NOISE.some((known) => known.test(text)));
      expect(unknown, complaints.join("\n")).toEqual([]);
    },
    FIRST_BUILD_TIMEOUT,
  );

  it(
    "fails a preview of an unknown flavor naming the VM and `flavor`, sending only reads",
    async () => {
      const preview = await previewUnknownFlavor(example, emulator);
      expect(preview.text).toContain("gen-9-99");
      expect(namesResourceAndProperty(preview.text, "vm", "flavor"), preview.text).toBe(true);
      expect(preview.changing).toEqual([]);
    },
    OP_TIMEOUT,
  );

  it(
    "comes up: a running VM with its boot disk in the subnet, behind the security group",
    async () => {
      const started = Date.now();
      const up = await example.stack.up();
      console.log(`java up: ${Date.now() - started} ms`);
      expect(up.summary.resourceChanges).toEqual({ create: 4 });
      const vmId = up.outputs["vmId"]?.value as string;
      expect(up.outputs["vmState"]?.value).toBe("running");
      expect(up.outputs["privateIp"]?.value).toMatch(/^10\.14\.0\.\d+$/);
      await expectQuickstartVm(emulator, example, vmId, "quickstart-java");
    },
    OP_TIMEOUT,
  );

  it(
    "imports a VM made outside with `pulumi import`, exiting 0 and writing its Java code",
    async () => {
      const { run: imported, changing } = await importOutsideVm(engine, example, emulator, "java");
      expect(imported.code, imported.output).toBe(0);
      const code = imported.stdout;
      expect(code, code).toContain("import com.vmcloud.vmcloud.Vm;");
      // The host's program generator names the nested inputs in the generator's default
      // package, not the schema's basePackage: the user fixes that import by hand
      // (docs/languages/java.md#import). This fails once a host writes it right.
      expect(code, code).toContain("import com.pulumi.vmcloud.inputs.VmBootDiskArgs;");
      expect(code, code).toMatch(/new Vm\("legacy", VmArgs\.builder\(\)/);
      expect(code, code).toMatch(/\.name\("legacy-java"\)/);
      expect(code, code).toMatch(/\.flavor\("burst-2-2"\)/);
      expect(changing).toEqual([]);
    },
    OP_TIMEOUT,
  );

  it(
    "destroys everything, the imported VM too, leaving the emulator with only its fixtures",
    async () => {
      const destroy = await example.stack.destroy();
      expect(destroy.summary.result).toBe("succeeded");
      expect(destroy.summary.resourceChanges).toEqual({ delete: 5 });
      expect(await waitForResourceIds(emulator, fixtureIds)).toEqual(fixtureIds);
    },
    OP_TIMEOUT,
  );
});
