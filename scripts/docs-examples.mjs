#!/usr/bin/env node
// Regenerates the docs' examples in every language (scripts/docs-examples/sections.mjs says
// where they live and how a page shows them):
//
//   node scripts/docs-examples.mjs            derive every form, rewrite every page's sections
//   node scripts/docs-examples.mjs ID...      derive those examples only (`vm/web`), then the pages
//   node scripts/docs-examples.mjs --pages    rewrite the pages' sections only (no conversion)
//
// Each example is written once, as YAML (docs/examples/<page>/<name>.yaml). Python and Go are
// Pulumi's own converters' (see convertedForms): `pulumi convert --from yaml --language pcl`
// with the plugin's schema, then Pulumi's Python and Go program generators (sdkgen -program).
// It builds or reuses the engine (scripts/pulumi-engine.sh --with-languages), the YAML
// converter (scripts/yaml-converter.sh) and sdkgen (scripts/sdkgen.sh); ~15 s an example.
// TypeScript is ours (scripts/docs-examples/typescript.mjs says why), formatted with the
// project's prettier settings, and so are the Python and Go forms of an example that reads
// resources by id (`get:`), which Pulumi's YAML converter cannot express
// (scripts/docs-examples/get.mjs). Needs `npm run build` first (the plugin runs from dist/).
import { execFileSync } from "node:child_process";
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import { join } from "node:path";
import {
  derivedFile,
  formOf,
  hashOf,
  listExamples,
  pageOf,
  renderSection,
  repo,
  rewriteSections,
} from "./docs-examples/sections.mjs";
import { readByIdForms, readsById } from "./docs-examples/get.mjs";
import { typescriptOf } from "./docs-examples/typescript.mjs";

const require = createRequire(import.meta.url);

/** True when the TypeScript SDK has the Output form `<name>Output` of a function. */
export function hasOutputForm(name) {
  const sdk = require(join(repo, "dist/sdk/index.js"));
  return typeof sdk[`${name}Output`] === "function";
}

/** True when the plugin's function `name` is an action's: its answer says whether it was `skipped`. */
export function isAction(name) {
  const { packageSchema } = require(join(repo, "dist/provider/plugin/schema/package-schema.js"));
  const outputs = packageSchema("0.0.0").functions[`vmcloud:index:${name}`]?.outputs;
  return outputs?.properties?.skipped !== undefined;
}

/** The TypeScript form of an example's YAML, formatted as the repository formats code. */
export async function typescriptForm(yamlText) {
  const prettier = require("prettier");
  const options = (await prettier.resolveConfig(join(repo, "docs/examples/x.ts"))) ?? {};
  return prettier.format(typescriptOf(yamlText, hasOutputForm, isAction), {
    ...options,
    parser: "typescript",
  });
}

/** The whole YAML project of an example: its body under a name, the runtime and the plugin. */
export function yamlProject(example, yamlText, pluginPath) {
  const plugin = `plugins:\n  providers:\n    - name: vmcloud\n      path: ${pluginPath}\n`;
  return `name: ${example.folder}-${example.name}\nruntime: yaml\n${plugin}${yamlText}`;
}

/** The folder a build script prints (`--print-bin`): built or reused from the cache. */
function built(script, ...args) {
  return execFileSync("bash", [join(repo, "scripts", script), ...args, "--print-bin"], {
    encoding: "utf8",
    stdio: ["ignore", "pipe", "inherit"],
  })
    .trim()
    .split("\n")
    .pop();
}

/** What the conversions need: the engine, the YAML converter, sdkgen and the schema file. */
export function converters(scratch) {
  const schema = join(scratch, "schema.json");
  const { version } = JSON.parse(readFileSync(join(repo, "package.json"), "utf8"));
  const { packageSchema } = require(join(repo, "dist/provider/plugin/schema/package-schema.js"));
  writeFileSync(schema, JSON.stringify(packageSchema(version)));
  return {
    engine: built("pulumi-engine.sh", "--with-languages"),
    converter: built("yaml-converter.sh"),
    sdkgen: built("sdkgen.sh"),
    schema,
  };
}

/**
 * The Python and Go forms of an example: `pulumi convert --from yaml --language pcl` (Pulumi's
 * YAML converter, with the plugin's schema), then sdkgen's program mode (Pulumi's program
 * generators for Python and Go, which `pulumi convert --language python|go` would ask the
 * language hosts to run: the hosts built here predate that call).
 */
export function convertedForms(example, yamlText, tools) {
  const scratch = mkdtempSync(join(tmpdir(), "vmcloud-docs-convert-"));
  try {
    const source = join(scratch, "source");
    mkdirSync(source);
    writeFileSync(
      join(source, "Pulumi.yaml"),
      yamlProject(example, yamlText, join(repo, "plugin")),
    );
    const pcl = join(scratch, "pcl");
    execFileSync(
      join(tools.engine, "pulumi"),
      ["convert", "--from", "yaml", "--language", "pcl", "--out", pcl, "--generate-only"],
      {
        cwd: source,
        stdio: ["ignore", "pipe", "pipe"],
        env: {
          ...process.env,
          PATH: `${tools.converter}:${tools.engine}:${process.env.PATH ?? ""}`,
          PULUMI_HOME: join(scratch, "home"),
          PULUMI_SKIP_UPDATE_CHECK: "true",
        },
      },
    );
    const python = join(scratch, "__main__.py");
    const go = join(scratch, "main.go");
    execFileSync(
      tools.sdkgen,
      ["-schema", tools.schema, "-program", pcl, "-python-program", python, "-go-program", go],
      { stdio: ["ignore", "inherit", "inherit"] },
    );
    return { py: readFileSync(python, "utf8"), go: goFixups(readFileSync(go, "utf8")) };
  } finally {
    rmSync(scratch, { recursive: true, force: true });
  }
}

