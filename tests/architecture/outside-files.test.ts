// The project carries what its tests need: no suite, support module, script or benchmark reads
// the `shared/` folder beside the repository (a clone has none), so `npm test` passes on a
// clone with nothing beside it. The real OpenAPI document is read through the repository's
// copy (tests/support/reference.ts); only the script that makes the copy, the test that
// compares the copy with the document, and .ci/run (which hands the document to that test)
// name the folder.
import { readdirSync, readFileSync, statSync } from "node:fs";
import { join, relative } from "node:path";
import { describe, expect, it } from "vitest";

const repo = join(__dirname, "../..");
const FOLDERS = ["tests", "scripts", "bench", ".ci"];
const ALLOWED = new Set([
  "scripts/vendor-reference.mjs",
  "tests/conformance/reference-copy.test.ts",
  ".ci/run",
  "tests/architecture/outside-files.test.ts",
]);
const SKIPPED = new Set(["node_modules", "fixtures", "results", ".pulumi"]);
// A path to the folder in any spelling the code uses: `../shared`, `"..", "shared"`, or
// `shared/reference` / `shared", "reference"` after a variable.
const SHARED =
  /\.\.[/\\]shared\b|["']\.\.["'],\s*["']shared["']|\bshared["']?[,/\\]\s*["']?(reference|seeds)\b/;

function files(dir: string): string[] {
  return readdirSync(dir).flatMap((entry) => {
    const full = join(dir, entry);
    if (statSync(full).isDirectory()) return SKIPPED.has(entry) ? [] : files(full);
    return /\.(ts|mts|cts|mjs|cjs|js|sh|json|toml|ya?ml)$|^run$/.test(entry) ? [full] : [];
  });
}

describe("files outside the repository", () => {
  it("are read by no suite, script or benchmark, but the reference copy's maker and checker", () => {
    const scanned = FOLDERS.flatMap((folder) => files(join(repo, folder)));
    expect(scanned.length).toBeGreaterThan(100);
    const readers = scanned
      .map((file) => relative(repo, file))
      .filter((file) => !ALLOWED.has(file))
      .filter((file) => SHARED.test(readFileSync(join(repo, file), "utf8")));
    expect(readers).toEqual([]);
  });

  it("would be found: the pattern matches each way the code names the folder", () => {
    for (const text of [
      'resolve(repo, "../shared/reference/vm-service.openapi.yaml")',
      'join(repo, "..", "shared", "reference", "vm-service.openapi.yaml")',
      "join(root, 'shared', 'seeds')",
      "cat ../shared/seeds/README.md",
    ]) {
      expect(SHARED.test(text), text).toBe(true);
    }
    expect(SHARED.test("a disk that is shared, or not")).toBe(false);
    expect(SHARED.test('import { recordTask } from "../../emulator/vm/models/shared";')).toBe(
      false,
    );
  });
});
