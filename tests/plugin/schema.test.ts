// The plugin's package schema is generated from the definitions: every input and output of
// every resource appears in it with its description, its type, whether it is secret and whether
// it is required, and nothing else does; so does every argument and every result field of every
// function (each lookup and action function of the TypeScript SDK); the provider's configuration
// is the settings table. The
// plugin loads each kind's module on first use, so the built package is what is tested
// (`npm run build` first, as `npm test` does).
import { createRequire } from "node:module";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import type * as Functions from "../../provider/plugin/functions";
import type * as Kinds from "../../provider/plugin/kinds";
import type * as Schema from "../../provider/plugin/schema/package-schema";
import type { PropertySpec } from "../../provider/plugin/schema/pulumi-types";
import type { ResourceLifecycle } from "../../provider/resources/framework/define-resource";
import type * as InputFields from "../../provider/resources/framework/input-fields";
import type * as OutputFields from "../../provider/framework/output-fields";
import type * as Settings from "../../provider/runtime/settings";

const built = createRequire(join(__dirname, "../../dist/provider/plugin/"));
const { PLUGIN_ACTIONS, PLUGIN_RESOURCES, WAIT_TOKEN, lifecycleOf, pluginToken, runToken } = built(
  "./kinds.js",
) as typeof Kinds;
const { packageSchema } = built("./schema/package-schema.js") as typeof Schema;
const { inputFacts } = built("../resources/framework/input-fields.js") as typeof InputFields;
const { outputFacts } = built("../framework/output-fields.js") as typeof OutputFields;
const { allSettings } = built("../runtime/settings.js") as typeof Settings;
const { pluginFunctions } = built("./functions.js") as typeof Functions;
const sdk = built("../../sdk/index.js") as Record<string, unknown>;

const schema = packageSchema("1.2.3");

/** The Pulumi type a zod field's JSON Schema should become (scalars; `ref` for the rest). */
function expectedType(node: Record<string, unknown>): string {
  const branches = (node.anyOf ?? node.oneOf) as Array<Record<string, unknown>> | undefined;
  if (branches !== undefined) {
    const types = new Set(branches.map((b) => expectedType(b)));
    return types.size === 1 ? [...types][0]! : "ref";
  }
  // A nullable value (`["string", "null"]`) is its type: a schema property may always be null.
  const raw = node.type as string | string[] | undefined;
  const type = Array.isArray(raw) ? raw.find((t) => t !== "null") : raw;
  if (type === "array") return "array";
  if (type === "object") return node.properties === undefined ? "object" : "ref";
  if (node.enum !== undefined) return "string";
  return type ?? "ref";
}

function actualType(spec: PropertySpec): string {
  return spec.type ?? "ref";
}

