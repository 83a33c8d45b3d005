// examples/full-stack under the real Pulumi engine, against the emulator: web VMs in two
// zones spread by a placement group, the first behind a stable external IP (ExternalIp),
// subnets, security groups with separate rules, a database VM with a password and a data disk
// attached through DiskAttachment, booting from a golden image (an Image of a stopped builder
// VM's boot disk), an SNAT gateway for the private tier, a stopped batch VM, lookups by name.
// `up`, then `refresh`
// with no changes; a new web image replaces both web VMs and the stable address survives, on
// the new VM; a bigger data disk previews as exactly one in-place update and a new batch image
// as exactly one replace, and `up` applies each; powering the batch VM on behind Pulumi's back
// is found by `refresh` and undone by `up`; `destroy` leaves only the fixtures (no address, no
// placement group, no image, no builder disk). Never skipped: if the engine cannot be built, `beforeAll` fails.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { LAUNCHERS } from "./support/engine";
import {
  changes,
  recorder,
  stateResource,
  stateResources,
  waitForResourceIds,
  useExampleStack,
} from "./support/example-stack";

const TYPE = "pulumi-nodejs:dynamic/vmcloud:";
const OP_TIMEOUT = 180_000;
/** The password the test gives the database VM (as secret config). */
const DB_PASSWORD = "Full-Stack-Secret-9!";
/**
 * Stack, 2 subnets, 3 groups, 4 rules, 1 placement group, 1 address, 5 VMs (the image's
 * builder among them), 1 image, 1 disk, 1 attachment, 1 SNAT gateway.
 */
const RESOURCES = 21;

interface VmBody {
  id: string;
  name: string;
  state: string;
  image: { id: string; name: string };
  flavor: { name: string };
  availability_zone: { name: string };
  tags: Array<{ name: string }>;
}

interface ExternalIpBody {
  id: string;
  ip_address: string;
  state: string;
  vm?: { id: string; name: string };
}

interface PlacementGroupBody {
  policy: string;
  availability_zones: Array<{ availability_zone_name: string; vm_count: number }>;
}

interface DiskBody {
  id: string;
  size: number;
  status: string;
  vms: Array<{ id: string }>;
}

