// A refresh reads a stack's VMs from lists (provider/resources/vm/listed-read.ts): the VM list
// filtered by ids, the disk list, the interface list, the placement-group list and the image
// catalog, each shared by every read the engine sends at once; a VM is read by id only when
// its `modified_time` moved since its outputs were recorded. Each read returns exactly what
// the read by id returns (the outputs are compared with those the same provider makes from
// `GET /api/v1/vms/{id}`), changes made behind Pulumi's back are found in the first page and
// deep in the lists, and a VM deleted behind its back is gone (its own 404).
import { beforeAll, describe, expect, it } from "vitest";
import { fixtureIds, uniqueName } from "./support/fixtures";
import { type Props, useProviders } from "./support/provider-harness";
import { readVm, VM_SPEED } from "./support/vm-suite";

const { emu, vm } = useProviders({ vm: "resources/vm" }, { speed: VM_SPEED });

/** More than one page of each list: two requests of the VM list by ids (100 each). */
const COUNT = 105;
/** The most VMs one create request makes. */
const PER_CREATE = 10;

/** Reads by path (query dropped), ids folded to `{id}`. */
async function reads(): Promise<Record<string, number>> {
  const counts: Record<string, number> = {};
  for (const r of (await vm.requests()).filter((r) => r.method === "GET")) {
    const path = r.url.split("?")[0]!.replace(/[0-9a-f-]{36}/g, "{id}");
    counts[path] = (counts[path] ?? 0) + 1;
  }
  return counts;
}

/** The outputs the read by id makes: a read with no recorded time goes by id. */
async function byId(id: string, previous: Props): Promise<Props> {
  const { modifiedTime: _time, ...older } = previous;
  const read = await vm.read(id, older);
  return read.props!;
}

/** Waits until the VM runs with every disk in use. */
async function settled(id: string): Promise<void> {
  await emu.waitFor(`/api/v1/vms/${id}`, (body, status) => {
    const v = body as { state: string; disks: Array<{ state: string }> };
    return status === 200 && v.state === "running" && v.disks.every((d) => d.state === "in_use");
  });
}

