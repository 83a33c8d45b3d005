// `vmcloud-import-terraform` over a Terraform estate made for real in the emulator through its
// REST API and written as each cloud.ru provider stores it (support/estate.ts): one state per
// resource kind of the official provider and per community kind (subnet, VMs with and without a
// floating IP, placement group, free-tier VM), each as a format-4 state and as
// `terraform show -json`; every id the tool writes is read back by that kind's own `read`, as
// `pulumi import` will. Then the whole estate, where a VM's boot disk, interface and attached
// disk and a group's rule are parts of the VM and the group; and a state real Terraform made,
// with other providers' resources and data sources, each left out by name with exit status 3.
// The command runs as users run it: the npm bin (file and standard input) and the plugin's
// `import-terraform` subcommand.
import { execFile, spawn } from "node:child_process";
import { mkdir, mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestEmulator, type TestEmulator } from "../support/emulator";
import { loadProvider } from "../provider/support/provider-harness";
import { addressOf, type Estate, type Instance, makeEstate } from "./support/estate";
import { format4, showJson } from "./support/states";

const repo = join(__dirname, "../..");
const BIN = join(repo, "dist/provider/terraform/cli.js");
const PLUGIN = join(repo, "plugin/pulumi-resource-vmcloud");
const MODULES: Record<string, string> = {
  Vm: "resources/vm",
  Disk: "resources/disk",
  DiskAttachment: "resources/disk-attachment",
  Subnet: "resources/subnet",
  SecurityGroup: "resources/security-group",
  SecurityGroupRule: "resources/security-group-rule",
  ExternalIp: "resources/external-ip",
  PlacementGroup: "resources/placement-group",
  NatGateway: "resources/nat-gateway",
  NetworkInterface: "resources/network-interface",
  Image: "resources/image",
  FreeTierVm: "resources/free-tier-vm",
};

interface Ran {
  code: number;
  stdout: string;
  stderr: string;
}

/** Runs `command args` with `stdin` on its standard input. */
function runCommand(command: string, args: string[], stdin?: string): Promise<Ran> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { stdio: ["pipe", "pipe", "pipe"] });
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (d: Buffer) => (stdout += d.toString()));
    child.stderr.on("data", (d: Buffer) => (stderr += d.toString()));
    child.on("error", reject);
    child.on("close", (code) => resolve({ code: code ?? -1, stdout, stderr }));
    child.stdin.end(stdin ?? "");
  });
}

const tool = (args: string[], stdin?: string) =>
  runCommand(process.execPath, [BIN, ...args], stdin);

interface Entry {
  type: string;
  name: string;
  id: string;
}
const entries = (ran: Ran) => (JSON.parse(ran.stdout) as { resources: Entry[] }).resources;

let emu: TestEmulator;
let estate: Estate;
let scratch: string;

beforeAll(async () => {
  emu = await startTestEmulator({ speed: 50 });
  scratch = await mkdtemp(join(tmpdir(), "vmcloud-tf-"));
  const started = Date.now();
  estate = await makeEstate(emu);
  console.log(`estate made through the REST API in ${Date.now() - started} ms`);
}, 120_000);

afterAll(async () => {
  await emu?.close();
  if (scratch) await rm(scratch, { recursive: true, force: true });
});

/** What one instance alone in a state becomes: kind, Pulumi name and id. */
const ALONE: Record<string, (ids: Record<string, string>) => [string, string, string]> = {
  "official subnet": (ids) => ["Subnet", "net-app-a", ids["subnet"]!],
  "official security_group": (ids) => ["SecurityGroup", "web", ids["sg"]!],
  "official security_group_rule": (ids) => [
    "SecurityGroupRule",
    "ssh",
    `${ids["sg"]}:${ids["sgRule"]}`,
  ],
  "official placement_group": (ids) => ["PlacementGroup", "spread", ids["pg"]!],
  "official vm": (ids) => ["Vm", "web", ids["vm"]!],
  "official disk": (ids) => ["Disk", "data", ids["data"]!],
  "official attach_disk": (ids) => ["DiskAttachment", "data", `${ids["data"]}:${ids["vm"]}`],
  "official interface": (ids) => ["NetworkInterface", "spare", ids["spare"]!],
  "official external_ip": (ids) => ["ExternalIp", "www", ids["fip"]!],
  "official nat_gateway": (ids) => ["NatGateway", "egress", ids["nat"]!],
  "official image": (ids) => ["Image", "golden", ids["image"]!],
  "community subnet": (ids) => ["Subnet", "app", ids["cSubnet"]!],
  "community placement_group": (ids) => ["PlacementGroup", "spread", ids["cPg"]!],
  "community vm": (ids) => ["Vm", "app-0", ids["cVm"]!],
  "community vm with a floating IP": (ids) => ["Vm", "app-1", ids["cVmFip"]!],
  "community free_tier_vm": (ids) => ["FreeTierVm", "sandbox", ids["ft"]!],
};

function aloneInstance(label: string): Instance {
  const role: Record<string, string> = {
    "official subnet": "subnet",
    "official security_group": "sg",
    "official security_group_rule": "sgRule",
    "official placement_group": "pg",
    "official vm": "vm",
    "official disk": "data",
    "official attach_disk": "attach",
    "official interface": "spare",
    "official external_ip": "fip",
    "official nat_gateway": "nat",
    "official image": "image",
    "community subnet": "subnet",
    "community placement_group": "pg",
    "community vm": "vm",
    "community vm with a floating IP": "vmFip",
    "community free_tier_vm": "ft",
  };
  const side = label.startsWith("official") ? estate.official : estate.community;
  return side[role[label]!]!;
}

