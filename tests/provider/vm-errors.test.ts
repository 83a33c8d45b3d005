// The Vm provider when things go wrong, against the emulator over HTTP: bad input refused by
// check with nothing sent, unknown values let through, names the catalog lacks, the
// service's 404/409/422, a VM that ends in `error` or never runs in time (kept in the stack),
// a create under injected faults, and the password kept out of every plain-text place.
import { expectRefused } from "./support/untracked";
import { beforeEach, describe, expect, it } from "vitest";
import { failureLine, failurePath, failureReason } from "./support/failures";
import { UNKNOWN, vmState } from "./support/fixtures";
import { type Props, useProviders } from "./support/provider-harness";
import { readVm, stateText, vmArgs, vmsNamed, waitForVm, VM_SPEED } from "./support/vm-suite";

const { emu, vm } = useProviders({ vm: "resources/vm" }, { speed: VM_SPEED });

beforeEach(async () => {
  await vm.setFaults([]);
  await vm.clearRequests();
});

/** Requests that change something (anything but GET). */
async function changes(): Promise<string[]> {
  return (await vm.requests()).filter((r) => r.method !== "GET").map((r) => `${r.method} ${r.url}`);
}

/** The error `work` rejects with. */
async function failure(work: Promise<unknown>): Promise<Error & Record<string, unknown>> {
  try {
    await work;
  } catch (error) {
    return error as Error & Record<string, unknown>;
  }
  throw new Error("expected a failure");
}

/** Creates through check + create, starting the VM's create and returning its promise. */
async function create(args: Props) {
  const checked = await vm.check(args);
  expect(checked.failures).toEqual([]);
  return vm.create(checked.inputs);
}