describe("refresh of many VMs from lists", () => {
  let ids: string[] = [];
  const previous = new Map<string, Props>();
  let group: { id: string; name: string };
  let securityGroup: string;

  /** Every VM read at once, as a refresh does, in a new provider process. */
  async function refresh(of: readonly string[] = ids) {
    await vm.newProcess();
    await vm.clearRequests();
    const read = await Promise.all(of.map((id) => vm.read(id, previous.get(id)!)));
    return { read: new Map(of.map((id, i) => [id, read[i]!])), requests: await reads() };
  }

  beforeAll(async () => {
    const f = fixtureIds(emu);
    const made = await emu.call("POST", "/api/v1/placement-groups", {
      body: { project_id: f.project, name: uniqueName("spread"), policy: "soft-anti-affinity" },
    });
    expect(made.status, made.text).toBe(201);
    group = made.body as { id: string; name: string };
    const sg = await emu.call("POST", "/api/v1/security-groups", {
      body: {
        project_id: f.project,
        availability_zone_id: f.zone("ru.AZ-1"),
        name: uniqueName("by-hand"),
      },
    });
    expect(sg.status, sg.text).toBe(201);
    securityGroup = (sg.body as { id: string }).id;
    for (let start = 0; start < COUNT; start += PER_CREATE) {
      const body = Array.from({ length: Math.min(PER_CREATE, COUNT - start) }, (_, i) => {
        const name = uniqueName(`listed-${start + i}`);
        return {
          project_id: f.project,
          availability_zone_id: f.zone("ru.AZ-1"),
          name,
          flavor_id: f.flavor("burst-1-1"),
          image_id: f.image("ubuntu-22.04"),
          disks: [
            { name: `${name}-boot`, size: 10, disk_type_id: f.diskType("SSD") },
            // Every fifth VM has a data disk too.
            ...((start + i) % 5 === 0
              ? [{ name: `${name}-data`, size: 5, disk_type_id: f.diskType("SSD") }]
              : []),
          ],
          // The first VMs (the deepest in the newest-first lists) are in the placement group.
          ...(start === 0 ? { placement_group_id: group.id } : {}),
        };
      });
      const reply = await emu.call("POST", "/api/v1.1/vms", { body });
      expect(reply.status, reply.text).toBe(201);
      ids.push(...(reply.body as Array<{ id: string }>).map((v) => v.id));
    }
    for (const id of ids) await settled(id);
    // Imported (no outputs): each read by id, which records the VM's time.
    await vm.newProcess();
    for (const id of ids) {
      const read = await vm.read(id, {});
      expect(read.props!["modifiedTime"]).toEqual(expect.any(String));
      previous.set(id, read.props!);
    }
  }, 180_000);

  it("reads 105 unchanged VMs from a few list pages, none by id, each as the read by id shows it", async () => {
    const { read, requests } = await refresh();
    for (const id of ids) expect(read.get(id)!.props).toEqual(previous.get(id));
    expect(requests["/api/v1/vms/{id}"] ?? 0).toBe(0);
    expect(requests["/api/v1/disks/{id}"] ?? 0).toBe(0);
    // Two requests of the VM list by ids; the disk list (about 126 disks and the fixtures'),
    // the interface list and the images a few pages each; the placement groups one.
    expect(requests["/api/v1/vms"]).toBe(2);
    expect(requests["/api/v1/placement-groups"]).toBe(1);
    const total = Object.values(requests).reduce((a, b) => a + b, 0);
    expect(total).toBeLessThanOrEqual(12);
    // And the same as the read by id now makes them.
    for (const id of [ids[0]!, ids[50]!, ids.at(-1)!]) {
      expect(read.get(id)!.props).toEqual(await byId(id, previous.get(id)!));
    }
  }, 60_000);

  it("finds changes behind Pulumi's back in the first page and deep in the lists", async () => {
    const newest = ids.at(-1)!;
    const deep = ids[0]!;
    const middle = ids[40]!;
    const renamed = ids[70]!;
    const rebuilt = ids[3]!;
    // An interface's groups (the VM's time stays), newest and deep.
    for (const id of [newest, deep]) {
      const iface = (await readVm(emu, id))!.interfaces[0]!;
      const put = await emu.call("PUT", `/api/v1/interfaces/${iface.id}`, {
        body: { security_groups: [securityGroup] },
      });
      expect(put.status, put.text).toBe(200);
    }
    // A boot disk grown by hand (the disk's time moves, not the VM's), deep in the disk list.
    const boot = (await readVm(emu, middle))!.disks.find((d) => d.primary)!;
    const grown = await emu.call("PUT", `/api/v1/disks/${boot.id}`, { body: { size: 12 } });
    expect(grown.status, grown.text).toBe(200);
    // A VM renamed and a VM rebuilt from another image: their times move.
    const name = uniqueName("renamed-by-hand");
    const put = await emu.call("PUT", `/api/v1/vms/${renamed}`, { body: { name } });
    expect(put.status, put.text).toBe(200);
    const rebuild = await emu.call("POST", `/api/v1/vms/${rebuilt}/rebuild`, {
      body: { image_id: fixtureIds(emu).image("ubuntu-24.04") },
    });
    expect(rebuild.status, rebuild.text).toBeLessThan(300);
    for (const id of [newest, deep, middle, renamed, rebuilt]) await settled(id);

    const { read, requests } = await refresh();
    const after = (id: string) => read.get(id)!.props!;
    expect(after(newest)["interfaces"]).toMatchObject([
      { securityGroupIds: [securityGroup], securityEnabled: true },
    ]);
    expect(after(deep)["interfaces"]).toMatchObject([{ securityGroupIds: [securityGroup] }]);
    expect(after(middle)["bootDisk"]).toMatchObject({ size: 12 });
    expect(after(renamed)["name"]).toBe(name);
    expect(after(rebuilt)["image"]).toBe("ubuntu-24.04");
    const changed = [newest, deep, middle, renamed, rebuilt];
    for (const id of changed) expect(after(id)).toEqual(await byId(id, after(id)));
    for (const id of ids.filter((id) => !changed.includes(id))) {
      expect(after(id)).toEqual(previous.get(id));
    }
    // Only the two VMs whose time moved are read by id.
    expect(requests["/api/v1/vms/{id}"]).toBe(2);
    for (const id of ids) previous.set(id, after(id));
  }, 90_000);

  it("drops a VM deleted behind Pulumi's back, confirmed by its own 404, and reads the rest from lists", async () => {
    const gone = ids[10]!;
    const deleted = await emu.call("DELETE", `/api/v1/vms/${gone}`);
    expect(deleted.status, deleted.text).toBeLessThan(300);
    await emu.waitFor(`/api/v1/vms/${gone}`, (_body, status) => status === 404);
    const { read, requests } = await refresh();
    expect(read.get(gone)).toEqual({});
    for (const id of ids.filter((id) => id !== gone)) {
      expect(read.get(id)!.props).toEqual(previous.get(id));
    }
    expect(requests["/api/v1/vms/{id}"]).toBe(1);
    ids = ids.filter((id) => id !== gone);
  }, 60_000);

  it("reads each VM by id when the VM list fails, so a failed list fails no read", async () => {
    const some = ids.slice(0, 5);
    await vm.setFaults([{ route: "^/api/v1/vms$", method: "GET", errorRates: { "500": 1 } }]);
    try {
      const { read, requests } = await refresh(some);
      for (const id of some) expect(read.get(id)!.props).toEqual(previous.get(id));
      expect(requests["/api/v1/vms/{id}"]).toBe(some.length);
    } finally {
      await vm.setFaults([]);
    }
  }, 60_000);

  it("keeps recorded outputs without a time (an earlier version's) read by id, which records it", async () => {
    const id = ids[20]!;
    const { modifiedTime: _time, ...older } = previous.get(id)!;
    previous.set(id, older);
    const { read, requests } = await refresh([id]);
    expect(requests["/api/v1/vms/{id}"]).toBe(1);
    expect(read.get(id)!.props!["modifiedTime"]).toEqual(expect.any(String));
    previous.set(id, read.get(id)!.props!);
  }, 60_000);
});
