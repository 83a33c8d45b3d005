// The provider plugin under the real engine with a YAML program, end to end against the
// emulator: a copy of examples/quickstart-yaml laid out as a user's project that installed the
// npm package, whose one `plugins.providers` line names the package's `plugin` folder, run with
// our `pulumi` and its YAML language host. One stack goes through the whole life, in order:
// `up` makes the subnet, the security group and the VM with its boot disk as declared; a new
// description and a password update the VM in place; `refresh` finds nothing; an unknown flavor
// fails preview naming the resource and property with nothing but reads sent; `pulumi import`
// of a VM made through the API generates the YAML code that describes it; an action resource
// runs once over two `up`s and again when its trigger changes; the policy pack denies SSH open
// to the world; `destroy` leaves only the emulator's fixtures; and the program without its
// `plugins` line previews with the plugin `pulumi plugin install … --file` put in the plugin
// cache. The token and the VM's password are random and are scanned for in everything the runs
// printed (verbose engine logs included), the errors, the stack export, the backend's files and
// the stack settings. Never skipped: if the engine or a language host cannot be built,
// `beforeAll` fails.
import { execFile } from "node:child_process";
import { existsSync } from "node:fs";
import { mkdtemp, readdir, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { delimiter, join } from "node:path";
import { promisify } from "node:util";
import { parse, parseDocument, type Document } from "yaml";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  isEncryptedSecret,
  randomPassword,
  randomSecret,
  SecretScan,
  VERBOSE_LOGS,
} from "../reliability/support/secrets";
import { makeApiVm } from "../support/api-vm";
import { startTestEmulator, type TestEmulator } from "../support/emulator";
import { type Engine, ENGINE_TIMEOUT_MS, prepareEngine, repo } from "./support/engine";
import {
  changes,
  type ExampleStack,
  failureText,
  openExampleStack,
  recorder,
  resourceIds,
  stateResource,
  stateResources,
  type StateResource,
  waitForResourceIds,
} from "./support/example-stack";
import { stockProject } from "./support/stock-project";

const OP_TIMEOUT = 180_000;
const EXAMPLE = join(repo, "examples/quickstart-yaml");
/** The `plugins.providers` path of a program that installed `@vmcloud/pulumi` from npm. */
const PLUGIN_PATH = "node_modules/@vmcloud/pulumi/plugin";
/** The policy pack of the installed package, as docs/policy.md runs it. */
const POLICY_PACK = "node_modules/@vmcloud/pulumi/policy";
const SSH_CIDR = "198.51.100.0/24";
const VM = "vmcloud:index:Vm";
const SUBNET = "vmcloud:index:Subnet";
const GROUP = "vmcloud:index:SecurityGroup";
/** The request that runs an EventReport. */
const PUSH_EVENTS = /^PUT \/v2\/[0-9a-f]{32}\/push\/events$/;

interface Logged {
  method: string;
  url: string;
  status: number;
}

interface VmBody {
  id: string;
  name: string;
  description: string;
  state: string;
  flavor: { name: string };
  image: { name: string };
  availability_zone: { name: string };
  disks: Array<{ primary: boolean; size: number; disk_type: { name: string } }>;
  interfaces: Array<{ subnet?: { id: string }; security_groups: Array<{ id: string }> }>;
}

/** The example's program as written, for the fields it declares. */
interface Program {
  config: Record<string, { default?: string }>;
  resources: Record<string, { type: string; properties: Record<string, unknown> }>;
}

let engine: Engine;
let emulator: TestEmulator;
let example: ExampleStack;
let scratch: string;
/** The copy's Pulumi.yaml. */
let programFile: string;
let declared: Program;
let fixtureIds: Record<string, string[]>;
const scan = new SecretScan();
let password: string;
let vmId: string;

