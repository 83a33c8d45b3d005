// The plugin's messages in the program's spelling (provider/plugin/program-language.ts). The
// Python spelling is checked against every name the committed Python SDK gives a schema property
// (its `@pulumi.getter(name="…")` and the method under it); the rewriting of a message leaves
// values, URNs, config keys and names that are no property alone; and the real
// `pulumi-resource-vmcloud` launcher, driven over gRPC as the engine drives it against the
// emulator, says a check failure in the schema's words until a resource's check says the program
// is Python (the `__program` input Python's transform sends), and in Python's from then on, for
// every later call of the process. The launcher runs `dist/`: `npm run build` first, as `npm
// test` does.
import { readdirSync, readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type * as Language from "../../provider/plugin/program-language";
import type * as Schema from "../../provider/plugin/schema/package-schema";
import { repo, startDynamicHost, type DynamicHost } from "../engine/support/dynamic-host";
import { startTestEmulator, type TestEmulator } from "../support/emulator";

// The built modules: the schema loads each kind's module by a computed path from dist/.
const built = createRequire(join(repo, "dist/provider/plugin/"));
const { camelNamesOf, pythonName, spelledIn } = built("./program-language.js") as typeof Language;
const { packageSchema } = built("./schema/package-schema.js") as typeof Schema;

/** The committed Python SDK's sources, joined. */
function pythonSdk(): string {
  const root = join(repo, "generated-sdks/python/pulumi_vmcloud");
  return readdirSync(root, { recursive: true, encoding: "utf8" })
    .filter((f) => f.endsWith(".py"))
    .map((f) => readFileSync(join(root, f), "utf8"))
    .join("\n");
}

describe("the Python spelling", () => {
  const names = camelNamesOf(packageSchema("0.0.0"));

  it("is the Python SDK's own name of every property it renames", () => {
    const sdk = pythonSdk();
    // A property's getter carries its schema name above the Python one.
    const getters = [...sdk.matchAll(/@pulumi\.getter\(name="(\w+)"\)\s*\n\s*def (\w+)\(/g)];
    expect(getters.length).toBeGreaterThan(100);
    for (const [, schema, python] of getters) expect(pythonName(schema!), schema).toBe(python);
    // A function's argument has no getter: its parameter is the Python name.
    const withGetter = new Set(getters.map((m) => m[1]));
    const parameters = [...names].filter((n) => !withGetter.has(n));
    for (const name of parameters) expect(sdk, name).toContain(`${pythonName(name)}: Optional[`);
    expect(names.has("adoptId")).toBe(true);
    expect(names.has("availabilityZone")).toBe(true);
  });

  it.each([
    ['set adoptId to "8173"', 'set adopt_id to "8173"'],
    ["bootDisk.size: is required: give a number", "boot_disk.size: is required: give a number"],
    [
      "interfaces[0].securityGroups[0]: in another zone",
      "interfaces[0].security_groups[0]: in another zone",
    ],
    [
      "set placementGroup to the PlacementGroup's id",
      "set placement_group to the PlacementGroup's id",
    ],
  ])("renames the property names of %j", (text, python) => {
    expect(spelledIn("python", text, names)).toBe(python);
  });

  it.each([
    ['Vm "webServer" in ru.AZ-1', "a resource's name, quoted"],
    ["set `vmcloud:projectId` in the stack's config", "a config key"],
    ["urn:pulumi:dev::proj::vmcloud:index:Vm::adoptId", "a URN"],
    ['the value "availabilityZone" is no zone', "a quoted value"],
    ["the flag notAProperty stays", "a word that is no property"],
  ])("leaves %j alone (%s)", (text) => {
    expect(spelledIn("python", text, names)).toBe(text);
  });
});

const TOKEN = "program-language-token";

describe("the plugin's check failures", () => {
  let emulator: TestEmulator;
  let plugin: DynamicHost;

  beforeAll(async () => {
    emulator = await startTestEmulator({ token: TOKEN });
    plugin = await startDynamicHost({ script: join(repo, "plugin/pulumi-resource-vmcloud") });
    await plugin.configure(
      {
        "vmcloud:endpoint": emulator.url,
        "vmcloud:token": TOKEN,
        "vmcloud:projectId": emulator.fixtures.vm.projectId,
      },
      ["vmcloud:token"],
    );
  }, 60_000);

  afterAll(async () => {
    await plugin?.stop();
    await emulator?.close();
  });

  /** A VM whose boot disk has no size and whose zone is a number (two camel-cased inputs). */
  const broken = {
    name: "spelled",
    flavor: "burst-1-1",
    image: "ubuntu-22.04",
    availabilityZone: 42,
    bootDisk: {},
  };

  it("are in the schema's words while no resource has said the program's language", async () => {
    const checked = await plugin.resource("vmcloud:index:Vm", "a").check(broken);
    const said = checked.failures.map((f) => `${f.property} ${f.reason}`).join("\n");
    expect(said).toContain("bootDisk.size");
    expect(said).not.toContain("boot_disk");
    // The engine shows the value of a top-level input given its property.
    expect(checked.failures.map((f) => f.property)).toContain("availabilityZone");
  });

  it("are in Python's words once a check says the program is Python, for every later call", async () => {
    const python = { __program: { name: "b", language: "python" } };
    const first = await plugin.resource("vmcloud:index:Vm", "b").check({ ...broken, ...python });
    // A later resource's check sends no language (a resource read by id, say): Python still.
    const later = await plugin.resource("vmcloud:index:Vm", "c").check(broken);
    for (const checked of [first, later]) {
      const said = checked.failures.map((f) => `${f.property} ${f.reason}`).join("\n");
      expect(said).toContain("boot_disk.size");
      expect(said).toContain("availability_zone: must be an id");
      expect(said).not.toMatch(/bootDisk|availabilityZone/);
      // A top-level input goes without its property, its Python path leading the reason.
      for (const failure of checked.failures) expect(failure.property).not.toMatch(/[A-Z]/);
    }
  });
});
