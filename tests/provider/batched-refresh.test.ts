// A refresh reads a stack's disks, subnets, security groups and disk attachments together:
// the reads the engine sends at once share the project's list pages
// (provider/resources/framework/batched-refresh.ts), and none is read by id unless the list
// does not show it. Each read still returns exactly what the read by id returns: the outputs
// are compared with those the provider makes from `GET …/{id}` of the same object. Objects
// changed behind Pulumi's back are found in the first page and deep in the list, and an
// object deleted behind its back is gone (its read by id answers 404).
import { beforeAll, describe, expect, it } from "vitest";
import type { DiskResponse } from "../../api/vm/disks";
import { diskOutputs } from "../../provider/resources/disk/outputs";
import { useTestEmulator } from "../support/emulator";
import { fixtureIds, runningVm, uniqueName } from "./support/fixtures";
import { loadProvider, type LoggedRequest, type ProviderHarness } from "./support/provider-harness";

const emu = useTestEmulator();

/** GETs by path (query dropped), ids folded to `{id}`. */
function gets(requests: LoggedRequest[]): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const r of requests.filter((r) => r.method === "GET")) {
    const path = r.url.split("?")[0]!.replace(/[0-9a-f-]{36}/g, "{id}");
    counts[path] = (counts[path] ?? 0) + 1;
  }
  return counts;
}

/** Reads by path as {@link gets} counts them, of the requests since the log was cleared. */
async function readsSince(provider: ProviderHarness): Promise<Record<string, number>> {
  return gets(await provider.requests());
}

