/**
 * The plugin's Pulumi package schema (`vmcloud`), generated from the definitions, never written
 * by hand: each resource's inputs and outputs from the zod schemas that already drive the
 * emulator, the checks, the docs tables and the TypeScript SDK, with their descriptions, types,
 * defaults, secrets, which inputs replace, and which are required; each function's (every lookup
 * and action function, functions.ts) arguments and answer from the same zod schemas the
 * TypeScript SDK's functions check and answer with; the provider's configuration from the
 * settings table. `pulumi package get-schema`, YAML programs and the SDK generators read
 * it.
 */
import { z } from "zod";
import { inputFacts, type InputSchema } from "../../resources/framework/input-fields";
import { outputFacts, type OutputSchema } from "../../framework/output-fields";
import { allSettings } from "../../runtime/settings";
import type { ResourceLifecycle } from "../../resources/framework/define-resource";
import type { ActionLifecycle } from "../../actions/framework/define-action";
import type { ActionWaitLifecycle } from "../../actions/framework/define-action-wait";
import { pluginFunctions } from "../functions";
import {
  definitionOf,
  PLUGIN_ACTIONS,
  PLUGIN_PACKAGE,
  PLUGIN_RESOURCES,
  lifecycleOf,
  pluginToken,
  runToken,
  WAIT_TOKEN,
} from "../kinds";
import {
  pascal,
  PulumiTypes,
  type JsonSchema,
  type ObjectTypeSpec,
  type PropertySpec,
} from "./pulumi-types";

/** A resource of the package schema. */
export interface ResourceSpec {
  description?: string;
  /** Made by the plugin's `construct` (an action's component). */
  isComponent?: true;
  inputProperties: Record<string, PropertySpec>;
  requiredInputs: string[];
  properties: Record<string, PropertySpec>;
  required: string[];
}

/** A function of the package schema: its arguments and what it answers. */
export interface FunctionSpec {
  description: string;
  inputs: ObjectTypeSpec;
  outputs: ObjectTypeSpec;
}

/** The package schema (the parts this package uses). */
export interface PackageSpec {
  name: string;
  version: string;
  pluginDownloadURL: string;
  displayName: string;
  description: string;
  license: string;
  meta: { moduleFormat: string; supportPack: boolean };
  language: Record<string, Record<string, unknown>>;
  config: { variables: Record<string, PropertySpec> };
  provider: { description: string; inputProperties: Record<string, PropertySpec> };
  resources: Record<string, ResourceSpec>;
  functions: Record<string, FunctionSpec>;
  types: Record<string, ObjectTypeSpec>;
}

/** The JSON Schema of a zod schema, as the program writes it (`input`) or as it is read. */
function jsonSchemaOf(schema: z.ZodType, io: "input" | "output"): JsonSchema {
  return z.toJSONSchema(schema, { io, unrepresentable: "any" }) as JsonSchema;
}

/** A resource's inputs as schema properties, with what the field facts say of each. */
function inputProperties(
  types: PulumiTypes,
  typeName: string,
  inputs: InputSchema,
  alwaysReplaces: readonly string[],
): { properties: Record<string, PropertySpec>; required: string[] } {
  const json = jsonSchemaOf(inputs, "input");
  const facts = inputFacts(inputs);
  const properties: Record<string, PropertySpec> = {};
  for (const [key, node] of Object.entries(json.properties ?? {})) {
    const spec = types.property(node, `${typeName}${pascal(key)}`);
    const meta = facts[key];
    const scalarDefault =
      meta?.default !== undefined && ["string", "number", "boolean"].includes(typeof meta.default);
    properties[key] = {
      ...spec,
      ...(meta?.secret === true ? { secret: true } : {}),
      // Only where every change replaces: the SDKs make the engine replace on any change of it.
      ...(alwaysReplaces.includes(key) ? { replaceOnChanges: true } : {}),
      ...(scalarDefault ? { default: meta.default } : {}),
    };
  }
  return { properties, required: json.required ?? [] };
}

/**
 * A kind's outputs as schema properties: what it records, secrets marked; not the provider's
 * own records (`internal`), which are no output property of any SDK.
 */
function outputProperties(
  types: PulumiTypes,
  typeName: string,
  outputs: OutputSchema,
): { properties: Record<string, PropertySpec>; required: string[] } {
  const json = jsonSchemaOf(outputs, "output");
  const facts = outputFacts(outputs);
  const properties: Record<string, PropertySpec> = {};
  for (const [key, node] of Object.entries(json.properties ?? {})) {
    if (facts[key]?.internal === true) continue;
    const spec = types.property(node, `${typeName}${pascal(key)}`);
    properties[key] = facts[key]?.secret === true ? { ...spec, secret: true } : spec;
  }
  const required = (json.required ?? []).filter((key) => key in properties);
  return { properties, required };
}

