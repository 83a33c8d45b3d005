// Preview tells the truth (issue 13), under the real Pulumi engine against the emulator: a table
// of realistic mistakes, each a small program, across every resource kind and the actions.
// `pulumi preview` of each must fail, naming the resource and the property (or the function and
// the argument), and nothing may change in the emulator: its request log must show no request
// but reads for the whole run. The examples must preview clean. Prints "N of M mistakes caught
// at preview". Previews run a few at a time, each on its own stack, so the suite stays bounded.
// Never skipped: if the engine cannot be built, `beforeAll` fails.
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { OperationsFixtures } from "../../emulator/operations/fixtures";
import { startTestEmulator, type TestEmulator } from "../support/emulator";
import { makeApiVm } from "../support/api-vm";
import { ENGINE_TIMEOUT_MS, prepareEngine, repo, type Engine } from "./support/engine";
import type { Step } from "./support/config-program";
import { changes, type ExampleStack, openExampleStack } from "./support/example-stack";
import { namesResourceAndProperty } from "./support/preview-failure";
import { onStacks, pooled } from "./support/pooled";

/** At most this many previews at once: each is a CLI, a language host and a provider host. */
const CONCURRENCY = 3;
/** How long all previews together may take. */
const PREVIEWS_TIMEOUT_MS = 30 * 60_000;
const WORK_DIR = join(repo, "tests/e2e/fixtures/preview-mistakes");
const NO_SUCH_ID = "5f0c7b1e-2d3a-4b5c-8d6e-7f8091a2b3c4";
const NO_SUCH_OPS_ID = "0123456789abcdef0123456789abcdef";
/** The action classes and functions of the table: their checks are the actions' own. */
const ACTION_KINDS = new Set([
  "IndexSnapshotRestore",
  "restoreIndexSnapshot",
  "BackupRestore",
  "NodeMigration",
  "EventReport",
]);
/** The password of a VM whose image has no guest agent: the SDK makes it a secret. */
const AGENTLESS_PASSWORD = "N0-agent-Here!";

/** One realistic mistake: its program, and the resource and property preview must name. */
interface Mistake {
  what: string;
  /** The program, given the objects other programs made (known only once they exist). */
  program: Step[] | ((x: Existing, ops: OperationsFixtures) => Step[]);
  /** The logical name of the resource at fault (or the function's name). */
  resource: string;
  /** The property (or argument) at fault, as the program spells it. */
  property: string;
}

/** Ids of objects made through the API before the previews (other programs' objects). */
interface Existing {
  nearVm: string;
  nearVm2: string;
  nearVmBootDisk: string;
  farVm: string;
  dataDisk: string;
  groupAz1: string;
  groupAz2: string;
}

const vmArgs = (extra: Record<string, unknown> = {}) => ({
  name: "pm-app",
  flavor: "gen-2-4",
  image: "ubuntu-22.04",
  bootDisk: { size: 10 },
  ...extra,
});

/** One resource of `kind` named `name` with `args`, alone in its program. */
const one = (kind: string, name: string, args: Record<string, unknown>): Step[] => [
  { kind, name, args },
];

/** The id of the search cluster `name` of the operations fixtures. */
const cluster = (ops: OperationsFixtures, name: string) =>
  ops.searchClusters.find((c) => c.name === name)!.id;

