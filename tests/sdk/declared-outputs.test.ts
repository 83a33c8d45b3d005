/**
 * The SDK classes have what the provider's definitions say they record: every input and every
 * output of the definition's outputs schema (but the provider's internal ones) as an output
 * property, and its secret inputs and outputs in `additionalSecretOutputs`. A cloud object
 * registers the inputs given and makes the others on their first read; an action's run and
 * wait register the outputs of theirs. Seen the way Pulumi sees a registration: a
 * transformation gets each resource's properties and options.
 */
import * as pulumi from "@pulumi/pulumi";
import { beforeAll, describe, expect, it } from "vitest";
import { definition as actionWait } from "../../provider/actions/action-wait";
import { definition as backupRestore } from "../../provider/actions/backup-restore";
import { definition as eventReport } from "../../provider/actions/event-report";
import { definition as indexSnapshotRestore } from "../../provider/actions/index-snapshot-restore";
import { definition as nodeMigration } from "../../provider/actions/node-migration";
import { definition as queueManagerRestart } from "../../provider/actions/queue-manager-restart";
import { outputProperties, secretOutputs } from "../../provider/framework/output-fields";
import type { Lifecycle } from "../../provider/framework/lifecycle";
import { definition as disk } from "../../provider/resources/disk";
import { definition as diskAttachment } from "../../provider/resources/disk-attachment";
import { definition as externalIp } from "../../provider/resources/external-ip";
import type { ResourceLifecycle } from "../../provider/resources/framework/define-resource";
import { definition as freeTierVm } from "../../provider/resources/free-tier-vm";
import { definition as placementGroup } from "../../provider/resources/placement-group";
import { definition as natGateway } from "../../provider/resources/nat-gateway";
import { definition as image } from "../../provider/resources/image";
import { definition as vmBackup } from "../../provider/resources/vm-backup";
import { definition as networkInterface } from "../../provider/resources/network-interface";
import { PROGRAM_INPUT } from "../../provider/resources/program/program-input";
import { definition as securityGroup } from "../../provider/resources/security-group";
import { definition as securityGroupRule } from "../../provider/resources/security-group-rule";
import { definition as subnet } from "../../provider/resources/subnet";
import { definition as vm } from "../../provider/resources/vm";
import { TYPE_TOKENS } from "../../provider/type-tokens";
import * as sdk from "../../sdk";

/** What a registration gave Pulumi: its properties' names and its secret outputs. */
interface Registered {
  keys: string[];
  secrets: string[];
}

const seen = new Map<string, Registered>();
const capture: pulumi.ResourceTransformation = (args) => {
  seen.set(`${args.type} ${args.name}`, {
    keys: Object.keys(args.props).sort(),
    secrets: [...(args.opts.additionalSecretOutputs ?? [])].sort(),
  });
  return undefined;
};

beforeAll(async () => {
  await pulumi.runtime.setMocks(
    { newResource: (args) => ({ id: `${args.name}-id`, state: args.inputs }), call: () => ({}) },
    "declared",
    "test",
    false,
  );
});

type Constructor = new (name: string, args: object, opts?: pulumi.CustomResourceOptions) => object;

/** Constructs `Class` with `args` and answers what it registered as `type`. */
function registration(Class: Constructor, type: string, args: object): Registered {
  const name = `${type.split(":").pop()}-${seen.size}`;
  new Class(name, args, { transformations: [capture] });
  const found = seen.get(`${type} ${name}`);
  if (found === undefined) throw new Error(`${type} ${name} was not registered`);
  return found;
}

const sorted = (keys: Iterable<string>) => [...new Set(keys)].sort();