describe("one state per resource kind", () => {
  it.each(Object.keys(ALONE))(
    "%s: both state forms give one entry whose id the kind's read takes",
    async (label) => {
      const instance = aloneInstance(label);
      const [kind, name, id] = ALONE[label]!(estate.ids);
      const file = join(scratch, `${label.replace(/\W+/g, "-")}.tfstate`);
      await writeFile(file, format4([instance]));
      const fromFile = await tool([file]);
      const fromShow = await tool(["-"], showJson([instance]));
      for (const ran of [fromFile, fromShow]) {
        expect(ran.code, ran.stderr).toBe(0);
        expect(entries(ran)).toEqual([{ type: `vmcloud:index:${kind}`, name, id }]);
        expect(ran.stderr).toContain(
          "1 Terraform instances: 1 to import, 0 parts of an imported object, 0 left out",
        );
      }
      // What `pulumi import` does with the entry: the kind's read, from the id alone.
      const provider = await loadProvider(MODULES[kind]!, emu);
      const read = await provider.read(id, {});
      expect(read.id ?? id).toBe(id);
      expect(read.props, `${kind} ${id} read nothing`).toBeDefined();
      expect(read.inputs, `${kind} ${id} read no inputs`).toBeDefined();
    },
    60_000,
  );
});

describe("the whole estate of both providers", () => {
  const all = () => [...Object.values(estate.official), ...Object.values(estate.community)];

  it("imports each whole object once, folds the parts into their whole, and says so", async () => {
    const file = join(scratch, "estate.tfstate");
    await writeFile(file, format4(all()));
    const ran = await tool([file, "--out", join(scratch, "import.json")]);
    expect(ran.code, ran.stderr).toBe(0);
    const written = JSON.parse(await readFile(join(scratch, "import.json"), "utf8")) as {
      resources: Entry[];
    };
    const { ids } = estate;
    // The two `spread` groups (official and community) get names from their own addresses.
    const groups = written.resources.filter((r) => r.type === "vmcloud:index:PlacementGroup");
    expect(groups.map((g) => g.name)).toEqual([
      expect.stringMatching(/^spread-[0-9a-f]{6}$/),
      expect.stringMatching(/^spread-[0-9a-f]{6}$/),
    ]);
    expect(new Set(groups.map((g) => g.name)).size).toBe(2);
    expect(groups.map((g) => g.id).sort()).toEqual([ids["pg"], ids["cPg"]].sort());
    expect(written.resources.slice(2)).toEqual([
      { type: "vmcloud:index:Subnet", name: "app", id: ids["cSubnet"] },
      { type: "vmcloud:index:Subnet", name: "net-app-a", id: ids["subnet"] },
      { type: "vmcloud:index:SecurityGroup", name: "web", id: ids["sg"] },
      {
        type: "vmcloud:index:SecurityGroupRule",
        name: "default_icmp",
        id: `${ids["defaultSg"]}:${ids["icmp"]}`,
      },
      { type: "vmcloud:index:Image", name: "golden", id: ids["image"] },
      { type: "vmcloud:index:Disk", name: "data", id: ids["data"] },
      { type: "vmcloud:index:Disk", name: "golden_src", id: ids["src"] },
      { type: "vmcloud:index:ExternalIp", name: "public", id: ids["cFip"] },
      { type: "vmcloud:index:ExternalIp", name: "www", id: ids["fip"] },
      { type: "vmcloud:index:NatGateway", name: "egress", id: ids["nat"] },
      { type: "vmcloud:index:NetworkInterface", name: "spare", id: ids["spare"] },
      { type: "vmcloud:index:Vm", name: "app-0", id: ids["cVm"] },
      { type: "vmcloud:index:Vm", name: "app-1", id: ids["cVmFip"] },
      { type: "vmcloud:index:Vm", name: "web", id: ids["vm"] },
      { type: "vmcloud:index:FreeTierVm", name: "sandbox", id: ids["ft"] },
    ]);
    const vm = "cloudru_evolution_compute_vm.web";
    expect(ran.stderr).toContain(
      `part of ${vm}: cloudru_evolution_compute_disk.boot: its boot disk`,
    );
    expect(ran.stderr).toContain(
      `part of ${vm}: cloudru_evolution_compute_attach_disk.data: one of its disks`,
    );
    expect(ran.stderr).toContain(
      `part of ${vm}: cloudru_evolution_compute_interface.web_eth0: one of its interfaces`,
    );
    expect(ran.stderr).toContain(
      "part of cloudru_evolution_compute_security_group.web: cloudru_evolution_compute_security_group_rule.ssh: one of its rules",
    );
    expect(ran.stderr).toContain(`not covered: ${vm}: cloud_init_userdata:`);
    expect(ran.stderr).toContain(
      "not covered: cloudru_evolution_compute_interface.spare: allowed_address_pairs:",
    );
    expect(ran.stderr).toMatch(
      /21 Terraform instances: 17 to import, 4 parts of an imported object, 0 left out/,
    );
    expect(ran.stderr).not.toContain("left out:");
  }, 60_000);
});
