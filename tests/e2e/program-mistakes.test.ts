// Preview judges the whole program (issue 26), under the real Pulumi engine against the
// emulator: mistakes between resources of one program, each a small program given as config to
// the preview-mistakes fixture (`{"$out": "disk.id"}` is the disk's id, not known at preview).
// `pulumi preview` of each must fail naming both resources (their Pulumi names) and the
// property, with no policy pack; the same program with the mistake removed must preview clean;
// three of those must come up; and the emulator must see nothing but reads during the previews.
// Previews run a few at a time, each on its own stack. Never skipped: if the engine cannot be
// built, `beforeAll` fails.
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestEmulator, type TestEmulator } from "../support/emulator";
import { ENGINE_TIMEOUT_MS, prepareEngine, repo, type Engine } from "./support/engine";
import { AZ1, AZ2, idOf, step, type Step, vmStep } from "./support/config-program";
import {
  changes,
  type ExampleStack,
  openExampleStack,
  type StateResource,
  stateResources,
} from "./support/example-stack";
import { onStacks, pooled } from "./support/pooled";

/** At most this many previews at once: each is a CLI, a language host and a provider host. */
const CONCURRENCY = 3;
/** How long all previews and ups together may take. */
const SUITE_TIMEOUT_MS = 30 * 60_000;
const WORK_DIR = join(repo, "tests/e2e/fixtures/preview-mistakes");

/** One mistake between resources: its program, the same without it, and what preview names. */
interface Mistake {
  what: string;
  /** The program with the mistake. */
  program: Step[];
  /** The same program with the mistake removed. */
  fixed: Step[];
  /** The Pulumi names the failure must name (the resource at fault and the other one). */
  names: string[];
  /**
   * The property at fault, or the words that lead a failure on the whole resource; where the
   * failure may fall on either resource (the one the engine checks second), each one's.
   */
  property: string | string[];
}

const vm = vmStep("pg");

/** The program `build` makes with the mistake (true) and without it (false). */
function mistake(
  what: string,
  build: (wrong: boolean) => Step[],
  names: string[],
  property: string | string[],
): Mistake {
  return { what, program: build(true), fixed: build(false), names, property };
}

