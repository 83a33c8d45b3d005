#!/usr/bin/env node
// A schema check of a GitLab CI file, for where GitLab's own linter (which needs a GitLab
// server) cannot run: the file is YAML; every top-level key is a global keyword or a job;
// every job has a script and a stage listed in `stages`, uses only job keywords of GitLab's
// reference, and its `needs` name jobs of the file; `rules` entries are maps of rule keywords;
// `when` takes only GitLab's values; `parallel.matrix` is a list of maps of lists. Prints each
// problem with the job and key, and exits 1 when there is one.
//
//   node examples/ci/check-gitlab-ci.mjs <file>
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";

const require = createRequire(import.meta.url);
const { parse } = require("yaml");

const GLOBAL = new Set([
  "default",
  "include",
  "stages",
  "variables",
  "workflow",
  "image",
  "services",
  "cache",
  "before_script",
  "after_script",
]);
const JOB = new Set([
  "after_script",
  "allow_failure",
  "artifacts",
  "before_script",
  "cache",
  "coverage",
  "dependencies",
  "environment",
  "extends",
  "hooks",
  "id_tokens",
  "image",
  "inherit",
  "interruptible",
  "needs",
  "parallel",
  "release",
  "resource_group",
  "retry",
  "rules",
  "script",
  "secrets",
  "services",
  "stage",
  "tags",
  "timeout",
  "trigger",
  "variables",
  "when",
]);
const DEFAULT = new Set([
  "after_script",
  "artifacts",
  "before_script",
  "cache",
  "hooks",
  "image",
  "interruptible",
  "retry",
  "services",
  "tags",
  "timeout",
]);
const RULE = new Set(["if", "changes", "exists", "when", "allow_failure", "variables", "needs"]);
const WHEN = new Set(["on_success", "on_failure", "always", "manual", "delayed", "never"]);

const file = process.argv[2];
if (file === undefined) {
  console.error("usage: check-gitlab-ci.mjs <file>");
  process.exit(2);
}
const problems = [];
let doc;
try {
  doc = parse(readFileSync(file, "utf8"));
} catch (error) {
  console.error(`${file}: not YAML: ${error.message}`);
  process.exit(1);
}
const isMap = (v) => v !== null && typeof v === "object" && !Array.isArray(v);
const isScript = (v) =>
  typeof v === "string" ||
  (Array.isArray(v) && v.length > 0 && v.every((s) => typeof s === "string"));

if (!isMap(doc)) problems.push("the file is not a map of keywords and jobs");
const stages = doc?.stages ?? ["build", "test", "deploy"];
if (!Array.isArray(stages) || !stages.every((s) => typeof s === "string"))
  problems.push("stages: must be a list of names");
for (const key of Object.keys(doc?.default ?? {}))
  if (!DEFAULT.has(key)) problems.push(`default: ${key} is not a keyword of default`);
for (const key of ["before_script", "after_script"])
  if (doc?.default?.[key] !== undefined && !isScript(doc.default[key]))
    problems.push(`default.${key}: must be a list of commands`);

const jobs = Object.entries(doc ?? {}).filter(([key]) => !GLOBAL.has(key) && !key.startsWith("."));
if (jobs.length === 0) problems.push("no jobs");
const names = new Set(jobs.map(([name]) => name));
for (const [name, job] of jobs) {
  const at = (key) => `job ${name}: ${key}`;
  if (!isMap(job)) {
    problems.push(`job ${name}: must be a map of keywords`);
    continue;
  }
  for (const key of Object.keys(job))
    if (!JOB.has(key)) problems.push(at(`${key} is not a job keyword`));
  if (job.trigger === undefined && !isScript(job.script))
    problems.push(at("script: a job needs a list of commands"));
  for (const key of ["before_script", "after_script"])
    if (job[key] !== undefined && !isScript(job[key]))
      problems.push(at(`${key}: must be a list of commands`));
  if (job.stage !== undefined && !stages.includes(job.stage))
    problems.push(at(`stage ${job.stage} is not in stages (${stages.join(", ")})`));
  if (job.when !== undefined && !WHEN.has(job.when))
    problems.push(at(`when: ${job.when} is not one of ${[...WHEN].join(", ")}`));
  for (const need of job.needs ?? []) {
    const target = typeof need === "string" ? need : need?.job;
    if (!names.has(target)) problems.push(at(`needs ${JSON.stringify(need)}: no such job`));
  }
  if (job.rules !== undefined) {
    if (!Array.isArray(job.rules)) problems.push(at("rules: must be a list"));
    for (const [i, rule] of (Array.isArray(job.rules) ? job.rules : []).entries()) {
      if (!isMap(rule)) {
        problems.push(at(`rules[${i}]: must be a map`));
        continue;
      }
      for (const key of Object.keys(rule))
        if (!RULE.has(key)) problems.push(at(`rules[${i}].${key} is not a rule keyword`));
      if (rule.when !== undefined && !WHEN.has(rule.when))
        problems.push(at(`rules[${i}].when: ${rule.when} is not a value of when`));
      if (rule.if !== undefined && typeof rule.if !== "string")
        problems.push(at(`rules[${i}].if: must be a string`));
    }
  }
  if (job.resource_group !== undefined && typeof job.resource_group !== "string")
    problems.push(at("resource_group: must be a string"));
  if (job.parallel !== undefined) {
    const matrix = job.parallel?.matrix;
    const ok =
      Number.isInteger(job.parallel) ||
      (Array.isArray(matrix) &&
        matrix.every(
          (m) =>
            isMap(m) && Object.values(m).every((v) => typeof v === "string" || Array.isArray(v)),
        ));
    if (!ok) problems.push(at("parallel: a number, or matrix: a list of maps of lists"));
  }
  for (const [i, service] of (job.services ?? []).entries())
    if (typeof service !== "string" && typeof service?.name !== "string")
      problems.push(at(`services[${i}]: needs a name`));
  if (job.variables !== undefined && !isMap(job.variables))
    problems.push(at("variables: must be a map"));
}

if (problems.length > 0) {
  for (const p of problems) console.error(`${file}: ${p}`);
  process.exit(1);
}
console.log(
  `${file}: ${jobs.length} jobs, stages ${stages.join(", ")}: the GitLab CI schema check passed`,
);
