// The TypeScript form of a docs example (docs/examples/<page>/<name>.yaml), for the
// `@vmcloud/pulumi` SDK: its classes are the dynamic providers (`new vmcloud.Vm(…)`,
// `pulumi-nodejs:dynamic/vmcloud:Vm`), not a generated SDK of the plugin, so Pulumi's own
// converter (`pulumi convert --language typescript`) cannot write it: it would write
// `@pulumi/vmcloud`, a package that does not exist. Property names are the schema's (the SDK
// takes the same camelCase names), so the translation is one of syntax only:
// - `config:` entries become `config.get…`/`config.require…` (`secret: true` → `requireSecret`);
// - `variables:` with `fn::invoke` become the lookup's or action function's call (its
//   `…Output` form where the SDK has one, else `pulumi.output(…)` of the plain form), and
//   `return:` a property of it; any other variable becomes a `const` of its value;
// - `resources:` become `new vmcloud.<Class>(name, {…})` in an order where each comes after
//   what it refers to; `options.dependsOn` and `options.import` become the `dependsOn` and
//   `import` options; a resource with `get: { id }` becomes `vmcloud.<Class>.get(name, id)`;
// - `${a.b}` is `a.b`; a string with text around references is `pulumi.interpolate`;
// - `outputs:` become `export const`.
// Comments in the YAML (above an entry) are kept above the same statement.
import { isMap, isScalar, parseDocument } from "yaml";

/** `web-1` → `web1`, `data-on-web` → `dataOnWeb`: a logical name as a TypeScript identifier. */
export function identifier(name) {
  return name.replace(/[-_.]+([a-zA-Z0-9])/g, (_m, c) => c.toUpperCase());
}

/** The class of a type token: `vmcloud:index:Vm` → `Vm`. */
function className(token) {
  const match = /^vmcloud:index:([A-Za-z]+)$/.exec(token);
  if (match === null) throw new Error(`docs example: unknown type token ${token}`);
  return match[1];
}

const REFERENCE = /\$\{([^}]+)\}/g;

/**
 * The variables that call a function, by name: `"lookup"` (an Output form's result), or
 * `"action"` (an action function's answer, `ActionSkipped | ActionRan`). Set by typescriptOf.
 */
let calls = new Map();

/**
 * The TypeScript expression of the reference `a.b.c` (a name and properties). A property of a
 * property of a function's result is read in an `apply` (Pulumi's lifting of an Output does
 * not reach through optional fields), and so is what only an action that ran answers (its
 * `jobId`, `status`, …: undefined when it was skipped).
 */
function referenceExpression(reference) {
  const [head, ...rest] = reference.trim().split(".");
  const name = identifier(head);
  const call = calls.get(head);
  if (call === "action" && rest.length > 0 && rest[0] !== "skipped") {
    return `${name}.apply((r) => (r.skipped ? undefined : r.${rest.join("?.")}))`;
  }
  if (call !== undefined && rest.length >= 2) return `${name}.apply((r) => r.${rest.join("?.")})`;
  return [name, ...rest].join(".");
}

