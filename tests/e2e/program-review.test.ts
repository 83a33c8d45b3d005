// Whole-program review in every language (issue 35), under the real Pulumi engine and language
// hosts against the emulator: one table of mistakes between resources of one program (and
// between a program and what exists), each a small program given as config to a Python program
// (the generated SDK, installed with pip) and to a Go program (the generated module), both
// through the provider plugin and WITHOUT the policy pack. `pulumi preview` of each must fail
// naming both resources (their Pulumi names; an existing VM by its name and id) and the
// property; the same program without its mistake must preview clean; the emulator must see
// nothing but reads meanwhile; and two of the programs without their mistakes come up (one in
// each language), their state never holding the program input. The same mistakes as YAML
// programs fail preview WITH the pack (`vmcloud-program-conflicts`), which YAML needs: a YAML
// program cannot tell the provider which resource an unknown id comes from. Never skipped: if
// the engine or a language host cannot be built, `beforeAll` fails.
import { execFile } from "node:child_process";
import { cp, mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { makeApiVm, type ApiVm } from "../support/api-vm";
import { startTestEmulator, type TestEmulator } from "../support/emulator";
import { AZ1, AZ2, idOf, step, type Step, vmStep } from "./support/config-program";
import { prepareEngine, repo, type Engine } from "./support/engine";
import {
  changes,
  type ExampleStack,
  openExampleStack,
  type StateResource,
  stateResources,
} from "./support/example-stack";
import { onStacks } from "./support/pooled";
import { pythonName } from "../../provider/plugin/program-language";

const run = promisify(execFile);
/** Previews at once per language: each is a CLI, a language host and the plugin. */
const CONCURRENCY = 2;
const SUITE_TIMEOUT_MS = 30 * 60_000;
const FIXTURES = join(repo, "tests/e2e/fixtures");
const POLICY_PACK = join(repo, "policy");
/** The existing VM's id in a program: replaced with the id of the VM made through the API. */
const EXISTING = "$existing-vm";

/** One mistake: its program, the same without it, and what preview must name. */
interface Row {
  what: string;
  program: Step[];
  fixed: Step[];
  /** The Pulumi names of the program's resources the failure names: the one at fault first. */
  names: string[];
  /** The property at fault. */
  property: string;
  /** True when the other side is the VM that exists (named by its name and id). */
  existing?: boolean;
}

const vm = vmStep("pr");

function row(
  what: string,
  build: (wrong: boolean) => Step[],
  names: string[],
  property: string,
  existing = false,
): Row {
  return { what, program: build(true), fixed: build(false), names, property, existing };
}

const ROWS: Row[] = [
  row(
    "a disk of zone A attached to a VM of zone B, both in the program",
    (wrong) => [
      step("Disk", "data", { name: "pr-data", size: 10, ...(wrong ? AZ2 : AZ1) }),
      vm("app", AZ1),
      step("DiskAttachment", "attach", { diskId: idOf("data"), vmId: idOf("app") }),
    ],
    ["attach", "data", "app"],
    "vmId",
  ),
  row(
    "a new disk attached to an existing VM (by id) of another zone",
    (wrong) => [
      step("Disk", "data", { name: "pr-data", size: 10, ...(wrong ? AZ2 : AZ1) }),
      step("DiskAttachment", "attach", { diskId: idOf("data"), vmId: EXISTING }),
    ],
    ["attach", "data"],
    "vmId",
    true,
  ),
  row(
    "two VMs with the same fixed IP in a subnet of the program",
    (wrong) => [
      step("Subnet", "net", { name: "pr-net", address: "10.81.0.0/24" }),
      vm("a", { interfaces: [{ subnet: idOf("net"), ipAddress: "10.81.0.10" }] }),
      vm("b", {
        interfaces: [{ subnet: idOf("net"), ipAddress: wrong ? "10.81.0.10" : "10.81.0.11" }],
      }),
    ],
    ["b", "a"],
    "interfaces[0].ipAddress",
  ),
  row(
    "a security group of another zone than the VM",
    (wrong) => [
      step("SecurityGroup", "sg", { name: "pr-sg", ...(wrong ? AZ2 : AZ1) }),
      vm("app", { ...AZ1, interfaces: [{ securityGroups: [idOf("sg")] }] }),
    ],
    ["app", "sg"],
    "interfaces[0].securityGroups[0]",
  ),
  row(
    "a subnet of another zone than the VM",
    (wrong) => [
      step("Subnet", "net", {
        name: "pr-net",
        address: "10.82.0.0/24",
        ...(wrong ? AZ2 : AZ1),
      }),
      vm("app", { ...AZ1, interfaces: [{ subnet: idOf("net") }] }),
    ],
    ["app", "net"],
    "interfaces[0].subnet",
  ),
  row(
    "a fixed IP outside the program's subnet",
    (wrong) => [
      step("Subnet", "net", { name: "pr-net", address: "10.83.0.0/24" }),
      vm("app", {
        interfaces: [{ subnet: idOf("net"), ipAddress: wrong ? "10.99.0.10" : "10.83.0.10" }],
      }),
    ],
    ["app", "net"],
    "interfaces[0].ipAddress",
  ),
  row(
    "a fixed IP on the program's subnet's gateway",
    (wrong) => [
      step("Subnet", "net", { name: "pr-net", address: "10.84.0.0/24" }),
      vm("app", {
        interfaces: [{ subnet: idOf("net"), ipAddress: wrong ? "10.84.0.1" : "10.84.0.10" }],
      }),
    ],
    ["app", "net"],
    "interfaces[0].ipAddress",
  ),
  // The class, beyond the rows the issue lists: every pair whose zones must match.
  row(
    "a VM's data disk of the program in another zone",
    (wrong) => [
      step("Disk", "data", { name: "pr-data", size: 10, ...(wrong ? AZ2 : AZ1) }),
      vm("app", { ...AZ1, disks: [{ diskId: idOf("data") }] }),
    ],
    ["app", "data"],
    "disks[0].diskId",
  ),
  row(
    "a network interface whose subnet of the program is in another zone",
    (wrong) => [
      step("Subnet", "net", {
        name: "pr-net",
        address: "10.85.0.0/24",
        ...(wrong ? AZ2 : AZ1),
      }),
      step("NetworkInterface", "nic", { name: "pr-nic", ...AZ1, subnet: idOf("net") }),
    ],
    ["nic", "net"],
    "subnet",
  ),
  row(
    "a rule whose remote group of the program is in another zone than its group",
    (wrong) => [
      step("SecurityGroup", "web", { name: "pr-web", ...AZ1 }),
      step("SecurityGroup", "admin", { name: "pr-admin", ...(wrong ? AZ2 : AZ1) }),
      step("SecurityGroupRule", "from-admin", {
        securityGroupId: idOf("web"),
        direction: "ingress",
        protocol: "tcp",
        portRange: "22:22",
        remoteSecurityGroupId: idOf("admin"),
      }),
    ],
    ["from-admin", "admin"],
    "remoteSecurityGroupId",
  ),
];

/** The rows whose programs without their mistakes come up: one per language. */
const UP = { python: 0, go: 2 } as const;

/** What one preview did. */
interface Outcome {
  failed: boolean;
  text: string;
  creates: number;
}

/** What one `up` (then `destroy`) of a program without its mistake did. */
interface Up {
  failed: boolean;
  text: string;
  creates: number;
  state: StateResource[];
}

let engine: Engine;
let emulator: TestEmulator;
let existing: ApiVm;
let scratch: string;
const opened: ExampleStack[] = [];
const outcomes: Record<"python" | "go" | "yaml", { wrong: Outcome[]; right: Outcome[] }> = {
  python: { wrong: [], right: [] },
  go: { wrong: [], right: [] },
  yaml: { wrong: [], right: [] },
};
let mutating: string[] = [];
const ups: Partial<Record<"python" | "go", Up>> = {};

/** `steps` with the existing VM's id in place of its marker. */
function withExisting(steps: Step[]): Step[] {
  return JSON.parse(JSON.stringify(steps).replaceAll(`"${EXISTING}"`, `"${existing.id}"`));
}

/** Previews `stack` (with the pack when `pack`): whether it failed, and what it said. */
async function previewOf(stack: ExampleStack, pack = false): Promise<Outcome> {
  try {
    const result = await stack.stack.preview(pack ? { policyPacks: [POLICY_PACK] } : {});
    return {
      failed: false,
      text: result.stdout,
      creates: changes(result.changeSummary).create ?? 0,
    };
  } catch (error) {
    return { failed: true, text: String(error), creates: 0 };
  }
}

/** Previews `program` given as the `program` config of `stack` (Python and Go). */
async function previewProgram(stack: ExampleStack, program: Step[]): Promise<Outcome> {
  await stack.stack.setConfig("program", { value: JSON.stringify(withExisting(program)) });
  return previewOf(stack);
}

/** `value` as YAML program text: a `{$out}` is `${name.id}`; everything else as JSON. */
function yamlValue(value: unknown): string {
  return JSON.stringify(value, (_key, v: unknown) =>
    v !== null && typeof v === "object" && "$out" in v ? `\${${(v as { $out: string }).$out}}` : v,
  );
}

/** The YAML program of `steps` (JSON is YAML). */
function yamlProgram(steps: Step[]): string {
  const resources = withExisting(steps)
    .map(
      (s) =>
        `  ${s.name}:\n    type: vmcloud:index:${s.kind}\n    properties: ${yamlValue(s.args)}`,
    )
    .join("\n");
  return [
    "name: program-review-yaml",
    "runtime: yaml",
    "plugins:",
    "  providers:",
    "    - name: vmcloud",
    `      path: ${join(repo, "plugin")}`,
    "resources:",
    resources,
    "",
  ].join("\n");
}

/** Previews `program` as a YAML program in `stack`'s folder, with the pack. */
async function previewYaml(stack: ExampleStack, program: Step[]): Promise<Outcome> {
  await writeFile(join(stack.workDir, "Pulumi.yaml"), yamlProgram(program));
  return previewOf(stack, true);
}

/** The requests the emulator logged since its log was cleared that were not reads. */
async function mutatingRequests(): Promise<string[]> {
  const log = await emulator.call("GET", "/_emulator/requests");
  return (
    (log.body as { requests: Array<{ method: string; url: string }> }).requests
      // The pack's cost policy prices the program with a POST that changes nothing: a read.
      .filter((r) => r.method !== "GET" && !r.url.startsWith("/_emulator/"))
      .filter((r) => !(r.method === "POST" && r.url.endsWith("/price-calculation")))
      .map((r) => `${r.method} ${r.url}`)
  );
}

/** Brings `program` up on `stack`, then destroys it: what the `up` did and the state it left. */
async function upAndDown(stack: ExampleStack, program: Step[]): Promise<Up> {
  await stack.stack.setConfig("program", { value: JSON.stringify(withExisting(program)) });
  try {
    const result = await stack.stack.up();
    const state = (await stateResources(stack.stack)).filter((r) =>
      r.type.startsWith("vmcloud:index:"),
    );
    await stack.stack.destroy();
    return {
      failed: false,
      text: result.stdout,
      creates: changes(result.summary.resourceChanges).create ?? 0,
      state,
    };
  } catch (error) {
    return { failed: true, text: String(error), creates: 0, state: [] };
  }
}

/** `count` stacks of the project in `workDir`. */
async function stacksOf(
  name: string,
  workDir: (i: number) => Promise<string>,
  count: number,
  binPath?: string,
): Promise<ExampleStack[]> {
  const stacks: ExampleStack[] = [];
  for (let i = 0; i < count; i++) {
    const stack = await openExampleStack(engine, emulator, name, {
      workDir: await workDir(i),
      ...(binPath === undefined ? {} : { binPath }),
      ...(name === "program-review-yaml" ? {} : { config: { program: "[]" } }),
    });
    opened.push(stack);
    stacks.push(stack);
  }
  return stacks;
}

beforeAll(async () => {
  engine = await prepareEngine("ours", { languages: true });
  emulator = await startTestEmulator({ speed: 20 });
  scratch = await mkdtemp(join(tmpdir(), "vmcloud-program-review-"));
  existing = await makeApiVm(emulator, { name: "pr-existing", zone: "ru.AZ-1" });

  // The Python program's own environment: the Pulumi SDK and the generated SDK (from a copy, so
  // that pip's build leftovers stay out of the repository).
  const venv = join(scratch, "venv");
  await run(process.env.VMCLOUD_PYTHON ?? "python3", ["-m", "venv", venv]);
  await cp(join(repo, "generated-sdks/python"), join(scratch, "sdk-python"), { recursive: true });
  await run(join(venv, "bin/python"), [
    ...["-m", "pip", "install", "--quiet", "--disable-pip-version-check"],
    ...["-r", join(repo, "scripts/pulumi-engine/python/requirements.txt")],
    join(scratch, "sdk-python"),
  ]);

  const python = await stacksOf(
    "program-review-python",
    async () => join(FIXTURES, "program-review-python"),
    CONCURRENCY,
    join(venv, "bin"),
  );
  const go = await stacksOf(
    "program-review-go",
    async () => join(FIXTURES, "program-review-go"),
    CONCURRENCY,
  );
  const yaml = await stacksOf(
    "program-review-yaml",
    async (i) => {
      const dir = join(scratch, `yaml-${i}`);
      await mkdir(dir, { recursive: true });
      await writeFile(join(dir, "Pulumi.yaml"), yamlProgram([]));
      return dir;
    },
    CONCURRENCY,
  );
  // The first Go preview builds the program with the Go SDK (minutes the first time): once,
  // before the previews that count.
  await previewProgram(go[0]!, []);

  // From here until the ups, nothing may change in the emulator: previews only read.
  expect((await emulator.call("DELETE", "/_emulator/requests")).status).toBeLessThan(300);
  const programs = ROWS.flatMap((r) => [r.program, r.fixed]);
  for (const [language, stacks] of [
    ["python", python],
    ["go", go],
  ] as const) {
    const all = await onStacks(stacks, programs, previewProgram);
    outcomes[language].wrong = all.filter((_, i) => i % 2 === 0);
    outcomes[language].right = all.filter((_, i) => i % 2 === 1);
  }
  outcomes.yaml.wrong = await onStacks(
    yaml,
    ROWS.map((r) => r.program),
    previewYaml,
  );
  mutating = await mutatingRequests();

  ups.python = await upAndDown(python[0]!, ROWS[UP.python]!.fixed);
  ups.go = await upAndDown(go[0]!, ROWS[UP.go]!.fixed);
}, SUITE_TIMEOUT_MS);

afterAll(async () => {
  for (const stack of opened) await stack.close();
  await emulator?.close();
  if (scratch) await rm(scratch, { recursive: true, force: true });
}, 300_000);

/** True when `text` names the resource `name` (`'name'` as the engine does, or `"name"`). */
function namesResource(text: string, name: string): boolean {
  return text.includes(`'${name}'`) || text.includes(`"${name}"`);
}

/** True when `text` names `property` as the failing input, as the engine or the pack writes it. */
function namesProperty(text: string, property: string): boolean {
  const escaped = property.replace(/[[\].]/g, (c) => `\\${c}`);
  return new RegExp(`(?:property |problem: |": )${escaped}(?=[\\s:]|$)`).test(text);
}

/**
 * `path` as a Python program writes it (`interfaces[0].ip_address`): the plugin names inputs so
 * once the SDK has said the program is Python (provider/plugin/program-language.ts).
 */
function pythonPath(path: string): string {
  return path.replace(/[A-Za-z]\w*/g, pythonName);
}

/** Checks that `outcome` failed naming what `r` says, the property spelled `spell`s way. */
function expectNamed(r: Row, outcome: Outcome, spell: (path: string) => string = (p) => p): void {
  const tail = outcome.text.slice(-3000);
  expect(outcome.failed, `${r.what}: preview passed: ${tail}`).toBe(true);
  for (const name of r.names) {
    expect(namesResource(outcome.text, name), `${r.what}: ${name} in ${tail}`).toBe(true);
  }
  if (r.existing === true) {
    expect(outcome.text, r.what).toContain(`VM pr-existing (${existing.id})`);
  }
  const property = spell(r.property);
  expect(namesProperty(outcome.text, property), `${r.what}: ${property} in ${tail}`).toBe(true);
  expect(outcome.text).not.toContain("{<nil>}");
}

describe.each(["python", "go"] as const)("a %s program, without the policy pack", (language) => {
  it("prints what preview said of each mistake", () => {
    const said = outcomes[language].wrong.map(
      (o) => /error: (.*has a problem.*)/.exec(o.text)?.[1] ?? "(no failure)",
    );
    console.log(ROWS.map((r, i) => `${language}: ${r.what}:\n  ${said[i]!}`).join("\n"));
  });

  it.each(ROWS.map((r, i) => [r.what, i] as const))(
    "%s: preview fails naming both resources and the property",
    (_what, i) =>
      expectNamed(
        ROWS[i]!,
        outcomes[language].wrong[i]!,
        language === "python" ? pythonPath : undefined,
      ),
  );

  it.each(ROWS.map((r, i) => [r.what, i] as const))(
    "%s: without the mistake, previews clean",
    (_what, i) => {
      const outcome = outcomes[language].right[i]!;
      expect(outcome.failed, `${ROWS[i]!.what}: ${outcome.text.slice(-3000)}`).toBe(false);
      // Every resource of the program, and the stack.
      expect(outcome.creates).toBe(ROWS[i]!.fixed.length + 1);
    },
  );

  it("comes up without the mistake, the program input never recorded", () => {
    const up = ups[language]!;
    expect(up.failed, up.text.slice(-3000)).toBe(false);
    expect(up.creates).toBe(ROWS[UP[language]]!.fixed.length + 1);
    expect(up.state.length).toBe(ROWS[UP[language]]!.fixed.length);
    for (const resource of up.state) {
      expect(Object.keys(resource.inputs ?? {}), resource.urn).not.toContain("__program");
      expect(Object.keys(resource.outputs ?? {}), resource.urn).not.toContain("__program");
    }
  });
});

describe("a YAML program, with the policy pack", () => {
  it.each(ROWS.map((r, i) => [r.what, i] as const))(
    "%s: vmcloud-program-conflicts fails preview naming both resources and the property",
    (_what, i) => {
      const r = ROWS[i]!;
      const outcome = outcomes.yaml.wrong[i]!;
      expect(outcome.text).toMatch(/\[mandatory\]\s+vmcloud-program-conflicts/);
      expectNamed(r, outcome);
    },
  );
});

describe("every preview", () => {
  it("sent nothing but reads to the emulator", () => {
    expect(mutating).toEqual([]);
  });
});
