/**
 * The TypeScript program of what `pulumi import --file … --generate-code=false` imported into a
 * stack of the TypeScript SDK's types: one `new vmcloud.<Kind>(name, inputs, opts)` per vmcloud
 * resource of `pulumi stack export`, with the inputs the import recorded, so `pulumi preview`
 * of the program finds nothing to change. (The Node.js language host cannot write a program
 * from a schema, `GenerateProgram`, and dynamic providers have none: this fills that gap.)
 */
import { TYPE_PREFIX } from "../type-tokens";

/** A resource of `pulumi stack export`, as far as this file reads it. */
interface ExportedResource {
  urn?: unknown;
  type?: unknown;
  inputs?: unknown;
  protect?: unknown;
}

/** How the engine marks a secret value in an export. */
const SECRET_SIG = "4dabf18193072939515e22adb298388d";

/** A variable name for the resource: its name in camel case, then its kind (`netAppASubnet`). */
function identifier(name: string, kind: string, taken: Set<string>): string {
  const words = name.split(/[^A-Za-z0-9]+/).filter((w) => w !== "");
  const camel = words
    .map((w, n) => (n === 0 ? w.charAt(0).toLowerCase() : w.charAt(0).toUpperCase()) + w.slice(1))
    .join("");
  const id = /^[A-Za-z_]/.test(camel) ? `${camel}${kind}` : `r${camel}${kind}`;
  let unique = id;
  for (let n = 2; taken.has(unique); n++) unique = `${id}${n}`;
  taken.add(unique);
  return unique;
}

/** Throws naming the resource and property when a recorded input is a secret. */
function plain(value: unknown, where: string): unknown {
  if (Array.isArray(value)) return value.map((v, n) => plain(v, `${where}[${n}]`));
  if (typeof value === "object" && value !== null) {
    if (SECRET_SIG in value) {
      throw new Error(
        `${where} is a secret in the stack: write it in the program yourself (e.g. config.requireSecret) — it is not copied into code`,
      );
    }
    return Object.fromEntries(
      Object.entries(value).map(([k, v]) => [k, plain(v, `${where}.${k}`)]),
    );
  }
  return value;
}

/** The program's text, from the JSON text of `pulumi stack export`. */
export function typescriptProgram(exportText: string): string {
  const exported = JSON.parse(exportText) as { deployment?: { resources?: ExportedResource[] } };
  const resources = exported.deployment?.resources ?? [];
  const taken = new Set<string>(["pulumi", "vmcloud"]);
  const lines = resources.flatMap((r) => {
    if (typeof r.type !== "string" || !r.type.startsWith(TYPE_PREFIX)) return [];
    const kind = r.type.slice(TYPE_PREFIX.length);
    const urn = typeof r.urn === "string" ? r.urn : "";
    const name = urn.slice(urn.lastIndexOf("::") + 2);
    const inputs = Object.fromEntries(
      Object.entries((r.inputs ?? {}) as Record<string, unknown>).filter(
        ([k]) => !k.startsWith("__"),
      ),
    );
    const args = JSON.stringify(plain(inputs, `${kind} "${name}"`), null, 2);
    const opts = r.protect === true ? ", { protect: true }" : "";
    return [
      `export const ${identifier(name, kind, taken)} = new vmcloud.${kind}(${JSON.stringify(name)}, ${args}${opts});`,
      "",
    ];
  });
  return [
    "// Written by `vmcloud-import-terraform typescript` from the stack the import made.",
    'import * as vmcloud from "@vmcloud/pulumi";',
    "",
    ...lines,
  ].join("\n");
}
