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
import { type Estate, type Instance, makeEstate } from "./support/estate";
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
  inputs?: Record<string, unknown>;
}
const NO_SOURCE_DISK = "00000000-0000-0000-0000-000000000000";
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
        expect(entries(ran)).toEqual([
          {
            type: `vmcloud:index:${kind}`,
            name,
            id,
            // What an image's read cannot return: the disk it was copied from (none here).
            ...(kind === "Image" ? { inputs: { diskId: NO_SOURCE_DISK } } : {}),
          },
        ]);
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

describe("reads that take what Terraform stored", () => {
  it("reads a rule by the bare rule UUID Terraform keeps, and records the rule's own id", async () => {
    const provider = await loadProvider("resources/security-group-rule", emu);
    for (const [group, rule] of [
      [estate.ids["sg"]!, estate.ids["sgRule"]!],
      [estate.ids["defaultSg"]!, estate.ids["icmp"]!],
    ]) {
      const read = await provider.read(rule!, {});
      expect(read.id).toBe(`${group}:${rule}`);
      expect(read.props).toMatchObject({ ruleId: rule, securityGroupId: group });
      expect(read.inputs).toMatchObject({ securityGroupId: group, direction: "ingress" });
    }
    // A UUID no group has is gone (refresh drops it), not an error.
    expect(await provider.read("0c4a5d2e-8b1f-4e7a-9c3d-6f5e4d3c2b1a", {})).toEqual({});
  });
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
      {
        type: "vmcloud:index:Image",
        name: "golden",
        id: ids["image"],
        inputs: { diskId: NO_SOURCE_DISK },
      },
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
      `not covered: cloudru_evolution_compute_image.golden: (diskId): vmcloud's Image records the boot disk it was copied from`,
    );
    expect(ran.stderr).toContain(
      "not covered: cloudru_evolution_compute_interface.spare: allowed_address_pairs:",
    );
    expect(ran.stderr).toMatch(
      /21 Terraform instances: 17 to import, 4 parts of an imported object, 0 left out/,
    );
    expect(ran.stderr).not.toContain("left out:");
    expect(ran.stderr).toContain(
      "mapping written for cloud.ru/cloudru/cloud 2.1.1 and registry.terraform.io/ekvii/cloudru-community 0.3.0",
    );
  }, 60_000);

  it("never writes a password the state holds (the community VM's image.password)", async () => {
    const password = "Tf-Secret-9f3a71c2!";
    const vm = estate.community["vm"]!;
    const withPassword: Instance = {
      ...vm,
      attributes: {
        ...vm.attributes,
        image: { ...(vm.attributes["image"] as object), password },
      },
    };
    for (const text of [format4([withPassword]), showJson([withPassword])]) {
      const ran = await tool([], text);
      expect(ran.code, ran.stderr).toBe(0);
      expect(ran.stdout + ran.stderr).not.toContain(password);
      expect(ran.stderr).toContain("not covered: cloudru-community_vm.app[0]: image: ");
    }
  });
});

describe("names from addresses", () => {
  it("joins module path, block name and keys; stable; unique per type by a hash of the address", async () => {
    const { readableName, pulumiNames } = (await import(
      join(repo, "dist/provider/terraform/names.js")
    )) as typeof import("../../provider/terraform/names");
    const subnet = "cloudru_evolution_compute_subnet";
    expect(
      readableName({ address: `module.net.${subnet}.app["a"]`, type: subnet, name: "app" }),
    ).toBe("net-app-a");
    expect(
      readableName({
        address: `module.edge["eu west"].module.db.data.${subnet}.data[3]`,
        type: subnet,
        name: "data",
      }),
    ).toBe("edge-eu-west-db-data-3");
    const entries = [
      {
        address: "cloudru_evolution_compute_vm.web",
        tfType: "cloudru_evolution_compute_vm",
        tfName: "web",
        vmcloudType: "Vm",
      },
      {
        address: "cloudru-community_vm.web",
        tfType: "cloudru-community_vm",
        tfName: "web",
        vmcloudType: "Vm",
      },
      {
        address: "cloudru_evolution_compute_disk.web",
        tfType: "cloudru_evolution_compute_disk",
        tfName: "web",
        vmcloudType: "Disk",
      },
    ];
    const names = pulumiNames(entries);
    expect(names.get("cloudru_evolution_compute_disk.web")).toBe("web");
    const vmNames = [names.get(entries[0]!.address), names.get(entries[1]!.address)];
    expect(vmNames).toEqual([
      expect.stringMatching(/^web-[0-9a-f]{6}$/),
      expect.stringMatching(/^web-[0-9a-f]{6}$/),
    ]);
    expect(vmNames[0]).not.toBe(vmNames[1]);
    // The same state in another order gives the same names.
    expect(pulumiNames([...entries].reverse())).toEqual(names);
  });
});

