// The mandatory policies on real resources, against the emulator: each program is made with the
// provider (as `pulumi up` makes it), and every rule judges it twice, on its inputs (a preview
// before `up`) and on its outputs (the stack after `up`), with the same verdict. Each fix a
// message gives is then made, and the provider's own diff of the real resource (its last
// outputs, the fixed inputs) must be what the message says `pulumi preview` will show. Ids
// given for catalog names (a flavor, a disk type, a zone) are judged as their names.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { ResourceValidationPolicy, StackValidationPolicy } from "@pulumi/policy";
import { clearSecretObservations } from "../../policy/lib/secret-observations";
import { clearServiceCatalog } from "../../policy/lib/service-catalog";
import { useStackConfig } from "../../policy/lib/stack-config";
import { allowedZones } from "../../policy/rules/allowed-zones";
import { diskEncryption } from "../../policy/rules/disk-encryption";
import { diskMaxSize } from "../../policy/rules/disk-max-size";
import { diskType } from "../../policy/rules/disk-type";
import { programConflicts } from "../../policy/rules/program-conflicts";
import { projectQuotas } from "../../policy/rules/project-quotas";
import { secretInputsObserver } from "../../policy/rules/secret-inputs-observer";
import { securityGroupOpenIngress } from "../../policy/rules/security-group-open-ingress";
import { stackMaxVms } from "../../policy/rules/stack-max-vms";
import { subnetPrefix } from "../../policy/rules/subnet-prefix";
import { subnetPrivateCidr } from "../../policy/rules/subnet-private-cidr";
import { vmCloudInitSecrets } from "../../policy/rules/vm-cloud-init-secrets";
import { vmExternalIp } from "../../policy/rules/vm-external-ip";
import { vmFlavor } from "../../policy/rules/vm-flavor";
import { vmPasswordSecret } from "../../policy/rules/vm-password-secret";
import { vmSecurityGroup } from "../../policy/rules/vm-security-group";
import type { VmCloudTypeName } from "../../provider/type-tokens";
import { startTestEmulator, type TestEmulator } from "../support/emulator";
import {
  loadProvider,
  type ProviderHarness,
  type Props,
} from "../provider/support/provider-harness";
import {
  remediateResource,
  secret,
  validateResource,
  validateStack,
  violations,
  type Outcome,
  type TestResource,
  UNKNOWN_STRING,
} from "./support/harness";

let emu: TestEmulator;
const providers: Partial<Record<VmCloudTypeName, ProviderHarness>> = {};
const MODULES: Partial<Record<VmCloudTypeName, string>> = {
  Disk: "resources/disk",
  Vm: "resources/vm",
  Subnet: "resources/subnet",
  SecurityGroup: "resources/security-group",
};

beforeAll(async () => {
  emu = await startTestEmulator({ speed: 20 });
  for (const [kind, module] of Object.entries(MODULES)) {
    providers[kind as VmCloudTypeName] = await loadProvider(module, emu);
  }
}, 120_000);
afterAll(async () => {
  useStackConfig([]);
  await emu?.close();
});
beforeEach(() => {
  // The pack reaches the service as the program does: with the stack's vmcloud:* settings.
  useStackConfig([
    ["vmcloud:endpoint", emu.url],
    ["vmcloud:token", emu.token],
    ["vmcloud:projectId", emu.fixtures.vm.projectId],
  ]);
  clearServiceCatalog();
  clearSecretObservations();
});

let serial = 0;
/** A name no other case uses (resources stay in the emulator for the file's run). */
const unique = (stem: string) => `${stem}-${++serial}`;

/** One resource of a program, made with the provider. */
interface Made {
  kind: VmCloudTypeName;
  name: string;
  id: string;
  inputs: Props;
  outs: Props;
}

async function up(kind: VmCloudTypeName, inputs: Props): Promise<Made> {
  const made = await providers[kind]!.up(inputs);
  return { kind, name: String(inputs["name"]), id: made.id, inputs: made.inputs, outs: made.outs };
}

