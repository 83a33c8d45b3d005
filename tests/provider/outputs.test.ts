// Every kind's outputs schema (its definition's `outputs`) says what the real provider records:
// what a create, a refresh and an import of each resource kind return against the emulator, and
// what each action's run and wait record, parse with it as it is (strict: no key the schema
// lacks, none it requires missing, nested objects alike). And no output of a resource schema is
// dead: each optional one is recorded by one of the cases here.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { z } from "zod";
import { definition as actionWait } from "../../provider/actions/action-wait";
import { definition as backupRestore } from "../../provider/actions/backup-restore";
import { definition as eventReport } from "../../provider/actions/event-report";
import { definition as indexSnapshotRestore } from "../../provider/actions/index-snapshot-restore";
import { definition as nodeMigration } from "../../provider/actions/node-migration";
import { definition as queueManagerRestart } from "../../provider/actions/queue-manager-restart";
import type { Lifecycle } from "../../provider/framework/lifecycle";
import { definition as disk } from "../../provider/resources/disk";
import { definition as diskAttachment } from "../../provider/resources/disk-attachment";
import { definition as externalIp } from "../../provider/resources/external-ip";
import { definition as freeTierVm } from "../../provider/resources/free-tier-vm";
import { definition as natGateway } from "../../provider/resources/nat-gateway";
import { definition as networkInterface } from "../../provider/resources/network-interface";
import { definition as placementGroup } from "../../provider/resources/placement-group";
import { definition as securityGroup } from "../../provider/resources/security-group";
import { definition as securityGroupRule } from "../../provider/resources/security-group-rule";
import { definition as subnet } from "../../provider/resources/subnet";
import { definition as vm } from "../../provider/resources/vm";
import { makeRestoreTargets } from "../support/restore-targets";
import { actionPair } from "./actions/support/action-pair";
import { named, startActionsEnv, type ActionsEnv } from "./actions/support/actions-env";
import { uniqueName } from "./support/fixtures";
import type { Props, ProviderHarness } from "./support/provider-harness";
import { vmArgs } from "./support/vm-suite";

let env: ActionsEnv;
/** What the provider of each kind returned, by kind: every create, refresh and import. */
const recorded = new Map<string, Props[]>();

function record(kind: string, outs: Props | undefined): Props {
  if (outs === undefined) throw new Error(`${kind}: nothing recorded`);
  recorded.set(kind, [...(recorded.get(kind) ?? []), outs]);
  return outs;
}

/** `up`, then a refresh and an import of what it made; every outputs recorded. */
async function made(kind: string, harness: ProviderHarness, inputs: Props) {
  const { id, outs } = await harness.up(inputs);
  record(kind, outs);
  record(kind, (await harness.read(id, outs)).props);
  record(kind, (await harness.read(id, {})).props);
  return { id, outs };
}

/** Makes the same object again with `adoptId`: its outputs then hold `adoptId`. */
async function adopted(kind: string, harness: ProviderHarness, inputs: Props, id: string) {
  const { outs } = await harness.up({ ...inputs, adoptId: id });
  return record(kind, outs);
}

const RESOURCES: Array<[string, Lifecycle]> = [
  ["Disk", disk],
  ["DiskAttachment", diskAttachment],
  ["Subnet", subnet],
  ["SecurityGroup", securityGroup],
  ["SecurityGroupRule", securityGroupRule],
  ["Vm", vm],
  ["FreeTierVm", freeTierVm],
  ["ExternalIp", externalIp],
  ["PlacementGroup", placementGroup],
  ["NatGateway", natGateway],
  ["NetworkInterface", networkInterface],
];