describe.each<[keyof typeof TYPE_TOKENS, ResourceLifecycle, object]>([
  ["Disk", disk, { name: "d", size: 1 }],
  ["DiskAttachment", diskAttachment, { diskId: "a", vmId: "b" }],
  ["Subnet", subnet, { name: "s", address: "10.0.0.0/24" }],
  ["SecurityGroup", securityGroup, { name: "g" }],
  [
    "SecurityGroupRule",
    securityGroupRule,
    { securityGroupId: "g", direction: "ingress", protocol: "tcp" },
  ],
  ["Vm", vm, { name: "v", flavor: "f", image: "i", bootDisk: { size: 10 } }],
  ["FreeTierVm", freeTierVm, { name: "v", image: "i" }],
  ["ExternalIp", externalIp, { name: "e" }],
  ["PlacementGroup", placementGroup, { name: "p", policy: "anti-affinity" }],
  ["NatGateway", natGateway, { name: "n" }],
  ["Image", image, { name: "i", diskId: "00000000-0000-4000-8000-000000000001" }],
  ["VmBackup", vmBackup, { name: "b", vmId: "00000000-0000-4000-8000-000000000002" }],
  ["NetworkInterface", networkInterface, { name: "i" }],
])("%s", (typeName, definition, args) => {
  const Class = (sdk as unknown as Record<string, Constructor>)[typeName]!;

  it("registers the inputs given, and has every input and output of its definition, the internal ones but, as a property", () => {
    const name = `${typeName}-${seen.size}`;
    const resource = new Class(name, args, { transformations: [capture] }) as Record<
      string,
      unknown
    >;
    const { keys } = seen.get(`${TYPE_TOKENS[typeName]} ${name}`)!;
    // What its check learns of the rest of the program; check takes it off (never recorded).
    expect(keys).toEqual(sorted(["__provider", PROGRAM_INPUT, ...Object.keys(args)]));
    // The others are made on their first read (sdk/lazy-output-properties.ts).
    const properties = sorted([
      ...Object.keys(definition.inputs.shape),
      ...outputProperties(definition.outputs),
    ]);
    for (const key of properties) {
      expect(pulumi.Output.isInstance(resource[key]), key).toBe(true);
      expect(resource[key], `${key} is made once`).toBe(resource[key]);
    }
    expect(resource["notAProperty"]).toBeUndefined();
  });

  it("marks secret the outputs its definition calls secret", () => {
    const { secrets } = registration(Class, TYPE_TOKENS[typeName], args);
    expect(secrets).toEqual(sorted(secretOutputs(definition.outputs)));
  });
});

describe("the VM kinds", () => {
  it("keep the password and both console links secret, and the VM's record of its addresses to the provider", () => {
    for (const [typeName, args] of [
      ["Vm", { name: "v", flavor: "f", image: "i", bootDisk: { size: 10 } }],
      ["FreeTierVm", { name: "v", image: "i" }],
    ] as const) {
      const Class = (sdk as unknown as Record<string, Constructor>)[typeName]!;
      const name = `${typeName}-${seen.size}`;
      const resource = new Class(name, args, { transformations: [capture] });
      const { keys, secrets } = seen.get(`${TYPE_TOKENS[typeName]} ${name}`)!;
      expect(secrets).toEqual(["password", "remoteConsoleUrl", "vncUrl"]);
      expect(keys).not.toContain("madeExternalIpIds");
      expect("madeExternalIpIds" in resource).toBe(false);
    }
  });
});

describe.each<[keyof typeof TYPE_TOKENS, Lifecycle, object, boolean]>([
  ["BackupRestore", backupRestore, { backupId: "b", volumeId: "v" }, true],
  [
    "NodeMigration",
    nodeMigration,
    { clusterId: "c", targetClusterId: "t", nodeIds: ["n"], os: "o", password: "p" },
    true,
  ],
  [
    "IndexSnapshotRestore",
    indexSnapshotRestore,
    { clusterId: "c", snapshotId: "s", targetClusterId: "t" },
    true,
  ],
  ["QueueManagerRestart", queueManagerRestart, { instanceId: "i" }, false],
  ["EventReport", eventReport, { events: [] }, false],
])("%s", (typeName, definition, args, waits) => {
  const Class = (sdk as unknown as Record<string, Constructor>)[typeName]!;

  it("registers a run with the outputs of its definition, and a wait with those of ActionWait's", async () => {
    const name = `${typeName}-${seen.size}`;
    const action = new Class(name, args, { transformations: [capture] }) as Record<string, unknown>;
    const run = seen.get(`${TYPE_TOKENS[typeName]} ${name}`)!;
    const inputs = Object.keys(
      (definition as unknown as { inputs: { shape: object } }).inputs.shape,
    );
    expect(run.keys).toEqual(
      sorted(["__provider", ...inputs, ...outputProperties(definition.outputs)]),
    );
    const wait = seen.get(`${TYPE_TOKENS.ActionWait} ${name}`);
    if (waits) {
      expect(wait?.keys).toEqual(
        sorted([
          "__provider",
          "action",
          "triggers",
          "run",
          ...outputProperties(actionWait.outputs),
        ]),
      );
    } else {
      expect(wait).toBeUndefined();
    }
    // The class's properties are the outputs recorded: `jobId` only where the run records one.
    expect("jobId" in action).toBe("jobId" in definition.outputs.shape);
    for (const key of outputProperties(definition.outputs)) expect(key in action, key).toBe(true);
  });
});

describe("NodeMigration", () => {
  it("records no password, and sends it as a secret", () => {
    const run = registration(
      sdk.NodeMigration as unknown as Constructor,
      TYPE_TOKENS.NodeMigration,
      {
        clusterId: "c",
        targetClusterId: "t",
        nodeIds: ["n"],
        os: "o",
        password: "p",
      },
    );
    expect(outputProperties(nodeMigration.outputs)).not.toContain("password");
    expect(run.secrets).toEqual(["password"]);
  });
});
