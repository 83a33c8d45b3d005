// A private VM whose subnet has an SNAT gateway, on a network interface of its own, under the
// real Pulumi engine against the emulator (issue 28): `up` makes the subnet, the gateway (which
// serves the subnet, from an address of its own), the interface with its fixed address and the
// VM that takes it, with no public address; the next preview is clean. Replacing the VM by a
// new image (it keeps its name), then by a new name and image, deletes the old VM first and
// the new VM takes the same interface and address: the interface is never deleted or made
// again, exactly one VM remains, and the next preview is clean. `destroy` leaves nothing but
// the fixtures (no VM, interface, gateway, its address or subnet). The same kinds as a YAML
// program through the provider plugin come up (the VM on the interface, the gateway serving the
// subnet) and go. Never skipped: if the engine or the YAML host cannot be built, `beforeAll`
// fails.
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { repo } from "./support/engine";
import { changes, waitForResourceIds, useExampleStack } from "./support/example-stack";

const OP_TIMEOUT = 180_000;
const WORK_DIR = join(repo, "tests/e2e/fixtures/private-egress");
/** Stack, subnet, SNAT gateway, network interface, VM. */
const RESOURCES = 5;

interface InterfaceBody {
  id: string;
  ip_address: string;
  created_time: string;
  vm?: { id: string; name: string };
  floating_ip?: unknown;
}

describe("a private VM on a kept interface, in a subnet an SNAT gateway serves", () => {
  let prefix: string;
  let port: InterfaceBody;

  const { emulator, example, fixtureIds } = useExampleStack("private-egress", {
    stack: async () => {
      prefix = `pe${Date.now().toString(36)}`;
      return {
        workDir: WORK_DIR,
        config: { prefix, name: `${prefix}-worker`, image: "ubuntu-22.04" },
      };
    },
  });

  const get = async <T>(path: string): Promise<T> => {
    const reply = await emulator.call("GET", path);
    expect(reply.status, `GET ${path}: ${reply.text}`).toBe(200);
    return reply.body as T;
  };
  const outputs = async () =>
    Object.fromEntries(
      Object.entries(await example.stack.outputs()).map(([k, v]) => [k, v.value]),
    ) as Record<string, unknown>;
  /** The VMs of the stack that the emulator holds. */
  const vms = async () => {
    const reply = await emulator.call("GET", "/_emulator/state");
    const all = (reply.body as { vm: { vms: Record<string, { id: string; name: string }> } }).vm
      .vms;
    return Object.values(all).filter((vm) => vm.name.startsWith(prefix));
  };

  /** After a replacement: one new VM, named `name`, on the very interface with its address. */
  async function expectOnKeptInterface(oldVmId: string, name: string) {
    const now = await outputs();
    expect(now["vmId"]).not.toBe(oldVmId);
    expect(now["portId"]).toBe(port.id);
    expect(now["vmPrivateIp"]).toBe("10.80.0.50");
    expect((await vms()).map((vm) => ({ id: vm.id, name: vm.name }))).toEqual([
      { id: now["vmId"], name },
    ]);
    // The same interface (its id and creation time), now on the new VM.
    const kept = await get<InterfaceBody>(`/api/v1/interfaces/${port.id}`);
    expect(kept).toMatchObject({
      id: port.id,
      created_time: port.created_time,
      ip_address: "10.80.0.50",
      vm: { id: now["vmId"], name },
    });
    const preview = await example.stack.preview();
    expect(changes(preview.changeSummary)).toEqual({});
  }

  it(
    "comes up private: the gateway serves the subnet, the VM has the interface's address and no public one",
    async () => {
      const up = await example.stack.up();
      expect(up.summary.result).toBe("succeeded");
      expect(up.summary.resourceChanges).toEqual({ create: RESOURCES });
      const out = await outputs();
      const gateway = await get<{
        state: string;
        floating_ip: { ip_address: string };
        nat_rules: Array<{ subnet_id: string; internal_address: string }>;
      }>(`/api/v1/nat-gateways/${String(out["egressId"])}`);
      expect(gateway.state).toBe("created");
      expect(gateway.nat_rules).toContainEqual(
        expect.objectContaining({ subnet_id: out["subnetId"], internal_address: "10.80.0.0/24" }),
      );
      expect(out["egressAddress"]).toBe(gateway.floating_ip.ip_address);

      port = await get<InterfaceBody>(`/api/v1/interfaces/${String(out["portId"])}`);
      expect(port).toMatchObject({ ip_address: "10.80.0.50", vm: { id: out["vmId"] } });
      expect(port.floating_ip).toBeUndefined();
      const vm = await get<{ interfaces: Array<{ id: string; floating_ip?: unknown }> }>(
        `/api/v1/vms/${String(out["vmId"])}`,
      );
      expect(vm.interfaces.map((i) => i.id)).toEqual([port.id]);
      expect(vm.interfaces[0]!.floating_ip).toBeUndefined();
      expect(out["vmPrivateIp"]).toBe("10.80.0.50");
      expect(out["vmExternalIp"] ?? "").toBe("");

      const preview = await example.stack.preview();
      expect(changes(preview.changeSummary)).toEqual({});
    },
    OP_TIMEOUT,
  );

  it(
    "replaces the VM for a new image (the old one first) and keeps its interface and address",
    async () => {
      const before = String((await outputs())["vmId"]);
      await example.stack.setConfig("image", { value: "ubuntu-24.04" });
      const preview = await example.stack.preview();
      expect(changes(preview.changeSummary)).toEqual({ replace: 1 });
      const up = await example.stack.up();
      expect(up.summary.result).toBe("succeeded");
      expect(up.summary.resourceChanges).toMatchObject({ replace: 1 });
      await expectOnKeptInterface(before, `${prefix}-worker`);
    },
    OP_TIMEOUT,
  );

  it(
    "replaces the VM for a new name and image too: the interface leaves the old VM before the new one takes it",
    async () => {
      const before = String((await outputs())["vmId"]);
      await example.stack.setConfig("name", { value: `${prefix}-renamed` });
      await example.stack.setConfig("image", { value: "ubuntu-22.04" });
      const up = await example.stack.up();
      expect(up.summary.result).toBe("succeeded");
      expect(up.summary.resourceChanges).toMatchObject({ replace: 1 });
      await expectOnKeptInterface(before, `${prefix}-renamed`);
    },
    OP_TIMEOUT,
  );

  it(
    "destroys everything: no VM, interface, gateway, gateway address or subnet is left",
    async () => {
      const destroy = await example.stack.destroy();
      expect(destroy.summary.result).toBe("succeeded");
      expect(destroy.summary.resourceChanges).toEqual({ delete: RESOURCES });
      expect(await waitForResourceIds(emulator, fixtureIds)).toEqual(fixtureIds);
    },
    OP_TIMEOUT,
  );
});