describe("refresh of many disks", () => {
  // Three pages of the project's disk list (100 each), the first page the newest.
  const COUNT = 250;
  let disk: ProviderHarness;
  let ids: string[];

  /** The disk's outputs as the read by id makes them. */
  async function byId(id: string): Promise<Record<string, unknown>> {
    const reply = await emu.call("GET", `/api/v1/disks/${id}`);
    expect(reply.status).toBe(200);
    return { ...diskOutputs(reply.body as DiskResponse) };
  }

  /** Waits until every disk of `ids` is available. */
  async function allAvailable(of: readonly string[]): Promise<void> {
    for (const id of of) {
      await emu.waitFor(
        `/api/v1/disks/${id}`,
        (body, status) => status === 200 && (body as DiskResponse).state === "available",
      );
    }
  }

  beforeAll(async () => {
    disk = await loadProvider("resources/disk", emu);
    const f = fixtureIds(emu);
    ids = [];
    // Made one after another, so the list (newest first) has them in the opposite order.
    for (let i = 0; i < COUNT; i += 1) {
      const reply = await emu.call("POST", "/api/v1/disks", {
        body: {
          project_id: f.project,
          availability_zone_id: f.zone("ru.AZ-1"),
          disk_type_id: f.diskType("SSD"),
          name: uniqueName(`refresh-disk-${i}`),
          size: 1,
        },
      });
      expect(reply.status).toBe(201);
      ids.push((reply.body as DiskResponse).id);
    }
    await allAvailable(ids);
  }, 120_000);

  /** Reads every disk at once as a refresh does, in a new provider process. */
  async function refresh(previous: Map<string, Record<string, unknown>>) {
    await disk.newProcess();
    await disk.clearRequests();
    const read = await Promise.all(ids.map((id) => disk.read(id, previous.get(id)!)));
    return { read, requests: await readsSince(disk) };
  }

  it("reads 250 disks with the three pages of the project's list and no read by id, each as the read by id shows it", async () => {
    const previous = new Map<string, Record<string, unknown>>();
    for (const id of ids) previous.set(id, await byId(id));
    const { read, requests } = await refresh(previous);
    read.forEach((r, i) => {
      expect(r.id).toBe(ids[i]);
      expect(r.props).toEqual(previous.get(ids[i]!));
    });
    expect(requests["/api/v1/disks/{id}"] ?? 0).toBe(0);
    // The fixtures' disks are in the list too: at most one page more.
    expect(requests["/api/v1/disks"]).toBeGreaterThanOrEqual(3);
    expect(requests["/api/v1/disks"]).toBeLessThanOrEqual(4);
  }, 60_000);

  it("finds disks changed behind Pulumi's back in the first page and deep in the list", async () => {
    const previous = new Map<string, Record<string, unknown>>();
    for (const id of ids) previous.set(id, await byId(id));
    const newest = ids.at(-1)!;
    const deep = ids[3]!;
    const renamed = uniqueName("renamed-by-hand");
    expect(
      (await emu.call("PUT", `/api/v1/disks/${newest}`, { body: { description: "by hand" } }))
        .status,
    ).toBe(200);
    expect(
      (await emu.call("PUT", `/api/v1/disks/${deep}`, { body: { name: renamed, size: 3 } })).status,
    ).toBe(200);
    await allAvailable([newest, deep]);

    const { read, requests } = await refresh(previous);
    const after = new Map(read.map((r, i) => [ids[i]!, r.props]));
    expect(after.get(newest)).toMatchObject({ description: "by hand" });
    expect(after.get(deep)).toMatchObject({ name: renamed, size: 3 });
    expect(after.get(newest)).toEqual(await byId(newest));
    expect(after.get(deep)).toEqual(await byId(deep));
    for (const id of ids.filter((id) => id !== newest && id !== deep)) {
      expect(after.get(id)).toEqual(previous.get(id));
    }
    expect(requests["/api/v1/disks/{id}"] ?? 0).toBe(0);
    expect(requests["/api/v1/disks"]).toBeLessThanOrEqual(4);
  }, 60_000);

  it("drops disks deleted behind Pulumi's back, each confirmed by its own 404", async () => {
    const previous = new Map<string, Record<string, unknown>>();
    for (const id of ids) previous.set(id, await byId(id));
    const gone = [ids.at(-2)!, ids[5]!];
    for (const id of gone) {
      expect((await emu.call("DELETE", `/api/v1/disks/${id}`)).status).toBeLessThan(300);
      await emu.waitFor(`/api/v1/disks/${id}`, (_body, status) => status === 404);
    }
    const { read, requests } = await refresh(previous);
    read.forEach((r, i) => {
      if (gone.includes(ids[i]!)) expect(r).toEqual({});
      else expect(r.props).toEqual(previous.get(ids[i]!));
    });
    // The list no longer shows them: each is read by id, and the 404 says it is gone.
    expect(requests["/api/v1/disks/{id}"]).toBe(gone.length);
    ids = ids.filter((id) => !gone.includes(id));
  }, 60_000);

  it("reads in waves (the engine's reads spread over time) cost no more than their pages, never one per disk", async () => {
    const previous = new Map<string, Record<string, unknown>>();
    for (const id of ids) previous.set(id, await byId(id));
    await disk.newProcess();
    await disk.clearRequests();
    const waves = 5;
    const size = Math.ceil(ids.length / waves);
    for (let w = 0; w < waves; w += 1) {
      const wave = ids.slice(w * size, (w + 1) * size);
      const read = await Promise.all(wave.map((id) => disk.read(id, previous.get(id)!)));
      read.forEach((r, i) => expect(r.props).toEqual(previous.get(wave[i]!)));
    }
    const requests = await readsSince(disk);
    expect(requests["/api/v1/disks/{id}"] ?? 0).toBe(0);
    // At most the three or four pages of the list per wave, however deep the wave's disks are.
    expect(requests["/api/v1/disks"]).toBeLessThanOrEqual(waves * 4);
  }, 60_000);

  it("reads that keep coming (the engine hands them over one by one, seconds in all) share one batch's pages", async () => {
    const previous = new Map<string, Record<string, unknown>>();
    for (const id of ids) previous.set(id, await byId(id));
    await disk.newProcess();
    await disk.clearRequests();
    // One read every 5 ms: 250 reads over more than a second, ten beats of the waits' batches.
    const reads: Array<Promise<{ props?: Record<string, unknown> }>> = [];
    const started = Date.now();
    for (const id of ids) {
      reads.push(disk.read(id, previous.get(id)!));
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
    expect(Date.now() - started).toBeGreaterThan(1_000);
    const read = await Promise.all(reads);
    read.forEach((r, i) => expect(r.props).toEqual(previous.get(ids[i]!)));
    const requests = await readsSince(disk);
    expect(requests["/api/v1/disks/{id}"] ?? 0).toBe(0);
    // The list's three pages, read once after the last read came (a slow machine may split it).
    expect(requests["/api/v1/disks"]).toBeLessThanOrEqual(6);
  }, 60_000);

  it("imports 80 disks (reads with no outputs) from the provider project's list, none by id", async () => {
    await disk.newProcess();
    await disk.clearRequests();
    // `pulumi import --file` reads each object with no outputs, all at once: the oldest disks
    // (deep in the list) and the newest.
    const some = [...ids.slice(0, 40), ...ids.slice(-40)];
    const read = await Promise.all(some.map((id) => disk.read(id, {})));
    const requests = await readsSince(disk);
    for (const [i, r] of read.entries()) {
      expect(r.id).toBe(some[i]);
      expect(r.props).toEqual(await byId(some[i]!));
    }
    expect(requests["/api/v1/disks/{id}"] ?? 0).toBe(0);
    expect(requests["/api/v1/disks"]).toBeLessThanOrEqual(4);
  }, 60_000);
});

describe("refresh of subnets, security groups and disk attachments", () => {
  let subnet: ProviderHarness;
  let group: ProviderHarness;
  let attachment: ProviderHarness;
  let subnets: Array<{ id: string; outs: Record<string, unknown> }>;
  let groups: Array<{ id: string; outs: Record<string, unknown> }>;

  beforeAll(async () => {
    subnet = await loadProvider("resources/subnet", emu);
    group = await loadProvider("resources/security-group", emu);
    attachment = await loadProvider("resources/disk-attachment", emu);
    subnets = await Promise.all(
      [0, 1, 2].map((i) =>
        subnet.up({ name: uniqueName(`refresh-net-${i}`), address: `10.${70 + i}.0.0/24` }),
      ),
    );
    groups = await Promise.all(
      [0, 1, 2].map((i) =>
        group.up({
          name: uniqueName(`refresh-sg-${i}`),
          rules: [{ direction: "ingress", protocol: "tcp", portRange: "22:22" }],
        }),
      ),
    );
  }, 120_000);

  it("reads three subnets with one list request, each as created, and finds one changed by hand", async () => {
    await subnet.newProcess();
    await subnet.clearRequests();
    const read = await Promise.all(subnets.map((s) => subnet.read(s.id, s.outs)));
    read.forEach((r, i) => expect(r.props).toEqual(subnets[i]!.outs));
    let requests = await readsSince(subnet);
    expect(requests).toEqual({ "/api/v1/subnets": 1 });

    const changed = subnets[1]!;
    expect(
      (
        await emu.call("PUT", `/api/v1/subnets/${changed.id}`, {
          body: { description: "by hand" },
        })
      ).status,
    ).toBe(200);
    await emu.waitFor(
      `/api/v1/subnets/${changed.id}`,
      (body) => (body as { state: string }).state === "created",
    );
    await subnet.newProcess();
    await subnet.clearRequests();
    const again = await Promise.all(subnets.map((s) => subnet.read(s.id, s.outs)));
    expect(again[1]!.props).toEqual({ ...changed.outs, description: "by hand" });
    expect(again[0]!.props).toEqual(subnets[0]!.outs);
    requests = await readsSince(subnet);
    expect(requests).toEqual({ "/api/v1/subnets": 1 });
  }, 60_000);

  it("reads three security groups with one list request, and lists the rules only of one whose rules changed", async () => {
    await group.newProcess();
    await group.clearRequests();
    const read = await Promise.all(groups.map((g) => group.read(g.id, g.outs)));
    read.forEach((r, i) => expect(r.props).toEqual(groups[i]!.outs));
    expect(await readsSince(group)).toEqual({ "/api/v1/security-groups": 1 });

    const changed = groups[2]!;
    const rule = await emu.call("POST", `/api/v1/security-groups/${changed.id}/rules`, {
      body: {
        direction: "ingress",
        ether_type: "IPv4",
        ip_protocol: "tcp",
        port_range: "443:443",
      },
    });
    expect(rule.status).toBe(201);
    await group.newProcess();
    await group.clearRequests();
    const again = await Promise.all(groups.map((g) => group.read(g.id, g.outs)));
    expect(again[0]!.props).toEqual(groups[0]!.outs);
    expect(again[2]!.props).toMatchObject({ ingressRuleCount: 2 });
    expect(again[2]!.props!["rules"]).toEqual(
      expect.arrayContaining([expect.objectContaining({ portRange: "443:443" })]),
    );
    expect(await readsSince(group)).toEqual({
      "/api/v1/security-groups": 1,
      "/api/v1/security-groups/{id}/rules": 1,
    });

    // The rules as now read are current: the next refresh reads the group alone.
    changed.outs = again[2]!.props!;
    // Deleted behind Pulumi's back: gone, confirmed by the group's own 404.
    expect((await emu.call("DELETE", `/api/v1/security-groups/${groups[0]!.id}`)).status).toBe(204);
    await emu.waitFor(`/api/v1/security-groups/${groups[0]!.id}`, (_b, status) => status === 404);
    await group.newProcess();
    await group.clearRequests();
    const third = await Promise.all(groups.map((g) => group.read(g.id, g.outs)));
    expect(third[0]).toEqual({});
    expect(third[1]!.props).toEqual(groups[1]!.outs);
    expect(await readsSince(group)).toEqual({
      "/api/v1/security-groups": 1,
      "/api/v1/security-groups/{id}": 1,
    });
  }, 60_000);

  it("reads each object by id when its kind's list fails, so one failed list fails no read", async () => {
    // The groups still there (the test above deleted the first).
    const live = groups.slice(1);
    await group.setFaults([
      { route: "^/api/v1/security-groups$", method: "GET", errorRates: { "500": 1 } },
    ]);
    try {
      await group.newProcess();
      await group.clearRequests();
      const current = await Promise.all(live.map((g) => group.read(g.id, g.outs)));
      current.forEach((r, i) => expect(r.props).toEqual(live[i]!.outs));
      const requests = await readsSince(group);
      // The list, tried with the client's retries, then each group by id.
      expect(requests["/api/v1/security-groups"]).toBeGreaterThanOrEqual(1);
      expect(requests["/api/v1/security-groups/{id}"]).toBe(live.length);
    } finally {
      await group.setFaults([]);
    }
  }, 60_000);

  it("reads a VM's boot-disk attachment from the disk list", async () => {
    const vm = await runningVm(emu);
    const vmReply = await emu.call("GET", `/api/v1/vms/${vm.id}`);
    const boot = (vmReply.body as { disks: Array<{ id: string; primary: boolean }> }).disks.find(
      (d) => d.primary,
    )!;
    await attachment.newProcess();
    await attachment.clearRequests();
    const read = await attachment.read(`${boot.id}:${vm.id}`, {});
    expect(read.props).toEqual({
      diskId: boot.id,
      vmId: vm.id,
      diskName: `${vm.name}-boot`,
      vmName: vm.name,
      bootDisk: true,
    });
    const requests = await readsSince(attachment);
    expect(requests["/api/v1/disks/{id}"] ?? 0).toBe(0);
    expect(requests["/api/v1/disks"]).toBeGreaterThanOrEqual(1);
  }, 60_000);
});