beforeAll(async () => {
  env = await startActionsEnv();
  const load = (kind: string) => env.provider(`resources/${kind}`);
  const timeouts = { create: "5m", delete: "5m" };

  const disks = await load("disk");
  const diskInputs = { name: uniqueName("out"), size: 10, tags: ["env-dev"], timeouts };
  const data = await made("Disk", disks, diskInputs);
  await adopted("Disk", disks, diskInputs, data.id);
  const attached = await made("Disk", disks, { name: uniqueName("out"), size: 5 });
  const loose = await made("Disk", disks, { name: uniqueName("out"), size: 5 });

  const subnets = await load("subnet");
  const subnetInputs = {
    name: uniqueName("out"),
    address: "10.42.0.0/24",
    dnsServers: ["10.42.0.2"],
    tags: ["env-dev"],
    timeouts,
  };
  const net = await made("Subnet", subnets, subnetInputs);
  await adopted("Subnet", subnets, subnetInputs, net.id);

  const groups = await load("security-group");
  const groupInputs = {
    name: uniqueName("out"),
    rules: [{ direction: "ingress", protocol: "tcp", portRange: "22:22" }],
    timeouts,
  };
  const group = await made("SecurityGroup", groups, groupInputs);
  await adopted("SecurityGroup", groups, groupInputs, group.id);

  const rules = await load("security-group-rule");
  const rule = { securityGroupId: group.id, direction: "ingress", protocol: "tcp", timeouts };
  await made("SecurityGroupRule", rules, {
    ...rule,
    portRange: "80:80",
    remoteIpPrefix: "0.0.0.0/0",
  });
  await made("SecurityGroupRule", rules, { ...rule, remoteSecurityGroupId: group.id });

  const placement = await made("PlacementGroup", await load("placement-group"), {
    name: uniqueName("out"),
    policy: "soft-anti-affinity",
    tags: ["env-dev"],
    timeouts,
  });

  const addresses = await load("external-ip");
  const address = await made("ExternalIp", addresses, { name: uniqueName("out"), timeouts });

  const gateways = await load("nat-gateway");
  const gatewayInputs = { name: uniqueName("out"), availabilityZone: "ru.AZ-2", timeouts };
  const gateway = await made("NatGateway", gateways, gatewayInputs);
  await adopted("NatGateway", gateways, gatewayInputs, gateway.id);

  // An interface of its own, which the VM below takes, with an external IP bound to it.
  const nics = await load("network-interface");
  const nicInputs = { name: uniqueName("out"), ipAddress: "10.0.0.200", timeouts };
  const port = await made("NetworkInterface", nics, nicInputs);
  await adopted("NetworkInterface", nics, nicInputs, port.id);
  const portAddress = await made("ExternalIp", addresses, { name: uniqueName("out"), timeouts });
  const bound = await env.emu.call("PUT", `/api/v1/floating-ips/${portAddress.id}`, {
    body: { interface_id: port.id },
  });
  expect(bound.status, bound.text).toBe(200);

  // Every optional input of a VM, and every optional output: public addresses (one it made,
  // one given by id), both console links (ru.AZ-1 offers both), the password, a placement
  // group, an existing disk.
  const vms = await load("vm");
  const server = await made(
    "Vm",
    vms,
    vmArgs({
      disks: [{ name: uniqueName("out"), size: 5 }, { diskId: attached.id }],
      interfaces: [{ externalIp: true }, { externalIpId: address.id }, { interfaceId: port.id }],
      hostname: "out.example.com",
      userName: "deploy",
      sshPublicKeys: ["ssh-ed25519 AAAAC3Nza outputs"],
      cloudInit: "#cloud-config\n",
      tags: ["env-dev"],
      placementGroup: placement.id,
      password: "Sup3r-secret!",
      passwordLogin: "ubuntu",
      consoleLinks: true,
      timeouts,
    }),
  );
  const plainVm = vmArgs();
  await adopted("Vm", vms, plainVm, (await made("Vm", vms, plainVm)).id);
  // The address is bound now: its refresh shows to what.
  record("ExternalIp", (await addresses.read(address.id, address.outs)).props);
  // So is the interface: on the VM, with its external IP.
  record("NetworkInterface", (await nics.read(port.id, port.outs)).props);

  await made("DiskAttachment", await load("disk-attachment"), {
    diskId: loose.id,
    vmId: server.id,
    timeouts,
  });

  await made("FreeTierVm", await load("free-tier-vm"), {
    name: uniqueName("out"),
    image: "ubuntu-22.04",
    externalIp: true,
    hostname: "free",
    userName: "ops",
    sshPublicKeys: ["ssh-ed25519 AAAAC3Nza free"],
    password: "Fr33-secret!",
    consoleLinks: true,
    timeouts,
  });
});
afterAll(async () => env.close());