/** A verdict: the messages' count, or not applicable. */
function verdict(outcome: Outcome): string {
  return outcome.kind === "violations" ? `${outcome.messages.length} violation(s)` : "n/a";
}

type Policy = ResourceValidationPolicy | StackValidationPolicy;

/** Runs `policy` on the resources as `side` shows them: their inputs, or their outputs. */
async function judge(
  policy: Policy,
  resources: readonly Made[],
  side: "inputs" | "outs",
  config: Record<string, unknown>,
  secrets: readonly string[] = [],
): Promise<Outcome> {
  const shown = resources.map((r): TestResource => {
    const props = { ...r[side] };
    // The engine sends secret inputs (and outputs) marked; the observer records the markers.
    for (const key of secrets) if (props[key] !== undefined) props[key] = secret(props[key]);
    return { type: r.kind, name: r.name, props };
  });
  if ("validateStack" in policy) return validateStack(policy, shown, config);
  const outcomes: Outcome[] = [];
  for (const resource of shown) {
    await remediateResource(secretInputsObserver, resource);
    outcomes.push(await validateResource(policy, resource, config));
  }
  const messages = outcomes.flatMap((o) => (o.kind === "violations" ? o.messages : []));
  return outcomes.every((o) => o.kind === "not-applicable")
    ? outcomes[0]!
    : { kind: "violations", messages, urns: messages.map(() => undefined) };
}

