/**
 * A VM made through the emulator's API, outside Pulumi, as a console or another program would
 * make it: for suites that import it or refer to it.
 */
import { expect } from "vitest";
import type { TestEmulator } from "../../support/emulator";

/** What the VM is made of, by catalog names. */
export interface ApiVmSpec {
  name: string;
  zone: string;
  flavor: string;
  image: string;
  bootDisk: { size: number; type: string };
}

/** The made VM, running. */
export interface ApiVm {
  id: string;
  /** Its boot disk's id. */
  bootDisk: string;
  /** The VM as the API answers it once running. */
  body: Record<string, unknown>;
}

/** Makes a VM through the API and waits until it runs. */
export async function createApiVm(emulator: TestEmulator, spec: ApiVmSpec): Promise<ApiVm> {
  const { vm } = emulator.fixtures;
  const id = (list: Array<{ id: string; name: string }>, item: string) =>
    list.find((entry) => entry.name === item)!.id;
  const made = await emulator.call("POST", "/api/v1.1/vms", {
    body: [
      {
        project_id: vm.projectId,
        availability_zone_id: id(vm.zones, spec.zone),
        name: spec.name,
        flavor_id: id(vm.flavors, spec.flavor),
        image_id: id(vm.images, spec.image),
        disks: [
          {
            name: `${spec.name}-boot`,
            size: spec.bootDisk.size,
            disk_type_id: id(vm.diskTypes, spec.bootDisk.type),
          },
        ],
      },
    ],
  });
  expect(made.status, made.text).toBe(201);
  const vmId = (made.body as Array<{ id: string }>)[0]!.id;
  const running = await emulator.waitFor(
    `/api/v1/vms/${vmId}`,
    (body, status) => status === 200 && (body as { state: string }).state === "running",
  );
  const body = running.body as Record<string, unknown>;
  const disks = body["disks"] as Array<{ id: string; primary: boolean }>;
  return { id: vmId, bootDisk: disks.find((d) => d.primary)!.id, body };
}
