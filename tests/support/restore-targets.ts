/**
 * Real targets for backup restores: the backup service refuses a VM or disk the VM service does
 * not show (docs/api-decisions/operations.md), so suites that restore make them first, through
 * the VM service's own API. `targets` makes a running VM with a boot and a data disk (two
 * disks: one per disk backup of the VM backup fixture `backup-web-01`) and a disk of its own.
 */
import type { TestEmulator } from "./emulator";

/** What a suite restores into. */
export interface RestoreTargets {
  /** A running VM of the project. */
  serverId: string;
  /** Its disks, boot disk first: one per disk backup of `backup-web-01`. */
  serverDiskIds: [string, string];
  /** A disk of the project attached to nothing. */
  volumeId: string;
}

async function ok(emu: TestEmulator, method: string, path: string, body?: unknown) {
  const reply = await emu.call(method, path, body === undefined ? {} : { body });
  if (reply.status >= 300) throw new Error(`${method} ${path}: ${reply.status} ${reply.text}`);
  return reply.body as Record<string, unknown>;
}

function byName(list: Array<{ id: string; name: string }>, name: string): string {
  const found = list.find((item) => item.name === name);
  if (found === undefined) throw new Error(`no fixture ${name}`);
  return found.id;
}

/** Makes a VM with two disks and a loose disk named after `prefix`, and waits until they are ready. */
export async function makeRestoreTargets(
  emu: TestEmulator,
  prefix = "restore-target",
): Promise<RestoreTargets> {
  const f = emu.fixtures.vm;
  const zone = f.zones[0]!.id;
  const diskType = byName(f.diskTypes, "SSD");
  const [vm] = (await ok(emu, "POST", "/api/v1.1/vms", [
    {
      project_id: f.projectId,
      availability_zone_id: zone,
      name: prefix,
      flavor_id: byName(f.flavors, "burst-1-1"),
      image_id: byName(f.images, "ubuntu-22.04"),
      disks: [
        { name: `${prefix}-boot`, size: 10, disk_type_id: diskType },
        { name: `${prefix}-data`, size: 10, disk_type_id: diskType },
      ],
    },
  ])) as unknown as Array<{ id: string }>;
  const disk = await ok(emu, "POST", "/api/v1/disks", {
    project_id: f.projectId,
    availability_zone_id: zone,
    name: `${prefix}-loose`,
    size: 10,
    disk_type_id: diskType,
  });
  const running = await emu.waitFor(
    `/api/v1/vms/${vm!.id}`,
    (body, code) => code === 200 && (body as { state?: string }).state === "running",
  );
  await emu.waitFor(
    `/api/v1/disks/${String(disk.id)}`,
    (body, code) => code === 200 && (body as { state?: string }).state === "available",
  );
  const disks = (running.body as { disks: Array<{ id: string }> }).disks.map((d) => d.id);
  if (disks.length !== 2) throw new Error(`expected 2 disks on the VM, got ${disks.length}`);
  return {
    serverId: vm!.id,
    serverDiskIds: [disks[0]!, disks[1]!],
    volumeId: String(disk.id),
  };
}
