/**
 * Small helpers the provider suites share: fixture ids by name, unique names, direct access
 * to the emulator's VM state, and reading what the emulator holds over its own API.
 */
import type { VmState } from "../../../emulator/vm/records";
import type { TestEmulator } from "../../support/emulator";

/** The engine's marker for a value not known during preview. */
export const UNKNOWN = "04da6b54-80e4-46f7-96ec-b56ff0331ba9";

let counter = 0;

/** A name no other test uses: `<prefix>-<n>-<time>`, valid as a VM-service name. */
export function uniqueName(prefix: string): string {
  counter += 1;
  return `${prefix}-${counter}-${Date.now().toString(36)}`;
}

/** Fixture ids by name (zones, disk types, tags) and the project. */
export function fixtureIds(emu: TestEmulator) {
  const f = emu.fixtures.vm;
  const byName = (list: Array<{ id: string; name: string }>, name: string) => {
    const found = list.find((x) => x.name === name);
    if (found === undefined) throw new Error(`fixture ${name} not found`);
    return found.id;
  };
  return {
    project: f.projectId,
    foreignProject: f.foreignProjectId,
    zone: (name: string) => byName(f.zones, name),
    diskType: (name: string) => byName(f.diskTypes, name),
    tag: (name: string) => byName(f.tags, name),
    flavor: (name: string) => byName(f.flavors, name),
    image: (name: string) => byName(f.images, name),
  };
}

/** The emulator's live VM-service state (for setting up rare conditions). */
export function vmState(emu: TestEmulator): VmState {
  return emu.emulator.store.state.vm as VmState;
}

/** Every disk of the fixture project with this exact name, as the emulator lists them. */
export async function disksNamed(
  emu: TestEmulator,
  name: string,
): Promise<Array<{ id: string; state: string }>> {
  const reply = await emu.call(
    "GET",
    `/api/v1/disks?project_id=${emu.fixtures.vm.projectId}&name=${name}&limit=100`,
  );
  if (reply.status !== 200) throw new Error(`listing disks: ${reply.status} ${reply.text}`);
  return (reply.body as { items: Array<{ id: string; name: string; state: string }> }).items.filter(
    (d) => d.name === name,
  );
}

/**
 * Makes every emulator delay `factor` times longer until the returned function is called, so
 * that a test can see a state that normally lasts milliseconds.
 */
export function slowDown(emu: TestEmulator, factor: number): () => void {
  const clock = emu.emulator.clock;
  const delay = clock.delay;
  clock.delay = (ms) => delay(ms) * factor;
  return () => {
    clock.delay = delay;
  };
}

/**
 * A VM made through `POST /api/v1.1/vms` (boot disk of 10 GB; its interface in subnet
 * `subnetId` when given, else the zone's default), once it is `running`.
 */
export async function runningVm(
  emu: TestEmulator,
  zoneName = "ru.AZ-1",
  subnetId?: string,
): Promise<{ id: string; name: string }> {
  const ids = fixtureIds(emu);
  const name = uniqueName("vm");
  const reply = await emu.call("POST", "/api/v1.1/vms", {
    body: [
      {
        project_id: ids.project,
        availability_zone_id: ids.zone(zoneName),
        name,
        flavor_id: ids.flavor("burst-1-1"),
        image_id: ids.image("ubuntu-22.04"),
        disks: [{ name: `${name}-boot`, size: 10, disk_type_id: ids.diskType("SSD") }],
        ...(subnetId === undefined
          ? {}
          : { interfaces: [{ type: "regular", subnet_id: subnetId }] }),
      },
    ],
  });
  if (reply.status !== 201) throw new Error(`creating a VM: ${reply.status} ${reply.text}`);
  const [vm] = reply.body as Array<{ id: string }>;
  await emu.waitFor(
    `/api/v1/vms/${vm!.id}`,
    (body, status) => status === 200 && (body as { state: string }).state === "running",
  );
  return { id: vm!.id, name };
}