function mistakes(): Mistake[] {
  const vm = (what: string, property: string, extra: Record<string, unknown>): Mistake => ({
    what,
    program: one("Vm", "app", vmArgs(extra)),
    resource: "app",
    property,
  });
  return [
    vm("a flavor the zone does not offer", "flavor", { flavor: "gen-2-5" }),
    vm("the free-tier flavor on a paid VM", "flavor", { flavor: "free-tier-1-1" }),
    vm("an image that does not exist", "image", { image: "ubuntu-20.04" }),
    vm("an availability zone that does not exist", "availabilityZone", {
      availabilityZone: "ru.AZ-9",
    }),
    vm("a boot disk below the image's minimum", "bootDisk.size", {
      image: "windows-2022",
      imageMetadata: { user_name: "ops" },
      bootDisk: { size: 20 },
    }),
    vm("a boot disk type the zone does not offer", "bootDisk.diskType", {
      bootDisk: { size: 10, diskType: "NVMe" },
    }),
    vm("a data disk larger than the service allows", "disks[0].size", {
      disks: [{ name: "pm-big", size: 20000, diskType: "HDD" }],
    }),
    vm("a subnet named that the zone does not have", "interfaces[0].subnet", {
      interfaces: [{ subnet: "backend" }],
    }),
    vm("a security group named that the zone does not have", "interfaces[0].securityGroups[0]", {
      interfaces: [{ securityGroups: ["web"] }],
    }),
    vm("a fixed address outside its subnet", "interfaces[0].ipAddress", {
      interfaces: [{ subnet: "default-subnet-az1", ipAddress: "10.5.0.10" }],
    }),
    vm("a password for an image with no guest agent", "password", {
      image: "debian-12",
      password: AGENTLESS_PASSWORD,
    }),
    vm("cloud-init for an image that takes none", "cloudInit", {
      image: "windows-2022",
      imageMetadata: { user_name: "ops" },
      bootDisk: { size: 50 },
      cloudInit: "#cloud-config\n",
    }),
    vm("a metadata field the image does not have", "imageMetadata.username", {
      imageMetadata: { username: "ops" },
    }),
    vm("a placement group that does not exist", "placementGroup", {
      placementGroup: "spread-az9",
    }),
    vm("a misspelt property", "flavour", { flavour: "gen-2-4" }),
    {
      what: "a free-tier VM from an image outside the free tier",
      program: one("FreeTierVm", "free", { name: "pm-free", image: "windows-2022" }),
      resource: "free",
      property: "image",
    },
    {
      what: "a free-tier VM in a zone without the free tier",
      program: one("FreeTierVm", "free", {
        name: "pm-free",
        image: "ubuntu-22.04",
        availabilityZone: "ru.AZ-2",
      }),
      resource: "free",
      property: "availabilityZone",
    },
    {
      what: "a disk type that does not exist",
      program: one("Disk", "data", { name: "pm-data-2", size: 10, diskType: "NVMe" }),
      resource: "data",
      property: "diskType",
    },
    {
      what: "a free-tier disk type on a paid disk",
      program: one("Disk", "data", { name: "pm-data-2", size: 10, diskType: "free-tier-HDD" }),
      resource: "data",
      property: "diskType",
    },
    {
      what: "a disk larger than its type allows",
      program: one("Disk", "data", { name: "pm-data-2", size: 20000, diskType: "SSD" }),
      resource: "data",
      property: "size",
    },
    {
      what: "a disk in a zone that does not exist",
      program: one("Disk", "data", { name: "pm-data-2", size: 10, availabilityZone: "ru-AZ-1" }),
      resource: "data",
      property: "availabilityZone",
    },
    {
      what: "a subnet range another subnet of the network holds",
      program: one("Subnet", "net", { name: "pm-net", address: "10.1.0.128/25" }),
      resource: "net",
      property: "address",
    },
    {
      what: "a public subnet range",
      program: one("Subnet", "net", { name: "pm-net", address: "8.8.8.0/24" }),
      resource: "net",
      property: "address",
    },
    {
      what: "a subnet name its zone already has",
      program: one("Subnet", "net", { name: "default-subnet-az1", address: "10.90.0.0/24" }),
      resource: "net",
      property: "name",
    },
    {
      what: "a second default subnet in a zone",
      program: one("Subnet", "net", { name: "pm-net", address: "10.91.0.0/24", isDefault: true }),
      resource: "net",
      property: "isDefault",
    },
    {
      what: "a gateway outside the subnet",
      program: one("Subnet", "net", {
        name: "pm-net",
        address: "10.92.0.0/24",
        defaultGateway: "10.93.0.1",
      }),
      resource: "net",
      property: "defaultGateway",
    },
    {
      what: "a security group in a zone that does not exist",
      program: one("SecurityGroup", "sg", { name: "pm-sg", availabilityZone: "ru.AZ-4" }),
      resource: "sg",
      property: "availabilityZone",
    },
    {
      what: "an inline rule whose remote group does not exist",
      program: one("SecurityGroup", "sg", {
        name: "pm-sg",
        rules: [{ direction: "ingress", protocol: "tcp", remoteSecurityGroupId: NO_SUCH_ID }],
      }),
      resource: "sg",
      property: "rules[0].remoteSecurityGroupId",
    },
    {
      what: "ports on an ICMP rule",
      program: one("SecurityGroup", "sg", {
        name: "pm-sg",
        rules: [{ direction: "ingress", protocol: "icmp", portRange: "22:22" }],
      }),
      resource: "sg",
      property: "rules[0].portRange",
    },
    {
      what: "a rule's remote CIDR with host bits set (a Subnet refuses them too)",
      program: (x) =>
        one("SecurityGroupRule", "rule", {
          securityGroupId: x.groupAz1,
          direction: "ingress",
          protocol: "tcp",
          portRange: "22:22",
          remoteIpPrefix: "203.0.113.5/24",
        }),
      resource: "rule",
      property: "remoteIpPrefix",
    },
    {
      what: "a rule of a security group that does not exist",
      program: one("SecurityGroupRule", "rule", {
        securityGroupId: NO_SUCH_ID,
        direction: "ingress",
        protocol: "tcp",
        portRange: "443:443",
      }),
      resource: "rule",
      property: "securityGroupId",
    },
    {
      what: "a rule whose remote group is in another zone",
      program: (x) =>
        one("SecurityGroupRule", "rule", {
          securityGroupId: x.groupAz1,
          direction: "ingress",
          protocol: "tcp",
          remoteSecurityGroupId: x.groupAz2,
        }),
      resource: "rule",
      property: "remoteSecurityGroupId",
    },
    {
      what: "an attachment of a disk that does not exist",
      program: (x) => one("DiskAttachment", "attach", { diskId: NO_SUCH_ID, vmId: x.nearVm }),
      resource: "attach",
      property: "diskId",
    },
    {
      what: "an attachment to a VM of another zone",
      program: (x) => one("DiskAttachment", "attach", { diskId: x.dataDisk, vmId: x.farVm }),
      resource: "attach",
      property: "vmId",
    },
    {
      what: "an attachment of a disk another VM uses",
      program: (x) =>
        one("DiskAttachment", "attach", { diskId: x.nearVmBootDisk, vmId: x.nearVm2 }),
      resource: "attach",
      property: "diskId",
    },
    {
      what: "an index restore into a cluster that does not exist",
      program: (_x, ops) =>
        one("IndexSnapshotRestore", "restore", {
          clusterId: ops.snapshots[0]!.clusterId,
          snapshotId: ops.snapshots[0]!.id,
          targetClusterId: NO_SUCH_OPS_ID,
          projectId: ops.projectId,
        }),
      resource: "restore",
      property: "targetClusterId",
    },
    {
      what: "an index restore function naming a cluster that does not exist",
      program: (_x, ops) =>
        one("restoreIndexSnapshot", "restoreNow", {
          clusterId: NO_SUCH_OPS_ID,
          snapshotId: ops.snapshots[0]!.id,
          targetClusterId: cluster(ops, "css-analytics"),
          projectId: ops.projectId,
        }),
      resource: "restoreIndexSnapshot",
      property: "clusterId",
    },
    {
      what: "a VM backup restored without disk mappings",
      program: (x, ops) =>
        one("BackupRestore", "restore", {
          backupId: ops.backups.find((b) => b.kind === "vm")!.id,
          serverId: x.nearVm,
          projectId: ops.projectId,
        }),
      resource: "restore",
      property: "mappings",
    },
    {
      what: "a node migration with a weak password",
      program: (_x, ops) =>
        one("NodeMigration", "migrate", {
          clusterId: ops.containerClusters[0]!.id,
          targetClusterId: ops.containerClusters[1]!.id,
          nodeIds: [ops.nodes[0]!.uid],
          os: ops.supportedOs[0]!,
          password: "short",
          projectId: ops.projectId,
        }),
      resource: "migrate",
      property: "password",
    },
    {
      what: "an event report with no events",
      program: (_x, ops) => one("EventReport", "report", { events: [], projectId: ops.projectId }),
      resource: "report",
      property: "events",
    },
  ];
}

