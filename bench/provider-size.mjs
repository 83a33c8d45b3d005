#!/usr/bin/env node
// `__provider` size: Pulumi stores each dynamic resource's serialized provider in the state of
// every resource, twice (in its inputs and its outputs). This prints, for every resource and
// action class the SDK exports, the `__provider` text the class registers (captured with
// Pulumi's runtime mocks, so no engine or cloud is needed) and its size as stored (a JSON
// string), and, when bench/results/scale.json exists, the sizes the real engine stored in the
// 50-VM stack's checkpoint and that stack's total state size. Writes
// bench/results/provider-size.json.
//
//   node bench/provider-size.mjs
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { dist, printTable, repoRequire, resultsDir, writeResult } from "./lib/common.mjs";

const pulumi = repoRequire("@pulumi/pulumi");
const registered = {};
pulumi.runtime.setMocks(
  {
    newResource: (args) => {
      registered[args.type] = args.inputs.__provider;
      return { id: `${args.name}-id`, state: args.inputs };
    },
    call: (args) => args.inputs,
  },
  "bench",
  "provider-size",
  false,
);
const sdk = dist("sdk/index.js");

const classes = Object.entries(sdk).filter(
  ([, Class]) => typeof Class === "function" && Class.prototype instanceof pulumi.CustomResource,
);
// Abstract bases (e.g. the base of the action resources) register nothing themselves.
const bases = new Set(classes.map(([, Class]) => Object.getPrototypeOf(Class)));
const skipped = [];
for (const [name, Class] of classes) {
  if (bases.has(Class)) continue;
  try {
    // `get` form: an id and no inputs; the shim is the same as on create.
    new Class(`size-${name}`, undefined, { id: `${name}-id` });
  } catch {
    // Action resources have no `get`: register one with empty arguments (mocks check nothing).
    try {
      new Class(`size-${name}`, {}, {});
    } catch (error) {
      skipped.push(`${name}: ${error.message}`);
    }
  }
}
// Registrations are asynchronous; let them reach the mocks.
await new Promise((resolve) => setTimeout(resolve, 500));

const perType = {};
for (const [type, text] of Object.entries(registered).sort()) {
  const short = type.split(":").at(-1);
  perType[short] = {
    type,
    providerText: text,
    chars: typeof text === "string" ? text.length : undefined,
    // As the state stores it: a JSON string, once in the inputs and once in the outputs.
    storedBytesPerCopy: Buffer.byteLength(JSON.stringify(text)),
    storedBytesPerResource: 2 * Buffer.byteLength(JSON.stringify(text)),
    holdsNoSecretWords: !/token|secret|password|key/i.test(String(text)),
  };
}

const scalePath = join(resultsDir, "scale.json");
const scale = existsSync(scalePath) ? JSON.parse(readFileSync(scalePath, "utf8")) : undefined;
const inState = scale?.state?.perType ?? {};
for (const [short, t] of Object.entries(perType)) {
  if (inState[short] !== undefined) {
    t.storedInScaleStateBytes = inState[short].providerBytes;
    t.matchesEngineState = inState[short].providerText === t.providerText;
  }
}

printTable(
  "Serialized __provider per type (stored twice per resource: inputs and outputs)",
  ["type", "chars", "bytes per copy", "bytes per resource", "as stored by the engine"],
  Object.entries(perType).map(([short, t]) => [
    short,
    t.chars,
    t.storedBytesPerCopy,
    t.storedBytesPerResource,
    t.storedInScaleStateBytes === undefined
      ? "-"
      : `${t.storedInScaleStateBytes}${t.matchesEngineState ? " (same text)" : " (DIFFERENT text)"}`,
  ]),
);
if (skipped.length > 0) console.log(`not measured: ${skipped.join("; ")}`);

let stack;
if (scale?.state !== undefined) {
  stack = {
    vms: scale.vms,
    resources: scale.state.resources,
    checkpointBytes: scale.state.checkpointBytes,
    providerBytesTotal: scale.state.providerBytesTotal,
    providerShare: scale.state.providerShare,
    measuredAt: scale.date,
  };
  console.log(
    `\nState of the ${stack.vms}-VM stack (bench/results/scale.json, ${stack.measuredAt}): ` +
      `${stack.resources} resources, checkpoint ${stack.checkpointBytes} bytes ` +
      `(${(stack.checkpointBytes / 1024).toFixed(1)} KiB), of which __provider ${stack.providerBytesTotal} bytes ` +
      `(${stack.providerShare} %)`,
  );
} else {
  console.log(
    "\nno bench/results/scale.json yet: run bench/scale.mjs for the 50-VM stack's state size",
  );
}

await writeResult("provider-size", { perType, skipped, scaleStack: stack });