beforeAll(async () => {
  engine = await prepareEngine("ours", { languages: true });
  emulator = await startTestEmulator({
    speed: 20,
    token: scan.secret("token", randomSecret("yaml-token-")),
  });
  password = scan.secret("VM password", randomPassword());
  fixtureIds = await resourceIds(emulator);

  // The example itself, copied into a project whose node_modules holds the package.
  scratch = await mkdtemp(join(tmpdir(), "vmcloud-plugin-yaml-"));
  const workDir = await stockProject(EXAMPLE, join(scratch, "project"));
  programFile = join(workDir, "Pulumi.yaml");
  declared = parse(await readFile(programFile, "utf8")) as Program;
  await editProgram((doc) => {
    const path = ["plugins", "providers", 0, "path"];
    // Inside the repository the example names the package's folder; a user names the installed one.
    expect(doc.getIn(path)).toBe("../../plugin");
    doc.setIn(path, PLUGIN_PATH);
  });
  expect(existsSync(join(workDir, PLUGIN_PATH, "pulumi-resource-vmcloud"))).toBe(true);
  example = await openExampleStack(engine, emulator, "quickstart-yaml", {
    workDir,
    config: { sshCidr: SSH_CIDR },
  });
  // The plugin can be found only through that line: it is not on PATH (nor in the plugin cache,
  // see the first test).
  for (const dir of example.env.PATH!.split(delimiter)) {
    expect(existsSync(join(dir, "pulumi-resource-vmcloud")), dir).toBe(false);
  }
}, ENGINE_TIMEOUT_MS);

afterAll(async () => {
  await example?.stack.destroy().catch(() => undefined);
  await example?.close();
  await emulator?.close();
  if (scratch) await rm(scratch, { recursive: true, force: true });
}, 180_000);

/** Changes the copy's program as a user edits theirs. */
async function editProgram(edit: (doc: Document) => void): Promise<void> {
  const doc = parseDocument(await readFile(programFile, "utf8"));
  edit(doc);
  await writeFile(programFile, doc.toString());
}

/** Runs an Automation API call; what it printed, or its error, goes to the secret scan. */
async function scanned<T extends { stdout: string; stderr: string }>(
  source: string,
  work: () => Promise<T>,
): Promise<T> {
  try {
    const result = await work();
    scan.add(`${source} stdout`, result.stdout);
    scan.add(`${source} stderr`, result.stderr);
    return result;
  } catch (error) {
    scan.addError(source, error);
    throw error;
  }
}

/** Runs the `pulumi` CLI in the project as a user would; rejects unless it exits 0. */
async function cli(source: string, args: string[]): Promise<string> {
  const run = promisify(execFile)(join(engine.bin, "pulumi"), [...args, "--non-interactive"], {
    cwd: example.workDir,
    env: { ...process.env, ...example.env },
  });
  return (await scanned(source, () => run)).stdout;
}

async function requests(): Promise<Logged[]> {
  return ((await emulator.call("GET", "/_emulator/requests")).body as { requests: Logged[] })
    .requests;
}

async function clearRequests(): Promise<void> {
  expect((await emulator.call("DELETE", "/_emulator/requests")).status).toBeLessThan(300);
}

const line = (r: Logged) => `${r.method} ${r.url.split("?")[0]}`;

/** The resource's steps of a recorder, as `op type name`, without the stack's. */
function stepsOf(seen: ReturnType<typeof recorder>): string[] {
  return seen.steps
    .filter((s) => s.type !== "pulumi:pulumi:Stack")
    .map((s) => `${s.op} ${s.type} ${s.urn.slice(s.urn.lastIndexOf("::") + 2)}`)
    .sort();
}

async function vmBody(id: string): Promise<VmBody> {
  const reply = await emulator.call("GET", `/api/v1/vms/${id}`);
  expect(reply.status, reply.text).toBe(200);
  return reply.body as VmBody;
}