describe("the same kinds as a YAML program, through the provider plugin", () => {
  const { emulator, example, fixtureIds } = useExampleStack("private-egress-yaml", {
    engine: { languages: true },
    stack: {
      workDir: join(repo, "tests/e2e/fixtures/private-egress-yaml"),
      config: { prefix: `py${Date.now().toString(36)}` },
    },
  });

  it(
    "comes up with the VM on the interface and the gateway serving the subnet, and destroy leaves nothing",
    async () => {
      const up = await example.stack.up();
      expect(up.summary.result).toBe("succeeded");
      expect(up.summary.resourceChanges).toEqual({ create: RESOURCES });
      const out = Object.fromEntries(Object.entries(up.outputs).map(([k, v]) => [k, v.value]));
      expect(out["vmPrivateIp"]).toBe("10.81.0.60");
      expect(out["egressSubnetIds"]).toContain(out["subnetId"]);
      const port = await emulator.call("GET", `/api/v1/interfaces/${String(out["portId"])}`);
      expect(port.body).toMatchObject({ ip_address: "10.81.0.60", vm: { id: out["vmId"] } });
      const preview = await example.stack.preview();
      expect(changes(preview.changeSummary)).toEqual({});

      const destroy = await example.stack.destroy();
      expect(destroy.summary.result).toBe("succeeded");
      expect(await waitForResourceIds(emulator, fixtureIds)).toEqual(fixtureIds);
    },
    OP_TIMEOUT,
  );
});
