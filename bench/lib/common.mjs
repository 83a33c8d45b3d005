// Shared pieces of the benchmarks: percentiles, tables, result files, and the code that loads
// the built package from dist/ (run `npm run build` first).
import { mkdirSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

/** The repository root. */
export const repo = join(dirname(fileURLToPath(import.meta.url)), "..", "..");

/** `require` relative to the repository (its node_modules and dist/). */
export const repoRequire = createRequire(join(repo, "package.json"));

/** Loads a module of the build, e.g. `dist("emulator/index.js")`. */
export function dist(path) {
  return repoRequire(join(repo, "dist", path));
}

/** The value at percentile `p` of an ascending array (nearest rank). */
export function percentile(sorted, p) {
  if (sorted.length === 0) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))];
}

/** n, p50, p95 and max of `samples`, rounded to 0.1. */
export function stats(samples) {
  const sorted = [...samples].sort((a, b) => a - b);
  const round = (x) => Math.round(x * 10) / 10;
  return {
    n: sorted.length,
    p50: round(percentile(sorted, 50)),
    p95: round(percentile(sorted, 95)),
    max: round(sorted.at(-1) ?? NaN),
  };
}

/** Prints `rows` (arrays of cells) under `title` with `header`, columns right-aligned but the first. */
export function printTable(title, header, rows) {
  const all = [header, ...rows].map((row) => row.map((cell) => String(cell)));
  const widths = header.map((_, i) => Math.max(...all.map((row) => row[i]?.length ?? 0)));
  const line = (row) =>
    row.map((cell, i) => (i === 0 ? cell.padEnd(widths[i]) : cell.padStart(widths[i]))).join("  ");
  console.log(`\n${title}`);
  console.log(line(all[0]));
  console.log(widths.map((w) => "-".repeat(w)).join("  "));
  for (const row of all.slice(1)) console.log(line(row));
}

/**
 * Where results go: bench/results, or `BENCH_RESULTS_DIR` (quick runs write elsewhere so that
 * they never replace the committed reference results).
 */
export const resultsDir = process.env.BENCH_RESULTS_DIR || join(repo, "bench", "results");

/**
 * Writes `result` (with the date and Node version) to `<resultsDir>/<name>.json`, formatted by
 * Prettier so that `npm run lint` accepts the committed results.
 */
export async function writeResult(name, result) {
  const out = join(resultsDir, `${name}.json`);
  mkdirSync(dirname(out), { recursive: true });
  const full = {
    benchmark: name,
    date: new Date().toISOString(),
    node: process.version,
    ...result,
  };
  const prettier = await import("prettier");
  writeFileSync(out, await prettier.format(JSON.stringify(full), { parser: "json" }));
  console.log(`\nwrote ${out}`);
  return full;
}

/** Milliseconds as seconds with one decimal, e.g. `12.3 s`. */
export function seconds(ms) {
  return `${(ms / 1000).toFixed(1)} s`;
}