/** The schema of a resource kind, its inputs' object types in `types`, its outputs' in `outputTypes`. */
function resourceSpec(
  types: PulumiTypes,
  outputTypes: PulumiTypes,
  lifecycle: ResourceLifecycle,
): ResourceSpec {
  const inputs = inputProperties(
    types,
    lifecycle.typeName,
    lifecycle.inputs,
    lifecycle.alwaysReplaces,
  );
  const outputs = outputProperties(outputTypes, lifecycle.typeName, lifecycle.outputs);
  return {
    inputProperties: inputs.properties,
    requiredInputs: inputs.required,
    properties: outputs.properties,
    required: outputs.required,
  };
}

/** The inputs of an action's run or wait, which no field facts describe: its own rules instead. */
function plainInputs(
  types: PulumiTypes,
  typeName: string,
  inputs: z.ZodType,
  facts: { secrets: readonly string[]; defaults: Readonly<Record<string, unknown>> },
): { properties: Record<string, PropertySpec>; required: string[] } {
  const json = jsonSchemaOf(inputs, "input");
  const properties: Record<string, PropertySpec> = {};
  for (const [key, node] of Object.entries(json.properties ?? {})) {
    const spec = types.property(node, `${typeName}${pascal(key)}`);
    const fallback = facts.defaults[key];
    properties[key] = {
      ...spec,
      ...(facts.secrets.includes(key) ? { secret: true } : {}),
      // Only new triggers run an operation again (the resource is replaced).
      ...(key === "triggers" ? { replaceOnChanges: true } : {}),
      ...(fallback !== undefined && typeof fallback !== "object" ? { default: fallback } : {}),
    };
  }
  return { properties, required: json.required ?? [] };
}

/**
 * The schema of each action: the component programs declare (`vmcloud:index:BackupRestore`),
 * whose outputs are the run's recorded inputs and the outcome, and the two records the plugin
 * registers under it: the run (`…Run`) and the wait (`vmcloud:index:ActionWait`).
 */
function actionSpecs(types: PulumiTypes, outputTypes: PulumiTypes): Record<string, ResourceSpec> {
  const specs: Record<string, ResourceSpec> = {};
  for (const name of PLUGIN_ACTIONS) {
    const run = definitionOf<ActionLifecycle<never>>(name);
    const facts = { secrets: run.kit.def.secrets ?? [], defaults: run.kit.def.defaults ?? {} };
    const inputs = plainInputs(types, name, run.inputs, facts);
    const outputs = outputProperties(outputTypes, name, run.outputs);
    const spec = {
      inputProperties: inputs.properties,
      requiredInputs: inputs.required,
      properties: outputs.properties,
      required: outputs.required,
    };
    specs[pluginToken(name)] = { ...spec, isComponent: true };
    specs[runToken(name)] = spec;
  }
  const wait = definitionOf<ActionWaitLifecycle>("ActionWait");
  const inputs = plainInputs(types, "ActionWait", wait.inputs, { secrets: [], defaults: {} });
  const outputs = outputProperties(outputTypes, "ActionWait", wait.outputs);
  specs[WAIT_TOKEN] = {
    inputProperties: inputs.properties,
    requiredInputs: inputs.required,
    properties: outputs.properties,
    required: outputs.required,
  };
  return specs;
}

/** An object schema's fields as properties of an object type spec, the object types in `types`. */
function objectSpec(
  schema: JsonSchema,
  typeName: (key: string) => string,
  types: PulumiTypes,
  secrets: readonly string[],
  description: string,
): ObjectTypeSpec {
  const properties = Object.fromEntries(
    Object.entries(schema.properties ?? {}).map(([key, node]) => {
      const spec = types.property(node, typeName(key));
      return [key, secrets.includes(key) ? { ...spec, secret: true } : spec];
    }),
  );
  const required = schema.required ?? [];
  return {
    type: "object",
    description,
    properties,
    ...(required.length === 0 ? {} : { required }),
  };
}

/**
 * Every function the plugin serves (`vmcloud:index:getFlavors`): its arguments as the program
 * writes them and what it answers, their object types in `types` named after the function
 * (`GetFlavorsFlavor`). An action function's own `result` is `<Function>OperationResult`: the
 * code generators name each function's answer `<Function>Result` themselves.
 */
