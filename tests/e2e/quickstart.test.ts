// examples/quickstart under the real Pulumi engine, against the emulator: `up` creates the
// subnet, the security group and the VM; `refresh` finds nothing to change; a new flavor
// previews as exactly one in-place update and a new image as exactly one replace, and `up`
// applies each; a rename made behind Pulumi's back is found by `refresh` and undone by `up`;
// `destroy` leaves the emulator with only its fixtures. Never skipped: if the engine cannot be
// built, `beforeAll` fails.
import { describe, expect, it } from "vitest";
import { LAUNCHERS, repo } from "./support/engine";
import {
  changes,
  recorder,
  stateResource,
  waitForResourceIds,
  useExampleStack,
} from "./support/example-stack";

const VM = "pulumi-nodejs:dynamic/vmcloud:Vm";
const OP_TIMEOUT = 180_000;

interface VmBody {
  id: string;
  name: string;
  state: string;
  flavor: { name: string };
  image: { name: string };
  interfaces: Array<{
    ip_address: string;
    subnet?: { id: string };
    security_groups: Array<{ id: string }>;
  }>;
}

describe.each(LAUNCHERS)("examples/quickstart under `pulumi up`, %s launcher", (launcher) => {
  let vmId: string;

  const { emulator, example, fixtureIds } = useExampleStack("quickstart", {
    launcher,
    stack: { config: { sshCidr: "198.51.100.0/24" } },
  });

  async function vm(id: string) {
    return emulator.call("GET", `/api/v1/vms/${id}`);
  }

  it(
    "creates the subnet, the security group and a running VM in them",
    async () => {
      const seen = recorder();
      const up = await example.stack.up({ onEvent: seen.onEvent });
      expect(up.summary.result).toBe("succeeded");
      expect(up.summary.resourceChanges).toEqual({ create: 4 });

      vmId = up.outputs["vmId"]?.value as string;
      // The provider's progress reaches the engine as the VM's own status messages.
      expect(seen.diagnostics.join("")).toContain(`created VM ${vmId}; waiting until it runs`);
      expect(up.outputs["vmState"]?.value).toBe("running");
      expect(up.outputs["privateIp"]?.value).toMatch(/^10\.10\.0\.\d+$/);
      expect(up.outputs["externalIpAddress"]?.value).toMatch(/^\d+\.\d+\.\d+\.\d+$/);

      const reply = await vm(vmId);
      expect(reply.status).toBe(200);
      const body = reply.body as VmBody;
      expect(body).toMatchObject({ name: "quickstart", state: "running" });
      expect(body.flavor.name).toBe("gen-2-4");
      expect(body.image.name).toBe("ubuntu-22.04");

      const subnet = await stateResource(example.stack, "Subnet", "subnet");
      const group = await stateResource(example.stack, "SecurityGroup", "ssh");
      expect(body.interfaces[0]?.subnet?.id).toBe(subnet.id);
      expect(body.interfaces[0]?.ip_address).toBe(up.outputs["privateIp"]?.value);
      expect(body.interfaces[0]?.security_groups.map((g) => g.id)).toEqual([group.id]);

      // SSH is open to the configured network only.
      const rules = await emulator.call("GET", `/api/v1/security-groups/${group.id}/rules`);
      const items = (rules.body as { items: Array<Record<string, unknown>> }).items;
      const ingress = items.filter((r) => r["direction"] === "ingress");
      expect(ingress).toHaveLength(1);
      expect(ingress[0]).toMatchObject({
        remote_ip_prefix: "198.51.100.0/24",
        port_range: "22:22",
      });
    },
    OP_TIMEOUT,
  );

  it(
    "refreshes with no changes",
    async () => {
      const refresh = await example.stack.refresh();
      expect(refresh.summary.result).toBe("succeeded");
      expect(changes(refresh.summary.resourceChanges)).toEqual({});
      expect(refresh.summary.resourceChanges).toEqual({ same: 4 });
    },
    OP_TIMEOUT,
  );

  it(
    "previews a new flavor as exactly one in-place update, and `up` resizes the VM",
    async () => {
      await example.stack.setConfig("flavor", { value: "gen-4-8" });
      const seen = recorder();
      const preview = await example.stack.preview({ onEvent: seen.onEvent });
      expect(changes(preview.changeSummary)).toEqual({ update: 1 });
      expect(seen.steps).toEqual([expect.objectContaining({ op: "update", type: VM })]);

      const up = await example.stack.up();
      expect(changes(up.summary.resourceChanges)).toEqual({ update: 1 });
      expect(up.outputs["vmId"]?.value).toBe(vmId);
      expect(((await vm(vmId)).body as VmBody).flavor.name).toBe("gen-4-8");
    },
    OP_TIMEOUT,
  );

  it(
    "previews a new image as exactly one replace, and `up` replaces the VM",
    async () => {
      await example.stack.setConfig("image", { value: "ubuntu-24.04" });
      const seen = recorder();
      const preview = await example.stack.preview({ onEvent: seen.onEvent });
      expect(changes(preview.changeSummary)).toEqual({ replace: 1 });
      expect(seen.steps.filter((s) => s.op === "replace")).toEqual([
        expect.objectContaining({ op: "replace", type: VM }),
      ]);

      const up = await example.stack.up();
      expect(changes(up.summary.resourceChanges)).toEqual({ replace: 1 });
      const newId = up.outputs["vmId"]?.value as string;
      expect(newId).not.toBe(vmId);
      const replaced = (await vm(newId)).body as VmBody;
      expect(replaced.image.name).toBe("ubuntu-24.04");
      expect(replaced.state).toBe("running");
      await emulator.waitFor(`/api/v1/vms/${vmId}`, (_body, status) => status === 404);
      vmId = newId;
    },
    OP_TIMEOUT,
  );

  it(
    "finds a rename made behind Pulumi's back on refresh, and `up` undoes it",
    async () => {
      const renamed = await emulator.call("PUT", `/api/v1/vms/${vmId}`, {
        body: { name: "renamed-by-hand" },
      });
      expect(renamed.status).toBe(200);
      await emulator.waitFor(
        `/api/v1/vms/${vmId}`,
        (body) => (body as VmBody).name === "renamed-by-hand",
      );

      const seen = recorder();
      const refresh = await example.stack.refresh({ onEvent: seen.onEvent });
      expect(changes(refresh.summary.resourceChanges)).toEqual({ update: 1 });
      expect(seen.steps.map((s) => s.type)).toEqual([VM]);
      const state = await stateResource(example.stack, "Vm", "vm");
      expect(state.outputs?.["name"]).toBe("renamed-by-hand");

      const preview = await example.stack.preview();
      expect(changes(preview.changeSummary)).toEqual({ update: 1 });
      const up = await example.stack.up();
      expect(changes(up.summary.resourceChanges)).toEqual({ update: 1 });
      expect(((await vm(vmId)).body as VmBody).name).toBe("quickstart");
    },
    OP_TIMEOUT,
  );

  it(
    "destroys everything and leaves the emulator with only its fixtures",
    async () => {
      const destroy = await example.stack.destroy();
      expect(destroy.summary.result).toBe("succeeded");
      expect(destroy.summary.resourceChanges).toEqual({ delete: 4 });
      expect(await waitForResourceIds(emulator, fixtureIds)).toEqual(fixtureIds);
    },
    OP_TIMEOUT,
  );
});

describe("the root Pulumi.yaml", () => {
  const { example } = useExampleStack("quickstart", { stack: { workDir: repo } });

  it(
    "runs the quickstart: `pulumi preview` at the repository root plans its resources",
    async () => {
      const seen = recorder();
      const preview = await example.stack.preview({ onEvent: seen.onEvent });
      expect(preview.changeSummary).toEqual({ create: 4 });
      // `type::name` of each planned resource: the quickstart's, in the quickstart's project.
      expect(seen.steps.map((s) => s.urn.split("::").slice(2).join("::")).sort()).toEqual([
        `${VM.replace(/Vm$/, "SecurityGroup")}::ssh`,
        `${VM.replace(/Vm$/, "Subnet")}::subnet`,
        `${VM}::vm`,
        `pulumi:pulumi:Stack::vmcloud-quickstart-${example.stackName}`,
      ]);
    },
    OP_TIMEOUT,
  );
});
