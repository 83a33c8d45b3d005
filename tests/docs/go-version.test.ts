// The Go release the docs ask for is the one the build needs: the highest `go` directive of
// the wrapper modules scripts/pulumi-engine.sh and scripts/sdkgen.sh build (their go.mod files),
// which Go refuses to build under. Every place that tells a user which Go to install says that
// figure: the README's quick start, scripts/cached-build.sh's message when Go is missing,
// docs/engine.md and the Go guide (issue 41: the README said 1.25.11 while the CLI needs 1.26.6).
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";

const repo = join(__dirname, "../..");

/** Each wrapper module's go.mod, and its `go` directive. */
function goDirectives(): Array<{ file: string; version: string }> {
  const engine = join("scripts", "pulumi-engine");
  const files = [
    ...readdirSync(join(repo, engine), { withFileTypes: true })
      .filter((entry) => entry.isDirectory())
      .map((entry) => join(engine, entry.name, "go.mod")),
    join("scripts", "sdkgen", "go.mod"),
  ].filter((file) => {
    try {
      readFileSync(join(repo, file));
      return true;
    } catch {
      return false;
    }
  });
  return files.map((file) => {
    const version = /^go (\d+\.\d+(?:\.\d+)?)\s*$/m.exec(
      readFileSync(join(repo, file), "utf8"),
    )?.[1];
    if (version === undefined) throw new Error(`${file} has no go directive`);
    return { file, version };
  });
}

function compare(a: string, b: string): number {
  const pa = a.split(".").map(Number);
  const pb = b.split(".").map(Number);
  for (let i = 0; i < 3; i++) {
    const d = (pa[i] ?? 0) - (pb[i] ?? 0);
    if (d !== 0) return d;
  }
  return 0;
}

/** Every "Go ≥ x.y.z" (or "Go >= x.y.z") a file says. */
function saidVersions(file: string): string[] {
  const text = readFileSync(join(repo, file), "utf8");
  return [...text.matchAll(/Go (?:≥|>=) (\d+\.\d+(?:\.\d+)?)/g)].map((m) => m[1]!);
}

describe("the Go release the docs ask for", () => {
  const directives = goDirectives();
  const needed = directives.map((d) => d.version).reduce((a, b) => (compare(a, b) >= 0 ? a : b));

  it("is read from the wrapper modules' go.mod files", () => {
    // The CLI's wrapper is among them, and the figure is at least its directive.
    const cli = directives.find(
      (d) => d.file === join("scripts", "pulumi-engine", "cli", "go.mod"),
    );
    expect(cli).toBeDefined();
    expect(compare(needed, cli!.version)).toBeGreaterThanOrEqual(0);
  });

  it.each(["README.md", "scripts/cached-build.sh", "docs/engine.md", "docs/languages/go.md"])(
    "%s names the Go release the build needs",
    (file) => {
      const said = saidVersions(file);
      expect(said.length, `${file} names no "Go ≥ x.y.z"`).toBeGreaterThan(0);
      for (const version of said) expect(version, file).toBe(needed);
    },
  );
});
