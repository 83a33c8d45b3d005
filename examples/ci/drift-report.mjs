#!/usr/bin/env node
// The drift job's report: reads `pulumi preview --refresh --json` (each resource read from
// the cloud, then the stack's program against what was read) and writes Markdown naming each
// resource that changed in the cloud since the last deploy and each property, with its value
// when deployed, in the cloud and in the program, and what the next deploy would do. Exit 0
// when nothing changed, 3 when something did (the pipeline's drift exit code), 1 when the input
// is not a preview. Program changes not deployed yet are listed apart; they are not drift. Secret values are never printed: the preview shows them as `[secret]`, and so does
// this report.
//
//   node examples/ci/drift-report.mjs <preview.json> <stack>
import { readFileSync } from "node:fs";

const [file, stack = "the stack"] = process.argv.slice(2);
if (file === undefined) {
  console.error("usage: drift-report.mjs <preview.json> <stack>");
  process.exit(1);
}
let preview;
try {
  preview = JSON.parse(readFileSync(file, "utf8"));
} catch (error) {
  console.error(`drift-report: ${file} is not the JSON of a preview: ${error.message}`);
  process.exit(1);
}
if (!Array.isArray(preview.steps)) {
  console.error(`drift-report: ${file} has no steps: not the JSON of \`pulumi preview --json\``);
  process.exit(1);
}

/** A value as one line of a report: secrets stay hidden, long values are cut. */
function show(value) {
  if (value === undefined) return "(none)";
  const secret = "4dabf18193072939515e22adb298388d";
  if (value !== null && typeof value === "object" && value[secret] !== undefined) return "[secret]";
  const text = typeof value === "string" ? value : JSON.stringify(value);
  if (text.includes(secret)) return "[secret]";
  return text.length > 80 ? `${text.slice(0, 77)}…` : text;
}

/** The value at a property path of the preview's detailed diff (`interfaces[0].subnet`). */
function at(object, path) {
  let value = object;
  for (const part of path.split(/\.|\[(\d+)\]/).filter((p) => p !== undefined && p !== "")) {
    if (value === null || typeof value !== "object") return undefined;
    value = value[part];
  }
  return value;
}

/** The paths at which `a` and `b` differ (`interfaces[0].name`); `__`-keys are the engine's. */
function diffPaths(a, b, prefix = "") {
  const isMap = (v) => v !== null && typeof v === "object" && !Array.isArray(v);
  if (isMap(a) && isMap(b)) {
    const keys = [...new Set([...Object.keys(a), ...Object.keys(b)])].filter(
      (k) => !k.startsWith("__"),
    );
    return keys.flatMap((k) => diffPaths(a[k], b[k], prefix === "" ? k : `${prefix}.${k}`));
  }
  if (Array.isArray(a) && Array.isArray(b) && a.length === b.length)
    return a.flatMap((v, i) => diffPaths(v, b[i], `${prefix}[${i}]`));
  return JSON.stringify(a) === JSON.stringify(b) ? [] : [prefix];
}

/** `Vm "vm" (its name in the cloud when it differs)`. */
function label(urn, outputs) {
  const [, , type = "", name = urn] = urn.split("::");
  const kind = type.split(":").pop();
  const cloudName = outputs?.name;
  return `${kind} "${name}"${cloudName !== undefined && cloudName !== name ? ` (${show(cloudName)} in the cloud)` : ""}`;
}