function functionSpecs(types: PulumiTypes): Record<string, FunctionSpec> {
  const specs: Record<string, FunctionSpec> = {};
  for (const fn of pluginFunctions().values()) {
    const prefix = pascal(fn.name);
    specs[fn.token] = {
      description: fn.description,
      inputs: objectSpec(
        jsonSchemaOf(fn.args, "input"),
        (key) => `${prefix}${pascal(key)}`,
        types,
        fn.secrets,
        `The arguments of ${fn.name}`,
      ),
      outputs: objectSpec(
        jsonSchemaOf(fn.result, "output"),
        (key) => `${prefix}${key === "result" ? "OperationResult" : pascal(key)}`,
        types,
        [],
        `What ${fn.name} answers`,
      ),
    };
  }
  return specs;
}

/** `functionTypes` beside `types`; fails on a token both define (the generated SDKs need one). */
function mergedTypes(
  types: Record<string, ObjectTypeSpec>,
  functionTypes: Record<string, ObjectTypeSpec>,
): Record<string, ObjectTypeSpec> {
  const clash = Object.keys(functionTypes).filter((token) => token in types);
  if (clash.length > 0) {
    throw new Error(`the functions' object types ${clash.join(", ")} clash with the resources'`);
  }
  return { ...types, ...functionTypes };
}

/** The provider's configuration: every setting of the settings table. */
function configVariables(): Record<string, PropertySpec> {
  return Object.fromEntries(
    Object.entries(allSettings()).map(([key, source]) => [
      key,
      {
        type: "string" as const,
        description: `${source.description} (environment: ${source.env})`,
        ...(source.secret === true ? { secret: true } : {}),
      },
    ]),
  );
}

/**
 * Where the engine downloads the plugin when a program of any language needs it and it is not
 * installed: the release's archives (`pulumi-resource-vmcloud-v<version>-<os>-<arch>.tar.gz`,
 * made by `npm run release`) on the project's GitHub releases. Tests serve dist/release/
 * instead, through the CLI's PULUMI_PLUGIN_DOWNLOAD_URL_OVERRIDES (docs/releasing.md).
 */
export const PLUGIN_DOWNLOAD_URL = "github://api.github.com/vmcloud/pulumi-vmcloud";

/** The package schema of version `version`. */
export function packageSchema(version: string): PackageSpec {
  const reserved = new Set<string>([
    ...PLUGIN_RESOURCES,
    ...PLUGIN_ACTIONS.flatMap((name) => [name, `${name}Run`]),
    "ActionWait",
  ]);
  const types = new PulumiTypes((name) => pluginToken(name), reserved);
  const outputTypes = new PulumiTypes((name) => pluginToken(name), reserved, "Output");
  const resources = {
    ...Object.fromEntries(
      PLUGIN_RESOURCES.map((name) => [
        pluginToken(name),
        resourceSpec(types, outputTypes, lifecycleOf(pluginToken(name)) as ResourceLifecycle),
      ]),
    ),
    ...actionSpecs(types, outputTypes),
  };
  const functionTypes = new PulumiTypes((name) => pluginToken(name), reserved);
  const functions = functionSpecs(functionTypes);
  const variables = configVariables();
  return {
    name: PLUGIN_PACKAGE,
    version,
    pluginDownloadURL: PLUGIN_DOWNLOAD_URL,
    displayName: "VM cloud",
    description:
      "Virtual machines, disks, subnets, security groups, external IPs and placement groups of the VM cloud, with its one-shot operations",
    license: "Apache-2.0",
    // supportPack: the generated SDKs are whole packages of this version (the Go SDK gets its
    // go.mod, the Python SDK a pyproject.toml), so a program that uses one asks the engine for
    // the plugin of this version, from pluginDownloadURL when it is not installed.
    meta: { moduleFormat: "(.*)", supportPack: true },
    language: {
      python: {
        packageName: "pulumi_vmcloud",
        respectSchemaVersion: true,
        pyproject: { enabled: true },
      },
      // The Go module is github.com/vmcloud/pulumi-vmcloud/sdk/go (its go.mod sits one folder
      // above the package), docs/languages/go.md.
      go: {
        importBasePath: "github.com/vmcloud/pulumi-vmcloud/sdk/go/vmcloud",
        respectSchemaVersion: true,
      },
      // The Java package is com.vmcloud.vmcloud (basePackage, then the package's name), not the
      // generator's default com.pulumi.vmcloud, which is Pulumi's own namespace:
      // docs/languages/java.md.
      java: { basePackage: "com.vmcloud" },
      nodejs: { packageName: "@vmcloud/pulumi-sdk" },
    },
    config: { variables },
    provider: {
      description: "The vmcloud provider: where the cloud's API is and how to sign in",
      inputProperties: variables,
    },
    resources,
    functions,
    types: mergedTypes({ ...types.objects, ...outputTypes.objects }, functionTypes.objects),
  };
}