/** The TypeScript expression of a YAML value. */
function expression(value) {
  if (typeof value === "string") {
    const whole = /^\$\{([^}]+)\}$/.exec(value);
    if (whole !== null) return referenceExpression(whole[1]);
    if (!REFERENCE.test(value)) return JSON.stringify(value);
    REFERENCE.lastIndex = 0;
    const text = value
      .split(REFERENCE)
      .map((part, i) =>
        i % 2 === 1 ? `\${${referenceExpression(part)}}` : part.replace(/[`\\]/g, "\\$&"),
      )
      .join("");
    return `pulumi.interpolate\`${text}\``;
  }
  if (typeof value === "number" || typeof value === "boolean" || value === null) {
    return JSON.stringify(value);
  }
  // One line each: prettier breaks what is too long.
  if (Array.isArray(value)) return `[${value.map((v) => expression(v)).join(", ")}]`;
  const key = (k) => (/^[A-Za-z_$][\w$]*$/.test(k) ? k : JSON.stringify(k));
  const entries = Object.entries(value).map(([k, v]) => `${key(k)}: ${expression(v)}`);
  return entries.length === 0 ? "{}" : `{ ${entries.join(", ")} }`;
}

/** The names a value refers to (`${web.id}` → `web`). */
function referencesOf(value, found = new Set()) {
  if (typeof value === "string") {
    for (const match of value.matchAll(REFERENCE)) found.add(match[1].trim().split(".")[0]);
  } else if (Array.isArray(value)) {
    for (const v of value) referencesOf(v, found);
  } else if (value !== null && typeof value === "object") {
    for (const v of Object.values(value)) referencesOf(v, found);
  }
  return found;
}

/** The comment lines above the key `key` of the map node `map`, as `//` lines. */
function commentOf(map, key) {
  if (!isMap(map)) return "";
  const index = map.items.findIndex((item) => isScalar(item.key) && item.key.value === key);
  // The first key's comment is the map's own.
  const comment = map.items[index]?.key?.commentBefore ?? (index === 0 ? map.commentBefore : null);
  if (comment === undefined || comment === null) return "";
  return `${comment
    .split("\n")
    .map((line) => `//${line.startsWith(" ") || line === "" ? "" : " "}${line}`)
    .join("\n")}\n`;
}

/**
 * The TypeScript program of the YAML program `source` (an example's body: `config`,
 * `variables`, `resources`, `outputs`). `hasOutputForm(name)` says whether the SDK exports
 * `<name>Output`; `isAction(name)` whether the function is an action's (it answers `skipped`). Returns the program unformatted (the caller runs prettier on it).
 */
export function typescriptOf(source, hasOutputForm, isAction = () => false) {
  const document = parseDocument(source);
  const program = document.toJS();
  const root = document.contents;
  const section = (name) => (isMap(root) ? root.get(name, true) : undefined);
  const config = program.config ?? {};
  const variables = program.variables ?? {};
  const resources = program.resources ?? {};
  const outputs = program.outputs ?? {};
  calls = new Map(
    Object.entries(variables)
      .filter(([, value]) => value?.["fn::invoke"] !== undefined)
      .map(([name, value]) => [name, isAction(invokeOf(value).name) ? "action" : "lookup"]),
  );
  const lines = [];
  if (Object.keys(config).length > 0) lines.push("const config = new pulumi.Config();");
  for (const [name, spec] of Object.entries(config)) {
    const getter = spec?.secret === true ? "requireSecret" : "require";
    const read =
      spec?.default === undefined
        ? `config.${getter}(${JSON.stringify(name)})`
        : `config.${spec?.secret === true ? "getSecret" : "get"}(${JSON.stringify(name)}) ?? ${JSON.stringify(spec.default)}`;
    lines.push(`${commentOf(section("config"), name)}const ${identifier(name)} = ${read};`);
  }
  if (Object.keys(config).length > 0) lines.push("");

  // Variables and resources in an order where each follows what it refers to.
  // In the YAML's own order of its sections, each entry after what it refers to.
  const entries = Object.keys(program).flatMap((key) =>
    key === "variables"
      ? Object.entries(variables).map(([name, value]) => [name, { kind: "variable", value }])
      : key === "resources"
        ? Object.entries(resources).map(([name, value]) => [name, { kind: "resource", value }])
        : [],
  );
  const pending = new Map(entries);
  const done = new Set(Object.keys(config));
  while (pending.size > 0) {
    const ready = [...pending].find(([, entry]) =>
      [...referencesOf(entry.value)].every((ref) => done.has(ref) || !pending.has(ref)),
    );
    if (ready === undefined) throw new Error("docs example: its references form a cycle");
    const [name, entry] = ready;
    pending.delete(name);
    done.add(name);
    if (entry.kind === "variable" && entry.value?.["fn::invoke"] === undefined) {
      lines.push(
        `${commentOf(section("variables"), name)}const ${identifier(name)} = ${expression(entry.value)};`,
      );
    } else if (entry.kind === "variable") {
      const call = invokeOf(entry.value);
      const args = expression(call.arguments ?? {});
      const invoked = hasOutputForm(call.name)
        ? `vmcloud.${call.name}Output(${args})`
        : `pulumi.output(vmcloud.${call.name}(${args}))`;
      const value = call.return === undefined ? invoked : `${invoked}.${call.return}`;
      lines.push(`${commentOf(section("variables"), name)}const ${identifier(name)} = ${value};`);
    } else {
      const { type, properties, options, get } = entry.value;
      const referred = Object.values(outputs).some((v) => referencesOf(v).has(name));
      const usedLater = [...pending.values()].some((e) => referencesOf(e.value).has(name));
      const bind = referred || usedLater ? `const ${identifier(name)} = ` : "";
      if (get !== undefined) {
        lines.push(
          `${commentOf(section("resources"), name)}${bind}vmcloud.${className(type)}.get(${JSON.stringify(name)}, ${expression(get.id)});`,
        );
        continue;
      }
      const unknown = Object.keys(options ?? {}).filter((o) => o !== "dependsOn" && o !== "import");
      if (unknown.length > 0)
        throw new Error(`docs example: option ${unknown[0]} is not translated`);
      const dependsOn = options?.dependsOn;
      const optionEntries = [
        ...(dependsOn === undefined
          ? []
          : [
              `dependsOn: [${dependsOn.map((d) => referenceExpression(d.replace(/^\$\{|\}$/g, ""))).join(", ")}]`,
            ]),
        ...(options?.import === undefined ? [] : [`import: ${expression(options.import)}`]),
      ];
      const opts = optionEntries.length === 0 ? "" : `, { ${optionEntries.join(", ")} }`;
      lines.push(
        `${commentOf(section("resources"), name)}${bind}new vmcloud.${className(type)}(${JSON.stringify(name)}, ${expression(properties ?? {})}${opts});`,
      );
    }
  }
  if (Object.keys(outputs).length > 0) lines.push("");
  for (const [name, value] of Object.entries(outputs)) {
    lines.push(
      `${commentOf(section("outputs"), name)}export const ${identifier(name)} = ${expression(value)};`,
    );
  }
  const body = lines.join("\n");
  const imports = [
    ...(/\bpulumi\./.test(body) ? ['import * as pulumi from "@pulumi/pulumi";'] : []),
    'import * as vmcloud from "@vmcloud/pulumi";',
  ];
  return `${imports.join("\n")}\n\n${body}\n`;
}

/** The call of a `fn::invoke` variable: the function's name, its arguments, `return`. */
function invokeOf(value) {
  const invoke = value?.["fn::invoke"];
  if (invoke === undefined) throw new Error("docs example: a variable that is no fn::invoke");
  const match = /^vmcloud:index:([A-Za-z]+)$/.exec(invoke.function);
  if (match === null) throw new Error(`docs example: unknown function ${invoke.function}`);
  return { name: match[1], arguments: invoke.arguments, return: invoke.return };
}
