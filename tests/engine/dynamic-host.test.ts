/**
 * Engine protocol: Pulumi's real Node.js dynamic-provider host, started as the engine starts
 * it, driven over gRPC with the `__provider` texts our SDK classes register, against a real
 * emulator. Each resource goes through Configure, Check, Diff, Create, Read (refresh and
 * import), Update and Delete, and the emulator is asked what really happened. Errors must
 * reach the engine as it shows them: a message naming the resource, the operation and the
 * service's code, and ErrorResourceInitFailed (with the id) for resources that exist but are
 * not usable. The shims load the built package: run `npm run build` first.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestEmulator, type TestEmulator } from "../support/emulator";
import { failurePath } from "../provider/support/failures";
import { slowDown, uniqueName, UNKNOWN, vmState } from "../provider/support/fixtures";
import { vmArgs, vmsNamed, VM_SPEED } from "../provider/support/vm-suite";
import {
  DiffChanges,
  hostError,
  initFailureOf,
  pulumiVersion,
  startDynamicHost,
  type DynamicHost,
  type HostedResource,
  type Props,
} from "./support/dynamic-host";
import { sdkProviders, type Captured } from "./support/sdk-providers";
import type { VmCloudTypeName } from "../../provider/type-tokens";

/** The emulator's token: distinctive, so that any leak of it can be found in text. */
const TOKEN = "engine-proto-token-5c1f9e27d4";
/** A VM password, equally distinctive. */
const PASSWORD = "Engine-Pa55-7d3b!";
const GRPC_UNKNOWN = 2;

let emu: TestEmulator;
let host: DynamicHost;
let shims: Captured;

/** The stack config the engine sends for these tests. */
const stackConfig = () => ({
  "vmcloud:endpoint": emu.url,
  "vmcloud:token": TOKEN,
  "vmcloud:projectId": emu.fixtures.vm.projectId,
});

beforeAll(async () => {
  emu = await startTestEmulator({ speed: VM_SPEED, token: TOKEN });
  shims = await sdkProviders("shim-capture-token-never-used");
  host = await startDynamicHost();
  const configured = await host.configure(stackConfig(), ["vmcloud:token"]);
  // The host says it takes no secrets, so the engine sends it plain values afterwards.
  expect(configured.getAcceptsecrets()).toBe(false);
});
afterAll(async () => {
  await host?.stop();
  await emu?.close();
});

/** Calls for a new resource of SDK class `className`. */
function resourceOf(className: VmCloudTypeName, name = uniqueName(className.toLowerCase())) {
  const shim = shims[className];
  const res = host.resource(shim.type, name);
  const withShim = (props: Props) => ({ ...props, __provider: shim.provider });
  return { res, shim: shim.provider, withShim };
}

/**
 * The lines `host` printed for the errors of its calls: the host prints those of check, diff,
 * read and delete as `${error}: ${error.stack}`, and the engine shows each line under the
 * Stack. A line with a stack frame or a repeated `Error:` fails here. `since`: what the host
 * had printed before (`output().length`).
 */
function printedErrors(host: DynamicHost, since = 0): string[] {
  const lines = host
    .output()
    .slice(since)
    .split("\n")
    .filter((line) => line.trim() !== "");
  for (const line of lines) {
    expect(line, "a stack frame").not.toMatch(/^\s+at /);
    expect(line, "an error printed twice").not.toMatch(/Error: .*: (\w*)Error: /);
  }
  return lines.filter((line) => / failed: /.test(line));
}

/** GET on the emulator: the body, or undefined on 404. */
async function live(path: string): Promise<Record<string, unknown> | undefined> {
  const reply = await emu.call("GET", path);
  if (reply.status === 404) return undefined;
  expect(reply.status).toBe(200);
  return reply.body as Record<string, unknown>;
}

/** `check` that must pass, then `create`: what `pulumi up` does for a new resource. */
async function up(res: HostedResource, news: Props) {
  const checked = await res.check(news);
  expect(checked.failures).toEqual([]);
  const created = await res.create(checked.inputs);
  return { id: created.id, inputs: checked.inputs, outs: created.properties };
}

