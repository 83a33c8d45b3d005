// `pulumi refresh` of a modest stack (6 VMs, each with a secret password and an attached data
// disk, two subnets, two security groups, a spare disk) under the real engine: its disk,
// attachment, subnet and group reads are served by their kinds' list pages
// (provider/resources/framework/batched-refresh.ts), none by id; the VMs are read by id only
// when their time moved since their outputs were recorded, else from the VM, interface and disk
// lists (provider/resources/vm/listed-read.ts, docs/api-decisions/frugality.md). Changes made
// behind Pulumi's back are found, a disk deleted behind its back leaves the stack, and the
// passwords stay secret in the state. Never skipped: if the engine cannot be built, `beforeAll`
// fails.
import { join } from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { ENGINE_TIMEOUT_MS, repo } from "./support/engine";
import { stateResource, waitForResourceIds, useExampleStack } from "./support/example-stack";

const OP_TIMEOUT = 240_000;
const VMS = 6;
/** Subnets, groups, VMs, data disks, attachments and the spare disk. */
const RESOURCES = 2 + 2 + VMS * 3 + 1;
/** How the engine marks a secret value in a deployment: its signature key and value. */
const SECRET = { "4dabf18193072939515e22adb298388d": "1b47061264138c4ac30d75fd1eb44270" };

/** One entry of the emulator's request log. */
interface Logged {
  method: string;
  url: string;
}

const { emulator, example, fixtureIds } = useExampleStack("refresh-stack", {
  stack: {
    workDir: join(repo, "tests/e2e/support/refresh-stack"),
    config: { vms: String(VMS) },
    secrets: { password: "Refr3sh!pass" },
  },
});

/** The service requests since the log was last cleared, by route (ids folded to `{id}`). */
async function routes(): Promise<Record<string, number>> {
  const reply = await emulator.call("GET", "/_emulator/requests");
  const counts: Record<string, number> = {};
  for (const r of (reply.body as { requests: Logged[] }).requests) {
    const route = `${r.method} ${r.url.split("?")[0]!.replace(/[0-9a-f-]{36}/g, "{id}")}`;
    counts[route] = (counts[route] ?? 0) + 1;
  }
  return counts;
}

/** How many of `seen` are list requests (no id in the route). */
function listRequests(seen: Record<string, number>): number {
  return Object.entries(seen)
    .filter(([route]) => route.startsWith("GET ") && !route.endsWith("{id}"))
    .reduce((sum, [, n]) => sum + n, 0);
}

async function clearRequests(): Promise<void> {
  expect((await emulator.call("DELETE", "/_emulator/requests")).status).toBeLessThan(300);
}

/** A resource's outputs in the state. */
async function outputs(type: string, name: string): Promise<Record<string, unknown>> {
  return (await stateResource(example.stack, type, name)).outputs ?? {};
}