describe("a state with other providers' resources and data sources", () => {
  let realDir: string;
  let realState: Record<string, unknown>;
  let realShow: string;

  beforeAll(async () => {
    // Real Terraform (on PATH) makes a real state: the built-in provider's resources, in a module
    // with for_each, and a data source. It needs no provider download.
    realDir = join(scratch, "real");
    await mkdir(join(realDir, "net"), { recursive: true });
    await writeFile(
      join(realDir, "shared.tfstate"),
      JSON.stringify({
        version: 4,
        terraform_version: "1.11.4",
        serial: 1,
        lineage: "x",
        outputs: {},
        resources: [],
      }),
    );
    await writeFile(
      join(realDir, "main.tf"),
      [
        'resource "terraform_data" "marker" {',
        '  input = "kept"',
        "}",
        'module "net" {',
        '  source = "./net"',
        "}",
        'data "terraform_remote_state" "shared" {',
        '  backend = "local"',
        '  config = { path = "shared.tfstate" }',
        "}",
      ].join("\n"),
    );
    await writeFile(
      join(realDir, "net/main.tf"),
      'resource "terraform_data" "each" {\n  for_each = toset(["a", "b"])\n  input    = each.key\n}\n',
    );
    const env = { ...process.env, TF_IN_AUTOMATION: "1", CHECKPOINT_DISABLE: "1" };
    const tf = (...args: string[]) =>
      promisify(execFile)("terraform", args, { cwd: realDir, env, maxBuffer: 16 << 20 });
    const started = Date.now();
    await tf("init", "-input=false", "-no-color");
    await tf("apply", "-auto-approve", "-input=false", "-no-color");
    realShow = (await tf("show", "-json", "-no-color")).stdout;
    realState = JSON.parse(await readFile(join(realDir, "terraform.tfstate"), "utf8")) as Record<
      string,
      unknown
    >;
    console.log(`terraform init, apply and show -json in ${Date.now() - started} ms`);
  }, 120_000);

  const realLeftOut = [
    "terraform_data.marker",
    'module.net.terraform_data.each["a"]',
    'module.net.terraform_data.each["b"]',
    "data.terraform_remote_state.shared",
  ];

  it("leaves out each of a real `terraform show -json` by name, and exits 3", async () => {
    const ran = await tool([], realShow);
    expect(ran.code, ran.stderr).toBe(3);
    expect(entries(ran)).toEqual([]);
    for (const address of realLeftOut) {
      expect(ran.stderr).toContain(`left out: ${address}: `);
    }
    expect(ran.stderr).toContain(
      "left out: terraform_data.marker: a resource of another provider (terraform.io/builtin/terraform)",
    );
    expect(ran.stderr).toContain("left out: data.terraform_remote_state.shared: a data source");
  });

  it("brings over the cloud.ru estate beside them, the same as alone, and lists the rest by name", async () => {
    const estateOnly = [...Object.values(estate.official), ...Object.values(estate.community)];
    const others: Instance[] = [
      {
        module: [],
        mode: "data",
        type: "cloudru_evolution_compute_flavor_collection",
        name: "all",
        provider: "cloud.ru/cloudru/cloud",
        attributes: { id: "x", flavors: [] },
      },
      {
        module: [],
        mode: "managed",
        type: "aws_instance",
        name: "legacy",
        provider: "registry.terraform.io/hashicorp/aws",
        attributes: { id: "i-0abc" },
      },
      {
        module: ["dns"],
        mode: "managed",
        type: "cloudru-community_vpc",
        name: "main",
        provider: "registry.terraform.io/ekvii/cloudru-community",
        attributes: { id: "5b8b6d6e-0c0e-4d5e-8f7a-1d2c3b4a5f60", name: "main" },
      },
      {
        module: ["dns"],
        mode: "managed",
        type: "cloudru-community_dns_server",
        name: "ns",
        provider: "registry.terraform.io/ekvii/cloudru-community",
        attributes: { id: "6c9c7e7f-1d1f-4e6f-9a8b-2e3d4c5b6a71" },
      },
      {
        module: [],
        mode: "managed",
        type: "cloudru_evolution_kafka_cluster",
        name: "events",
        provider: "cloud.ru/cloudru/cloud",
        attributes: { id: "7d0d8f80-2e20-4f70-ab9c-3f4e5d6c7b82" },
      },
    ];
    // Into the real state, as Terraform lays out a format-4 state's resources.
    const extra = JSON.parse(format4([...estateOnly, ...others])) as { resources: unknown[] };
    const mixed = {
      ...realState,
      resources: [...(realState["resources"] as unknown[]), ...extra.resources],
    };
    await emu.call("DELETE", "/_emulator/requests");
    const alone = await tool([], format4(estateOnly));
    const ran = await tool([], JSON.stringify(mixed));
    expect(alone.code, alone.stderr).toBe(0);
    expect(ran.code, ran.stderr).toBe(3);
    expect(entries(ran)).toEqual(entries(alone));
    const leftOut = ran.stderr.split("\n").filter((l) => l.startsWith("left out: "));
    const addresses = [
      ...realLeftOut,
      "data.cloudru_evolution_compute_flavor_collection.all",
      "aws_instance.legacy",
      "module.dns.cloudru-community_vpc.main",
      "module.dns.cloudru-community_dns_server.ns",
      "cloudru_evolution_kafka_cluster.events",
    ];
    expect(leftOut.map((l) => l.slice("left out: ".length, l.indexOf(": ", 10))).sort()).toEqual(
      [...addresses].sort(),
    );
    expect(ran.stderr).toContain(
      "left out: module.dns.cloudru-community_vpc.main: vmcloud has no VPC resource",
    );
    expect(ran.stderr).toContain(
      "left out: module.dns.cloudru-community_dns_server.ns: vmcloud has no DNS server resource",
    );
    expect(ran.stderr).toContain(
      "left out: aws_instance.legacy: a resource of another provider (registry.terraform.io/hashicorp/aws)",
    );
    expect(ran.stderr).toMatch(/: 17 to import, 4 parts of an imported object, 9 left out/);
    // The tool reads a file and writes one: it never calls the service.
    const log = await emu.call("GET", "/_emulator/requests");
    expect((log.body as { requests: unknown[] }).requests).toEqual([]);
  });

  it("runs the same inside the plugin: `pulumi-resource-vmcloud import-terraform`", async () => {
    const file = join(scratch, "for-plugin.tfstate");
    await writeFile(
      file,
      format4([...Object.values(estate.official), ...Object.values(estate.community)]),
    );
    const [viaPlugin, viaBin] = await Promise.all([
      runCommand(PLUGIN, ["import-terraform", file]),
      tool([file]),
    ]);
    expect(viaPlugin.code, viaPlugin.stderr).toBe(0);
    expect(viaPlugin.stdout).toBe(viaBin.stdout);
    expect(viaPlugin.stderr).toBe(viaBin.stderr);
  });

  it("refuses what is not a state, with exit status 2 and what to give instead", async () => {
    const plan = await tool([], JSON.stringify({ format_version: "1.2", planned_values: {} }));
    expect(plan.code).toBe(2);
    expect(plan.stderr).toContain("this is a plan");
    const old = await tool([], JSON.stringify({ version: 3, modules: [] }));
    expect(old.code).toBe(2);
    expect(old.stderr).toContain("state format version 3 is not supported");
    const usage = await tool(["--types", "go"]);
    expect(usage.code).toBe(2);
    expect(usage.stderr).toContain("--types must be plugin or nodejs");
  });
});

