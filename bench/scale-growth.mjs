#!/usr/bin/env node
// Growth: the scale benchmark (bench/scale.mjs) at several sizes, one after the other (never two
// at once: they would share the machine's cores), and how its figures grow with the stack. Per
// size: `preview`, `up`, `refresh` and `destroy` times (`up` and `destroy` against their
// critical paths, and the provider that only waits: the engine's own share), requests per
// resource, the checkpoint's size, and the peak resident set and CPU seconds of the CLI, the
// language host, the program and the provider host, with the machine's load when each began.
// Each size writes bench/results/scale-<N>.json (the whole result of bench/scale.mjs); this
// writes bench/results/scale-growth.json, the table's figures and, per process, its memory per
// resource (the slope between the smallest and the largest size).
//
//   node bench/scale-growth.mjs [--sizes 50,150,500] [--plugin] [--table-only]
//                               [-- <bench/scale.mjs options>]
// The rate-limited runs are left out (`--rate-limit 0`: the 50-VM run of bench/scale.mjs has
// them); a size gets one subnet and one security group per 10 VMs. The plugin's runs are left
// out too (`--no-plugin`) unless `--plugin`: then each size also runs the same stack through
// the provider plugin (bench/fixtures/scale-plugin, a program of `vmcloud:index:*` resources),
// and the table adds its `up` and `destroy` against the waiting provider's of the same run, its
// requests per resource, and the plugin process's peak resident set beside the dynamic
// providers' host's.
// `--table-only` runs nothing and prints the table of the result files already written.
import { spawnSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { parseArgs } from "node:util";
import { printTable, repo, resultsDir, seconds, writeResult } from "./lib/common.mjs";

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    sizes: { type: "string", default: "50,150,500" },
    plugin: { type: "boolean", default: false },
    "table-only": { type: "boolean", default: false },
  },
});
const SIZES = values.sizes.split(",").map(Number);
const ROLES = ["cli", "languageHost", "program", "providerHost"];
const PLUGIN = values.plugin;
const resultName = (vms) => `scale-${vms}${PLUGIN ? "-plugin" : ""}`;

if (!values["table-only"]) {
  for (const vms of SIZES) {
    const args = [
      join(repo, "bench", "scale.mjs"),
      ...["--vms", String(vms), "--groups", String(Math.max(1, Math.round(vms / 10)))],
      ...["--rate-limit", "0", ...(PLUGIN ? [] : ["--no-plugin"]), "--result", resultName(vms)],
      ...positionals,
    ];
    console.log(`\n=== node ${args.map((a) => a.replace(`${repo}/`, "")).join(" ")}`);
    const started = Date.now();
    const run = spawnSync(process.execPath, args, { cwd: repo, stdio: "inherit" });
    console.log(`=== ${vms} VMs: exit ${run.status} in ${seconds(Date.now() - started)}`);
  }
}

const runs = SIZES.map((vms) => {
  try {
    return JSON.parse(readFileSync(join(resultsDir, `${resultName(vms)}.json`), "utf8"));
  } catch {
    return undefined;
  }
}).filter((r) => r?.up !== undefined);

const ratio = (ms, path) => `${(ms / path).toFixed(2)}×`;
/** An operation's time, with its ratio to `path` when given, and the load when it began. */
const timeOf = (op, path) =>
  op === undefined
    ? ""
    : `${seconds(op.wallMs)}${path === undefined ? "" : ` ${ratio(op.wallMs, path)}`} (load ${op.load?.toFixed(1) ?? "?"})`;
/** The largest of each role's peaks over the operations of a run, and its CPU seconds per operation. */
const peakOf = (run, role) =>
  Math.max(
    0,
    ...["preview", "up", "refresh", "destroy"].map(
      (op) => run[op]?.processes?.[role]?.peakRssMb ?? 0,
    ),
  );
/** The plugin process's peak resident set over the plugin's operations (it is the provider host). */
const pluginPeakOf = (run) =>
  Math.max(
    0,
    ...["up", "refresh", "destroy"].map(
      (op) => run.plugin?.[op]?.processes?.providerHost?.peakRssMb ?? 0,
    ),
  );
/** `ms` against the waiting provider's time of the same operation in the same run. */
const vsWaitingOf = (ms, waiting) =>
  ms === undefined || waiting === undefined ? "" : `${(ms / waiting.wallMs).toFixed(2)}×`;
const cpuOf = (run, role) =>
  ["preview", "up", "refresh", "destroy"]
    .map((op) => run[op]?.processes?.[role]?.cpuS ?? "-")
    .join(" / ");

