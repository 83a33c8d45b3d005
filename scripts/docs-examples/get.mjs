// The Python and Go forms of a docs example that reads existing resources by id (`get:` in
// YAML). Pulumi's YAML converter cannot express `get:`: its PCL has no read of an existing
// resource, so `pulumi convert` writes a new resource with no inputs in its place (which then
// fails for want of the required ones). So an example that reads by id holds only such reads
// and outputs of their properties, and its forms are written here, as the generated SDKs spell
// a read: `vmcloud.Disk.get("shared", "<id>")` in Python, `vmcloud.GetDisk(ctx, "shared",
// pulumi.ID("<id>"), nil)` in Go. scripts/docs-examples/sections.mjs says so beside the
// example.
import { parseDocument } from "yaml";

/** True when the YAML program `source` reads a resource by id (`get:`). */
export function readsById(source) {
  const resources = parseDocument(source).toJS()?.resources ?? {};
  return Object.values(resources).some((r) => r?.get !== undefined);
}

const pascal = (name) => name.charAt(0).toUpperCase() + name.slice(1);
const snake = (name) => name.replace(/([a-z0-9])([A-Z])/g, "$1_$2").toLowerCase();
const camel = (name) => name.replace(/[-_.]+([a-zA-Z0-9])/g, (_m, c) => c.toUpperCase());

/** `vmcloud:index:Disk` → `Disk`. */
function className(token) {
  const match = /^vmcloud:index:([A-Za-z]+)$/.exec(token);
  if (match === null) throw new Error(`docs example: unknown type token ${token}`);
  return match[1];
}

/** The comment lines above `key` in the map `map`, with `prefix` (`#`, `//`), indented. */
function commentOf(map, key, prefix, indent) {
  const index = map?.items?.findIndex((item) => item.key?.value === key) ?? -1;
  const comment =
    map?.items?.[index]?.key?.commentBefore ?? (index === 0 ? map.commentBefore : null);
  if (comment === undefined || comment === null) return "";
  return comment
    .split("\n")
    .map((line) => `${indent}${prefix}${line.startsWith(" ") || line === "" ? "" : " "}${line}\n`)
    .join("");
}

/** `${shared.size}` → `["shared", "size"]`; nothing else is translated. */
function outputReference(value) {
  const match = /^\$\{([A-Za-z][\w-]*)\.([A-Za-z]\w*)\}$/.exec(String(value));
  if (match === null) {
    throw new Error(
      `docs example: output ${JSON.stringify(value)} of a read by id: only \${name.property}`,
    );
  }
  return [match[1], match[2]];
}

/** The Python and Go forms of the YAML program `source`, which only reads by id. */
export function readByIdForms(source) {
  const document = parseDocument(source);
  const program = document.toJS();
  const extra = Object.keys(program).filter((key) => key !== "resources" && key !== "outputs");
  if (extra.length > 0)
    throw new Error(`docs example: a read by id with ${extra[0]}: not translated`);
  const resourcesNode = document.contents.get("resources", true);
  const reads = Object.entries(program.resources).map(([name, spec]) => {
    if (spec.get === undefined || spec.properties !== undefined || spec.options !== undefined) {
      throw new Error(
        `docs example: ${name}: an example that reads by id holds only \`get:\` resources`,
      );
    }
    if (typeof spec.get.id !== "string" || spec.get.id.includes("${")) {
      throw new Error(`docs example: ${name}: get.id must be a literal id`);
    }
    return { name, cls: className(spec.type), id: spec.get.id };
  });
  const outputs = Object.entries(program.outputs ?? {}).map(([key, value]) => [
    key,
    outputReference(value),
  ]);
  const py = [
    "import pulumi",
    "import pulumi_vmcloud as vmcloud",
    "",
    ...reads.map(
      (r) =>
        `${commentOf(resourcesNode, r.name, "#", "")}${snake(camel(r.name))} = vmcloud.${r.cls}.get(${JSON.stringify(r.name)}, ${JSON.stringify(r.id)})`,
    ),
    ...outputs.map(
      ([key, [name, prop]]) =>
        `pulumi.export(${JSON.stringify(key)}, ${snake(camel(name))}.${snake(prop)})`,
    ),
  ].join("\n");
  const go = [
    "package main",
    "",
    "import (",
    '\t"github.com/pulumi/pulumi/sdk/v3/go/pulumi"',
    '\t"github.com/vmcloud/pulumi-vmcloud/sdk/go/vmcloud"',
    ")",
    "",
    "func main() {",
    "\tpulumi.Run(func(ctx *pulumi.Context) error {",
    ...reads.map((r, i) => {
      const used = outputs.some(([, [name]]) => name === r.name);
      const variable = used ? camel(r.name) : "_";
      // `err` is declared by the first read; a later one with no new variable assigns it.
      const assign = i > 0 && !used ? "=" : ":=";
      return [
        `${commentOf(resourcesNode, r.name, "//", "\t\t")}\t\t${variable}, err ${assign} vmcloud.Get${r.cls}(ctx, ${JSON.stringify(r.name)}, pulumi.ID(${JSON.stringify(r.id)}), nil)`,
        "\t\tif err != nil {",
        "\t\t\treturn err",
        "\t\t}",
      ].join("\n");
    }),
    ...outputs.map(
      ([key, [name, prop]]) =>
        `\t\tctx.Export(${JSON.stringify(key)}, ${camel(name)}.${pascal(prop)})`,
    ),
    "\t\treturn nil",
    "\t})",
    "}",
  ].join("\n");
  return { py: `${py}\n`, go: `${go}\n` };
}
