// SDK generation (scripts/sdkgen.sh builds scripts/sdkgen/, first run ~1 min after the engine):
// from the hand-written schema tests/fixtures/vmcloudtest/schema.json, one resource with a
// string input and a secret output and one function, it writes a Python and a Go SDK that
// name them and mark the secret output; a schema with a mistake is refused with the property
// at fault, and nothing is written. Never skipped: if the generator cannot be built, it fails.
import { spawnSync } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { runRepoScript } from "../support/repo-script";

const repo = resolve(__dirname, "../..");
const schema = join(repo, "tests/fixtures/vmcloudtest/schema.json");
const scratch = mkdtempSync(join(tmpdir(), "vmcloud-sdkgen-"));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

let sdkgen: string;

/** Runs sdkgen with `args`. */
function generate(...args: string[]) {
  const run = spawnSync(sdkgen, args, { encoding: "utf8" });
  return { code: run.status, stderr: run.stderr };
}

beforeAll(async () => {
  // Builds (first run) or reuses sdkgen; its progress lines go straight to our stderr.
  sdkgen = await runRepoScript("scripts/sdkgen.sh", "--print-bin");
}, 15 * 60_000);

describe("sdkgen on the vmcloudtest schema", () => {
  const python = join(scratch, "python");
  const go = join(scratch, "go");
  const read = (...path: string[]) => readFileSync(join(...path), "utf8");

  beforeAll(() => {
    const run = generate("-schema", schema, "-python", python, "-go", go);
    expect(run.stderr).not.toContain("error");
    expect(run.code).toBe(0);
  });

  it("writes a Python SDK with the resource, its properties and the function", () => {
    const machine = read(python, "pulumi_vmcloudtest/machine.py");
    expect(machine).toMatch(/^class Machine\(pulumi\.CustomResource\):/m);
    expect(machine).toMatch(/^class MachineArgs:/m);
    expect(machine).toMatch(/def hostname\(self\) -> pulumi\.Output\[_builtins\.str\]:/);
    expect(machine).toMatch(/def root_password\(self\) -> pulumi\.Output\[_builtins\.str\]:/);
    expect(machine).toContain('"vmcloudtest:index:Machine"');
    const lookup = read(python, "pulumi_vmcloudtest/lookup_machine.py");
    expect(lookup).toMatch(/^def lookup_machine\(hostname/m);
    expect(lookup).toContain("'vmcloudtest:index:lookupMachine'");
    // `respectSchemaVersion`: the package and its plugin carry the schema's version.
    expect(read(python, "setup.py")).toMatch(/^VERSION = "0\.1\.0"$/m);
    expect(JSON.parse(read(python, "pulumi_vmcloudtest/pulumi-plugin.json"))).toEqual({
      resource: true,
      name: "vmcloudtest",
      version: "0.1.0",
    });
  });

  it("marks the secret output in the Python SDK", () => {
    expect(read(python, "pulumi_vmcloudtest/machine.py")).toContain(
      'additional_secret_outputs=["rootPassword"]',
    );
  });

  it("writes Python that parses", () => {
    const compiled = spawnSync("python3", ["-m", "compileall", "-q", python], {
      encoding: "utf8",
    });
    expect(compiled.stdout + compiled.stderr).toBe("");
    expect(compiled.status).toBe(0);
  });

  it("writes a Go SDK with the resource, its properties and the function", () => {
    const machine = read(go, "vmcloudtest/machine.go");
    expect(machine).toMatch(/^type Machine struct \{/m);
    expect(machine).toMatch(/^\tHostname pulumi\.StringOutput /m);
    expect(machine).toMatch(/^\tRootPassword pulumi\.StringOutput /m);
    expect(machine).toMatch(/^func NewMachine\(ctx \*pulumi\.Context,/m);
    expect(machine).toContain('"vmcloudtest:index:Machine"');
    const lookup = read(go, "vmcloudtest/lookupMachine.go");
    expect(lookup).toMatch(/^func LookupMachine\(ctx \*pulumi\.Context, args \*LookupMachineArgs/m);
    expect(lookup).toContain('"vmcloudtest:index:lookupMachine"');
  });

  it("marks the secret output in the Go SDK", () => {
    expect(read(go, "vmcloudtest/machine.go")).toMatch(
      /pulumi\.AdditionalSecretOutputs\(\[\]string\{\s*"rootPassword",\s*\}\)/,
    );
  });

  it("writes Go that parses and is formatted", () => {
    // gofmt -l lists the files that differ from gofmt's output; -e reports every syntax error.
    const formatted = spawnSync("gofmt", ["-l", "-e", go], { encoding: "utf8" });
    expect(formatted.stdout + formatted.stderr).toBe("");
    expect(formatted.status).toBe(0);
  });

  it("refuses to write into a folder that is not empty unless told to replace it", () => {
    const stale = join(python, "stale.py");
    writeFileSync(stale, "# left over\n");
    const refused = generate("-schema", schema, "-python", python);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain(`${python} is not empty: pass -overwrite`);
    expect(existsSync(stale)).toBe(true);

    const replaced = generate("-schema", schema, "-python", python, "-overwrite");
    expect(replaced.code).toBe(0);
    expect(existsSync(stale)).toBe(false);
    expect(existsSync(join(python, "pulumi_vmcloudtest/machine.py"))).toBe(true);
  });
});

describe("sdkgen on a schema with a mistake", () => {
  it("names the property at fault and writes nothing", () => {
    const spec = JSON.parse(readFileSync(schema, "utf8")) as {
      resources: Record<string, { properties: Record<string, { type: string }> }>;
    };
    const machine = spec.resources["vmcloudtest:index:Machine"];
    if (machine?.properties["rootPassword"] === undefined) {
      throw new Error("the fixture lost its rootPassword property");
    }
    machine.properties["rootPassword"].type = "strng";
    const dir = join(scratch, "bad");
    mkdirSync(dir);
    const bad = join(dir, "schema.json");
    writeFileSync(bad, JSON.stringify(spec));

    const run = generate("-schema", bad, "-python", join(dir, "python"), "-go", join(dir, "go"));
    expect(run.code).toBe(1);
    expect(run.stderr).toContain(
      "#/resources/vmcloudtest:index:Machine/properties/rootPassword/type: unknown type kind strng",
    );
    expect(run.stderr).toContain(`${bad} is not a valid package schema`);
    expect(existsSync(join(dir, "python"))).toBe(false);
    expect(existsSync(join(dir, "go"))).toBe(false);
  });
});