/**
 * The Go program with the fix-ups it needs to compile against the generated Go SDK, for what
 * Pulumi's Go program generator (sdkgen -program, Pulumi 3.274.1) writes wrong, each said in a
 * comment at the top of the program (so the page shows it):
 * - a lookup `getX` whose name a resource's read takes (the resource `X` has `GetX(ctx, name,
 *   id, state)`) is `LookupX` in the Go SDK; the generator writes `GetX`;
 * - a field of type any given a map (`estimateCost`'s `inputs`) needs `map[string]interface{}`;
 *   the generator writes a bare `{…}`;
 * - a list of any (`triggers`) of strings is a `pulumi.Array` of `pulumi.String`s; the
 *   generator writes `pulumi.Any{…}`, which is not a type;
 * - an optional field of a plain function result (a `*string`) is exported through
 *   `pulumi.ToOutput`; the generator exports the pointer itself, which is no `pulumi.Input`.
 */
export function goFixups(go) {
  const schema = require(join(repo, "dist/provider/plugin/schema/package-schema.js"));
  const resources = new Set(
    Object.keys(schema.packageSchema("0.0.0").resources).map((t) => t.split(":")[2]),
  );
  const notes = [];
  let out = go.replace(
    /\bvmcloud\.Get([A-Z]\w*?)(Output)?(Args|OutputArgs|Result|ResultOutput)?\b/g,
    (whole, name, output, suffix) => {
      if (!resources.has(name)) return whole;
      const note = `vmcloud.Lookup${name} is the lookup get${name} (the generator wrote vmcloud.Get${name}, which reads the ${name} resource by id)`;
      if (!notes.includes(note)) notes.push(note);
      return `vmcloud.Lookup${name}${output ?? ""}${suffix ?? ""}`;
    },
  );
  out = out.replace(/^(\s+)([A-Z]\w*): \{$/gm, (_whole, indent, field) => {
    const note = `${field} is a map[string]interface{} (the generator left its type out)`;
    if (!notes.includes(note)) notes.push(note);
    return `${indent}${field}: map[string]interface{}{`;
  });
  out = out.replace(/pulumi\.Any\{\n(\s+)(\w+),\n(\s+)\}/g, (_whole, indent, item, close) => {
    const note =
      "the list of any is a pulumi.Array of pulumi.String (the generator wrote pulumi.Any{…})";
    if (!notes.includes(note)) notes.push(note);
    return `pulumi.Array{\n${indent}pulumi.String(${item}),\n${close}}`;
  });
  // The variables that hold a plain function result: `x, err := vmcloud.F(ctx, &vmcloud.FArgs{`.
  const plain = new Set(
    [...out.matchAll(/^\s+(\w+), err := vmcloud\.\w+\(ctx, &vmcloud\.\w+Args\{/gm)].map(
      (m) => m[1],
    ),
  );
  out = out.replace(
    /ctx\.Export\(("\w+"), ((\w+)(?:\.[A-Z]\w*)+)\)/g,
    (whole, key, value, root) => {
      if (!plain.has(root)) return whole;
      const note = `${value} is optional (a pointer): it is exported through pulumi.ToOutput (the generator exported the pointer)`;
      if (!notes.includes(note)) notes.push(note);
      return `ctx.Export(${key}, pulumi.ToOutput(${value}))`;
    },
  );
  if (notes.length === 0) return out;
  const header = [
    "// Converted from the YAML by Pulumi's converters, then fixed up by scripts/docs-examples.mjs",
    "// where Pulumi's Go program generator writes what does not compile:",
    ...notes.map((n) => `// - ${n}.`),
  ];
  return `${header.join("\n")}\n${out}`;
}

async function main() {
  const pagesOnly = process.argv.includes("--pages");
  const examples = listExamples();
  if (!pagesOnly) {
    const scratch = mkdtempSync(join(tmpdir(), "vmcloud-docs-examples-"));
    const tools = converters(scratch);
    const only = process.argv.slice(2).filter((arg) => !arg.startsWith("--"));
    const derived = only.length === 0 ? {} : JSON.parse(readFileSync(derivedFile, "utf8"));
    for (const example of examples) {
      if (only.length > 0 && !only.includes(example.id)) continue;
      const yamlText = readFileSync(example.yaml, "utf8");
      writeFileSync(formOf(example, "ts"), await typescriptForm(yamlText));
      const forms = readsById(yamlText)
        ? readByIdForms(yamlText)
        : convertedForms(example, yamlText, tools);
      writeFileSync(formOf(example, "py"), forms.py);
      writeFileSync(formOf(example, "go"), forms.go);
      derived[example.id] = hashOf(yamlText);
      console.log(`derived ${example.id}`);
    }
    writeFileSync(derivedFile, `${JSON.stringify(derived, null, 2)}\n`);
    rmSync(scratch, { recursive: true, force: true });
  }
  const byId = new Map(examples.map((e) => [e.id, e]));
  for (const page of new Set(examples.map((e) => pageOf(e.folder)))) {
    const { text, ids } = rewriteSections(readFileSync(page, "utf8"), (id) => {
      const example = byId.get(id);
      if (example === undefined) throw new Error(`${page}: no example ${id} in docs/examples`);
      return renderSection(example);
    });
    writeFileSync(page, text);
    console.log(`${page.slice(repo.length + 1)}: ${ids.join(", ") || "no example marker"}`);
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  main().catch((error) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  });
}
