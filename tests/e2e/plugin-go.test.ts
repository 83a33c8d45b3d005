// examples/quickstart-go under the real Pulumi engine against the emulator, through the provider
// plugin: a Go program using the generated Go SDK (its go.mod replaces
// github.com/vmcloud/pulumi-vmcloud/sdk/go with the committed generated-sdks/go), finding the
// plugin by the `plugins.providers` line of its Pulumi.yaml in the package installed beside it.
// `preview` plans the subnet, the security group and the VM; an unknown flavor fails at preview
// naming the VM and `flavor`, with nothing but reads sent; `up` makes them; `pulumi import` of a
// VM made outside exits 0 and writes its Go code; `destroy` leaves the emulator with only its
// fixtures. Go modules come from the Go module proxy into Go's own caches; the first build of a
// program compiles the Go SDK (~80 s here), later ones take seconds. Never skipped: if the
// engine or a language host cannot be built, `beforeAll` fails.
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { repo } from "./support/engine";
import { changes, recorder, waitForResourceIds, useExampleStack } from "./support/example-stack";
import { namesResourceAndProperty } from "./support/preview-failure";
import {
  expectQuickstartVm,
  importOutsideVm,
  pluginProject,
  previewUnknownFlavor,
} from "./support/plugin-project";

const OP_TIMEOUT = 180_000;
/** The first `go build` of a program compiles the Go SDK with it. */
const FIRST_BUILD_TIMEOUT = 600_000;
const VM = "vmcloud:index:Vm";
/** The replace line of the example's go.mod, which leads back into the repository. */
const SDK_REPLACE = "=> ../../generated-sdks/go";

const { engine, emulator, example, fixtureIds } = useExampleStack("quickstart-go", {
  engine: { languages: true },
  stack: async (_emulator, _engine, scratch) => {
    const workDir = await pluginProject("quickstart-go", join(scratch, "project"), (file, text) => {
      if (file !== "go.mod") return text;
      if (!text.includes(SDK_REPLACE)) throw new Error(`go.mod has no "${SDK_REPLACE}"`);
      return text.replace(SDK_REPLACE, `=> ${join(repo, "generated-sdks/go")}`);
    });
    return { workDir, config: { sshCidr: "198.51.100.0/24" } };
  },
});

describe("examples/quickstart-go through the plugin", () => {
  it(
    "previews the subnet, the security group and the VM",
    async () => {
      const seen = recorder();
      const started = Date.now();
      const preview = await example.stack.preview({ onEvent: seen.onEvent });
      console.log(`go preview (with the build): ${Date.now() - started} ms`);
      expect(changes(preview.changeSummary)).toEqual({ create: 4 });
      expect(seen.steps.map((s) => s.type).sort()).toEqual(
        ["pulumi:pulumi:Stack", "vmcloud:index:SecurityGroup", "vmcloud:index:Subnet", VM].sort(),
      );
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
      const up = await example.stack.up();
      expect(up.summary.resourceChanges).toEqual({ create: 4 });
      const vmId = up.outputs["vmId"]?.value as string;
      expect(up.outputs["vmState"]?.value).toBe("running");
      await expectQuickstartVm(emulator, example, vmId, "quickstart-go");
    },
    OP_TIMEOUT,
  );

  it(
    "imports a VM made outside with `pulumi import`, exiting 0 and writing its Go code",
    async () => {
      const { run: imported, changing } = await importOutsideVm(engine, example, emulator, "go");
      expect(imported.code, imported.output).toBe(0);
      const code = imported.stdout;
      expect(code).toContain('"github.com/vmcloud/pulumi-vmcloud/sdk/go/vmcloud"');
      expect(code).toMatch(/vmcloud\.NewVm\(ctx, "legacy", &vmcloud\.VmArgs\{/);
      expect(code).toMatch(/Name:\s+pulumi\.String\("legacy-go"\)/);
      expect(code).toMatch(/Flavor:\s+pulumi\.String\("burst-2-2"\)/);
      expect(code).toMatch(/Size:\s+pulumi\.Int\(15\)/);
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