describe("the plugin's package schema", () => {
  it("names the package and serves every resource kind and every action under vmcloud:index", () => {
    expect(schema).toMatchObject({ name: "vmcloud", version: "1.2.3" });
    expect(Object.keys(schema.resources).sort()).toEqual(
      [
        ...PLUGIN_RESOURCES.map(pluginToken),
        ...PLUGIN_ACTIONS.flatMap((name) => [pluginToken(name), runToken(name)]),
        WAIT_TOKEN,
      ].sort(),
    );
  });

  it("has each action as a component of its run and wait, secrets marked, new triggers replacing", () => {
    for (const name of PLUGIN_ACTIONS) {
      const component = schema.resources[pluginToken(name)]!;
      const run = schema.resources[runToken(name)]!;
      expect(component.isComponent, name).toBe(true);
      expect(run.isComponent, name).toBeUndefined();
      // The component takes and records what its run does.
      expect(component.inputProperties).toEqual(run.inputProperties);
      expect(component.properties).toEqual(run.properties);
      expect(component.inputProperties.triggers!.replaceOnChanges, name).toBe(true);
      expect(component.properties.status, name).toBeDefined();
    }
    const migration = schema.resources[pluginToken("NodeMigration")]!;
    expect(migration.inputProperties.password!.secret).toBe(true);
    // Used for the request only: never recorded.
    expect(migration.properties.password).toBeUndefined();
    expect(schema.resources[WAIT_TOKEN]!.inputProperties.run).toBeDefined();
  });

  for (const name of PLUGIN_RESOURCES) {
    it(`${name}: every input with its description, type, secret flag and requiredness, and nothing else`, () => {
      const lifecycle = lifecycleOf(pluginToken(name)) as ResourceLifecycle;
      const json = z.toJSONSchema(lifecycle.inputs, { io: "input", unrepresentable: "any" }) as {
        properties: Record<string, Record<string, unknown>>;
        required?: string[];
      };
      const facts = inputFacts(lifecycle.inputs);
      const spec = schema.resources[pluginToken(name)]!;
      expect(Object.keys(spec.inputProperties).sort()).toEqual(Object.keys(json.properties).sort());
      for (const [key, node] of Object.entries(json.properties)) {
        const property = spec.inputProperties[key]!;
        expect(property.description, `${name}.${key}`).toBe(node.description);
        expect(actualType(property), `${name}.${key}`).toBe(expectedType(node));
        expect(property.secret === true, `${name}.${key} secret`).toBe(facts[key]?.secret === true);
        expect(property.replaceOnChanges === true, `${name}.${key} replaces`).toBe(
          lifecycle.alwaysReplaces.includes(key),
        );
      }
      expect(spec.requiredInputs.sort()).toEqual((json.required ?? []).sort());
      // Every reference resolves to an object type of the package.
      for (const property of Object.values(spec.inputProperties)) {
        const ref = property.$ref ?? property.items?.$ref;
        if (ref !== undefined && ref.startsWith("#/types/")) {
          expect(schema.types[ref.slice("#/types/".length)], ref).toBeDefined();
        }
      }
    });
  }

  for (const name of PLUGIN_RESOURCES) {
    it(`${name}: every output with its description, type and secret flag, and nothing else`, () => {
      const lifecycle = lifecycleOf(pluginToken(name)) as ResourceLifecycle;
      const json = z.toJSONSchema(lifecycle.outputs, { io: "output", unrepresentable: "any" }) as {
        properties: Record<string, Record<string, unknown>>;
        required?: string[];
      };
      const facts = outputFacts(lifecycle.outputs);
      const recorded = Object.keys(json.properties).filter((key) => facts[key]?.internal !== true);
      const spec = schema.resources[pluginToken(name)]!;
      expect(Object.keys(spec.properties).sort()).toEqual(recorded.sort());
      for (const key of recorded) {
        const node = json.properties[key]!;
        const property = spec.properties[key]!;
        expect(property.description, `${name}.${key}`).toBe(node.description);
        expect(actualType(property), `${name}.${key}`).toBe(expectedType(node));
        expect(property.secret === true, `${name}.${key} secret`).toBe(facts[key]?.secret === true);
      }
      expect(spec.required.sort()).toEqual(
        (json.required ?? []).filter((key) => recorded.includes(key)).sort(),
      );
    });
  }

  it("serves every lookup and action function of the TypeScript SDK, under its name", () => {
    // The SDK's functions: every exported function but the Output forms, the classes and the
    // program's client helpers.
    const helpers = [
      "getProgramClient",
      "getProgramProjectId",
      "setProgramClient",
      "resetProgramClient",
    ];
    const functions = Object.entries(sdk)
      .filter(([, value]) => typeof value === "function" && !String(value).startsWith("class"))
      .map(([name]) => name)
      .filter((name) => !name.endsWith("Output") && !helpers.includes(name));
    expect(functions.length).toBeGreaterThan(20);
    expect(Object.keys(schema.functions).sort()).toEqual(
      functions.map((n) => pluginToken(n)).sort(),
    );
    expect([...pluginFunctions().keys()].sort()).toEqual(Object.keys(schema.functions).sort());
  });

  for (const fn of pluginFunctions().values()) {
    it(`${fn.name}: every argument and result field with its description, type, secret flag and requiredness, and nothing else`, () => {
      const spec = schema.functions[fn.token]!;
      expect(spec.description, fn.name).toBe(fn.description);
      for (const [side, zod, io] of [
        ["inputs", fn.args, "input"],
        ["outputs", fn.result, "output"],
      ] as const) {
        const json = z.toJSONSchema(zod, { io, unrepresentable: "any" }) as {
          properties: Record<string, Record<string, unknown>>;
          required?: string[];
        };
        const properties = spec[side].properties;
        expect(Object.keys(properties).sort(), `${fn.name} ${side}`).toEqual(
          Object.keys(json.properties).sort(),
        );
        for (const [key, node] of Object.entries(json.properties)) {
          const property = properties[key]!;
          expect(property.description, `${fn.name}.${key}`).toBe(node.description);
          expect(actualType(property), `${fn.name}.${key}`).toBe(expectedType(node));
          const secret = side === "inputs" && fn.secrets.includes(key);
          expect(property.secret === true, `${fn.name}.${key} secret`).toBe(secret);
          // Every reference resolves to an object type of the package.
          const ref = property.$ref ?? property.items?.$ref;
          if (ref !== undefined && ref.startsWith("#/types/")) {
            expect(schema.types[ref.slice("#/types/".length)], ref).toBeDefined();
          }
        }
        expect([...(spec[side].required ?? [])].sort(), `${fn.name} ${side} required`).toEqual(
          [...(json.required ?? [])].sort(),
        );
      }
    });
  }

  it("marks the node password of migrateNodes secret, and answers an action's outcome with skipped always", () => {
    expect(schema.functions["vmcloud:index:migrateNodes"]!.inputs.properties.password!.secret).toBe(
      true,
    );
    for (const name of ["restoreBackup", "restartQueueManager", "waitForUpgradeTask"]) {
      const outputs = schema.functions[pluginToken(name)]!.outputs;
      expect(outputs.required, name).toEqual(["skipped"]);
      expect(outputs.properties.result!.$ref, name).toBe(
        `#/types/${pluginToken(`${name.charAt(0).toUpperCase()}${name.slice(1)}OperationResult`)}`,
      );
    }
  });

  it("configures the provider with every setting, credentials secret", () => {
    const settings = allSettings();
    expect(Object.keys(schema.config.variables).sort()).toEqual(Object.keys(settings).sort());
    for (const [key, source] of Object.entries(settings)) {
      expect(schema.config.variables[key]!.description).toContain(source.env);
      expect(schema.config.variables[key]!.secret === true, key).toBe(source.secret === true);
    }
    expect(schema.config.variables.token!.secret).toBe(true);
    expect(schema.provider.inputProperties).toEqual(schema.config.variables);
  });

  it("makes the generated SDKs packages of the plugin's version that need no download", () => {
    // supportPack: a go.mod for the Go SDK, the schema's version in both SDKs' plugin manifests
    // (how the engine picks the plugin's version for their resources).
    expect(schema.meta.supportPack).toBe(true);
    expect(schema.language.python).toEqual({
      packageName: "pulumi_vmcloud",
      respectSchemaVersion: true,
      pyproject: { enabled: true },
    });
    expect(schema.language.go).toEqual({
      importBasePath: "github.com/vmcloud/pulumi-vmcloud/sdk/go/vmcloud",
      respectSchemaVersion: true,
    });
    expect(schema.language.java).toEqual({ basePackage: "com.vmcloud" });
    // Where a release's plugin archives are: the engine downloads the plugin from there when a
    // program needs it (tests/e2e/release-*.test.ts serve dist/release/ in its place).
    expect(schema.pluginDownloadURL).toBe("github://api.github.com/vmcloud/pulumi-vmcloud");
  });

  it("keeps object types apart from the resources' names", () => {
    const resourceNames = new Set(PLUGIN_RESOURCES.map(pluginToken));
    for (const token of Object.keys(schema.types))
      expect(resourceNames.has(token), token).toBe(false);
    expect(schema.types["vmcloud:index:SecurityGroupRuleSpec"]).toBeDefined();
  });
});