/** What one preview did. */
interface Outcome {
  failed: boolean;
  text: string;
  ms: number;
}

let engine: Engine;
let emulator: TestEmulator;
const opened: ExampleStack[] = [];
const TABLE = mistakes();
let programs: Step[][] = [];
let outcomes: Outcome[] = [];
let examples: Array<{ name: string; outcome: Outcome; creates: number }> = [];
let mutating: string[] = [];
let wallMs = 0;

/** Makes a VM through the API, as another program would; its id and its boot disk's id. */
async function apiVm(name: string, zone: string): Promise<{ id: string; bootDisk: string }> {
  const made = await makeApiVm(emulator, {
    name,
    zone,
    flavor: "gen-2-4",
    image: "ubuntu-22.04",
    bootDisk: { size: 10, diskType: "SSD" },
  });
  return { id: made.id, bootDisk: made.bootDisk };
}

/** The objects other programs made, which the mistakes refer to. */
async function existing(): Promise<Existing> {
  const { vm } = emulator.fixtures;
  const [near, near2, far] = await Promise.all([
    apiVm("pm-near", "ru.AZ-1"),
    apiVm("pm-near-2", "ru.AZ-1"),
    apiVm("pm-far", "ru.AZ-2"),
  ]);
  const disk = await emulator.call("POST", "/api/v1/disks", {
    body: {
      project_id: vm.projectId,
      availability_zone_id: vm.zones.find((z) => z.name === "ru.AZ-1")!.id,
      name: "pm-data",
      size: 10,
      disk_type_id: vm.diskTypes.find((t) => t.name === "SSD")!.id,
    },
  });
  expect(disk.status, disk.text).toBe(201);
  const group = (suffix: string) =>
    vm.defaultSecurityGroups.find((g) => g.name.endsWith(suffix))!.id;
  return {
    nearVm: near.id,
    nearVm2: near2.id,
    nearVmBootDisk: near.bootDisk,
    farVm: far.id,
    dataDisk: (disk.body as { id: string }).id,
    groupAz1: group("az1"),
    groupAz2: group("az2"),
  };
}