describe("examples/quickstart-yaml through the provider plugin", () => {
  it(
    "comes up: the subnet, the security group and a running VM with its boot disk, as declared",
    async () => {
      const seen = recorder();
      const up = await scanned("up", () => example.stack.up({ onEvent: seen.onEvent }));
      expect(up.summary.resourceChanges).toEqual({ create: 4 });
      expect(stepsOf(seen)).toEqual([
        `create ${GROUP} ssh`,
        `create ${SUBNET} subnet`,
        `create ${VM} vm`,
      ]);
      scan.add("up diagnostics", seen.diagnostics.join("\n"));
      // The engine's provider of the package is the plugin, which it did not install.
      expect((await stateResources(example.stack)).map((r) => r.type)).toContain(
        "pulumi:providers:vmcloud",
      );
      const cache = join(example.env.PULUMI_HOME!, "plugins");
      const cached = existsSync(cache) ? await readdir(cache) : [];
      expect(cached.filter((name) => name.includes("vmcloud"))).toEqual([]);

      const { config, resources } = declared;
      const subnet = await stateResource(example.stack, SUBNET, "subnet");
      const group = await stateResource(example.stack, GROUP, "ssh");
      vmId = up.outputs["vmId"]?.value as string;
      expect(up.outputs["subnetId"]?.value).toBe(subnet.id);

      const subnetBody = (await emulator.call("GET", `/api/v1/subnets/${subnet.id}`)).body;
      expect(subnetBody).toMatchObject({
        name: resources["subnet"]!.properties["name"],
        subnet_address: resources["subnet"]!.properties["address"],
        availability_zone: { name: config["zone"]!.default },
      });
      const groupBody = (await emulator.call("GET", `/api/v1/security-groups/${group.id}`)).body;
      expect(groupBody).toMatchObject({
        name: resources["ssh"]!.properties["name"],
        description: resources["ssh"]!.properties["description"],
        availability_zone: { name: config["zone"]!.default },
      });
      const rules = await emulator.call("GET", `/api/v1/security-groups/${group.id}/rules`);
      const items = (rules.body as { items: Array<Record<string, string>> }).items;
      expect(
        items
          .map((r) =>
            ["direction", "ip_protocol", "port_range", "remote_ip_prefix"]
              .map((k) => r[k])
              .join(" "),
          )
          .sort(),
      ).toEqual(["egress any any 0.0.0.0/0", `ingress tcp 22:22 ${SSH_CIDR}`]);

      const vm = await vmBody(vmId);
      expect(vm).toMatchObject({
        name: resources["vm"]!.properties["name"],
        state: "running",
        flavor: { name: config["flavor"]!.default },
        image: { name: config["image"]!.default },
        availability_zone: { name: config["zone"]!.default },
      });
      const bootDisk = resources["vm"]!.properties["bootDisk"] as {
        size: number;
        diskType: string;
      };
      expect(vm.disks.filter((d) => d.primary)).toEqual([
        expect.objectContaining({
          size: bootDisk.size,
          disk_type: expect.objectContaining({ name: bootDisk.diskType }),
        }),
      ]);
      expect(vm.interfaces.map((i) => i.subnet?.id)).toEqual([subnet.id]);
      expect(vm.interfaces[0]!.security_groups.map((g) => g.id)).toEqual([group.id]);
    },
    OP_TIMEOUT,
  );

  it(
    "updates the VM in place for a new description and a password: same id, no replace",
    async () => {
      const description = "web server, described after the fact";
      await editProgram((doc) => {
        doc.setIn(["config", "vmPassword"], { type: "string", secret: true });
        doc.setIn(["resources", "vm", "properties", "description"], description);
        doc.setIn(["resources", "vm", "properties", "password"], "${vmPassword}");
      });
      await example.stack.setConfig("vmPassword", { value: password, secret: true });

      const planned = recorder();
      const preview = await scanned("preview of the change", () =>
        example.stack.preview({ onEvent: planned.onEvent, diff: true }),
      );
      expect(changes(preview.changeSummary)).toEqual({ update: 1 });
      expect(stepsOf(planned)).toEqual([`update ${VM} vm`]);
      // The detailed diff names both properties; the password shows as a secret.
      expect(preview.stdout).toMatch(/\+ description: "web server, described after the fact"/);
      expect(preview.stdout).toMatch(/\+ password\s*: \[secret\]/);

      await clearRequests();
      const seen = recorder();
      const up = await scanned("up of the change", () =>
        example.stack.up({ onEvent: seen.onEvent, ...VERBOSE_LOGS }),
      );
      expect(changes(up.summary.resourceChanges)).toEqual({ update: 1 });
      expect(stepsOf(seen)).toEqual([`update ${VM} vm`]);
      expect(up.outputs["vmId"]?.value).toBe(vmId);
      expect((await vmBody(vmId)).description).toBe(description);
      // Changed where it is: its description written and its password set; nothing made or deleted.
      const mutations = (await requests()).filter((r) => r.method !== "GET").map(line);
      expect(mutations.sort()).toEqual([
        `POST /api/v1/vms/${vmId}/set-password`,
        `PUT /api/v1/vms/${vmId}`,
      ]);
    },
    OP_TIMEOUT,
  );

  it(
    "refreshes with no change, and `preview --expect-no-changes` passes after it",
    async () => {
      const refresh = await scanned("refresh", () => example.stack.refresh(VERBOSE_LOGS));
      expect(changes(refresh.summary.resourceChanges)).toEqual({});
      expect(refresh.summary.resourceChanges).toEqual({ same: 4 });
      const preview = await scanned("preview after refresh", () =>
        example.stack.preview({ expectNoChanges: true }),
      );
      expect(preview.changeSummary).toEqual({ same: 4 });
    },
    OP_TIMEOUT,
  );

  it(
    "fails preview of an unknown flavor naming the resource and the property, sending only reads",
    async () => {
      await example.stack.setConfig("flavor", { value: "gen-2-5" });
      await clearRequests();
      try {
        const text = await failureText(
          scanned("preview of an unknown flavor", () => example.stack.preview()),
        );
        expect(text).toMatch(/vmcloud:index:Vm resource 'vm': property flavor value \{gen-2-5\}/);
        expect(text).toContain('"gen-2-5" is not a flavor offered in availability zone ru.AZ-1');
        expect((await requests()).filter((r) => r.method !== "GET").map(line)).toEqual([]);
      } finally {
        await example.stack.removeConfig("flavor");
      }
    },
    OP_TIMEOUT,
  );

  it(
    "imports a VM made outside the program with `pulumi import`, which generates its YAML code",
    async () => {
      const { id: legacyId } = await makeApiVm(emulator, {
        name: "legacy-app",
        zone: "ru.AZ-2",
        flavor: "burst-2-2",
        image: "debian-12",
        bootDisk: { size: 15, diskType: "HDD" },
      });

      await clearRequests();
      const out = join(scratch, "legacy.yaml");
      // Unprotected, so that `destroy` takes it along at the end.
      const stdout = await cli("pulumi import", [
        "import",
        VM,
        "legacy",
        legacyId,
        "--yes",
        "--protect=false",
        "--out",
        out,
        "--stack",
        example.stackName,
      ]);
      expect(stdout).toMatch(/= 1 imported/);
      expect((await requests()).filter((r) => r.method !== "GET").map(line)).toEqual([]);
      expect((await stateResource(example.stack, VM, "legacy")).id).toBe(legacyId);

      const code = await readFile(out, "utf8");
      scan.add("generated code", code);
      const generated = parse(code) as Program;
      expect(Object.keys(generated.resources)).toEqual(["legacy"]);
      const legacy = generated.resources["legacy"]!;
      // YAML's code generator writes `vmcloud:index:Vm` as its short form.
      expect(legacy.type).toBe("vmcloud:Vm");
      expect(legacy.properties).toMatchObject({
        name: "legacy-app",
        flavor: "burst-2-2",
        image: "debian-12",
        availabilityZone: "ru.AZ-2",
        bootDisk: { size: 15, diskType: "HDD", name: "legacy-app-boot" },
        interfaces: [{ subnet: "default-subnet-az2", securityGroups: ["default-az2"] }],
      });

      // The code, pasted into the program as the CLI says, describes the VM as it is.
      await editProgram((doc) => doc.setIn(["resources", "legacy"], legacy));
      const preview = await scanned("preview with the imported code", () =>
        example.stack.preview({ expectNoChanges: true }),
      );
      expect(preview.changeSummary).toEqual({ same: 5 });
    },
    OP_TIMEOUT,
  );

  it(
    "runs an action resource once over two `up`s, and again when its trigger changes",
    async () => {
      await editProgram((doc) => {
        doc.setIn(["config", "round"], { type: "string", default: "first" });
        doc.setIn(["resources", "report"], {
          type: "vmcloud:index:EventReport",
          properties: {
            events: [
              {
                name: "quickstart-deployed",
                severity: "Info",
                type: "event",
                resourceProvider: "vmcloud",
                resourceType: "vm",
                resourceId: "${vm.id}",
              },
            ],
            triggers: ["${round}"],
          },
        });
        doc.setIn(["outputs", "reportCount"], "${report.result.count}");
      });
      await clearRequests();
      const runs = async () => (await requests()).filter((r) => PUSH_EVENTS.test(line(r)));

      const seen = recorder();
      const first = await scanned("up with the action", () =>
        example.stack.up({ onEvent: seen.onEvent }),
      );
      expect(changes(first.summary.resourceChanges)).toEqual({ create: 2 });
      expect(stepsOf(seen)).toEqual([
        "create vmcloud:index:EventReport report",
        "create vmcloud:index:EventReportRun report",
      ]);
      expect(first.outputs["reportCount"]?.value).toBe(1);
      const second = await scanned("second up", () => example.stack.up());
      expect(changes(second.summary.resourceChanges)).toEqual({});
      expect(await runs()).toEqual([expect.objectContaining({ status: 204 })]);

      await example.stack.setConfig("round", { value: "second" });
      const again = recorder();
      const third = await scanned("up with a new trigger", () =>
        example.stack.up({ onEvent: again.onEvent }),
      );
      expect(changes(third.summary.resourceChanges)).toEqual({ replace: 1 });
      // Only the run is replaced: the component and its inputs stay.
      expect(stepsOf(again)).toEqual([
        "create-replacement vmcloud:index:EventReportRun report",
        "delete-replaced vmcloud:index:EventReportRun report",
        "replace vmcloud:index:EventReportRun report",
      ]);
      expect(await runs()).toHaveLength(2);
    },
    OP_TIMEOUT,
  );

  it(
    "is denied by the policy pack when SSH is open to 0.0.0.0/0, naming the policy and the group",
    async () => {
      // The VM imported above was made outside the program in the zone's default group, which
      // vmcloud-vm-security-group denies unless its config allows it: this team's does.
      const policyConfig = join(scratch, "policy-config.json");
      await writeFile(
        policyConfig,
        JSON.stringify({ "vmcloud-vm-security-group": { allowDefaultGroup: true } }),
      );
      const review = {
        policyPacks: [join(example.workDir, POLICY_PACK)],
        policyPackConfigs: [policyConfig],
      };
      await example.stack.setConfig("sshCidr", { value: "0.0.0.0/0" });
      try {
        const text = await failureText(
          scanned("preview --policy-pack (violation)", () => example.stack.preview(review)),
        );
        expect(text).toMatch(
          /\[mandatory\]\s+vmcloud-security-group-open-ingress\s+\(vmcloud:index:SecurityGroup: ssh\)/,
        );
        expect(text).toContain('SecurityGroup "ssh": rules[0] allows ingress from 0.0.0.0/0');
        // The cost policy prices the plugin's VMs and their boot disks like the SDK's.
        expect(text).toMatch(/cost: monthly total [\d,.]+ RUB for 4 priced item\(s\)/);
      } finally {
        await example.stack.setConfig("sshCidr", { value: SSH_CIDR });
      }
      // From one network only, the same program passes the pack.
      const clean = await scanned("preview --policy-pack (clean)", () =>
        example.stack.preview(review),
      );
      expect(clean.stdout).not.toContain("[mandatory]");
      expect(changes(clean.changeSummary)).toEqual({});
    },
    OP_TIMEOUT,
  );

  it(
    "keeps the token and the VM's password encrypted in the state (`pulumi stack export`)",
    async () => {
      const exported = await cli("pulumi stack export", [
        "stack",
        "export",
        "--stack",
        example.stackName,
      ]);
      const resources = (JSON.parse(exported) as { deployment: { resources: StateResource[] } })
        .deployment.resources;
      const provider = resources.find((r) => r.type === "pulumi:providers:vmcloud");
      expect(isEncryptedSecret(provider?.inputs?.["token"])).toBe(true);
      const vm = resources.find((r) => r.type === VM && r.urn.endsWith("::vm"));
      expect(isEncryptedSecret(vm?.inputs?.["password"])).toBe(true);
      expect(isEncryptedSecret(vm?.outputs?.["password"])).toBe(true);
    },
    OP_TIMEOUT,
  );

  it(
    "destroys everything: the emulator holds only its fixtures",
    async () => {
      const destroy = await scanned("destroy", () => example.stack.destroy(VERBOSE_LOGS));
      // The quickstart's three, the imported VM, and the action's component and run.
      expect(destroy.summary.resourceChanges).toEqual({ delete: 7 });
      expect(await waitForResourceIds(emulator, fixtureIds)).toEqual(fixtureIds);
    },
    OP_TIMEOUT,
  );

  it(
    "finds the plugin installed with `pulumi plugin install resource vmcloud <version> --file`",
    async () => {
      const { version } = JSON.parse(await readFile(join(repo, "package.json"), "utf8")) as {
        version: string;
      };
      const folder = join(example.workDir, PLUGIN_PATH);
      await cli("pulumi plugin install", [
        "plugin",
        "install",
        "resource",
        "vmcloud",
        version,
        "--file",
        folder,
      ]);
      const cache = join(example.env.PULUMI_HOME!, "plugins");
      expect((await readdir(cache)).filter((name) => name.includes("vmcloud"))).toContain(
        `resource-vmcloud-v${version}`,
      );
      // The program without its `plugins` line: the engine takes the plugin from the cache.
      await editProgram((doc) => doc.delete("plugins"));
      await clearRequests();
      const seen = recorder();
      const preview = await scanned("preview with the installed plugin", () =>
        example.stack.preview({ onEvent: seen.onEvent }),
      );
      expect(stepsOf(seen)).toEqual(
        expect.arrayContaining([
          `create ${GROUP} ssh`,
          `create ${SUBNET} subnet`,
          `create ${VM} vm`,
        ]),
      );
      expect(changes(preview.changeSummary)).toEqual({ create: seen.steps.length });
      expect((await requests()).filter((r) => r.method !== "GET").map(line)).toEqual([]);
    },
    OP_TIMEOUT,
  );

  it("shows the token and the password nowhere in plain text", async () => {
    const files = scan.addTree("backend", example.backendDir);
    expect(files).toBeGreaterThan(3);
    scan.add("stack settings file", await readFile(example.settingsFile, "utf8"));
    scan.add("program", await readFile(programFile, "utf8"));
    const { texts, bytes } = scan.size();
    console.log(`secrets: scanned ${texts} texts, ${(bytes / 1024).toFixed(0)} KiB`);
    expect(texts).toBeGreaterThan(25);
    for (const hit of scan.contexts()) {
      console.log(`LEAK ${hit.secret} in ${hit.source}: …${hit.around}…`);
    }
    expect(scan.hits()).toEqual([]);
  });
});
