#!/usr/bin/env node
// The drift job's report: reads `pulumi preview --refresh --json` (the cloud as it is now,
// against the stack's program) and writes Markdown naming each resource that differs and each
// property, with the value in the cloud and the one the program asks for. Exit 0 when nothing
// differs, 3 when something does (the pipeline's drift exit code), 1 when the input is not a
// preview. Secret values are never printed: the preview shows them as `[secret]`, and so does
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

const drifted = [];
for (const step of preview.steps) {
  if (step.op === "same" || step.op === "read") continue;
  const [, , type = "", name = step.urn] = step.urn.split("::");
  const kind = type.split(":").pop();
  const old = step.oldState ?? {};
  const cloudName = old.outputs?.name;
  const paths = Object.keys(step.detailedDiff ?? {});
  const properties = paths.length > 0 ? paths : (step.diffReasons ?? []);
  drifted.push({
    label: `${kind} "${name}"${cloudName !== undefined && cloudName !== name ? ` (${show(cloudName)} in the cloud)` : ""}`,
    op: step.op,
    id: old.id,
    properties: properties.map((path) => ({
      path,
      cloud: show(at(old.outputs ?? {}, path)),
      program: show(at(step.newState?.inputs ?? {}, path)),
    })),
  });
}

const lines = [`## Drift of stack \`${stack}\``, ""];
if (drifted.length === 0) {
  lines.push("No drift: every resource in the cloud matches the stack's program.");
} else {
  lines.push(
    `${drifted.length} resource(s) differ from the stack's program; the next deploy would ` +
      "change them back:",
    "",
    "| Resource | Id | Property | In the cloud | In the program | Deploy would |",
    "| --- | --- | --- | --- | --- | --- |",
  );
  for (const r of drifted) {
    const rows = r.properties.length > 0 ? r.properties : [{ path: "", cloud: "", program: "" }];
    for (const p of rows)
      lines.push(
        `| ${r.label} | ${r.id ?? ""} | ${p.path} | ${p.cloud} | ${p.program} | ${r.op} |`,
      );
  }
}
console.log(lines.join("\n"));
// One line per drifted property on stderr too, for the job's log.
for (const r of drifted)
  for (const p of r.properties)
    console.error(
      `drift: ${r.label}: ${p.path} is ${p.cloud} in the cloud, ${p.program} in the program`,
    );
process.exit(drifted.length === 0 ? 0 : 3);
