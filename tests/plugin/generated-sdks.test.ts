// The committed SDKs (generated-sdks/python, generated-sdks/go, generated-sdks/java) are
// exactly what the code generators write from the schema the built plugin serves:
// scripts/generate-sdks.sh (`npm run sdkgen`) regenerates them into a temporary folder, through
// `pulumi package get-schema` of plugin/pulumi-resource-vmcloud, scripts/sdkgen.sh and
// pulumi-java-gen, and every file must match byte for byte, none missing and none extra. They
// are packages of the npm package's version: the engine picks the plugin of that version for
// their resources. Needs `npm run build` first; the engine, sdkgen and the Java generator are
// built on first use (never skipped).
import { mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, relative, resolve } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { runRepoScript } from "../support/repo-script";

const repo = resolve(__dirname, "../..");
const committed = join(repo, "generated-sdks");
const scratch = mkdtempSync(join(tmpdir(), "vmcloud-generated-sdks-"));
const { version } = JSON.parse(readFileSync(join(repo, "package.json"), "utf8")) as {
  version: string;
};
/** What to run when the committed SDKs are stale. */
const REGENERATE = "npm run build && npm run sdkgen, then commit generated-sdks/";

afterAll(() => rmSync(scratch, { recursive: true, force: true }));

beforeAll(async () => {
  await runRepoScript("scripts/generate-sdks.sh", scratch);
}, 15 * 60_000);

/**
 * Every file under `root` by its path relative to `root`, with its bytes; what the SDK's own
 * .gitignore names (a local `pip install` leaves build/ and *.egg-info behind) is left out.
 */
function filesOf(root: string): Map<string, Buffer> {
  let ignored: string[] = [];
  try {
    ignored = readFileSync(join(root, ".gitignore"), "utf8").split("\n").filter(Boolean);
  } catch {
    // No .gitignore: every file counts.
  }
  const skip = (name: string) =>
    ignored.some((pattern) =>
      pattern.startsWith("*") ? name.endsWith(pattern.slice(1)) : name === pattern,
    );
  const files = new Map<string, Buffer>();
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      if (skip(entry.name)) continue;
      const path = join(dir, entry.name);
      if (entry.isDirectory()) walk(path);
      else files.set(relative(root, path), readFileSync(path));
    }
  };
  walk(root);
  return files;
}

describe.each(["python", "go", "java"])("the committed %s SDK", (language) => {
  it("is what the plugin's schema generates, byte for byte", () => {
    const expected = filesOf(join(scratch, language));
    const actual = filesOf(join(committed, language));
    expect(expected.size, "the generator wrote nothing").toBeGreaterThan(0);
    const stale: string[] = [];
    for (const path of new Set([...expected.keys(), ...actual.keys()])) {
      const want = expected.get(path);
      const have = actual.get(path);
      if (have === undefined) stale.push(`${path} (missing)`);
      else if (want === undefined) stale.push(`${path} (extra)`);
      else if (!have.equals(want)) stale.push(`${path} (differs)`);
    }
    expect(
      stale,
      `generated-sdks/${language} does not match the plugin's schema; run: ${REGENERATE}`,
    ).toEqual([]);
  });
});

describe("the generated SDKs as packages", () => {
  const read = (...path: string[]) => readFileSync(join(committed, ...path), "utf8");

  it("name the plugin, the npm package's version and the release's download URL", () => {
    for (const manifest of [
      ["python", "pulumi_vmcloud", "pulumi-plugin.json"],
      ["go", "vmcloud", "pulumi-plugin.json"],
    ]) {
      expect(JSON.parse(read(...manifest)), manifest.join("/")).toEqual({
        resource: true,
        name: "vmcloud",
        version,
        server: "github://api.github.com/vmcloud/pulumi-vmcloud",
      });
    }
  });

  it("are a Python distribution pulumi_vmcloud and the Go module github.com/vmcloud/pulumi-vmcloud/sdk/go", () => {
    const pyproject = read("python", "pyproject.toml");
    expect(pyproject).toMatch(/^\s*name = "pulumi_vmcloud"$/m);
    expect(pyproject).toContain(`version = "${version}"`);
    const gomod = read("go", "go.mod");
    expect(gomod).toMatch(/^module github\.com\/vmcloud\/pulumi-vmcloud\/sdk\/go$/m);
    expect(gomod).toMatch(/^require github\.com\/pulumi\/pulumi\/sdk\/v3 v3\.\d+\.\d+$/m);
    // The package path programs import.
    expect(read("go", "vmcloud", "vm.go")).toMatch(/^package vmcloud$/m);
  });

  it("are the Maven artifact com.vmcloud:vmcloud of the package's version, in package com.vmcloud.vmcloud", () => {
    const pom = read("java", "pom.xml");
    expect(pom).toContain("<groupId>com.vmcloud</groupId>");
    expect(pom).toContain("<artifactId>vmcloud</artifactId>");
    expect(pom).toContain(`<version>${version}</version>`);
    expect(pom).toMatch(/<pulumi\.java\.version>\d+\.\d+\.\d+<\/pulumi\.java\.version>/);
    const main = ["java", "src", "main"];
    // What the SDK's resources register with: the plugin's version and its download URL.
    expect(read(...main, "resources", "com", "vmcloud", "vmcloud", "version.txt")).toBe(version);
    const vm = read(...main, "java", "com", "vmcloud", "vmcloud", "Vm.java");
    expect(vm).toMatch(/^package com\.vmcloud\.vmcloud;$/m);
    expect(vm).toContain('.pluginDownloadURL("github://api.github.com/vmcloud/pulumi-vmcloud")');
  });
});