describe.each(LAUNCHERS)("examples/full-stack under `pulumi up`, %s launcher", (launcher) => {
  let outputs: Record<string, unknown>;

  const { emulator, example, fixtureIds } = useExampleStack("full-stack", {
    launcher,
    stack: { secrets: { dbPassword: DB_PASSWORD } },
  });

  const get = async <T>(path: string): Promise<T> => {
    const reply = await emulator.call("GET", path);
    expect(reply.status, `GET ${path}: ${reply.text}`).toBe(200);
    return reply.body as T;
  };

  it(
    "creates every VM, network, rule and disk, the database booting from the golden image and the batch VM stopped",
    async () => {
      const up = await example.stack.up();
      expect(up.summary.result).toBe("succeeded");
      expect(up.summary.resourceChanges).toEqual({ create: RESOURCES });
      outputs = Object.fromEntries(Object.entries(up.outputs).map(([k, v]) => [k, v.value]));

      // Lookups by name resolved to the catalog's ids.
      const flavor = emulator.fixtures.vm.flavors.find((f) => f.name === "gen-2-4");
      expect(outputs["webFlavorId"]).toBe(flavor?.id);
      expect(outputs["webZones"]).toEqual(["ru.AZ-1", "ru.AZ-2"]);

      for (const name of ["web-az1", "web-az2"]) {
        const state = await stateResource(example.stack, "Vm", name);
        const vm = await get<VmBody>(`/api/v1/vms/${state.id}`);
        expect(vm).toMatchObject({ name, state: "running", flavor: { name: "gen-2-4" } });
        expect(vm.tags.map((t) => t.name).sort()).toEqual(["env-dev", "team-platform"]);
      }
      // The stable address is bound to web-az1; the group spreads one web VM in each zone.
      const webAz1Vm = await stateResource(example.stack, "Vm", "web-az1");
      const www = await get<ExternalIpBody>(`/api/v1/floating-ips/${String(outputs["wwwId"])}`);
      expect(www).toMatchObject({ state: "in_use", vm: { id: webAz1Vm.id, name: "web-az1" } });
      expect(outputs["wwwAddress"]).toBe(www.ip_address);
      expect((outputs["webIps"] as string[])[0]).toBe(www.ip_address);
      const spread = await get<PlacementGroupBody>(
        `/api/v1/placement-groups/${String(outputs["webSpreadId"])}`,
      );
      expect(spread.policy).toBe("anti-affinity");
      expect(spread.availability_zones.map((z) => [z.availability_zone_name, z.vm_count])).toEqual([
        ["ru.AZ-1", 1],
        ["ru.AZ-2", 1],
      ]);
      const batch = await get<VmBody>(`/api/v1/vms/${String(outputs["batchId"])}`);
      expect(batch).toMatchObject({ state: "stopped", image: { name: "debian-12" } });
      expect(batch.availability_zone.name).toBe("ru.AZ-2");
      expect(outputs["batchState"]).toBe("stopped");

      // The SNAT gateway of ru.AZ-1 serves the database's subnet, from an address of its own.
      const egress = await stateResource(example.stack, "NatGateway", "egress");
      const gateway = await get<{
        state: string;
        floating_ip: { ip_address: string };
        nat_rules: Array<{ subnet_id: string }>;
      }>(`/api/v1/nat-gateways/${String(egress.id)}`);
      const dbSubnet = await stateResource(example.stack, "Subnet", "subnet-az1");
      expect(gateway.state).toBe("created");
      expect(gateway.nat_rules.map((r) => r.subnet_id)).toContain(dbSubnet.id);
      expect(outputs["egressAddress"]).toBe(gateway.floating_ip.ip_address);
      expect(outputs["egressSubnetIds"]).toContain(dbSubnet.id);

      // The database boots from the stack's golden image, made from the stopped builder's disk.
      const golden = await stateResource(example.stack, "Image", "db-golden");
      expect(outputs["dbImageId"]).toBe(golden.id);
      const dbVm = await get<VmBody>(`/api/v1/vms/${String(outputs["dbId"])}`);
      expect(dbVm).toMatchObject({ state: "running", image: { id: golden.id, name: "db-golden" } });
      const image = await get<{
        type: string;
        min_disk: number;
        availability_zones: Array<{ availability_zone_name: string; state: string }>;
      }>(`/api/v1/images/${String(golden.id)}`);
      expect(image).toMatchObject({ type: "private", min_disk: 20 });
      expect(image.availability_zones.map((z) => [z.availability_zone_name, z.state])).toEqual([
        ["ru.AZ-1", "created"],
      ]);
      const builder = await get<VmBody>(`/api/v1/vms/${String(outputs["dbBuilderId"])}`);
      expect(builder).toMatchObject({ state: "stopped", image: { name: "ubuntu-22.04" } });

      const disk = await get<DiskBody>(`/api/v1/disks/${String(outputs["dataDiskId"])}`);
      expect(disk.size).toBe(50);
      expect(disk.vms.map((v) => v.id)).toEqual([outputs["dbId"]]);

      // The password output is a secret, and so is its config.
      expect(up.outputs["dbLoginPassword"]?.secret).toBe(true);
      expect(up.outputs["dbLoginPassword"]?.value).toBe(DB_PASSWORD);

      // The database group lets 5432 in from the web group of its zone only.
      const webAz1 = await stateResource(example.stack, "SecurityGroup", "web-az1");
      const dbGroup = await stateResource(example.stack, "SecurityGroup", "db");
      const rules = await get<{ items: Array<Record<string, unknown>> }>(
        `/api/v1/security-groups/${dbGroup.id}/rules`,
      );
      expect(rules.items.filter((r) => r["port_range"] === "5432:5432")).toEqual([
        expect.objectContaining({
          remote_security_group: expect.objectContaining({ id: webAz1.id }),
        }),
      ]);
    },
    OP_TIMEOUT,
  );

  it(
    "records each resource as declared at the program's own line, with no frame of the SDK, Pulumi or Node",
    async () => {
      const program = readFileSync(join(example.workDir, "index.ts"), "utf8").split("\n");
      const line = program.findIndex((l) => l.includes('new vmcloud.Vm("db"')) + 1;
      const db = await stateResource(example.stack, "Vm", "db");
      expect(db.sourcePosition).toMatch(new RegExp(`^project:///index\\.ts#${line},\\d+$`));
      // The program's frames only: its top level is the one here.
      expect(db.stackTrace).toEqual([{ sourcePosition: db.sourcePosition }]);
      // A VM declared in an arrow function (`networks.map(… => new vmcloud.Vm(…))`): that line,
      // then the program's line that calls it.
      const webLine = program.findIndex((l) => l.includes("new vmcloud.Vm(`web-${key}`")) + 1;
      const web = await stateResource(example.stack, "Vm", "web-az1");
      expect(web.sourcePosition).toMatch(new RegExp(`^project:///index\\.ts#${webLine},\\d+$`));
      expect(web.stackTrace?.map((frame) => frame.sourcePosition)).toEqual([
        web.sourcePosition,
        expect.stringMatching(/^project:\/\/\/index\.ts#\d+,\d+$/),
      ]);
      for (const resource of await stateResources(example.stack)) {
        if (!resource.type.startsWith(TYPE)) continue;
        expect(resource.sourcePosition, resource.urn).toMatch(/^project:\/\/\/index\.ts#/);
      }
    },
    OP_TIMEOUT,
  );

  it(
    "refreshes with no changes",
    async () => {
      const refresh = await example.stack.refresh();
      expect(refresh.summary.result).toBe("succeeded");
      expect(refresh.summary.resourceChanges).toEqual({ same: RESOURCES });
    },
    OP_TIMEOUT,
  );

  it(
    "replaces both web VMs for a new image; the stable address survives and ends on the new web-az1",
    async () => {
      const before = await stateResource(example.stack, "Vm", "web-az1");
      await example.stack.setConfig("webImage", { value: "ubuntu-24.04" });
      const seen = recorder();
      const preview = await example.stack.preview({ onEvent: seen.onEvent });
      expect(changes(preview.changeSummary)).toEqual({ replace: 2 });
      expect(
        seen.steps
          .filter((s) => s.op === "replace")
          .map((s) => s.urn.split("::").pop())
          .sort(),
      ).toEqual(["web-az1", "web-az2"]);

      const up = await example.stack.up();
      expect(changes(up.summary.resourceChanges)).toEqual({ replace: 2 });
      const after = await stateResource(example.stack, "Vm", "web-az1");
      expect(after.id).not.toBe(before.id);
      // The same address object and IP, now on the new VM; the old VM is gone.
      expect(up.outputs["wwwId"]?.value).toBe(outputs["wwwId"]);
      expect(up.outputs["wwwAddress"]?.value).toBe(outputs["wwwAddress"]);
      const www = await get<ExternalIpBody>(`/api/v1/floating-ips/${String(outputs["wwwId"])}`);
      expect(www).toMatchObject({
        state: "in_use",
        ip_address: outputs["wwwAddress"],
        vm: { id: after.id },
      });
      expect((await emulator.call("GET", `/api/v1/vms/${String(before.id)}`)).status).toBe(404);
      const vm = await get<VmBody>(`/api/v1/vms/${String(after.id)}`);
      expect(vm).toMatchObject({ state: "running", image: { name: "ubuntu-24.04" } });
    },
    OP_TIMEOUT,
  );

  it(
    "previews a bigger data disk as exactly one in-place update, and `up` grows it",
    async () => {
      await example.stack.setConfig("dataDiskSize", { value: "80" });
      const seen = recorder();
      const preview = await example.stack.preview({ onEvent: seen.onEvent });
      expect(changes(preview.changeSummary)).toEqual({ update: 1 });
      expect(seen.steps).toEqual([expect.objectContaining({ op: "update", type: `${TYPE}Disk` })]);

      const up = await example.stack.up();
      expect(changes(up.summary.resourceChanges)).toEqual({ update: 1 });
      expect(up.outputs["dataDiskId"]?.value).toBe(outputs["dataDiskId"]);
      const disk = await get<DiskBody>(`/api/v1/disks/${String(outputs["dataDiskId"])}`);
      expect(disk.size).toBe(80);
      expect(disk.vms.map((v) => v.id)).toEqual([outputs["dbId"]]);
    },
    OP_TIMEOUT,
  );

  it(
    "previews a new batch image as exactly one replace, and `up` replaces that VM",
    async () => {
      await example.stack.setConfig("batchImage", { value: "ubuntu-24.04" });
      const seen = recorder();
      const preview = await example.stack.preview({ onEvent: seen.onEvent });
      expect(changes(preview.changeSummary)).toEqual({ replace: 1 });
      expect(seen.steps.filter((s) => s.op === "replace")).toEqual([
        expect.objectContaining({ type: `${TYPE}Vm`, urn: expect.stringMatching(/::batch$/) }),
      ]);

      const up = await example.stack.up();
      expect(changes(up.summary.resourceChanges)).toEqual({ replace: 1 });
      const newId = up.outputs["batchId"]?.value as string;
      expect(newId).not.toBe(outputs["batchId"]);
      const batch = await get<VmBody>(`/api/v1/vms/${newId}`);
      expect(batch).toMatchObject({ state: "stopped", image: { name: "ubuntu-24.04" } });
      await emulator.waitFor(
        `/api/v1/vms/${String(outputs["batchId"])}`,
        (_b, status) => status === 404,
      );
      outputs["batchId"] = newId;
    },
    OP_TIMEOUT,
  );

  it(
    "finds the batch VM powered on behind Pulumi's back, and `up` stops it again",
    async () => {
      const id = String(outputs["batchId"]);
      const power = await emulator.call("POST", `/api/v1/vms/${id}/set-power`, {
        body: { state: "power_on" },
      });
      expect(power.status, power.text).toBeLessThan(300);
      await emulator.waitFor(`/api/v1/vms/${id}`, (body) => (body as VmBody).state === "running");

      const seen = recorder();
      const refresh = await example.stack.refresh({ onEvent: seen.onEvent });
      expect(changes(refresh.summary.resourceChanges)).toEqual({ update: 1 });
      expect(seen.steps).toEqual([
        expect.objectContaining({ op: "update", urn: expect.stringMatching(/::batch$/) }),
      ]);
      const state = await stateResource(example.stack, "Vm", "batch");
      expect(state.outputs?.["powerState"]).toBe("running");

      const preview = await example.stack.preview();
      expect(changes(preview.changeSummary)).toEqual({ update: 1 });
      const up = await example.stack.up();
      expect(changes(up.summary.resourceChanges)).toEqual({ update: 1 });
      expect((await get<VmBody>(`/api/v1/vms/${id}`)).state).toBe("stopped");
    },
    OP_TIMEOUT,
  );

  it(
    "destroys everything and leaves the emulator with only its fixtures",
    async () => {
      const imageId = String(outputs["dbImageId"]);
      const builderDiskId = String(outputs["dbBuilderDiskId"]);
      const destroy = await example.stack.destroy();
      expect(destroy.summary.result).toBe("succeeded");
      expect(destroy.summary.resourceChanges).toEqual({ delete: RESOURCES });
      expect(await waitForResourceIds(emulator, fixtureIds)).toEqual(fixtureIds);
      // Named too: the golden image and the disk it was made from are gone.
      expect((await emulator.call("GET", `/api/v1/images/${imageId}`)).status).toBe(404);
      expect((await emulator.call("GET", `/api/v1/disks/${builderDiskId}`)).status).toBe(404);
    },
    OP_TIMEOUT,
  );
});