/** Previews `stack`; whether it failed, and what the CLI said. */
async function preview(stack: ExampleStack): Promise<Outcome & { creates: number }> {
  const started = Date.now();
  try {
    const result = await stack.stack.preview();
    const creates = changes(result.changeSummary).create ?? 0;
    return { failed: false, text: result.stdout, ms: Date.now() - started, creates };
  } catch (error) {
    return { failed: true, text: String(error), ms: Date.now() - started, creates: 0 };
  }
}

beforeAll(async () => {
  engine = await prepareEngine();
  emulator = await startTestEmulator({ speed: 20 });
}, ENGINE_TIMEOUT_MS);

// 43 previews, 3 at a time: about 3 minutes of CPU in all; on a machine shared with much other
// work it took 14 minutes, hence the generous limit.
beforeAll(async () => {
  const x = await existing();
  const ops = emulator.fixtures["operations"] as OperationsFixtures;
  programs = TABLE.map((m) => (typeof m.program === "function" ? m.program(x, ops) : m.program));
  // From here on, nothing may change in the emulator: previews only read.
  expect((await emulator.call("DELETE", "/_emulator/requests")).status).toBeLessThan(300);
  const started = Date.now();
  // One stack per worker, reused: a new program is only new config.
  const stacks: ExampleStack[] = [];
  for (let i = 0; i < CONCURRENCY; i++) {
    const stack = await openExampleStack(engine, emulator, "preview-mistakes", {
      workDir: WORK_DIR,
      config: { program: "[]" },
    });
    opened.push(stack);
    stacks.push(stack);
  }
  outcomes = await onStacks(stacks, programs, async (stack, program) => {
    await stack.stack.setConfig("program", { value: JSON.stringify(program) });
    return preview(stack);
  });
  const exampleConfigs: Array<{
    name: string;
    config?: Record<string, string>;
    secrets?: Record<string, string>;
  }> = [
    { name: "quickstart", config: { sshCidr: "198.51.100.0/24" } },
    { name: "full-stack", secrets: { dbPassword: "S3cure-Passw0rd!" } },
    { name: "operations", secrets: { nodePassword: "Migrate-2026!" } },
  ];
  examples = await pooled(exampleConfigs, CONCURRENCY, async (example) => {
    const stack = await openExampleStack(engine, emulator, example.name, {
      ...(example.config === undefined ? {} : { config: example.config }),
      ...(example.secrets === undefined ? {} : { secrets: example.secrets }),
    });
    opened.push(stack);
    const outcome = await preview(stack);
    return { name: example.name, outcome, creates: outcome.creates };
  });
  wallMs = Date.now() - started;
  const log = await emulator.call("GET", "/_emulator/requests");
  mutating = (log.body as { requests: Array<{ method: string; url: string }> }).requests
    .filter((r) => r.method !== "GET")
    .map((r) => `${r.method} ${r.url}`);
}, PREVIEWS_TIMEOUT_MS);