/** What a message says `pulumi preview` shows once the fix is made. */
function claimOf(message: string): string {
  if (/pulumi preview then shows [^.]*an update in place/.test(message)) return "update";
  if (/pulumi preview then shows \+- \(replace/.test(message)) return "replace";
  if (/pulumi preview then shows no change/.test(message)) return "none";
  if (/pulumi preview then refuses the change/.test(message)) return "refused";
  throw new Error(`the message does not say what pulumi preview then shows: ${message}`);
}

/** What the provider does with `fixed` inputs for the real resource: check, then diff. */
async function realOutcome(made: Made, fixed: Props): Promise<string> {
  const provider = providers[made.kind]!;
  const checked = await provider.check(fixed, made.inputs);
  if (checked.failures.length > 0) return "refused";
  const diff = await provider.diff(made.id, made.outs, checked.inputs);
  if ((diff.replaces ?? []).length > 0) return "replace";
  return diff.changes === true ? "update" : "none";
}

/** One program, a rule that denies it, and the fix of the resource at fault. */
interface Case {
  what: string;
  policy: Policy;
  config?: Record<string, unknown>;
  make(): Promise<Made[]>;
  /** The fixed inputs of the first resource, as the message tells them; none: no fix to test. */
  fix?(inputs: Props, made: readonly Made[]): Props;
  /** Inputs (and outputs) that are secrets. */
  secrets?: string[];
}

const zone = (i: number) => emu.fixtures.vm.zones[i]!;
const flavorId = (name: string) => emu.fixtures.vm.flavors.find((f) => f.name === name)!.id;
const diskTypeId = (name: string) => emu.fixtures.vm.diskTypes.find((t) => t.name === name)!.id;
const vmInputs = (extra: Props = {}): Props => ({
  name: unique("vm"),
  flavor: "gen-2-4",
  image: "ubuntu-22.04",
  bootDisk: { size: 10 },
  ...extra,
});
const SSH_ANYWHERE = {
  direction: "ingress",
  protocol: "tcp",
  portRange: "22:22",
  remoteIpPrefix: "0.0.0.0/0",
};

const denied: Case[] = [
  {
    what: "an unencrypted disk (the fix updates it in place)",
    policy: diskEncryption,
    make: async () => [await up("Disk", { name: unique("plain"), size: 10 })],
    fix: (inputs) => ({ ...inputs, encrypted: true }),
  },
  {
    what: "a disk over the size limit (the fix, a smaller size, is refused: disks never shrink)",
    policy: diskMaxSize,
    config: { maxSizeGb: 10 },
    make: async () => [await up("Disk", { name: unique("big"), size: 20 })],
    fix: (inputs) => ({ ...inputs, size: 10 }),
  },
  {
    what: "a disk type not allowed, given by id (the fix replaces the disk)",
    policy: diskType,
    config: { allowedDiskTypes: ["SSD"] },
    make: async () => [
      await up("Disk", { name: unique("hdd"), size: 10, diskType: diskTypeId("HDD") }),
    ],
    fix: (inputs) => ({ ...inputs, diskType: "SSD" }),
  },
  {
    what: "a zone not allowed, given by id (the fix replaces the disk)",
    policy: allowedZones,
    get config() {
      return { allowedZones: [zone(1).name] };
    },
    make: async () => [
      await up("Disk", { name: unique("az"), size: 10, availabilityZone: zone(0).id }),
    ],
    fix: (inputs) => ({ ...inputs, availabilityZone: zone(1).name }),
  },
  {
    what: "a flavor over the limits, given by id (the fix resizes the VM in place)",
    policy: vmFlavor,
    config: { maxCpu: 4 },
    make: async () => [await up("Vm", vmInputs({ flavor: flavorId("gen-8-32") }))],
    fix: (inputs) => ({ ...inputs, flavor: "gen-2-4" }),
  },
  {
    what: "a VM with an external IP (the fix replaces the VM)",
    policy: vmExternalIp,
    make: async () => [await up("Vm", vmInputs({ interfaces: [{ externalIp: true }] }))],
    fix: (inputs) => ({ ...inputs, interfaces: [{}] }),
  },
  {
    what: "a secret in cloud-init (the fix replaces the VM)",
    policy: vmCloudInitSecrets,
    make: async () => [
      await up(
        "Vm",
        vmInputs({ cloudInit: "#cloud-config\nruncmd:\n  - export DB_PASSWORD=Hunter2-Hunter2\n" }),
      ),
    ],
    fix: (inputs) => ({ ...inputs, cloudInit: "#cloud-config\nruncmd:\n  - echo ok\n" }),
  },
  {
    what: "SSH open to the world (the fix updates the group's rules in place)",
    policy: securityGroupOpenIngress,
    make: async () => [await up("SecurityGroup", { name: unique("open"), rules: [SSH_ANYWHERE] })],
    fix: (inputs) => ({
      ...inputs,
      rules: [{ ...SSH_ANYWHERE, remoteIpPrefix: "203.0.113.0/24" }],
    }),
  },
  {
    what: "a subnet smaller than the bounds (the fix replaces the subnet)",
    policy: subnetPrefix,
    make: async () => [await up("Subnet", { name: unique("tiny"), address: "10.71.0.0/29" })],
    fix: (inputs) => ({ ...inputs, address: "10.71.0.0/28", prefixLength: 28 }),
  },
  {
    what: "a subnet outside the allowed ranges (the fix replaces the subnet)",
    policy: subnetPrivateCidr,
    config: { allowedRanges: ["10.72.0.0/16"] },
    make: async () => [await up("Subnet", { name: unique("far"), address: "10.73.0.0/24" })],
    fix: (inputs) => ({ ...inputs, address: "10.72.0.0/24", prefixLength: 24 }),
  },
  {
    what: "a VM that names no security group (the fix replaces the VM)",
    policy: vmSecurityGroup,
    make: async () => [
      await up("Vm", vmInputs()),
      await up("SecurityGroup", { name: unique("chosen"), rules: [] }),
    ],
    fix: (inputs, made) => ({ ...inputs, interfaces: [{ securityGroups: [made[1]!.id] }] }),
  },
  {
    what: "a VM that names only the zone's default group",
    policy: vmSecurityGroup,
    make: async () => [
      await up(
        "Vm",
        vmInputs({
          interfaces: [{ securityGroups: [emu.fixtures.vm.defaultSecurityGroups[0]!.name] }],
        }),
      ),
    ],
  },
  {
    what: "more VMs than the stack may hold",
    policy: stackMaxVms,
    config: { maxVms: 1 },
    make: async () => [await up("Vm", vmInputs()), await up("Vm", vmInputs())],
  },
];

const passed: Case[] = [
  {
    what: "an encrypted disk",
    policy: diskEncryption,
    make: async () => [await up("Disk", { name: unique("enc"), size: 10, encrypted: true })],
  },
  {
    what: "a disk within the size limit, a type allowed by name given by id, in an allowed zone given by id",
    policy: diskType,
    config: { allowedDiskTypes: ["SSD"] },
    make: async () => [
      await up("Disk", {
        name: unique("ok"),
        size: 10,
        diskType: diskTypeId("SSD"),
        availabilityZone: zone(0).id,
      }),
    ],
  },
  {
    what: "a zone allowed by name, given by id",
    policy: allowedZones,
    get config() {
      return { allowedZones: [zone(0).name] };
    },
    make: async () => [
      await up("Disk", { name: unique("in"), size: 10, availabilityZone: zone(0).id }),
    ],
  },
  {
    what: "a flavor within the limits, given by id",
    policy: vmFlavor,
    make: async () => [await up("Vm", vmInputs({ flavor: flavorId("gen-4-8") }))],
  },
  {
    what: "a flavor listed by name, given by id",
    policy: vmFlavor,
    config: { allowedFlavors: ["gen-4-8"] },
    make: async () => [await up("Vm", vmInputs({ flavor: flavorId("gen-4-8") }))],
  },
  {
    what: "a VM in a group of its own, without an external IP or secrets",
    policy: vmSecurityGroup,
    make: async () => {
      const group = await up("SecurityGroup", { name: unique("web"), rules: [] });
      const vm = await up("Vm", vmInputs({ interfaces: [{ securityGroups: [group.id] }] }));
      return [vm, group];
    },
  },
  {
    what: "a VM whose password is a secret",
    policy: vmPasswordSecret,
    secrets: ["password"],
    make: async () => [await up("Vm", vmInputs())],
  },
  {
    what: "a program the quotas and the service's rules take",
    policy: projectQuotas,
    make: async () => [await up("Subnet", { name: unique("q"), address: "10.74.0.0/24" })],
  },
  {
    what: "a program with no conflicts",
    policy: programConflicts,
    make: async () => [await up("Subnet", { name: unique("c"), address: "10.75.0.0/24" })],
  },
  {
    what: "a small private subnet within the bounds",
    policy: subnetPrefix,
    make: async () => [await up("Subnet", { name: unique("mid"), address: "10.76.0.0/24" })],
  },
  {
    what: "a subnet inside the private ranges",
    policy: subnetPrivateCidr,
    make: async () => [await up("Subnet", { name: unique("priv"), address: "10.77.0.0/24" })],
  },
  {
    what: "SSH from one network",
    policy: securityGroupOpenIngress,
    make: async () => [
      await up("SecurityGroup", {
        name: unique("narrow"),
        rules: [{ ...SSH_ANYWHERE, remoteIpPrefix: "10.0.0.0/8" }],
      }),
    ],
  },
  {
    what: "a VM without an external IP and clean cloud-init",
    policy: vmCloudInitSecrets,
    make: async () => [
      await up("Vm", vmInputs({ cloudInit: "#cloud-config\nruncmd:\n  - echo ok\n" })),
    ],
  },
  {
    what: "a VM without a public address",
    policy: vmExternalIp,
    make: async () => [await up("Vm", vmInputs())],
  },
  {
    what: "a disk within the size limit",
    policy: diskMaxSize,
    make: async () => [await up("Disk", { name: unique("small"), size: 10 })],
  },
  {
    what: "as many VMs as the stack may hold",
    policy: stackMaxVms,
    config: { maxVms: 1 },
    make: async () => [await up("Vm", vmInputs())],
  },
];

describe("every mandatory policy, before and after up", () => {
  it("covers every mandatory policy, denying and passing", () => {
    const mandatory = [
      diskEncryption,
      diskMaxSize,
      diskType,
      allowedZones,
      vmFlavor,
      vmExternalIp,
      vmCloudInitSecrets,
      vmPasswordSecret,
      securityGroupOpenIngress,
      subnetPrefix,
      subnetPrivateCidr,
      vmSecurityGroup,
      stackMaxVms,
      programConflicts,
      projectQuotas,
    ];
    for (const policy of mandatory) expect(policy.enforcementLevel).toBe("mandatory");
    for (const policy of mandatory) {
      expect(
        passed.some((c) => c.policy === policy),
        `${policy.name} passes`,
      ).toBe(true);
    }
  });

  it.each(denied.map((c) => [c.what, c] as const))(
    "denies %s alike on inputs and outputs, and its fix is what the provider's diff does",
    async (_what, c) => {
      const made = await c.make();
      const before = await judge(c.policy, made, "inputs", c.config ?? {}, c.secrets);
      const after = await judge(c.policy, made, "outs", c.config ?? {}, c.secrets);
      expect(violations(before).length).toBeGreaterThan(0);
      expect(verdict(after)).toBe(verdict(before));
      if (c.fix === undefined) return;
      const first = made[0]!;
      const claim = claimOf(violations(before)[0]!);
      expect(claimOf(violations(after)[0]!)).toBe(claim);
      expect(await realOutcome(first, c.fix(first.inputs, made))).toBe(claim);
    },
    60_000,
  );

  it.each(passed.map((c) => [c.what, c] as const))(
    "passes %s alike on inputs and outputs",
    async (_what, c) => {
      const made = await c.make();
      const before = await judge(c.policy, made, "inputs", c.config ?? {}, c.secrets);
      const after = await judge(c.policy, made, "outs", c.config ?? {}, c.secrets);
      expect(verdict(before)).toBe("0 violation(s)");
      expect(verdict(after)).toBe(verdict(before));
    },
    60_000,
  );
});

describe("vmcloud-disk-encryption's fix", () => {
  it("says preview shows ~ encrypted, an update in place, and never that the disk is replaced", async () => {
    const [disk] = await denied[0]!.make();
    const [message] = violations(await judge(diskEncryption, [disk!], "inputs", {}));
    expect(message).toContain("Fix: set encrypted: true.");
    expect(message).toContain("pulumi preview then shows ~ encrypted: an update in place");
    expect(message).not.toMatch(/replace/);
  });
});

describe("zones given by id, judged as their names", () => {
  it("vmcloud-program-conflicts finds a disk of one zone (by id) attached to a VM of another (by name)", async () => {
    const stack: TestResource[] = [
      { type: "Disk", name: "data", props: { name: "zd", size: 10, availabilityZone: zone(1).id } },
      {
        type: "Vm",
        name: "app",
        props: { ...vmInputs(), availabilityZone: zone(0).name },
      },
      {
        type: "DiskAttachment",
        name: "attach",
        props: { diskId: UNKNOWN_STRING, vmId: UNKNOWN_STRING },
        propertyDependencies: { diskId: ["data"], vmId: ["app"] },
      },
    ];
    expect(violations(await validateStack(programConflicts, stack))).toEqual([
      expect.stringContaining(
        `Disk "data" of this program is in availability zone ${zone(1).name} and Vm "app" of this program in ${zone(0).name}`,
      ),
    ]);
    // Without the service an id and a name cannot be told apart: nothing is judged.
    useStackConfig([]);
    clearServiceCatalog();
    expect(violations(await validateStack(programConflicts, stack))).toEqual([]);
  });
});
