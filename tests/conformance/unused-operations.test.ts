// Exchanges for the conformance check of the operations the provider does not use yet (SNAT
// gateways, ...): the provider's own REST client calls each of them against the emulator, with
// its zod schemas checking both ways, and every exchange is then judged against the real
// OpenAPI document here (0 off-spec, or allowed in docs/api-decisions/conformance.md). When a
// test run records exchanges (VMCLOUD_EXCHANGE_LOG_DIR), these are added to the record, so the
// run's conformance check judges them too.
import { copyFileSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  backupsEndpoints,
  catalogEndpoints,
  computeEndpoints,
  externalIpsEndpoints,
  interfacesEndpoints,
  natGatewaysEndpoints,
  networkEndpoints,
} from "../../api/vm/endpoints";
import { createClient, waitUntil, type VmCloudClient } from "../../provider/client";
import { startTestEmulator, type TestEmulator } from "../support/emulator";
import { allowing, readAllowList } from "./allow-list";
import { isProviderExchange, readExchanges } from "./exchanges";
import { Judge } from "./judge";

const dir = mkdtempSync(join(tmpdir(), "vmcloud-unused-operations-"));
const LOG = "unused-operations.jsonl";
let emu: TestEmulator;
let client: VmCloudClient;
let projectId: string;
let zoneId: (name: string) => string;

beforeAll(async () => {
  emu = await startTestEmulator({ exchangeLog: join(dir, LOG) });
  client = createClient({ endpoint: emu.url, token: emu.token });
  projectId = emu.fixtures.vm.projectId;
  zoneId = (name) => emu.fixtures.vm.zones.find((z) => z.name === name)!.id;
});
afterAll(async () => {
  client?.close();
  await emu?.close();
  rmSync(dir, { recursive: true, force: true });
});

/** Waits until `read` answers something `done` accepts. */
function until<T>(what: string, read: () => Promise<T>, done: (value: T) => boolean): Promise<T> {
  return waitUntil({ what, poll: read, isDone: done, timeoutMs: 20_000 });
}

describe("SNAT gateways", () => {
  it("lists, creates, reads, renames and deletes a gateway", async () => {
    const api = natGatewaysEndpoints;
    const made = await client.call(api.createNatGateway, {
      body: {
        project_id: projectId,
        name: "egress",
        nat_type: "Public sNAT",
        availability_zone_name: "ru.AZ-1",
      },
    });
    const params = { nat_gateway_id: made.id };
    await until(
      "the gateway to be created",
      () => client.call(api.getNatGateway, { params }),
      (g) => g.state === "created",
    );
    const page = await client.call(api.listNatGateways, {
      query: { project_id: projectId, availability_zone_ids: [zoneId("ru.AZ-1")], name: "egr" },
    });
    expect(page.items.map((g) => g.id)).toEqual([made.id]);
    const ips = await client.call(externalIpsEndpoints.listExternalIps, {
      query: { project_id: projectId, nat_gateway_id: made.id },
    });
    expect(ips.items).toHaveLength(1);
    await client.call(api.updateNatGateway, { params, body: { description: "egress of ru.AZ-1" } });
    await until(
      "the rename to end",
      () => client.call(api.getNatGateway, { params }),
      (g) => g.state === "created",
    );
    await client.call(api.deleteNatGateway, { params });
  });
});

describe("network interfaces", () => {
  it("makes a free interface, gives it to a VM, lists, changes and deletes interfaces", async () => {
    const api = interfacesEndpoints;
    const subnet = emu.fixtures.vm.defaultSubnets.find((s) => s.zoneId === zoneId("ru.AZ-1"))!;
    const port = await client.call(api.createInterface, {
      body: {
        project_id: projectId,
        subnet_id: subnet.id,
        name: "db-port",
        allowed_address_pairs: [{ ip_address: "10.0.0.240" }],
        new_floating_ip: true,
      },
    });
    const params = { interface_id: port.id };
    const created = () =>
      until(
        "the interface to be created",
        () => client.call(api.getInterface, { params }),
        (i) => i.state === "created",
      );
    await created();
    const [vm] = await client.call(computeEndpoints.createVm, {
      body: [
        {
          project_id: projectId,
          availability_zone_id: zoneId("ru.AZ-1"),
          name: "db",
          flavor_name: "burst-1-1",
          image_name: "ubuntu-22.04",
          disks: [{ name: "db-boot", size: 10, disk_type_name: "SSD" }],
          interfaces: [{ type: "regular", interface_id: port.id }],
        },
      ],
    });
    await until(
      "the VM to run",
      () => client.call(computeEndpoints.getVm, { params: { vm_id: vm!.id } }),
      (v) => v.state === "running",
    );
    const added = await client.call(api.createInterface, {
      body: { vm_id: vm!.id, name: "eth-extra" },
    });
    const page = await client.call(api.listInterfaces, {
      query: { project_id: projectId, vm_ids: [vm!.id] },
    });
    expect(page.items.map((i) => i.id).sort()).toEqual([port.id, added.id].sort());
    await client.call(api.updateInterface, {
      params,
      body: { description: "the database's address", security_groups_names: ["default-az1"] },
    });
    await created();
    await client.call(computeEndpoints.deleteVm, { params: { vm_id: vm!.id } });
    await until(
      "the VM to let the interface go",
      () => client.call(api.getInterface, { params }),
      (i) => i.vm === undefined,
    );
    await client.call(api.deleteInterface, { params });
  });
});