printTable(
  "Growth of the scale stack (times: the CLI's; ×: against the critical path; load: the 1-minute load average of the 2 cores when the operation began)",
  ["figure", ...runs.map((r) => `${r.vms} VMs (${r.resources} resources)`)],
  [
    [
      "critical path of up / destroy",
      ...runs.map((r) => `${seconds(r.criticalPathMs)} / ${seconds(r.destroyCriticalPathMs)}`),
    ],
    ["preview (all new)", ...runs.map((r) => timeOf(r.preview))],
    ["up", ...runs.map((r) => timeOf(r.up, r.criticalPathMs))],
    [
      "up, provider that only waits",
      ...runs.map((r) => timeOf(r.engineBaseline?.up, r.criticalPathMs)),
    ],
    ["up ÷ waiting provider's", ...runs.map((r) => r.vsWaiting?.up ?? "")],
    ["refresh", ...runs.map((r) => timeOf(r.refresh))],
    ["destroy", ...runs.map((r) => timeOf(r.destroy, r.destroyCriticalPathMs))],
    [
      "destroy, provider that only waits",
      ...runs.map((r) => timeOf(r.engineBaseline?.destroy, r.destroyCriticalPathMs)),
    ],
    ["destroy ÷ waiting provider's", ...runs.map((r) => r.vsWaiting?.destroy ?? "")],
    [
      "requests per resource: up / refresh / destroy",
      ...runs.map((r) =>
        [r.up, r.refresh, r.destroy].map((op) => op?.requestsPerResource ?? "-").join(" / "),
      ),
    ],
    ["checkpoint (bytes)", ...runs.map((r) => r.state?.checkpointBytes ?? "")],
    ...(PLUGIN
      ? [
          ["up, the provider plugin", ...runs.map((r) => timeOf(r.plugin?.up, r.criticalPathMs))],
          [
            "plugin's up ÷ waiting provider's",
            ...runs.map((r) => vsWaitingOf(r.plugin?.up?.wallMs, r.engineBaseline?.up)),
          ],
          ["refresh, the provider plugin", ...runs.map((r) => timeOf(r.plugin?.refresh))],
          [
            "destroy, the provider plugin",
            ...runs.map((r) => timeOf(r.plugin?.destroy, r.destroyCriticalPathMs)),
          ],
          [
            "plugin's destroy ÷ waiting provider's",
            ...runs.map((r) => vsWaitingOf(r.plugin?.destroy?.wallMs, r.engineBaseline?.destroy)),
          ],
          [
            "plugin requests per resource: up / refresh / destroy",
            ...runs.map((r) =>
              ["up", "refresh", "destroy"]
                .map((op) => r.plugin?.[op]?.requestsPerResource ?? "-")
                .join(" / "),
            ),
          ],
          [
            "peak RSS MB, plugin process / dynamic providers' host",
            ...runs.map((r) => `${pluginPeakOf(r)} / ${peakOf(r, "providerHost")}`),
          ],
        ]
      : []),
    ...ROLES.map((role) => [`peak RSS MB, ${role}`, ...runs.map((r) => peakOf(r, role))]),
    ...ROLES.map((role) => [
      `CPU s, ${role} (preview / up / refresh / destroy)`,
      ...runs.map((r) => cpuOf(r, role)),
    ]),
  ],
);

// Memory per resource: the slope of each role's peak between the smallest and largest size.
const first = runs[0];
const last = runs.at(-1);
const perResourceKb =
  first !== undefined && last !== undefined && last.resources > first.resources
    ? Object.fromEntries(
        ROLES.map((role) => [
          role,
          Math.round(
            ((peakOf(last, role) - peakOf(first, role)) * 1024) /
              (last.resources - first.resources),
          ),
        ]),
      )
    : undefined;
if (perResourceKb !== undefined) {
  printTable(
    `Peak resident set per resource (KB; slope from ${first.vms} to ${last.vms} VMs)`,
    ["process", "KB per resource"],
    ROLES.map((role) => [role, perResourceKb[role]]),
  );
}

await writeResult(PLUGIN ? "scale-growth-plugin" : "scale-growth", {
  sizes: runs.map((r) => ({
    vms: r.vms,
    resources: r.resources,
    date: r.date,
    criticalPathMs: r.criticalPathMs,
    destroyCriticalPathMs: r.destroyCriticalPathMs,
    ...Object.fromEntries(
      ["preview", "up", "refresh", "destroy"].map((op) => [
        op,
        r[op] === undefined
          ? undefined
          : {
              wallMs: r[op].wallMs,
              load: r[op].load,
              ...(r[op].ratio === undefined ? {} : { ratio: r[op].ratio }),
              requestsPerResource: r[op].requestsPerResource,
              processes: r[op].processes,
            },
      ]),
    ),
    waiting:
      r.engineBaseline === undefined
        ? undefined
        : {
            up: {
              wallMs: r.engineBaseline.up.wallMs,
              ratio: r.engineBaseline.up.ratio,
              load: r.engineBaseline.up.load,
            },
            destroy: {
              wallMs: r.engineBaseline.destroy.wallMs,
              ratio: r.engineBaseline.destroy.ratio,
              load: r.engineBaseline.destroy.load,
            },
          },
    vsWaiting: r.vsWaiting,
    ...(r.plugin === undefined
      ? {}
      : {
          plugin: {
            ...Object.fromEntries(
              ["up", "refresh", "destroy"].map((op) => [
                op,
                r.plugin[op] === undefined
                  ? undefined
                  : {
                      wallMs: r.plugin[op].wallMs,
                      load: r.plugin[op].load,
                      requestsPerResource: r.plugin[op].requestsPerResource,
                      vsWaiting:
                        op === "refresh" || r.engineBaseline?.[op] === undefined
                          ? undefined
                          : Number((r.plugin[op].wallMs / r.engineBaseline[op].wallMs).toFixed(3)),
                    },
              ]),
            ),
            peakRssMb: pluginPeakOf(r),
          },
        }),
    checkpointBytes: r.state?.checkpointBytes,
    peakRssMb: Object.fromEntries(ROLES.map((role) => [role, peakOf(r, role)])),
    error: r.error,
  })),
  perResourceKb,
});
