// The committed package-lock.json is the one `npm install` writes for package.json: a fresh
// clone's `npm install` leaves it as it is (issue 41: a bin added to package.json, vmcloud-cost,
// was missing from the lock file's root entry, so every fresh clone's `npm install` changed it).
// The check runs the npm in use on copies of the two files in a scratch folder, lock file only
// (no node_modules, no scripts), from the cache `npm ci` filled where it can.
import { execFile } from "node:child_process";
import { copyFileSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";
import { afterAll, describe, expect, it } from "vitest";

const repo = join(__dirname, "../..");
const scratch = mkdtempSync(join(tmpdir(), "vmcloud-lock-"));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

describe("package-lock.json", () => {
  it("is what `npm install` writes for package.json: a fresh clone's install leaves it unchanged", async () => {
    for (const file of ["package.json", "package-lock.json"]) {
      copyFileSync(join(repo, file), join(scratch, file));
    }
    await promisify(execFile)(
      "npm",
      [
        "install",
        "--package-lock-only",
        "--ignore-scripts",
        "--no-audit",
        "--no-fund",
        "--prefer-offline",
      ],
      { cwd: scratch, timeout: 120_000 },
    );
    const committed = readFileSync(join(repo, "package-lock.json"), "utf8");
    const written = readFileSync(join(scratch, "package-lock.json"), "utf8");
    // Equal as text, so any change shows; the message says how to fix it.
    expect(
      written,
      "package-lock.json is stale: run `npm install` and commit the package-lock.json it writes",
    ).toBe(committed);
  }, 150_000);
});