/** What `outs` holds that `schema` refuses, as readable lines (none: it parses). */
function refusals(schema: z.ZodType, outs: Props): string[] {
  const parsed = schema.safeParse(outs);
  return parsed.success
    ? []
    : parsed.error.issues.map((issue) => `${issue.path.join(".")}: ${issue.message}`);
}

describe.each(RESOURCES)("%s", (kind, definition) => {
  it("records only what its outputs schema says, and all it requires", () => {
    const outputs = recorded.get(kind) ?? [];
    expect(outputs.length).toBeGreaterThanOrEqual(3);
    for (const outs of outputs) expect(refusals(definition.outputs, outs)).toEqual([]);
  });

  it("records every optional output of its schema in one of the cases", () => {
    const outputs = recorded.get(kind) ?? [];
    const shape = definition.outputs.shape;
    const optional = Object.keys(shape).filter((key) => shape[key]!.safeParse(undefined).success);
    expect(optional.filter((key) => outputs.every((outs) => outs[key] === undefined))).toEqual([]);
  });
});

describe("action resources", () => {
  beforeAll(async () => env.reset());

  it("record, run and wait, what their outputs schemas say", async () => {
    const targets = await makeRestoreTargets(env.emu);
    const backup = named(env.ops.backups, "backup-data-disk").id;
    const cluster = (name: string) => named(env.ops.containerClusters, name).id;
    const search = (name: string) => named(env.ops.searchClusters, name).id;
    const cases: Array<[string, string, Lifecycle, Props]> = [
      [
        "BackupRestore",
        "backup-restore",
        backupRestore,
        { backupId: backup, volumeId: targets.volumeId, triggers: ["first"], timeouts: {} },
      ],
      [
        "NodeMigration",
        "node-migration",
        nodeMigration,
        {
          clusterId: cluster("cce-prod-a"),
          targetClusterId: cluster("cce-prod-b"),
          nodeIds: [named(env.ops.nodes, "prod-a-node-1").uid],
          os: "EulerOS 2.9",
          password: "Zq7-Migr@te-Wx9",
        },
      ],
      [
        "IndexSnapshotRestore",
        "index-snapshot-restore",
        indexSnapshotRestore,
        {
          clusterId: search("css-logs"),
          snapshotId: named(env.ops.snapshots, "snapshot-daily").id,
          targetClusterId: search("css-analytics"),
          indices: "logs-*",
        },
      ],
    ];
    for (const [action, kind, definition, inputs] of cases) {
      const pair = await actionPair(env, `actions/${kind}`, action);
      const { run, wait } = await pair.up(inputs);
      expect(refusals(definition.outputs, run.outs), action).toEqual([]);
      expect(refusals(actionWait.outputs, wait.outs), `${action}'s wait`).toEqual([]);
      // The wait records the end: its result is the run's operation's own.
      expect(
        refusals(definition.outputs.shape.result!, wait.outs.result as Props),
        `${action}'s result`,
      ).toEqual([]);
    }
    const queue = await env.provider("actions/queue-manager-restart");
    const restarted = await queue.up({
      instanceId: named(env.ops.queueInstances, "rabbitmq-orders").id,
    });
    expect(refusals(queueManagerRestart.outputs, restarted.outs)).toEqual([]);
    const reports = await env.provider("actions/event-report");
    const reported = await reports.up({
      events: [
        {
          name: "deployed",
          severity: "Info",
          type: "event",
          resourceProvider: "ci",
          resourceType: "pipeline",
          resourceId: "build-7",
        },
      ],
    });
    expect(refusals(eventReport.outputs, reported.outs)).toEqual([]);
  });
});
