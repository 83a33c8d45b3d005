// The CI files of examples/ci, linted as examples/ci/lint.sh lints them: the GitHub Actions
// workflow by actionlint (built from the Go module proxy on first use), the GitLab CI file by
// the schema check beside it. Each check is also shown to fail on a file with a mistake.
import { spawn } from "node:child_process";
import { mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { repo } from "./support/engine";

const LINT = join(repo, "examples/ci/lint.sh");
const GITHUB = join(repo, "examples/ci/github-actions.yml");
const GITLAB = join(repo, "examples/ci/gitlab-ci.yml");

function lint(...files: string[]): Promise<{ code: number; output: string }> {
  return new Promise((resolvePromise, reject) => {
    const child = spawn("bash", [LINT, ...files], { cwd: repo, stdio: ["ignore", "pipe", "pipe"] });
    let output = "";
    child.stdout.on("data", (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on("data", (chunk: Buffer) => (output += chunk.toString()));
    child.on("error", reject);
    child.on("close", (code) => resolvePromise({ code: code ?? -1, output }));
  });
}

describe("examples/ci's CI files", () => {
  let work: string;

  beforeAll(async () => {
    work = await mkdtemp(join(tmpdir(), "vmcloud-ci-files-"));
  });

  afterAll(async () => {
    if (work) await rm(work, { recursive: true, force: true });
  });

  it("pass actionlint and the GitLab CI schema check", async () => {
    const run = await lint();
    expect(run.code, run.output).toBe(0);
    expect(run.output).toContain("actionlint v1.7.12: github-actions.yml is clean");
    expect(run.output).toMatch(
      /gitlab-ci\.yml: \d+ jobs, stages test, plan, deploy, drift, destroy/,
    );
  }, 600_000);

  it("deploy jobs queue per stack: concurrency groups and resource groups", async () => {
    const github = await readFile(GITHUB, "utf8");
    for (const group of ["production", "network", "${{ matrix.app }}"])
      expect(github).toContain(`group: vmcloud-stack-${group}\n      cancel-in-progress: false`);
    expect(github).toMatch(/services:\n\s+postgres:\n\s+image: postgres:16/);
    const gitlab = await readFile(GITLAB, "utf8");
    expect(gitlab.match(/resource_group: vmcloud-stack-production/g)).toHaveLength(2);
    expect(gitlab).toContain("resource_group: vmcloud-stack-$APP");
  });

  it("fail on a workflow that reads a context where it is not available", async () => {
    const broken = join(work, "broken.yml");
    const github = await readFile(GITHUB, "utf8");
    await writeFile(
      broken,
      github.replace("  STACK: production\n", "  STACK: production\n  WORK: ${{ runner.temp }}\n"),
    );
    const run = await lint(broken, GITLAB);
    expect(run.code).not.toBe(0);
    expect(run.output).toMatch(/context "runner" is not allowed here/);
  }, 120_000);

  it("fail on a GitLab job whose stage is not in stages, or that needs a missing job", async () => {
    const broken = join(work, "broken-gitlab.yml");
    const gitlab = await readFile(GITLAB, "utf8");
    await writeFile(
      broken,
      gitlab
        .replace("  stage: drift\n", "  stage: nightly\n")
        .replace("needs: [deploy-network]", "needs: [deploy-net]"),
    );
    const run = await lint(GITHUB, broken);
    expect(run.code).toBe(1);
    expect(run.output).toContain("job drift: stage nightly is not in stages");
    expect(run.output).toContain('job deploy-apps: needs "deploy-net": no such job');
  }, 120_000);
});