describe("refresh of a stack with its reads batched", () => {
  beforeAll(async () => {
    const up = await example.stack.up();
    expect(up.summary.result).toBe("succeeded");
    expect(up.summary.resourceChanges).toEqual({ create: RESOURCES + 1 });
  }, ENGINE_TIMEOUT_MS);

  it(
    "refreshes an unchanged stack reading disks, attachments, subnets and groups from lists, and VMs whose time moved by id",
    async () => {
      await clearRequests();
      const refresh = await example.stack.refresh();
      expect(refresh.summary.result).toBe("succeeded");
      expect(refresh.summary.resourceChanges).toEqual({ same: RESOURCES + 1 });
      const seen = await routes();
      // Each VM's time moved after `up` recorded it (its password was set, its data disk
      // attached): each is read by id once, which records the time it has now.
      expect(seen["GET /api/v1/vms/{id}"]).toBe(VMS);
      for (const byId of ["disks", "subnets", "security-groups", "interfaces"]) {
        expect(seen[`GET /api/v1/${byId}/{id}`] ?? 0).toBe(0);
      }
      // 13 disks read by 6 attachments and 7 disks, 2 subnets, 2 groups, and the VMs' lists: a
      // few list pages (one per batch of reads the engine's timing makes).
      const lists = listRequests(seen);
      expect(lists).toBeGreaterThanOrEqual(3);
      expect(lists).toBeLessThanOrEqual(14);
      const total = Object.values(seen).reduce((a, b) => a + b, 0);
      expect(total).toBe(VMS + lists);
      // The passwords are still secret in the state.
      expect((await outputs("Vm", "vm-0"))["password"]).toMatchObject(SECRET);
    },
    OP_TIMEOUT,
  );

  it(
    "refreshes it again with no read by id at all, the VMs from the VM, interface and disk lists",
    async () => {
      const before = await outputs("Vm", "vm-2");
      await clearRequests();
      const refresh = await example.stack.refresh();
      expect(refresh.summary.result).toBe("succeeded");
      expect(refresh.summary.resourceChanges).toEqual({ same: RESOURCES + 1 });
      const seen = await routes();
      const byId = Object.keys(seen).filter((route) => route.endsWith("{id}"));
      expect(byId).toEqual([]);
      expect(seen["GET /api/v1/vms"]).toBeGreaterThanOrEqual(1);
      expect(listRequests(seen)).toBeLessThanOrEqual(14);
      expect(await outputs("Vm", "vm-2")).toEqual(before);
      expect(before["password"]).toMatchObject(SECRET);
    },
    OP_TIMEOUT,
  );

  it(
    "finds a disk, a subnet and a group changed behind Pulumi's back, and drops a disk deleted behind its back",
    async () => {
      const spare = await id("Disk", "spare");
      const change = async (path: string, body: unknown) => {
        const reply = await emulator.call("PUT", path, { body });
        expect(reply.status, reply.text).toBe(200);
      };
      await change(`/api/v1/disks/${await id("Disk", "data-4")}`, { description: "by hand" });
      await change(`/api/v1/subnets/${await id("Subnet", "subnet-1")}`, {
        description: "by hand",
      });
      await change(`/api/v1/security-groups/${await id("SecurityGroup", "sg-0")}`, {
        description: "by hand",
      });
      // vm-3's interface moved from sg-1 to sg-0 by hand: the interface changes, the VM's time
      // does not, so the VM is read from the lists and still found changed.
      const vm3 = await outputs("Vm", "vm-3");
      const iface = (vm3["interfaces"] as Array<{ id: string }>)[0]!.id;
      await change(`/api/v1/interfaces/${iface}`, {
        security_groups: [await id("SecurityGroup", "sg-0")],
      });
      expect((await emulator.call("DELETE", `/api/v1/disks/${spare}`)).status).toBeLessThan(300);
      await emulator.waitFor(`/api/v1/disks/${spare}`, (_b, status) => status === 404);
      await emulator.waitFor(
        `/api/v1/subnets/${await id("Subnet", "subnet-1")}`,
        (body) => (body as { state: string }).state === "created",
      );

      await clearRequests();
      const refresh = await example.stack.refresh();
      expect(refresh.summary.result).toBe("succeeded");
      expect(refresh.summary.resourceChanges).toEqual({
        update: 4,
        delete: 1,
        same: RESOURCES + 1 - 5,
      });
      expect((await outputs("Vm", "vm-3"))["interfaces"]).toMatchObject([
        { securityGroups: ["refresh-sg-0"] },
      ]);
      expect(await outputs("Disk", "data-4")).toMatchObject({ description: "by hand" });
      expect(await outputs("Subnet", "subnet-1")).toMatchObject({ description: "by hand" });
      expect(await outputs("SecurityGroup", "sg-0")).toMatchObject({ description: "by hand" });
      await expect(stateResource(example.stack, "Disk", "spare")).rejects.toThrow(/no Disk/);
      // Gone is the service's 404 for the disk itself: the one disk read by id.
      const seen = await routes();
      expect(seen["GET /api/v1/disks/{id}"]).toBe(1);
      expect(seen["GET /api/v1/subnets/{id}"] ?? 0).toBe(0);
      expect(seen["GET /api/v1/security-groups/{id}"] ?? 0).toBe(0);
      expect(seen["GET /api/v1/vms/{id}"] ?? 0).toBe(0);
      expect((await outputs("Vm", "vm-1"))["password"]).toMatchObject(SECRET);
    },
    OP_TIMEOUT,
  );

  it(
    "destroys everything and leaves the emulator with only its fixtures",
    async () => {
      const destroy = await example.stack.destroy();
      expect(destroy.summary.result).toBe("succeeded");
      expect(await waitForResourceIds(emulator, fixtureIds)).toEqual(fixtureIds);
    },
    OP_TIMEOUT,
  );
});

/** The id of resource `name` of `type` in the state. */
async function id(type: string, name: string): Promise<string> {
  return (await stateResource(example.stack, type, name)).id!;
}