// With --show-sames the preview has two steps per resource: its refresh step, whose old state
// is the stack's state as last deployed, then its program step, whose old state is what the
// refresh read from the cloud, and whose op says what the next deploy would do. Drift is a
// property the resource was deployed with (one of its inputs) whose value in the cloud is no
// longer the deployed one. Other properties read differently (counts and flags the cloud keeps,
// such as a subnet's interfaces) are listed apart, as is a change of the program that was not
// deployed yet: neither is drift.
const deployed = new Map(preview.steps.filter((s) => s.op === "refresh").map((s) => [s.urn, s]));
const drifted = [];
const others = [];
const undeployed = [];
const row = (path, before, now, inputs) => ({
  path,
  deployed: show(at(before, path)),
  cloud: show(at(now, path)),
  program: inputs === undefined ? "" : show(at(inputs, path)),
});
for (const step of preview.steps) {
  if (step.op === "refresh") continue;
  const was = deployed.get(step.urn)?.oldState;
  const now = step.oldState?.outputs;
  if (was === undefined || now === undefined) {
    if (step.op !== "same" && step.op !== "create") undeployed.push(step);
    continue;
  }
  const before = was.outputs ?? {};
  const declared = new Set(Object.keys(was.inputs ?? {}));
  const paths = diffPaths(before, now);
  const top = (path) => path.split(/[.[]/)[0];
  const mine = paths.filter((path) => declared.has(top(path)));
  const theirs = paths.filter((path) => !declared.has(top(path)));
  const entry = (list) => ({
    label: label(step.urn, now),
    id: was.id,
    deploy: step.op === "same" ? "nothing" : step.op,
    properties: list.map((path) => row(path, before, now, step.newState?.inputs)),
  });
  if (mine.length > 0) drifted.push(entry(mine));
  if (theirs.length > 0) others.push(entry(theirs));
  if (mine.length === 0 && step.op !== "same") undeployed.push(step);
}
// Resources deleted from the cloud: the refresh drops them, and the program creates them anew.
for (const [urn, refresh] of deployed) {
  if (refresh.oldState?.type === "pulumi:pulumi:Stack") continue;
  if (preview.steps.some((s) => s.urn === urn && s.op !== "refresh" && s.oldState !== undefined))
    continue;
  const created = preview.steps.some((s) => s.urn === urn && s.op === "create");
  drifted.push({
    label: label(urn, refresh.oldState?.outputs),
    id: refresh.oldState?.id,
    deploy: created ? "create" : "nothing",
    properties: [
      { path: "(the whole resource)", deployed: "present", cloud: "(gone)", program: "" },
    ],
  });
}

const table = (list) => [
  "| Resource | Id | Property | Deployed | In the cloud | In the program | Deploy would |",
  "| --- | --- | --- | --- | --- | --- | --- |",
  ...list.flatMap((r) =>
    r.properties.map(
      (p) =>
        `| ${r.label} | ${r.id ?? ""} | ${p.path} | ${p.deployed} | ${p.cloud} | ${p.program} | ${r.deploy} |`,
    ),
  ),
];
const lines = [`## Drift of stack \`${stack}\``, ""];
if (drifted.length === 0) {
  lines.push("No drift: every resource in the cloud matches the stack's last deploy.");
} else {
  lines.push(
    `${drifted.length} resource(s) changed in the cloud since the last deploy:`,
    "",
    ...table(drifted),
  );
}
if (others.length > 0)
  lines.push(
    "",
    "Read differently, but kept by the cloud, not set by the program (not drift):",
    "",
    ...table(others),
  );
if (undeployed.length > 0) {
  lines.push("", "Changes of the program not deployed yet (not drift):", "");
  for (const s of undeployed)
    lines.push(
      `- ${label(s.urn, s.oldState?.outputs)}: ${s.op} (${Object.keys(s.detailedDiff ?? {}).join(", ") || (s.diffReasons ?? []).join(", ")})`,
    );
}
console.log(lines.join("\n"));
// One line per drifted property on stderr too, for the job's log.
for (const r of drifted)
  for (const p of r.properties)
    console.error(
      `drift: ${r.label}: ${p.path} is ${p.cloud} in the cloud, ${p.deployed} when deployed` +
        (p.program === "" ? "" : `, ${p.program} in the program`) +
        `; deploy would: ${r.deploy}`,
    );
process.exit(drifted.length === 0 ? 0 : 3);