const MISTAKES: Mistake[] = [
  mistake(
    "a disk attached to a VM of another zone",
    (wrong) => [
      step("Disk", "data", { name: "pg-data", size: 10, ...(wrong ? AZ2 : AZ1) }),
      vm("app", AZ1),
      step("DiskAttachment", "attach", { diskId: idOf("data"), vmId: idOf("app") }),
    ],
    ["attach", "data", "app"],
    "vmId",
  ),
  mistake(
    "a VM whose interface uses a subnet of the program in another zone",
    (wrong) => [
      step("Subnet", "net", { name: "pg-net", address: "10.71.0.0/24", ...(wrong ? AZ2 : AZ1) }),
      vm("app", { ...AZ1, interfaces: [{ subnet: idOf("net") }] }),
    ],
    ["app", "net"],
    "interfaces[0].subnet",
  ),
  mistake(
    "two VMs asking for the same fixed address of a new subnet",
    (wrong) => [
      step("Subnet", "net", { name: "pg-net", address: "10.72.0.0/24" }),
      vm("a", { interfaces: [{ subnet: idOf("net"), ipAddress: "10.72.0.10" }] }),
      vm("b", {
        interfaces: [{ subnet: idOf("net"), ipAddress: wrong ? "10.72.0.10" : "10.72.0.11" }],
      }),
    ],
    ["b", "a", "net"],
    "interfaces[0].ipAddress",
  ),
  mistake(
    "two subnets whose ranges overlap",
    (wrong) => [
      step("Subnet", "first", { name: "pg-first", address: "10.73.0.0/24" }),
      step("Subnet", "second", {
        name: "pg-second",
        address: wrong ? "10.73.0.128/25" : "10.74.0.128/25",
        ...AZ2,
      }),
    ],
    ["second", "first"],
    "address",
  ),
  mistake(
    "a rule whose remote group is a group of the program in another zone",
    (wrong) => [
      step("SecurityGroup", "web", { name: "pg-web", ...AZ1 }),
      step("SecurityGroup", "admin", { name: "pg-admin", ...(wrong ? AZ2 : AZ1) }),
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
  mistake(
    "an external IP of the program in another zone than the VM that takes it",
    (wrong) => [
      step("ExternalIp", "ip", { name: "pg-ip", ...(wrong ? AZ2 : AZ1) }),
      vm("app", { ...AZ1, interfaces: [{ externalIpId: idOf("ip") }] }),
    ],
    ["app", "ip"],
    "interfaces[0].externalIpId",
  ),
  mistake(
    "a VM made with a data disk of the program in another zone",
    (wrong) => [
      step("Disk", "data", { name: "pg-data", size: 10, ...(wrong ? AZ2 : AZ1) }),
      vm("app", { ...AZ1, disks: [{ diskId: idOf("data") }] }),
    ],
    ["app", "data"],
    "disks[0].diskId",
  ),
  mistake(
    "more VMs in an anti-affinity group than its zone has hosts",
    (wrong) => [
      step("PlacementGroup", "spread", { name: "pg-spread", policy: "anti-affinity" }),
      ...["p1", "p2", "p3", ...(wrong ? ["p4"] : [])].map((name) =>
        vm(name, { ...AZ1, placementGroup: idOf("spread") }),
      ),
    ],
    ["p4", "spread", "p1", "p2", "p3"],
    "placementGroup",
  ),
  mistake(
    "two free-tier VMs in one program",
    (wrong) => [
      step("FreeTierVm", "free", { name: "pg-free", image: "ubuntu-22.04" }),
      wrong
        ? step("FreeTierVm", "free-2", { name: "pg-free-2", image: "ubuntu-22.04" })
        : vm("paid"),
    ],
    ["free-2", "free"],
    "name",
  ),
  mistake(
    "two disks of one name in a zone",
    (wrong) => [
      step("Disk", "logs", { name: "pg-logs", size: 10 }),
      step("Disk", "logs-copy", { name: wrong ? "pg-logs" : "pg-logs-copy", size: 10 }),
    ],
    ["logs-copy", "logs"],
    "name",
  ),
  mistake(
    "a VM's boot disk named like a disk of the program",
    (wrong) => [
      step("Disk", "scratch", { name: "pg-scratch", size: 10 }),
      vm("app", { bootDisk: { size: 10, name: wrong ? "pg-scratch" : "pg-app-root" } }),
    ],
    ["app", "scratch"],
    ["bootDisk.name", "name"],
  ),
  mistake(
    "two subnets of one name in a zone",
    (wrong) => [
      step("Subnet", "blue", { name: "pg-tier", address: "10.75.0.0/24" }),
      step("Subnet", "green", { name: wrong ? "pg-tier" : "pg-tier-2", address: "10.76.0.0/24" }),
    ],
    ["green", "blue"],
    "name",
  ),
  mistake(
    "two VMs of one name in different zones (names are unique in the project)",
    (wrong) => [
      vm("east", AZ1),
      step("Vm", "west", {
        name: wrong ? "pg-east" : "pg-west",
        flavor: "burst-1-1",
        image: "ubuntu-22.04",
        bootDisk: { size: 10, name: "pg-west-boot" },
        ...AZ2,
      }),
    ],
    ["west", "east"],
    "name",
  ),
  mistake(
    "two security groups of one name in different zones",
    (wrong) => [
      step("SecurityGroup", "front", { name: "pg-edge", ...AZ1 }),
      step("SecurityGroup", "back", { name: wrong ? "pg-edge" : "pg-edge-2", ...AZ2 }),
    ],
    ["back", "front"],
    "name",
  ),
];

/** The quota case: three new VMs where the project's VM quota leaves room for two. */
const QUOTA: Mistake = mistake(
  "new VMs that together exceed the project's VM quota",
  (wrong) => ["q1", "q2", ...(wrong ? ["q3"] : [])].map((name) => vm(name)),
  ["q3", "q1", "q2"],
  "quota vms",
);

/** What one preview did. */
interface Outcome {
  failed: boolean;
  text: string;
  creates: number;
}

let engine: Engine;
let emulator: TestEmulator;
const opened: ExampleStack[] = [];
let wrong: Outcome[] = [];
let right: Outcome[] = [];
let quotaOutcomes: { wrong: Outcome; right: Outcome };
let quotaLimit = 0;
let quotaUsed = 0;
let mutating: string[] = [];
let ups: Array<{
  what: string;
  failed: boolean;
  text: string;
  creates: number;
  /** The vmcloud resources of the stack's state after the `up`, as exported. */
  state?: StateResource[];
}> = [];

/** Previews `stack` (with the policy packs `policyPacks`): whether it failed, and what it said. */
async function previewOf(stack: ExampleStack, policyPacks: string[] = []): Promise<Outcome> {
  try {
    const result = await stack.stack.preview(policyPacks.length === 0 ? {} : { policyPacks });
    return {
      failed: false,
      text: result.stdout,
      creates: changes(result.changeSummary).create ?? 0,
    };
  } catch (error) {
    return { failed: true, text: String(error), creates: 0 };
  }
}

/** Previews `program` on `stack`. */
async function preview(stack: ExampleStack, program: Step[]): Promise<Outcome> {
  await stack.stack.setConfig("program", { value: JSON.stringify(program) });
  return previewOf(stack);
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

/** The VM quota of the fixture project's organization and its use. */
async function vmQuota(): Promise<{ limit: number; used: number }> {
  const reply = await emulator.call(
    "GET",
    `/_emulator/vm/quotas?project_id=${emulator.fixtures.vm.projectId}`,
    { auth: false },
  );
  const body = reply.body as { limits: { vms: number }; organization_usage: { vms: number } };
  return { limit: body.limits.vms, used: body.organization_usage.vms };
}

async function setVmQuota(vms: number): Promise<void> {
  const reply = await emulator.call("PUT", "/_emulator/vm/quotas", {
    auth: false,
    body: { project_id: emulator.fixtures.vm.projectId, limits: { vms } },
  });
  expect(reply.status, reply.text).toBe(200);
}

beforeAll(async () => {
  engine = await prepareEngine();
  emulator = await startTestEmulator({ speed: 20 });
}, ENGINE_TIMEOUT_MS);

beforeAll(async () => {
  // From here on until the ups, nothing may change in the emulator: previews only read.
  expect((await emulator.call("DELETE", "/_emulator/requests")).status).toBeLessThan(300);
  const stacks: ExampleStack[] = [];
  for (let i = 0; i < CONCURRENCY; i++) {
    const stack = await openExampleStack(engine, emulator, "program-mistakes", {
      workDir: WORK_DIR,
      config: { program: "[]" },
    });
    opened.push(stack);
    stacks.push(stack);
  }
  const programs = MISTAKES.flatMap((m) => [m.program, m.fixed]);
  const outcomes = await onStacks(stacks, programs, preview);
  wrong = outcomes.filter((_, i) => i % 2 === 0);
  right = outcomes.filter((_, i) => i % 2 === 1);
  // The quota case alone: a quota that leaves room for two new VMs.
  const quota = await vmQuota();
  quotaLimit = quota.used + 2;
  quotaUsed = quota.used;
  await setVmQuota(quotaLimit);
  try {
    quotaOutcomes = {
      wrong: await preview(stacks[0]!, QUOTA.program),
      right: await preview(stacks[0]!, QUOTA.fixed),
    };
  } finally {
    await setVmQuota(quota.limit);
  }
  mutating = await mutatingRequests();
  // Every program without its mistake comes up, one after another: they share names.
  ups = await pooled(MISTAKES, 1, async (m) => {
    const stack = await openExampleStack(engine, emulator, "program-mistakes", {
      workDir: WORK_DIR,
      config: { program: JSON.stringify(m.fixed) },
    });
    opened.push(stack);
    try {
      const result = await stack.stack.up();
      const made = {
        what: m.what,
        failed: false,
        text: result.stdout,
        creates: changes(result.summary.resourceChanges).create ?? 0,
        state: (await stateResources(stack.stack)).filter((r) =>
          r.type.startsWith("pulumi-nodejs:dynamic/vmcloud:"),
        ),
      };
      await stack.stack.destroy();
      return made;
    } catch (error) {
      return { what: m.what, failed: true, text: String(error), creates: 0 };
    }
  });
}, SUITE_TIMEOUT_MS);

afterAll(async () => {
  for (const stack of opened) await stack.close();
  await emulator?.close();
}, 300_000);

/** True when `text` names the resource `name` (`'name'` as the engine does, or `"name"`). */
function namesResource(text: string, name: string): boolean {
  return text.includes(`'${name}'`) || text.includes(`"${name}"`);
}

/** True when `text` names `property` (or one of them) as the failing input. */
function namesProperty(text: string, property: string | string[]): boolean {
  return [property].flat().some((one) => {
    const escaped = one.replace(/[[\].]/g, (c) => `\\${c}`);
    return new RegExp(`(?:property |problem: )${escaped}(?=[\\s:]|$)`).test(text);
  });
}

describe("mistakes between resources of one program, at preview without the policy pack", () => {
  it("covers at least twelve mistakes, and prints what preview said of each", () => {
    expect(MISTAKES.length + 1).toBeGreaterThanOrEqual(12);
    const said = [...wrong, quotaOutcomes.wrong].map(
      (o) => /error: (.*has a problem.*)/.exec(o.text)?.[1] ?? "(no failure)",
    );
    console.log([...MISTAKES, QUOTA].map((m, i) => `${m.what}:\n  ${said[i]!}`).join("\n"));
  });

  it.each(MISTAKES.map((m, i) => [m.what, i] as const))(
    "%s: preview fails naming both resources and the property",
    (_what, i) => {
      const m = MISTAKES[i]!;
      const outcome = wrong[i]!;
      expect(outcome.failed, `${m.what}: preview passed`).toBe(true);
      for (const name of m.names) {
        expect(
          namesResource(outcome.text, name),
          `${m.what}: ${name} in ${outcome.text.slice(-2500)}`,
        ).toBe(true);
      }
      expect(
        namesProperty(outcome.text, m.property),
        `${m.what}: ${outcome.text.slice(-2500)}`,
      ).toBe(true);
      expect(outcome.text).not.toContain("{<nil>}");
    },
  );

  it.each(MISTAKES.map((m, i) => [m.what, i] as const))(
    "%s: without the mistake, previews clean",
    (_what, i) => {
      const outcome = right[i]!;
      expect(outcome.failed, `${MISTAKES[i]!.what}: ${outcome.text.slice(-2500)}`).toBe(false);
      // Every resource of the program, and the stack.
      expect(outcome.creates).toBe(MISTAKES[i]!.fixed.length + 1);
    },
  );

  it("new VMs that together exceed the project's VM quota: fails by how much, naming the others; two fit", () => {
    const { wrong: over, right: within } = quotaOutcomes;
    expect(over.failed, over.text.slice(-2500)).toBe(true);
    for (const name of QUOTA.names)
      expect(namesResource(over.text, name), over.text.slice(-2500)).toBe(true);
    // The engine checks the three in the order their registrations reach it: the last one fails.
    expect(over.text).toMatch(
      new RegExp(
        `quota vms: the limit is ${quotaLimit} VMs, ${quotaUsed} are in use and Vm "q\\d" of this program, ` +
          `Vm "q\\d" of this program and this resource add 3 \\(${quotaUsed + 3} in all\\): 1 over the limit`,
      ),
    );
    expect(within.failed, within.text.slice(-2500)).toBe(false);
  });

  it("sent nothing but reads to the emulator during every preview", () => {
    expect(mutating).toEqual([]);
  });

  it("brings every program without its mistake up; the program input's value is never recorded", () => {
    expect(ups.map((u) => u.what)).toEqual(MISTAKES.map((m) => m.what));
    for (const up of ups) {
      expect(up.failed, `${up.what}: ${up.text.slice(-2500)}`).toBe(false);
      expect(up.creates, up.what).toBeGreaterThan(0);
      expect(up.state!.length, up.what).toBeGreaterThan(0);
      for (const resource of up.state!) {
        // `check` takes it off: neither among the inputs nor the outputs. The engine keeps the
        // dependencies of every registered input, which for these programs' facts are none.
        expect(Object.keys(resource.inputs ?? {}), resource.urn).not.toContain("__program");
        expect(Object.keys(resource.outputs ?? {}), resource.urn).not.toContain("__program");
        expect(resource.propertyDependencies?.["__program"] ?? [], resource.urn).toEqual([]);
      }
    }
  });
});

describe("a program of another language, through the provider plugin (YAML)", () => {
  const YAML_DIR = join(repo, "tests/e2e/fixtures/program-mistakes-yaml");
  const POLICY_PACK = join(repo, "policy");
  let yamlStack: ExampleStack;
  let overlap: Outcome;
  let attachWithout: Outcome;
  let attachWith: Outcome;
  let clean: Outcome;
  let yamlMutating: string[] = [];

  /** Previews the YAML program with `config`, with the policy pack when `pack`. */
  async function previewYaml(config: Record<string, string>, pack = false): Promise<Outcome> {
    await yamlStack.stack.setAllConfig(
      Object.fromEntries(Object.entries(config).map(([k, v]) => [k, { value: v }])),
    );
    return previewOf(yamlStack, pack ? [POLICY_PACK] : []);
  }

  beforeAll(async () => {
    const yamlEngine = await prepareEngine("ours", { languages: true });
    yamlStack = await openExampleStack(yamlEngine, emulator, "program-mistakes-yaml", {
      workDir: YAML_DIR,
    });
    opened.push(yamlStack);
    expect((await emulator.call("DELETE", "/_emulator/requests")).status).toBeLessThan(300);
    overlap = await previewYaml({ secondAddress: "10.77.0.128/25", diskZone: "ru.AZ-1" });
    attachWithout = await previewYaml({ secondAddress: "10.78.0.0/24", diskZone: "ru.AZ-2" });
    attachWith = await previewYaml({ secondAddress: "10.78.0.0/24", diskZone: "ru.AZ-2" }, true);
    clean = await previewYaml({ secondAddress: "10.78.0.0/24", diskZone: "ru.AZ-1" });
    yamlMutating = await mutatingRequests();
  }, SUITE_TIMEOUT_MS);

  it("two subnets whose ranges overlap fail preview without the pack, naming both", () => {
    expect(overlap.failed, overlap.text.slice(-2500)).toBe(true);
    expect(namesProperty(overlap.text, "address"), overlap.text.slice(-2500)).toBe(true);
    for (const name of ["first", "second"]) expect(namesResource(overlap.text, name)).toBe(true);
    expect(overlap.text).toContain("of this program");
  });

  it("a disk attached to a VM of another zone, by ids not known yet, needs the pack: it reports it as mandatory, naming all three", () => {
    expect(attachWithout.failed, attachWithout.text.slice(-2500)).toBe(false);
    expect(attachWith.failed, attachWith.text.slice(-2500)).toBe(true);
    expect(attachWith.text).toMatch(/\[mandatory\]\s+vmcloud-program-conflicts/);
    expect(attachWith.text).toContain(
      'DiskAttachment "attach": vmId: Disk "data" of this program is in availability zone ru.AZ-2 and Vm "app" of this program in ru.AZ-1',
    );
  });

  it("previews clean without the mistakes, and sent nothing but reads", () => {
    expect(clean.failed, clean.text.slice(-2500)).toBe(false);
    expect(clean.creates).toBe(6);
    expect(yamlMutating).toEqual([]);
  });
});
