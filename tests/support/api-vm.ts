/**
 * A VM made outside Pulumi, through the VM service's own API, as a console or another tool
 * would make it: what suites import, adopt or refer to.
 */
import { expect } from "vitest";
import type { TestEmulator } from "./emulator";

/** The VM to make, by the names of the emulator's fixtures. */
export interface ApiVmSpec {
  name: string;
  /** Default `ru.AZ-1`. */
  zone?: string;
  /** Default `gen-2-4`. */
  flavor?: string;
  /** Default `ubuntu-22.04`. */
  image?: string;
  /** The boot disk, named `<name>-boot`; default 10 GB of SSD. */
  bootDisk?: { size: number; diskType: string };
}

/** The made VM, running. */
export interface ApiVm {
  id: string;
  /** Its boot disk's id. */
  bootDisk: string;
  /** The VM as the API answers it once running. */
  body: Record<string, unknown>;
}

/**
 * Makes the VM `spec` describes and waits until it runs; resolves with its id, its boot disk's
 * id and the body the service shows of it then.
 */
export async function makeApiVm(emulator: TestEmulator, spec: ApiVmSpec): Promise<ApiVm> {
  const { vm } = emulator.fixtures;
  const id = (list: Array<{ id: string; name: string }>, name: string) => {
    const found = list.find((item) => item.name === name);
    if (found === undefined) throw new Error(`no fixture named ${name}`);
    return found.id;
  };
  const bootDisk = spec.bootDisk ?? { size: 10, diskType: "SSD" };
  const created = await emulator.call("POST", "/api/v1.1/vms", {
    body: [
      {
        project_id: vm.projectId,
        availability_zone_id: id(vm.zones, spec.zone ?? "ru.AZ-1"),
        name: spec.name,
        flavor_id: id(vm.flavors, spec.flavor ?? "gen-2-4"),
        image_id: id(vm.images, spec.image ?? "ubuntu-22.04"),
        disks: [
          {
            name: `${spec.name}-boot`,
            size: bootDisk.size,
            disk_type_id: id(vm.diskTypes, bootDisk.diskType),
          },
        ],
      },
    ],
  });
  expect(created.status, created.text).toBe(201);
  const vmId = (created.body as Array<{ id: string }>)[0]!.id;
  const running = await emulator.waitFor(
    `/api/v1/vms/${vmId}`,
    (body, status) => status === 200 && (body as { state: string }).state === "running",
  );
  const body = running.body as Record<string, unknown>;
  const disks = body["disks"] as Array<{ id: string; primary: boolean }>;
  return { id: vmId, bootDisk: disks.find((d) => d.primary)!.id, body };
}