/** What one resource kind's life changes and expects. */
interface LifeSpec {
  className: VmCloudTypeName;
  /** Valid inputs (without `__provider`); may make prerequisites through the host. */
  inputs(): Promise<Props>;
  /** The emulator path that shows the resource with this id. */
  path(id: string): string;
  /** Whether the body at `path` shows the resource; default: the path answers 200. */
  exists?(body: Record<string, unknown> | undefined, id: string): boolean;
  /** Defaults `check` fills in. */
  defaults: Props;
  /** A bad value, and the property the failure must name. */
  invalid: { patch: Props; property: string };
  /** A property that may be unknown during preview. */
  unknown: string;
  /** An in-place change, and what the emulator must then show (if it reaches the cloud). */
  inPlace: { patch: Props; expectLive?: Props };
  /** A change that replaces, and the property diff must name. */
  replace: { patch: Props; property: string; deleteBeforeReplace?: boolean };
  /** What the emulator shows right after create. */
  expectLive: (inputs: Props) => Props;
  /** Outputs an import (a read from the id alone) must reproduce. */
  importKeys: string[];
}

function describeLife(spec: LifeSpec) {
  describe(spec.className, () => {
    it("Check fills defaults, names the failing property, and lets unknown values through", async () => {
      const { res, shim, withShim } = resourceOf(spec.className);
      const news = withShim(await spec.inputs());
      const valid = await res.check(news);
      expect(valid.failures).toEqual([]);
      expect(valid.inputs).toMatchObject({ ...spec.defaults, __provider: shim });

      const invalid = await res.check({ ...news, ...spec.invalid.patch });
      const found = invalid.failures.find((f) => failurePath(f) === spec.invalid.property);
      expect(found, JSON.stringify(invalid.failures)).toBeDefined();
      // The engine reads a failure's property as one top-level key of the inputs: a nested
      // one goes without it (its path leads the reason), else the engine prints `{<nil>}`.
      const nested = /[.[]/.test(spec.invalid.property);
      expect(found!.property).toBe(nested ? "" : spec.invalid.property);
      for (const failure of invalid.failures) expect(failure.reason).not.toBe("");

      const preview = await res.check({ ...news, [spec.unknown]: UNKNOWN });
      expect(preview.failures).toEqual([]);
      expect(preview.inputs[spec.unknown]).toBe(UNKNOWN);
    });

    it("Create, Diff, Read (refresh and import), Update and Delete against the emulator", async () => {
      const { res, shim, withShim } = resourceOf(spec.className);
      const { id, inputs, outs } = await up(res, withShim(await spec.inputs()));
      // The engine records the outputs with the provider text it came with.
      expect(outs.__provider).toBe(shim);
      expect(await live(spec.path(id))).toMatchObject(spec.expectLive(inputs));

      // Diff: olds are the recorded outputs, news the checked inputs.
      const same = await res.diff(id, outs, inputs, inputs);
      expect(same).toMatchObject({ changes: DiffChanges.DIFF_NONE, replaces: [] });
      const { inputs: moved } = await res.check({ ...inputs, ...spec.inPlace.patch }, inputs);
      const inPlace = await res.diff(id, outs, moved, inputs);
      expect(inPlace).toMatchObject({ changes: DiffChanges.DIFF_SOME, replaces: [] });
      const { inputs: replaced } = await res.check({ ...inputs, ...spec.replace.patch }, inputs);
      const replacing = await res.diff(id, outs, replaced, inputs);
      expect(replacing.changes).toBe(DiffChanges.DIFF_SOME);
      expect(replacing.replaces).toEqual([spec.replace.property]);
      expect(replacing.deleteBeforeReplace).toBe(spec.replace.deleteBeforeReplace ?? false);

      // Read as a refresh: the previous outputs (and inputs).
      const refreshed = await res.read(id, outs, inputs);
      expect(refreshed.id).toBe(id);
      // A VM's time moves when its password is set, after create recorded its outputs: the
      // refresh records the time it has now (provider/resources/vm/listed-read.ts).
      expect(refreshed.properties).toEqual(
        "modifiedTime" in outs ? { ...outs, modifiedTime: expect.any(String) } : outs,
      );
      // Read as `get`/import: no properties, inputs holding only the provider.
      const imported = await res.read(id, {}, { __provider: shim });
      expect(imported.id).toBe(id);
      expect(imported.properties.__provider).toBe(shim);
      for (const key of spec.importKeys) {
        expect(outs, key).toHaveProperty(key);
        expect(imported.properties[key], key).toEqual(outs[key]);
      }
      if (imported.inputs !== undefined) {
        expect(imported.inputs.__provider).toBe(shim);
        // The imported inputs describe the resource as it is: no change is proposed.
        // The engine's import step checks the program against what it read, as previous inputs.
        const checkedImport = await res.check(imported.inputs, imported.inputs);
        expect(checkedImport.failures).toEqual([]);
        const again = await res.diff(id, imported.properties, checkedImport.inputs);
        expect(again.changes).toBe(DiffChanges.DIFF_NONE);
      }

      // Update in place.
      const updated = await res.update(id, outs, moved, inputs);
      expect(updated.properties.__provider).toBe(shim);
      expect(updated.properties).toMatchObject(spec.inPlace.patch);
      const afterUpdate = await live(spec.path(id));
      expect(afterUpdate).toMatchObject(spec.inPlace.expectLive ?? spec.expectLive(inputs));

      // Delete, then a refresh finds nothing (the engine drops the resource).
      await res.delete(id, updated.properties, moved);
      const exists = spec.exists ?? ((body) => body !== undefined);
      expect(exists(await live(spec.path(id)), id)).toBe(false);
      const gone = await res.read(id, updated.properties, moved);
      expect(gone.id).toBe("");
    });
  });
}

describe("the host as the engine starts it", () => {
  it("prints its port, reports the @pulumi/pulumi version, and takes the stack config as the engine sends it", async () => {
    expect(host.port).toBeGreaterThan(0);
    expect(await host.pluginInfo()).toBe(pulumiVersion);
    // The token arrived wrapped as a secret; a create that authenticates proves it was unwrapped.
    const { res, withShim } = resourceOf("Disk");
    const { id } = await up(res, withShim({ name: uniqueName("cfg"), size: 1 }));
    expect(await live(`/api/v1/disks/${id}`)).toMatchObject({ state: "available" });
  });

  it("stops without leaving its process behind", async () => {
    const other = await startDynamicHost();
    expect(isAlive(other.pid)).toBe(true);
    await other.stop();
    expect(isAlive(other.pid)).toBe(false);
  });
});

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

describeLife({
  className: "Disk",
  inputs: async () => ({ name: uniqueName("disk"), size: 2, tags: ["env-dev"] }),
  path: (id) => `/api/v1/disks/${id}`,
  defaults: { description: "", readonly: false, shared: false, encrypted: false },
  invalid: { patch: { size: 0 }, property: "size" },
  unknown: "size",
  inPlace: {
    patch: { description: "grown", size: 3 },
    expectLive: { description: "grown", size: 3, state: "available" },
  },
  replace: { patch: { availabilityZone: "ru.AZ-2" }, property: "availabilityZone" },
  expectLive: (inputs) => ({ name: inputs.name, size: 2, state: "available" }),
  importKeys: ["name", "size", "diskType", "availabilityZone", "tags", "projectId", "state"],
});

describeLife({
  className: "Subnet",
  inputs: async () => ({ name: uniqueName("net"), address: "10.77.0.0", prefixLength: 24 }),
  path: (id) => `/api/v1/subnets/${id}`,
  defaults: { description: "", routedNetwork: true, dnsServers: [], isDefault: false, tags: [] },
  invalid: { patch: { prefixLength: 40 }, property: "prefixLength" },
  unknown: "address",
  inPlace: { patch: { description: "apps" }, expectLive: { description: "apps" } },
  // The replacement would clash with the old subnet's name and address: delete it first.
  replace: { patch: { address: "10.78.0.0" }, property: "address", deleteBeforeReplace: true },
  expectLive: (inputs) => ({ name: inputs.name, subnet_address: "10.77.0.0/24" }),
  importKeys: ["name", "address", "prefixLength", "availabilityZone", "vpcId", "projectId"],
});

describeLife({
  className: "SecurityGroup",
  inputs: async () => ({
    name: uniqueName("sg"),
    rules: [{ direction: "ingress", protocol: "tcp", portRange: "22:22" }],
  }),
  path: (id) => `/api/v1/security-groups/${id}`,
  defaults: { description: "", tags: [] },
  invalid: {
    patch: { rules: [{ direction: "ingress", protocol: "smtp" }] },
    property: "rules[0].protocol",
  },
  unknown: "name",
  inPlace: { patch: { description: "web" }, expectLive: { description: "web" } },
  // Keeping its name, a group is replaced by deleting the old one first.
  replace: {
    patch: { availabilityZone: "ru.AZ-2" },
    property: "availabilityZone",
    deleteBeforeReplace: true,
  },
  expectLive: (inputs) => ({ name: inputs.name }),
  importKeys: ["name", "rules", "availabilityZone", "projectId"],
});

/** A security group made through the host, for rules. */
async function hostedGroup(): Promise<string> {
  const { res, withShim } = resourceOf("SecurityGroup");
  return (await up(res, withShim({ name: uniqueName("rules-host") }))).id;
}

describeLife({
  className: "SecurityGroupRule",
  inputs: async () => ({
    securityGroupId: await hostedGroup(),
    direction: "ingress",
    protocol: "tcp",
    portRange: "22:22",
    remoteIpPrefix: "203.0.113.0/24",
  }),
  path: (id) => {
    const [group, rule] = id.split(":");
    return `/api/v1/security-groups/${group}/rules/${rule}`;
  },
  defaults: { etherType: "IPv4", description: "" },
  invalid: { patch: { direction: "sideways" }, property: "direction" },
  unknown: "securityGroupId",
  // Every field of a rule replaces it; only the provider's own waits change in place.
  inPlace: { patch: { timeouts: { delete: "2m" } } },
  replace: { patch: { portRange: "2222:2222" }, property: "portRange" },
  expectLive: () => ({ direction: "ingress", ip_protocol: "tcp", port_range: "22:22" }),
  importKeys: ["securityGroupId", "direction", "protocol", "portRange", "remoteIpPrefix"],
});

describeLife({
  className: "Vm",
  inputs: async () => vmArgs({ password: PASSWORD }),
  path: (id) => `/api/v1/vms/${id}`,
  defaults: { description: "", tags: [], powerState: "running" },
  invalid: { patch: { name: "9-starts-with-a-digit" }, property: "name" },
  unknown: "flavor",
  inPlace: {
    patch: { description: "web tier" },
    expectLive: { description: "web tier", state: "running" },
  },
  // Keeping its name, a VM is replaced by deleting the old one first.
  replace: { patch: { image: "debian-12" }, property: "image", deleteBeforeReplace: true },
  expectLive: (inputs) => ({ name: inputs.name, state: "running" }),
  importKeys: ["name", "flavor", "image", "availabilityZone", "bootDisk", "powerState", "vmId"],
});

describeLife({
  className: "DiskAttachment",
  inputs: async () => {
    // The disk and the VM are made through the host too, as a program's resources would be.
    const disk = resourceOf("Disk");
    const vm = resourceOf("Vm");
    const [d, v] = await Promise.all([
      up(disk.res, disk.withShim({ name: uniqueName("att"), size: 1 })),
      up(vm.res, vm.withShim(vmArgs())),
    ]);
    return { diskId: d.id, vmId: v.id };
  },
  // The attachment exists when the disk lists the VM.
  path: (id) => `/api/v1/disks/${id.split(":")[0]}`,
  exists: (body, id) =>
    (body?.vms as Array<{ id: string }> | undefined)?.some((v) => v.id === id.split(":")[1]) ??
    false,
  defaults: {},
  invalid: { patch: { diskId: "not-a-uuid" }, property: "diskId" },
  unknown: "vmId",
  inPlace: { patch: { timeouts: { delete: "2m" } } },
  replace: {
    patch: { vmId: "6b3d2c44-8c1f-4c55-9d0b-5a1e3f1f0aff" },
    property: "vmId",
    deleteBeforeReplace: true,
  },
  expectLive: (inputs) => ({
    state: "in_use",
    vms: [expect.objectContaining({ id: inputs.vmId })],
  }),
  importKeys: ["diskId", "vmId", "diskName", "vmName", "bootDisk"],
});

describe("errors as the engine receives them", () => {
  it("a refusal of the service is a gRPC error naming the resource, the operation and the service's code", async () => {
    const { res, withShim } = resourceOf("Vm");
    // An address another interface took after check: only the service can refuse it.
    vmState(emu).subnets[emu.fixtures.vm.defaultSubnets[0]!.id]!.used_ips.push("10.0.0.78");
    const args = vmArgs({ interfaces: [{ ipAddress: "10.0.0.78" }] });
    const { inputs } = await res.check(withShim(args));
    const error = await hostError(res.create(inputs));
    expect(error.code).toBe(GRPC_UNKNOWN);
    expect(error.details).toMatch(new RegExp(`^Vm "${args.name as string}": create failed: `));
    expect(error.details).toMatch(/422 ip_address_unavailable/);
    expect(initFailureOf(error)).toBeUndefined();
  });

  it("an update of a resource deleted behind the engine's back names the 404 and says to refresh", async () => {
    const { res, withShim } = resourceOf("Disk");
    const { id, inputs, outs } = await up(res, withShim({ name: uniqueName("lost"), size: 1 }));
    expect((await emu.call("DELETE", `/api/v1/disks/${id}`)).status).toBeLessThan(300);
    await emu.waitFor(`/api/v1/disks/${id}`, (_body, s) => s === 404);
    const error = await hostError(res.update(id, outs, { ...inputs, size: 2 }, inputs));
    expect(error.details).toMatch(
      new RegExp(
        `^Disk "${inputs.name as string}": update failed: .*404 disk_not_found.*pulumi refresh`,
      ),
    );
  });

  it("a wrong token is a 401 that says how to set the token, and the token is in no message or output", async () => {
    const wrong = "wrong-token-9a8b7c6d5e";
    const { res: disk, withShim } = resourceOf("Disk");
    const { id, outs } = await up(disk, withShim({ name: uniqueName("noauth"), size: 1 }));
    const other = await startDynamicHost();
    try {
      await other.configure({ ...stackConfig(), "vmcloud:token": wrong }, ["vmcloud:token"]);
      const res = other.resource(shims.Disk.type, "unauthorized");
      // check reads the catalog, so a refused token already fails there (at preview).
      const checked = await hostError(res.check(withShim({ name: uniqueName("noauth"), size: 1 })));
      expect(checked.details).toMatch(/^Disk "noauth-[^"]+": check failed: .*401/);
      expect(checked.details).toMatch(/vmcloud:token/);
      const { inputs } = await disk.check(withShim({ name: uniqueName("noauth"), size: 1 }));
      const created = await hostError(res.create(inputs));
      expect(created.details).toMatch(/^Disk "noauth-[^"]+": create failed: .*401/);
      expect(created.details).toMatch(/vmcloud:token/);
      const read = await hostError(res.read(id, outs));
      expect(read.details).toMatch(
        new RegExp(`^Disk "${outs.name as string}": read failed: .*401`),
      );
      const deleted = await hostError(res.delete(id, outs));
      expect(deleted.details).toMatch(/delete failed: .*401/);
      // The host also prints the errors of check, read and delete on its stderr, which the
      // engine shows under the Stack: each as its message alone, with no frames of ours.
      expect(printedErrors(other)).toEqual([checked.details, read.details, deleted.details]);
      for (const text of [
        checked.details,
        created.details,
        read.details,
        deleted.details,
        other.output(),
      ]) {
        expect(text).not.toContain(wrong);
      }
      // Nothing was deleted with the wrong token.
      expect(await live(`/api/v1/disks/${id}`)).toMatchObject({ state: "available" });
    } finally {
      await other.stop();
    }
  });

  it("a subnet a VM still uses: delete names the VM, and the host prints the message alone", async () => {
    const net = resourceOf("Subnet");
    const { id, outs } = await up(
      net.res,
      net.withShim({ name: uniqueName("used"), address: "10.79.0.0", prefixLength: 24 }),
    );
    const vm = resourceOf("Vm");
    const args = vmArgs({ interfaces: [{ subnet: id }] });
    const made = await up(vm.res, vm.withShim(args));
    const printedBefore = host.output().length;
    const error = await hostError(net.res.delete(id, outs));
    expect(error.details).toMatch(
      new RegExp(
        `^Subnet "${outs.name as string}": delete failed: the subnet is still used by ` +
          `VM "${args.name as string}" \\(${made.id}\\): delete it .*405 subnet_not_empty`,
      ),
    );
    expect(printedErrors(host, printedBefore)).toEqual([error.details]);
    await vm.res.delete(made.id, made.outs);
    await net.res.delete(id, outs);
    expect(await live(`/api/v1/subnets/${id}`)).toBeUndefined();
  });

  it("a VM that ends in error arrives as ErrorResourceInitFailed with its id and outputs", async () => {
    const { res, shim, withShim } = resourceOf("Vm");
    const args = vmArgs();
    const { inputs } = await res.check(withShim(args));
    const pending = hostError(res.create(inputs));
    let id: string | undefined;
    const deadline = Date.now() + 10_000;
    while (id === undefined && Date.now() < deadline) {
      id = vmsNamed(emu, args.name as string)[0];
      if (id === undefined) await new Promise((r) => setTimeout(r, 5));
    }
    expect(id).toBeDefined();
    vmState(emu).vms[id!]!.schedule = [{ at: Date.now(), status: "error" }];
    const error = await pending;
    expect(error.details).toMatch(
      new RegExp(`^Vm "${args.name as string}": create .*failed: .*state error`),
    );
    const init = initFailureOf(error);
    expect(init).toBeDefined();
    expect(init!.id).toBe(id);
    expect(init!.reasons).toEqual([error.details]);
    // Recorded with the provider text, so later refreshes and deletes can load it.
    expect(init!.properties).toMatchObject({ vmId: id, state: "error", __provider: shim });
    // The engine keeps it in the stack; a destroy deletes it.
    await res.delete(id!, init!.properties, inputs);
    expect(await live(`/api/v1/vms/${id}`)).toBeUndefined();
  });

  it("a disk that is not available in time arrives as ErrorResourceInitFailed, after progress lines", async () => {
    const { res, shim, withShim } = resourceOf("Disk");
    const name = uniqueName("slow");
    const { inputs } = await res.check(withShim({ name, size: 1, timeouts: { create: "1s" } }));
    const printedBefore = host.output().length;
    // Slow the emulator down so that the disk is still `creating` when the 1 s wait ends.
    const restore = slowDown(emu, 400);
    const error = await hostError(res.create(inputs)).finally(restore);
    expect(error.details).toMatch(
      new RegExp(`^Disk "${name}": create failed: .*timed out.*timeouts\\.create`),
    );
    const init = initFailureOf(error);
    expect(init).toMatchObject({
      properties: { name, state: "creating", timeouts: { create: "1s" }, __provider: shim },
    });
    expect(await live(`/api/v1/disks/${init!.id}`)).toMatchObject({ name });
    // The wait sent its progress to the engine as status messages, not kept as diagnostics.
    expect(host.output().slice(printedBefore)).not.toMatch(/waiting for/);
    expect(host.engineLogs).toContainEqual(
      expect.objectContaining({
        severity: "INFO",
        ephemeral: true,
        message: expect.stringMatching(
          new RegExp(`^Disk "${name}": waiting for disk ${init!.id} .*: creating, \\d+ s so far$`),
        ),
      }),
    );
  });
});

describe("what the engine sees besides answers", () => {
  it("progress arrives as ephemeral engine Log calls (the host's last argument is the engine), not as host output", () => {
    expect(host.engineLogs.length).toBeGreaterThan(0);
    for (const log of host.engineLogs) {
      expect(log).toMatchObject({ severity: "INFO", ephemeral: true });
      // The stock host runs no call with its URN, so the message names the resource itself.
      expect(log.urn).toBe("");
      expect(log.message).toMatch(/^\w+ "[^"]+": /);
    }
    expect(host.output()).not.toMatch(/waiting for /);
  });

  it("neither the token nor a VM password appears in anything the host printed or logged", () => {
    const everything = host.output() + JSON.stringify(host.engineLogs);
    expect(everything.length).toBeGreaterThan(0);
    expect(everything).not.toContain(TOKEN);
    expect(everything).not.toContain(PASSWORD);
  });
});