describe("images", () => {
  it("makes an image from a stopped VM's boot disk, boots a VM from it, changes and deletes it", async () => {
    const zone = zoneId("ru.AZ-1");
    const [vm] = await client.call(computeEndpoints.createVm, {
      body: [
        {
          project_id: projectId,
          availability_zone_id: zone,
          name: "golden-source",
          flavor_name: "burst-1-1",
          image_name: "ubuntu-22.04",
          disks: [{ name: "golden-source-boot", size: 12, disk_type_name: "SSD" }],
        },
      ],
    });
    const vmParams = { vm_id: vm!.id };
    const vmIs = (state: string) =>
      until(
        `the VM to be ${state}`,
        () => client.call(computeEndpoints.getVm, { params: vmParams }),
        (v) => v.state === state,
      );
    await vmIs("running");
    await client.call(computeEndpoints.setPower, {
      params: vmParams,
      body: { state: "power_off" },
    });
    await vmIs("stopped");
    const api = catalogEndpoints;
    const image = await client.call(api.createImage, {
      body: {
        project_id: projectId,
        name: "golden-web",
        availability_zones: [{ availability_zone_id: zone, enabled: true }],
        disk_id: vm!.disks[0]!.id,
      },
    });
    const params = { image_id: image.id };
    const created = () =>
      until(
        "the image to be created",
        () => client.call(api.getImage, { params }),
        (i) => i.availability_zones.every((z) => z.state === "created"),
      );
    await created();
    const page = await client.call(api.listImages, {
      query: { project_id: projectId, type: "private" },
    });
    expect(page.items.map((i) => i.id)).toContain(image.id);
    const [booted] = await client.call(computeEndpoints.createVm, {
      body: [
        {
          project_id: projectId,
          availability_zone_id: zone,
          name: "golden-web-1",
          flavor_name: "burst-1-1",
          image_id: image.id,
          disks: [{ name: "golden-web-1-boot", size: 12, disk_type_name: "SSD" }],
        },
      ],
    });
    expect(booted!.image.id).toBe(image.id);
    await client.call(api.updateImage, {
      params,
      body: { display_name: "Golden web", min_disk: 20 },
    });
    await created();
    await until(
      "the VM booted from the image to run",
      () => client.call(computeEndpoints.getVm, { params: { vm_id: booted!.id } }),
      (v) => v.state === "running",
    );
    for (const made of [vm!, booted!]) {
      await client.call(computeEndpoints.deleteVm, {
        params: { vm_id: made.id },
        body: { delete_attachments: { disk_ids: [made.disks[0]!.id], external_ips: [] } },
      });
    }
    await until(
      "both VMs and their boot disks to go",
      () => client.listAll(computeEndpoints.listVms, { query: { project_id: projectId } }),
      (vms) => vms.every((v) => v.id !== vm!.id && v.id !== booted!.id),
    );
    await until(
      "the image to be free",
      () =>
        client.call(api.deleteImage, { params }).then(
          () => true,
          () => false,
        ),
      (deleted) => deleted,
    );
  });
});

describe("VMs' states at once", () => {
  it("stops two VMs, then starts them, with one request each", async () => {
    const made = await client.call(computeEndpoints.createVm, {
      body: ["bulk-1", "bulk-2"].map((name) => ({
        project_id: projectId,
        availability_zone_id: zoneId("ru.AZ-1"),
        name,
        flavor_name: "burst-1-1",
        image_name: "ubuntu-22.04",
        disks: [{ name: `${name}-boot`, size: 10, disk_type_name: "SSD" }],
      })),
    });
    const all = (state: string) =>
      until(
        `both VMs to be ${state}`,
        () => client.listAll(computeEndpoints.listVms, { query: { project_id: projectId } }),
        (vms) => made.every((m) => vms.find((v) => v.id === m.id)?.state === state),
      );
    await all("running");
    await client.call(computeEndpoints.setVmStates, {
      body: made.map((vm) => ({ id: vm.id, state: "stopped" as const })),
    });
    await all("stopped");
    await client.call(computeEndpoints.setVmStates, {
      body: made.map((vm) => ({ id: vm.id, state: "running" as const })),
    });
    await all("running");
  });
});