afterAll(async () => {
  for (const stack of opened) await stack.close();
  await emulator?.close();
}, 300_000);

/** True when the preview's text names the resource (or function) and the property at fault. */
function names(text: string, mistake: Mistake): boolean {
  return namesResourceAndProperty(text, mistake.resource, mistake.property);
}

describe("mistakes at preview", () => {
  it("covers every resource kind and the actions with at least 25 realistic mistakes", () => {
    expect(TABLE.length).toBeGreaterThanOrEqual(25);
    const kinds = new Set(programs.flat().map((step) => step.kind));
    for (const kind of [
      "Vm",
      "FreeTierVm",
      "Disk",
      "DiskAttachment",
      "Subnet",
      "SecurityGroup",
      "SecurityGroupRule",
      "IndexSnapshotRestore",
      "BackupRestore",
      "NodeMigration",
      "EventReport",
    ]) {
      expect(kinds, kind).toContain(kind);
    }
  });

  it("prints how many were caught and how long the previews took", () => {
    const caught = TABLE.filter((m, i) => outcomes[i]!.failed && names(outcomes[i]!.text, m));
    const slowest = Math.max(...outcomes.map((o) => o.ms));
    console.log(
      `${caught.length} of ${TABLE.length} mistakes caught at preview ` +
        `(${CONCURRENCY} at a time, ${Math.round(wallMs / 1000)} s in all with ${examples.length} examples, slowest preview ${Math.round(slowest / 1000)} s)`,
    );
    expect(caught.length).toBe(TABLE.length);
  });

  it.each(TABLE.map((mistake, i) => [mistake.what, i] as const))(
    "%s: preview fails naming the resource and property",
    (_what, i) => {
      const mistake = TABLE[i]!;
      const outcome = outcomes[i]!;
      expect(outcome.failed, `${mistake.what}: preview passed`).toBe(true);
      expect(names(outcome.text, mistake), `${mistake.what}: ${outcome.text.slice(-2000)}`).toBe(
        true,
      );
    },
  );

  it("prints no value the engine cannot find (`value {<nil>}`), and no secret given", () => {
    // The engine prints a failure's value from its property, read as one top-level input:
    // failures of nested inputs (`interfaces[0].subnet`), of inputs left out and of secret
    // ones (`password`) name their path in the reason instead, for the resources and the
    // action resources alike.
    const actionMistakes = TABLE.filter((_mistake, i) =>
      programs[i]!.some((step) => ACTION_KINDS.has(step.kind)),
    );
    expect(actionMistakes.length).toBeGreaterThanOrEqual(4);
    for (const [i, mistake] of TABLE.entries()) {
      expect(outcomes[i]!.text, mistake.what).not.toContain("{<nil>}");
    }
    const password = TABLE.findIndex((m) => m.resource === "app" && m.property === "password");
    expect(outcomes[password]!.text).toMatch(/has a problem: password: image debian-12/);
    expect(outcomes[password]!.text).not.toContain(AGENTLESS_PASSWORD);
  });

  it("sent nothing but reads to the emulator during every preview", () => {
    expect(mutating).toEqual([]);
  });
});

describe("the examples", () => {
  it("preview clean: every resource a create, nothing failed", () => {
    for (const { name, outcome, creates } of examples) {
      expect(outcome.failed, `${name}: ${outcome.text.slice(-2000)}`).toBe(false);
      expect(creates, name).toBeGreaterThan(0);
    }
  });
});