describe("the command as the package ships it", () => {
  it("is the package's bin `vmcloud-import-terraform`, a Node.js script", async () => {
    const pkg = JSON.parse(await readFile(join(repo, "package.json"), "utf8")) as {
      bin: Record<string, string>;
    };
    expect(pkg.bin["vmcloud-import-terraform"]).toBe("./dist/provider/terraform/cli.js");
    expect((await readFile(BIN, "utf8")).startsWith("#!/usr/bin/env node\n")).toBe(true);
  });

  it("`typescript` refuses to copy a secret input into code, naming the resource and property", async () => {
    const exported = {
      version: 3,
      deployment: {
        resources: [
          {
            urn: "urn:pulumi:s::p::pulumi-nodejs:dynamic/vmcloud:Vm::web",
            type: "pulumi-nodejs:dynamic/vmcloud:Vm",
            inputs: {
              name: "web",
              password: {
                "4dabf18193072939515e22adb298388d": "1b47061264138c4ac30d75fd1eb44270",
                ciphertext: "v1:abc",
              },
            },
          },
        ],
      },
    };
    const ran = await tool(["typescript", "-"], JSON.stringify(exported));
    expect(ran.code).toBe(1);
    expect(ran.stderr).toContain('Vm "web".password is a secret in the stack');
    expect(ran.stdout).toBe("");
  });
});