describe("names taken in a project", () => {
  it("checks a free name and a taken one", async () => {
    const subnet = emu.fixtures.vm.defaultSubnets[0]!.name;
    const answer = await client.call(catalogEndpoints.validateProjectName, {
      params: { project_id: projectId },
      query: { entity_type: "subnet", names: ["fresh-net", subnet] },
    });
    expect(answer).toEqual([
      { name: "fresh-net", available: true },
      { name: subnet, available: false },
    ]);
  });
});

describe("parameter lists", () => {
  it("reads every kind's list, whole and of one type", async () => {
    const api = catalogEndpoints;
    const lists = await Promise.all([
      client.call(api.getVmParams, { query: {} }),
      client.call(api.getDiskParams, { query: { param_type: "disk-state" } }),
      client.call(api.getSubnetParams, { query: {} }),
      client.call(api.getFlavorParams, { query: { param_type: "oversubscription" } }),
    ]);
    expect(lists.map((l) => l.params.length > 0)).toEqual([true, true, true, true]);
  });
});

describe("free blocks and free addresses", () => {
  it("lists free /24 blocks of the network and free addresses of a subnet", async () => {
    const api = networkEndpoints;
    const free = await client.call(api.listAvailableSubnets, {
      query: { project_id: projectId, subnet_mask: 24, base_subnet_address: "10.0.0.0/22" },
    });
    expect(free.items).not.toContain("10.0.0.0/24");
    const subnet = emu.fixtures.vm.defaultSubnets[0]!;
    const hosts = await client.call(api.listAvailableIpAddresses, {
      query: { subnet_id: subnet.id, limit: 5 },
    });
    expect(hosts.items).toHaveLength(5);
  });
});

describe("backups", () => {
  it("backs up a VM, lists, reads, renames and restores it as a new VM, backs up a disk and restores it, deletes both", async () => {
    const api = backupsEndpoints;
    const zone = zoneId("ru.AZ-1");
    const [vm] = await client.call(computeEndpoints.createVm, {
      body: [
        {
          project_id: projectId,
          availability_zone_id: zone,
          name: "backed-up",
          flavor_name: "burst-1-1",
          image_name: "ubuntu-22.04",
          disks: [{ name: "backed-up-boot", size: 10, disk_type_name: "SSD" }],
        },
      ],
    });
    await until(
      "the VM to run",
      () => client.call(computeEndpoints.getVm, { params: { vm_id: vm!.id } }),
      (v) => v.state === "running",
    );
    const backup = await client.call(api.createBackup, {
      body: {
        project_id: projectId,
        name: "before-upgrade",
        resource: { resource_id: vm!.id, resource_type: "virtual_machine" },
      },
    });
    const params = { backup_id: backup.id };
    const created = () =>
      until(
        "the backup to be created",
        () => client.call(api.getBackup, { params }),
        (b) => b.state === "created",
      );
    await created();
    const page = await client.call(api.listBackups, {
      query: { project_id: projectId, resource_types: ["virtual_machine"] },
    });
    expect(page.items.map((b) => b.id)).toContain(backup.id);
    await client.call(api.updateBackup, { params, body: { description: "kept a week" } });
    await created();
    const restored = await client.call(api.backupAction, {
      params,
      body: {
        action: "restore",
        resource: {
          resource_id: vm!.id,
          resource_type: "virtual_machine",
          target_config: { name: "restored" },
        },
      },
    });
    expect(restored.name).toBe("restored");
    const disk = await client.call(api.createBackup, {
      body: {
        project_id: projectId,
        name: "boot-disk",
        resource: { resource_id: vm!.disks[0]!.id, resource_type: "disk" },
      },
    });
    const diskParams = { backup_id: disk.id };
    await until(
      "the disk backup to be created",
      () => client.call(api.getBackup, { params: diskParams }),
      (b) => b.state === "created",
    );
    const copy = await client.call(api.backupAction, {
      params: diskParams,
      body: {
        action: "restore",
        resource: {
          resource_id: vm!.disks[0]!.id,
          resource_type: "disk",
          target_config: { name: "boot-copy" },
        },
      },
    });
    expect(copy.name).toBe("boot-copy");
    await client.call(api.deleteBackup, { params });
    await client.call(api.deleteBackup, { params: diskParams });
  });
});

describe("the exchanges above", () => {
  it("are all on the real document, or allowed with a reason", () => {
    const judge = new Judge();
    const allowed = readAllowList();
    const exchanges = readExchanges(dir).filter((e) => isProviderExchange(e) && judge.inScope(e));
    const offSpec = exchanges.flatMap((exchange) =>
      judge
        .judge(exchange)
        .filter((finding) => allowing(allowed, finding.key) === undefined)
        .map((finding) => `${finding.key}  (${finding.example})`),
    );
    console.log(`${exchanges.length} exchanges of operations the provider does not use yet`);
    expect(exchanges.length).toBeGreaterThan(0);
    expect(offSpec).toEqual([]);
    const record = process.env.VMCLOUD_EXCHANGE_LOG_DIR;
    if (record !== undefined && record !== "") copyFileSync(join(dir, LOG), join(record, LOG));
  });
});