describe("check", () => {
  it.each([
    ["name", { name: "1-starts-with-a-digit" }, /start with a letter/],
    ["bootDisk", { bootDisk: undefined }, /./],
    ["bootDisk.size", { bootDisk: { size: 0 } }, /./],
    ["password", { password: "alllowercase1!" }, /upper-case/],
    ["password", { password: "Sh0rt!" }, /8/],
    ["tags", { tags: ["env-dev", "00000000-0000-4000-8000-00000000000a"] }, /not a mix/],
    [
      "interfaces[0].subnet",
      { interfaces: [{ directIp: true, subnet: "default-subnet-az1" }] },
      /directIp interface takes no subnet/,
    ],
    [
      "interfaces[0].securityGroups",
      { interfaces: [{ securityEnabled: false, securityGroups: ["default-az1"] }] },
      /securityEnabled: true/,
    ],
    [
      "interfaces[0].directIp",
      { apiVersion: "v1", interfaces: [{ directIp: true }] },
      /apiVersion "v1.1"/,
    ],
    [
      "disks",
      { disks: Array.from({ length: 9 }, (_, i) => ({ name: `d${i}`, size: 1 })) },
      /at most 8 extra disks/,
    ],
    ["disks[0]", { disks: [{ name: "d1" }] }, /new disk \{name, size/],
    ["powerState", { powerState: "paused" }, /./],
    ["flavr", { flavr: "gen-2-4" }, /unknown property "flavr"/],
    ["timeouts.create", { timeouts: { create: "soon" } }, /duration/],
  ])("refuses bad %s before anything is sent", async (property, overrides, reason) => {
    const args: Props = { ...vmArgs(), ...overrides };
    for (const [key, value] of Object.entries(overrides)) if (value === undefined) delete args[key];
    const checked = await vm.check(args);
    const found = checked.failures.find((f) => failurePath(f) === property);
    expect(found, JSON.stringify(checked.failures)).toBeDefined();
    expect(failureReason(found!)).toMatch(reason);
    expect(await vm.requests()).toEqual([]);
  });

  it("never echoes a refused password in its reason", async () => {
    const checked = await vm.check(vmArgs({ password: "nouppercase-42" }));
    expect(checked.failures.map(failurePath)).toEqual(["password"]);
    expect(JSON.stringify(checked.failures)).not.toContain("nouppercase-42");
  });

  it("hands the engine a nested or secret input's failure without a property, so that it prints no value", async () => {
    // The engine prints `property <p> value <v>` with the value it finds under <p> as one
    // top-level key: `{<nil>}` for a nested path, the secret itself for the password.
    const checked = await vm.check(
      vmArgs({
        flavor: "gen-9-99",
        password: "nouppercase-42",
        interfaces: [{ subnet: "no-such-subnet", ipAddress: "not-an-address" }],
        imageMetadata: { username: "ops" },
      }),
    );
    expect(checked.failures).toEqual([
      {
        property: "",
        reason: expect.stringMatching(/^interfaces\[0\]\.ipAddress: /),
      },
      { property: "", reason: expect.stringMatching(/^password: .*upper-case/) },
    ]);
    const catalog = await vm.check(
      vmArgs({
        flavor: "gen-9-99",
        interfaces: [{ subnet: "no-such-subnet" }],
        imageMetadata: { username: "ops" },
      }),
    );
    expect(catalog.failures).toEqual([
      { property: "flavor", reason: expect.stringMatching(/^"gen-9-99" is not a flavor/) },
      {
        property: "",
        reason: expect.stringMatching(/^imageMetadata\.username: field "username" of image/),
      },
      {
        property: "",
        reason: expect.stringMatching(/^interfaces\[0\]\.subnet: "no-such-subnet" is not a subnet/),
      },
    ]);
  });

  it("lets values unknown during preview through, and diff reports them as changes", async () => {
    const args = vmArgs({
      name: UNKNOWN,
      flavor: UNKNOWN,
      tags: [UNKNOWN, "env-dev"],
      interfaces: [{ subnet: UNKNOWN, securityGroups: [UNKNOWN] }],
      disks: [{ diskId: UNKNOWN }],
      password: UNKNOWN,
    });
    const checked = await vm.check(args);
    expect(checked.failures).toEqual([]);
    expect(checked.inputs).toMatchObject({ powerState: "running", deleteDisksOnDestroy: true });
    const { id, outs } = await vm.up(vmArgs());
    const diff = await vm.diff(id, outs, {
      ...checked.inputs,
      image: outs.image,
      bootDisk: { size: 10 },
    });
    expect(diff.changes).toBe(true);
    expect(diff.replaces).toEqual(expect.arrayContaining(["interfaces", "disks"]));
  });
});

describe("names the catalog lacks, before anything is created", () => {
  it.each([
    [
      "flavor",
      { flavor: "gen-3-5" },
      /flavor: "gen-3-5" is not a flavor offered in availability zone ru\.AZ-1; use one of: burst-1-1, burst-2-2, gen-2-4, gen-32-128, gen-4-8, gen-8-32, gpu-16-128-2, gpu-8-64-1$/,
    ],
    [
      "free-tier flavor",
      { flavor: "free-tier-1-1" },
      /flavor: "free-tier-1-1" is the free-tier flavor, which only the FreeTierVm resource may use/,
    ],
    [
      "image",
      { image: "centos-7" },
      /image: "centos-7" is not an image offered in availability zone ru\.AZ-1; use one of: .*ubuntu-22\.04/,
    ],
    [
      "zone",
      { availabilityZone: "ru.AZ-9" },
      /availabilityZone: "ru\.AZ-9" is not an availability zone of project .*; use one of: ru\.AZ-1, ru\.AZ-2, ru\.AZ-3/,
    ],
    [
      "disk type",
      { bootDisk: { size: 10, diskType: "NVMe" } },
      /bootDisk\.diskType: "NVMe" is not a disk type offered in availability zone ru\.AZ-1; use one of: HDD, SSD/,
    ],
    [
      "free-tier disk type",
      { disks: [{ name: "ft", size: 1, diskType: "free-tier-HDD" }] },
      /disks\[0\]\.diskType: "free-tier-HDD" is a free-tier disk type/,
    ],
    [
      "subnet",
      { interfaces: [{ subnet: "no-such-subnet" }] },
      /interfaces\[0\]\.subnet: "no-such-subnet" is not a subnet of project .* in availability zone ru\.AZ-1; use one of: default-subnet-az1/,
    ],
    [
      "subnet of another zone",
      { interfaces: [{ subnet: "default-subnet-az2" }] },
      /interfaces\[0\]\.subnet: subnet default-subnet-az2 \([0-9a-f-]+\) is in availability zone ru\.AZ-2 and the VM in ru\.AZ-1; .*set the VM's availabilityZone to ru\.AZ-2, or use a subnet of ru\.AZ-1: default-subnet-az1/,
    ],
    [
      "security group",
      { interfaces: [{ securityGroups: ["default-az1", "web"] }] },
      /interfaces\[0\]\.securityGroups\[1\]: "web" is not a security group .*; use one of: default-az1/,
    ],
    [
      "boot disk size",
      { bootDisk: { size: 5 } },
      /bootDisk\.size: image ubuntu-22\.04 needs a boot disk of at least 10 GB; got 5 GB/,
    ],
    [
      "metadata field",
      { imageMetadata: { user_name: "ops" } },
      /imageMetadata\.user_name: image ubuntu-22\.04 has no metadata field "user_name"; its fields are: hostname \(hostname\), username \(linux_login\), ssh_pub_key \(public_key\), password \(linux_password\)/,
    ],
    [
      "typed metadata field",
      { imageMetadata: { ssh_pub_key: "ssh-ed25519 AAAA" } },
      /imageMetadata\.ssh_pub_key: field "ssh_pub_key" of image ubuntu-22\.04 is its public_key field; set sshPublicKeys instead/,
    ],
    [
      "password metadata field",
      { imageMetadata: { password: "Secr3t!pass" } },
      /imageMetadata\.password: field "password" of image ubuntu-22\.04 is its linux_password field; set password instead/,
    ],
    [
      "login field",
      { image: "windows-2022", bootDisk: { size: 50 }, userName: "admin" },
      /userName: image windows-2022 has no linux_login field to take userName; its fields are: hostname \(hostname\), username \(text\), password \(plain_password\)/,
    ],
    [
      "required metadata",
      { image: "windows-2022", bootDisk: { size: 50 } },
      /imageMetadata\.username: image windows-2022 requires its "username" field \(Administrator login, text\) and has no default for it; set imageMetadata\.username/,
    ],
    [
      "cloud-init",
      {
        image: "windows-2022",
        bootDisk: { size: 50 },
        imageMetadata: { username: "admin" },
        cloudInit: "#cloud-config\n",
      },
      /cloudInit: image windows-2022 does not accept cloud-init/,
    ],
  ])(
    "refuses an unknown %s with the field and the valid choices",
    async (_what, overrides, message) => {
      const args = vmArgs(overrides);
      const [field] = message.source.replace(/^\^/, "").split(": ");
      const property = field!.replace(/\\/g, "");
      if (CATALOG_ONLY.has(property.replace(/\[\d+\]/g, ""))) {
        // Known from the catalog alone: check (so `pulumi preview`) fails on the same words.
        const checked = await vm.check(args);
        expect(checked.failures).toHaveLength(1);
        const [found] = checked.failures;
        expect(failurePath(found!)).toBe(property);
        expect(failureLine(found!)).toMatch(message);
        expect(await changes()).toEqual([]);
      }
      // create refuses it too, with nothing made, for a program that skipped check.
      const error = await failure(vm.create({ ...args, ...DEFAULTS }));
      expect(error.message).toMatch(new RegExp(`^Vm "${args.name as string}": create failed: `));
      expect(error.message).toMatch(message);
      expect(await changes()).toEqual([]);
    },
  );
});

/** Fields `check` judges from the catalog; subnets and security groups wait for `up`. */
const CATALOG_ONLY = new Set([
  "flavor",
  "image",
  "availabilityZone",
  "bootDisk.diskType",
  "bootDisk.size",
  "disks.diskType",
  "imageMetadata.username",
  "imageMetadata.user_name",
  "imageMetadata.ssh_pub_key",
  "imageMetadata.password",
  "userName",
  "cloudInit",
]);

/** What check would add to a program's inputs, for creates that skip it. */
const DEFAULTS = {
  description: "",
  tags: [],
  powerState: "running",
  allowRebuild: false,
  deleteDisksOnDestroy: true,
  deleteExternalIpsOnDestroy: true,
  apiVersion: "v1.1",
};

describe("the service's own refusals", () => {
  it("reports a 404 with the service's code and message (an unknown tag)", async () => {
    const error = await failure(create(vmArgs({ tags: ["no-such-tag"] })));
    expect(error.message).toMatch(
      /create failed: POST \/api\/v1\.1\/vms: 404 tag_not_found: .*no-such-tag/,
    );
    // The tag is what was not found, not the VM: no advice to refresh the stack.
    expect(error.message).not.toMatch(/pulumi refresh/);
    expect(error.message).toMatch(/the tag it refers to was not found/);
  });

  it("refuses a fixed address outside the subnet at check, naming the interface's field", async () => {
    const checked = await vm.check(vmArgs({ interfaces: [{ ipAddress: "192.168.7.7" }] }));
    expect(checked.failures).toEqual([
      {
        property: "",
        reason: expect.stringMatching(
          /^interfaces\[0\]\.ipAddress: 192\.168\.7\.7 is not a host address of subnet default-subnet-az1/,
        ),
      },
    ]);
  });

  it("reports a 422 naming the service's field (a fixed address another interface took)", async () => {
    // Taken by another program between check and create: only the service can tell.
    const subnet = vmState(emu).subnets[emu.fixtures.vm.defaultSubnets[0]!.id]!;
    subnet.used_ips.push("10.0.0.77");
    const error = await failure(create(vmArgs({ interfaces: [{ ipAddress: "10.0.0.77" }] })));
    expect(error.message).toMatch(/422 ip_address_unavailable/);
    expect(error.message).toMatch(/fix the named field/);
  });

  it("refuses a placement group the service does not know, naming the groups, before the create", async () => {
    const args = vmArgs({ placementGroup: "no-such-group" });
    const message =
      /"no-such-group" is not a placement group of project .*; use one of: spread-az1/;
    const checked = await vm.check(args);
    expect(checked.failures).toEqual([
      { property: "placementGroup", reason: expect.stringMatching(message) },
    ]);
    // A create that skipped check (the service was unreachable at preview) refuses it too.
    const error = await failure(vm.create(checked.inputs));
    expect(error.message).toMatch(message);
  });
});

describe("a password for an image that cannot take one", () => {
  it("fails check (so preview) naming password and image, and create sends nothing", async () => {
    const password = "N0-agent-here!";
    const args = vmArgs({ image: "debian-12", bootDisk: { size: 10 }, password });
    const checked = await vm.check(args);
    expect(checked.failures).toEqual([
      {
        property: "",
        reason: expect.stringMatching(
          /^password: image debian-12 has no guest agent to set a password .*remove password, or change image/,
        ),
      },
    ]);
    expect(JSON.stringify(checked.failures)).not.toContain(password);
    const error = await failure(vm.create({ ...args, ...DEFAULTS }));
    expect(error.message).toMatch(/create failed: password: image debian-12 has no guest agent/);
    expect(error.message).not.toContain(password);
    expect(await changes()).toEqual([]);
  });
});

describe("a VM that exists but does not become usable", () => {
  /** Starts a create, then gives the VM a failed state as soon as the emulator has it. */
  async function createThatFails(args: Props, status: "error" | "error_creating") {
    const pending = failure(create(args));
    let id: string | undefined;
    const deadline = Date.now() + 5000;
    while (id === undefined && Date.now() < deadline) {
      id = vmsNamed(emu, args.name as string)[0];
      if (id === undefined) await new Promise((r) => setTimeout(r, 5));
    }
    expect(id).toBeDefined();
    vmState(emu).vms[id!]!.schedule = [{ at: Date.now(), status }];
    return { id: id!, error: await pending };
  }

  it("keeps a VM that ended in error in the stack: ResourceInitError with its id and outputs", async () => {
    const args = vmArgs();
    const { id, error } = await createThatFails(args, "error");
    expect(error.name).toBe("ResourceInitError");
    expect(error.id).toBe(id);
    expect(error.properties).toMatchObject({ vmId: id, state: "error", name: args.name });
    expect(error.message).toMatch(
      /create \(waiting until it runs\) failed: .*VM .* is in state error/,
    );
    expect(error.message).toMatch(/stays in the stack/);
    // The next `up` calls update with no change: it reports the failed state again.
    const checked = await vm.check(args);
    const again = await failure(vm.update(id, error.properties as Props, checked.inputs));
    expect(again.name).toBe("ResourceInitError");
    expect(again.message).toMatch(/in state error/);
    // And a failed VM can be deleted.
    await vm.delete(id, error.properties as Props);
    expect(await readVm(emu, id)).toBeUndefined();
  });

  it("keeps a VM that did not run in time, and says which timeout to raise", async () => {
    const args = vmArgs({ timeouts: { create: "1s" } });
    const pending = failure(create(args));
    let id: string | undefined;
    while (id === undefined) {
      id = vmsNamed(emu, args.name as string)[0];
      if (id === undefined) await new Promise((r) => setTimeout(r, 5));
    }
    // Stuck in `creating` for a minute.
    vmState(emu).vms[id]!.schedule = [{ at: Date.now() + 60_000, status: "running" }];
    const error = await pending;
    expect(error.name).toBe("ResourceInitError");
    expect(error.id).toBe(id);
    expect(error.message).toMatch(/timed out after/);
    expect(error.message).toMatch(/timeouts\.create/);
    expect((error.properties as Props).state).toBe("creating");
    vmState(emu).vms[id]!.schedule = [{ at: Date.now(), status: "running" }];
    await waitForVm(emu, id, (v) => v?.state === "running");
    await vm.delete(id, error.properties as Props);
  });

  it("keeps a VM whose password could not be set, without the password, so the next update sets it", async () => {
    const password = "N0-answer-here!";
    const args = vmArgs({ password });
    await vm.setFaults([{ route: "/set-password$", method: "POST", errorRates: { "500": 1 } }]);
    const error = await failure(create(args)).finally(() => vm.setFaults([]));
    expect(error.name).toBe("ResourceInitError");
    expect(error.message).toMatch(/setting the password.*500/);
    expect(error.message).not.toContain(password);
    const props = error.properties as Props;
    expect(props.password).toBeNull();
    expect(props.state).toBe("running");
    const checked = await vm.check(args);
    expect(await vm.diff(error.id as string, props, checked.inputs)).toMatchObject({
      changes: true,
      replaces: [],
    });
    await vm.delete(error.id as string, props);
  });
});

describe("faults", () => {
  it.each([
    ["a 500", { errorRates: { "500": 1 } }],
    ["a dropped answer", { dropResponseRate: 1 }],
  ])("retries setting the password after %s (it is idempotent)", async (_what, fault) => {
    await vm.setFaults([{ route: "/set-password$", method: "POST", times: 1, ...fault }]);
    const args = vmArgs({ password: "Retry-me-0nce!" });
    const { id, outs } = await vm.up(args);
    expect(outs).toMatchObject({ state: "running", vmId: id });
    const sets = (await vm.requests()).filter(
      (r) => r.method === "POST" && r.url.endsWith("/set-password"),
    );
    expect(sets.map((r) => r.fault !== undefined)).toEqual([true, false]);
    await vm.delete(id, outs);
  });
  it.each([
    ["the answer is lost after the VM was made", { dropResponseRate: 1 }],
    ["the service answers 503 without making it", { errorRates: { "503": 1 } }],
  ])("ends with exactly one VM when %s", async (_what, fault) => {
    await vm.setFaults([{ route: "^/api/v1\\.1/vms$", method: "POST", times: 1, ...fault }]);
    const args = vmArgs();
    const { id, outs } = await vm.up(args);
    expect(outs).toMatchObject({ state: "running", vmId: id });
    expect(vmsNamed(emu, args.name as string)).toEqual([id]);
    const posts = (await vm.requests()).filter(
      (r) => r.method === "POST" && r.url === "/api/v1.1/vms",
    );
    expect(posts.length).toBeGreaterThanOrEqual(fault.dropResponseRate === 1 ? 1 : 2);
  });

  it("never takes over the VM an interrupted `up` left (same name and spec): refused, with the command", async () => {
    const args = vmArgs();
    const first = await vm.up(args);
    // The next `up` is a new provider process, which reads the project's names afresh.
    await vm.newProcess();
    // The engine re-creates a resource whose create was interrupted: the same inputs again.
    await expectRefused(vm, args, {
      id: first.id,
      adoptable: true,
      atCheck: true,
      words: /matches this resource's inputs/,
    });
    expect(vmsNamed(emu, args.name as string)).toEqual([first.id]);
  });

  it("refuses to create over an untracked VM of the same name with another spec", async () => {
    const args = vmArgs();
    const first = await vm.up(args);
    // The next `up` is a new provider process, which reads the project's names afresh.
    await vm.newProcess();
    // Preview fails, naming the other VM and the fix ...
    const refused = await vm.check({ ...args, flavor: "gen-4-8" });
    expect(refused.failures.map((f) => f.property)).toEqual(["name"]);
    expect(refused.failures[0]!.reason).toContain(`VM ${args.name as string} (${first.id})`);
    expect(refused.failures[0]!.reason).toContain(`set adoptId to "${first.id}"`);
    // ... and create, which an up checked before the VM existed reaches, refuses it too.
    const error = await failure(vm.create(refused.inputs));
    expect(error.message).toContain(`a VM named "${args.name as string}" already exists`);
    expect(error.message).toContain(first.id);
    expect(error.message).toContain("differs from this resource's inputs");
    expect(vmsNamed(emu, args.name as string)).toEqual([first.id]);
  });

  it("replaces a VM that keeps its name by deleting the old one first, and a renamed one create-first", async () => {
    const { id, inputs, outs } = await vm.up(vmArgs());
    const sameName = await vm.check({ ...inputs, image: "debian-12" }, inputs);
    const keep = await vm.diff(id, outs, sameName.inputs);
    expect(keep.replaces).toEqual(["image"]);
    expect(keep.deleteBeforeReplace).toBe(true);
    const renamed = await vm.check(
      { ...inputs, image: "debian-12", name: `${inputs.name as string}-2` },
      inputs,
    );
    const rename = await vm.diff(id, outs, renamed.inputs);
    expect(rename.replaces).toEqual(["image"]);
    expect(rename.deleteBeforeReplace).toBeFalsy();
  });
});

describe("secrets", () => {
  it("keeps the password out of every output but `password`, the emulator's state and the request log", async () => {
    const password = "Very-s3cret-Pw";
    const { id, outs } = await vm.up(vmArgs({ password }));
    expect(outs.password).toBe(password);
    const { password: _kept, ...others } = outs;
    expect(JSON.stringify(others)).not.toContain(password);
    expect(vmState(emu).vms[id]!.password_logins).toEqual(["ubuntu"]);
    expect(await stateText(emu)).not.toContain(password);
    expect(JSON.stringify(await vm.requests())).not.toContain(password);
    const read = await vm.read(id, outs);
    const { password: _again, ...readOthers } = read.props!;
    expect(JSON.stringify(readOthers)).not.toContain(password);
    // A refresh keeps the program's inputs (where the password is a secret): it returns none.
    expect(read.inputs).toBeUndefined();
  });

  it("keeps the password out of an update's error message", async () => {
    const { id, inputs, outs } = await vm.up(vmArgs({ image: "debian-12" }));
    const password = "Upd8te-secret!";
    const checked = await vm.check({ ...inputs, password }, inputs);
    const error = await failure(vm.update(id, outs, checked.inputs));
    expect(error.message).toMatch(/422 guest_agent_unavailable/);
    expect(error.message).not.toContain(password);
    expect(JSON.stringify(error)).not.toContain(password);
  });
});
