// Adopting existing objects by id with the `adoptId` input, under the dynamic-provider
// launcher exactly as Pulumi's release archives ship it (which cannot serve the `import`
// option, pulumi/pulumi#3550). A subnet, a security group, a disk and a VM are made through
// the emulator's API, outside Pulumi. `up` with a program that differs from the disk is
// refused, naming the input and the disk's value, and changes nothing; `up` with a program
// that matches adopts all four with reads only; `preview` and `refresh` then find no change,
// as after an import; `destroy` deletes them all. Never skipped: if the engine cannot be
// built, `beforeAll` fails.
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { repo } from "./support/engine";
import {
  changes,
  stateResource,
  waitForResourceIds,
  useExampleStack,
} from "./support/example-stack";

const OP_TIMEOUT = 180_000;

interface Request {
  method: string;
  url: string;
}

describe("adopting a VM, a disk, a subnet and a security group by id (adoptId), stock launcher", () => {
  /** The objects made outside Pulumi, as the API returned them once ready. */
  const made: Record<"subnet" | "group" | "disk" | "vm", { id: string; body: unknown }> =
    {} as never;

  async function post(path: string, body: unknown): Promise<string> {
    const reply = await emulator.call("POST", path, { body });
    expect(reply.status, reply.text).toBe(201);
    const created = reply.body as { id: string } | Array<{ id: string }>;
    return Array.isArray(created) ? created[0]!.id : created.id;
  }

  async function ready(path: string, field: string, value: string): Promise<unknown> {
    const reply = await emulator.waitFor(
      path,
      (body, status) => status === 200 && (body as Record<string, unknown>)[field] === value,
      60_000,
    );
    return reply.body;
  }

  async function requests(): Promise<Request[]> {
    const log = await emulator.call("GET", "/_emulator/requests");
    return (log.body as { requests: Request[] }).requests;
  }

  /** Each object, as the API shows it now, equals what was made. */
  async function expectUnchanged(): Promise<void> {
    for (const [kind, { id, body }] of Object.entries(made)) {
      const path = {
        subnet: `/api/v1/subnets/${id}`,
        group: `/api/v1/security-groups/${id}`,
        disk: `/api/v1/disks/${id}`,
        vm: `/api/v1/vms/${id}`,
      }[kind]!;
      const now = await emulator.call("GET", path);
      expect(now.status, path).toBe(200);
      expect(now.body, kind).toEqual(body);
    }
  }

  const { emulator, example, fixtureIds } = useExampleStack("adopt-by-id", {
    launcher: "stock",
    stack: async () => {
      const { vm } = emulator.fixtures;
      const id = (list: Array<{ id: string; name: string }>, name: string) =>
        list.find((item) => item.name === name)!.id;
      const project = vm.projectId;
      const zone = "ru.AZ-1";

      // Made through the API, as a console or another tool would make them.
      const subnet = await post("/api/v1/subnets", {
        name: "adopted-net",
        project_id: project,
        subnet_address: "10.30.0.0/24",
        availability_zone_name: zone,
      });
      const group = await post("/api/v1/security-groups", {
        name: "adopted-sg",
        project_id: project,
        availability_zone_name: zone,
      });
      const disk = await post("/api/v1/disks", {
        name: "adopted-data",
        project_id: project,
        size: 20,
        disk_type_name: "SSD",
        availability_zone_name: zone,
      });
      const server = await post("/api/v1.1/vms", [
        {
          project_id: project,
          availability_zone_id: id(vm.zones, zone),
          name: "adopted-app",
          flavor_id: id(vm.flavors, "burst-2-2"),
          image_id: id(vm.images, "debian-12"),
          disks: [{ name: "adopted-app-boot", size: 15, disk_type_id: id(vm.diskTypes, "HDD") }],
        },
      ]);
      made.subnet = {
        id: subnet,
        body: await ready(`/api/v1/subnets/${subnet}`, "state", "created"),
      };
      made.group = {
        id: group,
        body: await ready(`/api/v1/security-groups/${group}`, "state", "created"),
      };
      made.disk = { id: disk, body: await ready(`/api/v1/disks/${disk}`, "state", "available") };
      made.vm = { id: server, body: await ready(`/api/v1/vms/${server}`, "state", "running") };

      return {
        workDir: join(repo, "tests/e2e/support/adopt-by-id"),
        // The disk is 20 GB: the program's 30 does not describe it.
        config: { subnetId: subnet, groupId: group, diskId: disk, vmId: server, diskSize: "30" },
      };
    },
  });

  it(
    "refuses a disk the program does not describe as it is, naming the input, and changes nothing",
    async () => {
      expect((await emulator.call("DELETE", "/_emulator/requests")).status).toBeLessThan(300);
      const failure = await example.stack.up().then(
        () => new Error("up succeeded"),
        (error: unknown) => error as Error,
      );
      expect(failure.message).toContain(
        `adoptId: the existing Disk "${made.disk.id}" differs from the program in size (it has 20)`,
      );
      expect(failure.message).toContain("remove adoptId to create a new one");
      expect((await requests()).filter((r) => r.method !== "GET")).toEqual([]);
      await expectUnchanged();
    },
    OP_TIMEOUT,
  );

  it(
    "adopts all four with reads only once the program matches",
    async () => {
      await example.stack.setConfig("diskSize", { value: "20" });
      expect((await emulator.call("DELETE", "/_emulator/requests")).status).toBeLessThan(300);
      const up = await example.stack.up();
      expect(up.summary.result).toBe("succeeded");
      expect(up.outputs["ids"]?.value).toEqual({
        subnet: made.subnet.id,
        group: made.group.id,
        disk: made.disk.id,
        vm: made.vm.id,
      });
      expect(up.outputs["vmState"]?.value).toBe("running");
      const log = await requests();
      expect(log.filter((r) => r.method !== "GET")).toEqual([]);
      // The disk was read for this `up`; the other three were adopted by the first one, whose
      // failure on the disk stopped nothing else (Pulumi records what succeeded).
      // (by id, or in a page of the disk list, which batched reads serve it from)
      expect(
        log.some((r) => r.url.includes(made.disk.id) || r.url.startsWith("/api/v1/disks?")),
      ).toBe(true);
      await expectUnchanged();

      // What an import records: the id, and outputs read from the object.
      const disk = await stateResource(example.stack, "Disk", "disk");
      expect(disk.id).toBe(made.disk.id);
      expect(disk.outputs).toMatchObject({ name: "adopted-data", size: 20, diskType: "SSD" });
      const vm = await stateResource(example.stack, "Vm", "vm");
      expect(vm.outputs).toMatchObject({ name: "adopted-app", flavor: "burst-2-2" });
    },
    OP_TIMEOUT,
  );

  it(
    "previews and refreshes with no change after the adoption",
    async () => {
      const preview = await example.stack.preview();
      expect(changes(preview.changeSummary)).toEqual({});
      expect(preview.changeSummary).toEqual({ same: 5 });
      const refresh = await example.stack.refresh();
      expect(changes(refresh.summary.resourceChanges)).toEqual({});
    },
    OP_TIMEOUT,
  );

  it(
    "owns them from then on: `destroy` deletes all four",
    async () => {
      const destroy = await example.stack.destroy();
      expect(destroy.summary.resourceChanges).toEqual({ delete: 5 });
      expect(await waitForResourceIds(emulator, fixtureIds)).toEqual(fixtureIds);
    },
    OP_TIMEOUT,
  );
});
