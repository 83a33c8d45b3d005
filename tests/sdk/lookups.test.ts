/**
 * The program-side lookups against the real emulator over HTTP: each answers what the emulator
 * holds (checked against its fixtures and its own API answers), filters narrow, pages are
 * followed, single lookups fail on none or several matches, bad arguments never reach the
 * network, settings come from stack config or environment, and no token ever appears in an
 * error.
 */
import { randomUUID } from "node:crypto";
import * as pulumi from "@pulumi/pulumi";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { LoggedRequest } from "../../emulator/core/request-log";
import { recordTask } from "../../emulator/vm/models/shared";
import type { VmState } from "../../emulator/vm/records";
import { AuthError, NetworkError, NotFoundError, VmCloudClient } from "../../provider/client";
import type { FlavorPage } from "../../api/vm/flavors";
import type { ImagePage } from "../../api/vm/images";
import type { ZoneResponse, ZoneSettingsResponse } from "../../api/vm/zones";
import type { DiskTypeResponse } from "../../api/vm/disk-types";
import type { OrganizationResponse } from "../../api/vm/organizations";
import type { ProjectPermissionsResponse } from "../../api/vm/projects";
import type { TaskPage } from "../../api/vm/tasks";
import * as sdk from "../../sdk";
import {
  LookupError,
  estimateCost,
  getAvailabilityZoneSettings,
  getAvailabilityZones,
  getDiskTypes,
  getFlavor,
  getFlavors,
  getFreeTierAvailability,
  getImage,
  getImages,
  getOrganization,
  getProject,
  getProjectPermissions,
  getTask,
  getTasks,
  resetProgramClient,
  setProgramClient,
} from "../../sdk/lookups";
import { startTestEmulator, type TestEmulator } from "../support/emulator";

const TOKEN = `lookup-token-${randomUUID()}`;
const UNKNOWN = "2c3d4e5f-6a7b-4c8d-9e0f-1a2b3c4d5e6f";
const ENV_KEYS = [
  "VMCLOUD_ENDPOINT",
  "VMCLOUD_TOKEN",
  "VMCLOUD_PROJECT_ID",
  "VMCLOUD_KEY_ID",
] as const;

let emu: TestEmulator;
const savedEnv: Partial<Record<(typeof ENV_KEYS)[number], string | undefined>> = {};

function useEnv(values: Partial<Record<(typeof ENV_KEYS)[number], string>>): void {
  for (const key of ENV_KEYS) {
    if (values[key] === undefined) delete process.env[key];
    else process.env[key] = values[key];
  }
}

function emulatorEnv(): void {
  useEnv({
    VMCLOUD_ENDPOINT: emu.url,
    VMCLOUD_TOKEN: TOKEN,
    VMCLOUD_PROJECT_ID: emu.fixtures.vm.projectId,
  });
}

async function api<T>(path: string): Promise<T> {
  const reply = await emu.call("GET", path);
  expect(reply.status, reply.text).toBe(200);
  return reply.body as T;
}

async function requests(): Promise<LoggedRequest[]> {
  return ((await emu.call("GET", "/_emulator/requests")).body as { requests: LoggedRequest[] })
    .requests;
}

async function clearRequests(): Promise<void> {
  await emu.call("DELETE", "/_emulator/requests");
}

/** The LookupError `promise` rejects with (fails the test when it resolves or throws another). */
async function failure(promise: Promise<unknown>): Promise<LookupError> {
  let outcome: unknown;
  try {
    await promise;
  } catch (error) {
    outcome = error;
  }
  expect(outcome).toBeInstanceOf(LookupError);
  return outcome as LookupError;
}

const sorted = (values: readonly string[]) => [...values].sort();
const vmState = () => emu.emulator.store.state.vm as VmState;

beforeAll(async () => {
  for (const key of ENV_KEYS) savedEnv[key] = process.env[key];
  emu = await startTestEmulator({ token: TOKEN });
});

afterAll(async () => {
  resetProgramClient();
  for (const key of ENV_KEYS) {
    if (savedEnv[key] === undefined) delete process.env[key];
    else process.env[key] = savedEnv[key];
  }
  await emu.close();
});

beforeEach(() => {
  emulatorEnv();
  resetProgramClient();
});

describe("flavors", () => {
  it("answers every flavor of the emulator, mapped to camelCase field by field", async () => {
    const result = await getFlavors();
    expect(sorted(result.ids)).toEqual(sorted(emu.fixtures.vm.flavors.map((f) => f.id)));
    expect(sorted(result.names)).toEqual(sorted(emu.fixtures.vm.flavors.map((f) => f.name)));
    expect(result.ids).toEqual(result.flavors.map((f) => f.id));

    const raw = await api<FlavorPage>("/api/v1/flavors?limit=100");
    for (const item of raw.items) {
      const mapped = result.flavors.find((f) => f.id === item.id);
      expect(mapped).toEqual({
        id: item.id,
        name: item.name,
        description: item.description,
        type: item.type,
        cpu: item.cpu,
        ram: item.ram,
        gpu: item.gpu,
        oversubscription: item.oversubscription,
        assuredBandwidth: item.assured_bandwidth,
        maximumBandwidth: item.maximum_bandwidth,
        pps: item.pps,
        availabilityZones: item.availability_zones.map((z) => ({
          availabilityZoneId: z.availability_zone_id,
          availabilityZoneName: z.availability_zone_name,
          default: z.default,
          enabled: z.enabled,
          state: z.state,
        })),
      });
    }
  });

  it("narrows by cpu, ram, gpu, type, share and name, as the service does", async () => {
    const all = (await getFlavors()).flavors;
    const cases: Array<
      [Parameters<typeof getFlavors>[0], string, (f: (typeof all)[number]) => boolean]
    > = [
      [{ cpu: 2 }, "cpu=2", (f) => f.cpu === 2],
      [{ ram: 128 }, "ram=128", (f) => f.ram === 128],
      [{ gpu: 1 }, "gpu=1", (f) => f.gpu === 1],
      [{ flavorType: "gpu" }, "flavor_type=gpu", (f) => f.type === "gpu"],
      [
        { oversubscription: "1:10" },
        "oversubscription=1%3A10",
        (f) => f.oversubscription === "1:10",
      ],
      [{ name: "GEN" }, "name=GEN", (f) => f.name.toLowerCase().includes("gen")],
      [{ cpu: 8, gpu: 0 }, "cpu=8&gpu=0", (f) => f.cpu === 8 && f.gpu === 0],
    ];
    for (const [args, query, expected] of cases) {
      const { names } = await getFlavors(args);
      const wanted = all.filter(expected).map((f) => f.name);
      expect(wanted.length, query).toBeGreaterThan(0);
      expect(wanted.length, query).toBeLessThan(all.length);
      expect(sorted(names), query).toEqual(sorted(wanted));
      const direct = await api<FlavorPage>(`/api/v1/flavors?limit=100&${query}`);
      expect(sorted(names), query).toEqual(sorted(direct.items.map((f) => f.name)));
    }
  });

  it("narrows by availability zone given by name or by id, sending the zone id", async () => {
    const zone2 = emu.fixtures.vm.zones.find((z) => z.name === "ru.AZ-2")!;
    const all = await getFlavors();
    await clearRequests();
    const byName = await getFlavors({ availabilityZone: "ru.AZ-2", cpu: 1 });
    expect(byName.names).toEqual(["burst-1-1"]); // the free-tier flavor is offered in ru.AZ-1 only
    const sent = (await requests()).map((r) => r.url);
    expect(sent[0]).toMatch(/^\/api\/v1\/availability-zones/);
    expect(sent[1]).toContain(`availability_zone_id=${zone2.id}`);
    expect(sent[1]).toContain("cpu=1");

    const byId = await getFlavors({ availabilityZone: zone2.id });
    expect(sorted(byId.names)).toEqual(sorted(all.names.filter((n) => n !== "free-tier-1-1")));
    const free = await getFlavors({ availabilityZone: "ru.AZ-1", flavorType: "free-tier" });
    expect(free.names).toEqual(["free-tier-1-1"]);
  });

  it("getFlavor finds one by exact name, by id, or by filters", async () => {
    const fixture = emu.fixtures.vm.flavors.find((f) => f.name === "gen-2-4")!;
    const byName = await getFlavor({ name: "gen-2-4" });
    expect(byName.id).toBe(fixture.id);
    expect(byName.cpu).toBe(2);
    expect(byName.ram).toBe(4);
    expect(await getFlavor({ id: fixture.id })).toEqual(byName);
    expect((await getFlavor({ gpu: 2 })).name).toBe("gpu-16-128-2");
    expect((await getFlavor({ cpu: 2, ram: 2 })).name).toBe("burst-2-2");
  });

  it("getFlavor matches the name exactly, unlike the substring filter of getFlavors", async () => {
    expect((await getFlavors({ name: "gen-2" })).names).toEqual(["gen-2-4"]);
    const error = await failure(getFlavor({ name: "gen-2" }));
    expect(error.message).toContain('no flavor matches name "gen-2"');
    expect(error.message).toContain("getFlavors()");
  });

  it("getFlavor fails naming the matches when several match, and when none does", async () => {
    const several = await failure(getFlavor({ cpu: 2 }));
    expect(several.lookup).toBe("getFlavor");
    expect(several.message).toMatch(/^getFlavor: 2 flavors match cpu 2 \(/);
    expect(several.message).toContain("gen-2-4");
    expect(several.message).toContain("burst-2-2");
    expect(several.message).toContain("exactly one");

    const none = await failure(getFlavor({ cpu: 3 }));
    expect(none.message).toContain("no flavor matches cpu 3");

    const everything = await failure(getFlavor());
    expect(everything.message).toContain(`there are ${emu.fixtures.vm.flavors.length} flavors`);
  });

  it("getFlavor by an unknown id fails with the service's 404", async () => {
    const error = await failure(getFlavor({ id: UNKNOWN }));
    expect(error.status).toBe(404);
    expect(error.code).toBe("flavor_not_found");
    expect(error.cause).toBeInstanceOf(NotFoundError);
    expect(error.message).toMatch(/^getFlavor: GET \/api\/v1\/flavors\//);
  });
});

describe("availability zones", () => {
  it("answers every zone, and only the free-tier ones when asked", async () => {
    const result = await getAvailabilityZones();
    expect(sorted(result.ids)).toEqual(sorted(emu.fixtures.vm.zones.map((z) => z.id)));
    expect(sorted(result.names)).toEqual(sorted(emu.fixtures.vm.zones.map((z) => z.name)));
    const raw = await api<ZoneResponse[]>("/api/v1/availability-zones");
    expect(result.availabilityZones).toEqual(
      raw.map((z) => ({
        id: z.id,
        name: z.name,
        displayName: z.display_name,
        description: z.description,
        enabled: z.enabled,
        shortName: z.short_name,
        default: z.default,
      })),
    );

    const free = await getAvailabilityZones({ freeTierOnly: true });
    const rawFree = await api<ZoneResponse[]>("/api/v1/availability-zones?free_tier_default=true");
    expect(free.names).toEqual(rawFree.map((z) => z.name));
    expect(free.names).toEqual(["ru.AZ-1"]);
    expect((await getAvailabilityZones({ projectId: emu.fixtures.vm.projectId })).ids).toEqual(
      result.ids,
    );
  });

  it("a foreign project fails with the service's 403 as an AuthError cause", async () => {
    const error = await failure(
      getAvailabilityZones({ projectId: emu.fixtures.vm.foreignProjectId }),
    );
    expect(error.status).toBe(403);
    expect(error.cause).toBeInstanceOf(AuthError);
  });

  it("zone settings answer booleans for the service's text flags, for the configured project", async () => {
    const result = await getAvailabilityZoneSettings();
    const raw = await api<ZoneSettingsResponse[]>(
      `/api/v1/availability-zones/settings?project_id=${emu.fixtures.vm.projectId}`,
    );
    expect(raw.length).toBe(emu.fixtures.vm.zones.length);
    expect(result.availabilityZones).toEqual(
      raw.map((z) => ({
        availabilityZoneId: z.availability_zone_id,
        availabilityZoneName: z.availability_zone_name,
        settings: {
          serialConsoleEnabled: z.settings.serial_console_enabled === "true",
          vncConsoleEnabled: z.settings.vnc_console_enabled === "true",
        },
      })),
    );
    // The fixtures differ per zone, so the conversion cannot pass by being constant.
    expect(
      new Set(result.availabilityZones.map((z) => JSON.stringify(z.settings))).size,
    ).toBeGreaterThan(1);

    const one = await getAvailabilityZoneSettings({ availabilityZone: "ru.AZ-2" });
    expect(one.availabilityZones).toEqual([
      expect.objectContaining({
        availabilityZoneName: "ru.AZ-2",
        settings: { serialConsoleEnabled: false, vncConsoleEnabled: true },
      }),
    ]);
  });
});

describe("disk types", () => {
  it("answers every disk type, and narrows by zone", async () => {
    const result = await getDiskTypes();
    expect(sorted(result.names)).toEqual(sorted(emu.fixtures.vm.diskTypes.map((t) => t.name)));
    const raw = await api<DiskTypeResponse[]>("/api/v1/disk-types");
    const ssd = raw.find((t) => t.name === "SSD")!;
    expect(result.diskTypes.find((t) => t.name === "SSD")).toEqual({
      id: ssd.id,
      name: ssd.name,
      displayName: ssd.display_name,
      speedLimits: ssd.speed_limits.map((s) => ({
        size: s.size,
        limitBw: s.limit_bw,
        limitRate: s.limit_rate,
      })),
      availabilityZones: ssd.availability_zones.map((z) => ({
        availabilityZoneId: z.availability_zone_id,
        availabilityZoneName: z.availability_zone_name,
        default: z.default,
        enabled: z.enabled,
      })),
      freeTier: ssd.free_tier,
      minSize: ssd.min_size,
      maxSize: ssd.max_size,
    });

    const zone2 = await getDiskTypes({ availabilityZone: "ru.AZ-2" });
    expect(sorted(zone2.names)).toEqual(["HDD", "SSD"]);
    const zone1 = await getDiskTypes({
      availabilityZone: "ru.AZ-1",
      projectId: emu.fixtures.vm.projectId,
    });
    expect(zone1.names).toContain("free-tier-HDD");
  });
});

describe("images", () => {
  it("answers every image with its metadata fields, and narrows by the filters", async () => {
    const result = await getImages();
    expect(sorted(result.ids)).toEqual(sorted(emu.fixtures.vm.images.map((i) => i.id)));
    const raw = await api<ImagePage>("/api/v1/images?limit=100");
    const windows = raw.items.find((i) => i.name === "windows-2022")!;
    const mapped = result.images.find((i) => i.name === "windows-2022")!;
    expect(mapped.minCpu).toBe(windows.min_cpu);
    expect(mapped.minDisk).toBe(windows.min_disk);
    expect(mapped.displayName).toBe(windows.display_name);
    expect(mapped.type).toBe("marketplace");
    expect(mapped.createdTime).toBe(windows.created_time);
    expect("userDataTemplate" in mapped).toBe(false); // absent stays absent
    expect(mapped.imageMetadata).toEqual(
      windows.image_metadata.map((m) => ({
        id: m.id,
        name: m.name,
        imageId: m.image_id,
        displayName: m.display_name,
        displayPosition: m.display_position,
        fieldType: m.field_type,
        sensitive: m.sensitive,
        mandatoryGroup: m.mandatory_group,
        mandatoryGroupDisplayName: m.mandatory_group_display_name,
      })),
    );
    // Its login is required: a mandatory group of its own.
    expect(mapped.imageMetadata.find((m) => m.name === "username")!.mandatoryGroup).toBe(
      "username",
    );

    expect((await getImages({ freeTierEnabled: true })).names).toEqual(["ubuntu-22.04"]);
    expect((await getImages({ type: "marketplace" })).names).toEqual(["windows-2022"]);
    expect(sorted((await getImages({ name: "UBUNTU" })).names)).toEqual([
      "ubuntu-22.04",
      "ubuntu-24.04",
    ]);
    expect(sorted((await getImages({ freeTierEnabled: false, type: "public" })).names)).toEqual([
      "debian-12",
      "ubuntu-24.04",
    ]);
  });

  it("getImage finds one by exact name or id and fails on several or none", async () => {
    const ubuntu = await getImage({ name: "ubuntu-22.04" });
    expect(ubuntu.id).toBe(emu.fixtures.vm.images.find((i) => i.name === "ubuntu-22.04")!.id);
    expect(ubuntu.userDataTemplate).toBeDefined();
    expect(await getImage({ id: ubuntu.id })).toEqual(ubuntu);
    expect((await getImage({ type: "marketplace" })).name).toBe("windows-2022");

    const several = await failure(getImage({ type: "public" }));
    expect(several.message).toMatch(/^getImage: 3 images match type "public" \(/);
    expect((await failure(getImage({ name: "ubuntu" }))).message).toContain(
      'no image matches name "ubuntu"',
    );
  });
});

describe("organization, project, permissions, free tier", () => {
  it("getOrganization defaults to the configured project's organization", async () => {
    const raw = await api<OrganizationResponse>(
      `/api/v1/organizations/${emu.fixtures.vm.organizationId}`,
    );
    const org = await getOrganization();
    expect(org.id).toBe(emu.fixtures.vm.organizationId);
    expect(org.limits).toEqual(
      raw.limits.map((l) => ({
        id: l.id,
        limitType: l.limit_type,
        value: l.value,
        currentValue: l.current_value,
      })),
    );
    expect(org.limits.map((l) => l.limitType)).toContain("vcpus");
    expect(await getOrganization({ organizationId: emu.fixtures.vm.organizationId })).toEqual(org);
    expect(await getOrganization({ projectId: emu.fixtures.vm.projectId })).toEqual(org);
  });

  it("getProject and getProjectPermissions read the configured or the given project", async () => {
    const project = await getProject();
    expect(project).toEqual({
      id: emu.fixtures.vm.projectId,
      organizationId: emu.fixtures.vm.organizationId,
      productInstanceId: expect.any(String),
      state: "created",
    });
    const raw = await api<ProjectPermissionsResponse>(
      `/api/v1/projects/${emu.fixtures.vm.projectId}/permissions`,
    );
    const permissions = await getProjectPermissions({ projectId: emu.fixtures.vm.projectId });
    expect(permissions).toEqual({
      id: raw.id,
      organizationId: raw.organization_id,
      productInstanceId: raw.product_instance_id,
      permissions: raw.permissions,
    });
    expect(permissions.permissions.length).toBeGreaterThan(0);

    const foreign = await failure(getProject({ projectId: emu.fixtures.vm.foreignProjectId }));
    expect(foreign.status).toBe(403);
    const missing = await failure(getProjectPermissions({ projectId: UNKNOWN }));
    expect(missing.status).toBe(404);
  });

  it("getFreeTierAvailability follows the organization's free-tier VM", async () => {
    const before = await getFreeTierAvailability();
    expect(before).toEqual({
      organizationId: emu.fixtures.vm.organizationId,
      freeTierEnabled: true,
    });
    vmState().freeTierVms[emu.fixtures.vm.organizationId] = UNKNOWN;
    try {
      expect(await getFreeTierAvailability()).toEqual({
        organizationId: emu.fixtures.vm.organizationId,
        freeTierEnabled: false,
      });
    } finally {
      delete vmState().freeTierVms[emu.fixtures.vm.organizationId];
    }
  });
});

describe("tasks", () => {
  const COUNT = 230;
  const recorded: string[] = [];
  let failedId: string;

  beforeAll(() => {
    const state = emu.emulator.store.state.vm as VmState;
    for (let i = 0; i < COUNT; i += 1) {
      const task = recordTask(state, emu.emulator.clock, {
        name: i % 2 === 0 ? "create_disk" : "delete_disk",
        project_id: emu.fixtures.vm.projectId,
        availability_zone_id: emu.fixtures.vm.zones[i % 3]!.id,
        entity_id: `entity-${i}`,
        entity_type: i % 5 === 0 ? "vm" : "disk",
        entity_name: `paged-${i}`,
        durationMs: 0,
        fails: i === 7,
      });
      recorded.push(task.id);
      if (i === 7) failedId = task.id;
    }
  });

  it("follows every page: more than 100 tasks come back, 100 per request", async () => {
    const raw = await api<TaskPage>(
      `/api/v1/tasks?project_id=${emu.fixtures.vm.projectId}&limit=1`,
    );
    expect(raw.total).toBeGreaterThanOrEqual(COUNT);
    await clearRequests();
    const { tasks, ids } = await getTasks();
    expect(tasks.length).toBe(raw.total);
    expect(new Set(ids).size).toBe(ids.length);
    for (const id of recorded) expect(ids).toContain(id);
    const pages = (await requests()).filter((r) => r.url.startsWith("/api/v1/tasks?"));
    expect(pages.length).toBe(Math.ceil(raw.total / 100));
    expect(pages.every((r) => r.url.includes("limit=100"))).toBe(true);
    expect(pages.map((r) => /offset=(\d+)/.exec(r.url)?.[1])).toEqual(
      pages.map((_, i) => String(i * 100)),
    );
  });

  it("narrows by name, entity, type, status, zone and time", async () => {
    const vmTasks = await getTasks({ entityType: "vm" });
    expect(vmTasks.tasks.length).toBe(Math.ceil(COUNT / 5));
    expect(vmTasks.tasks.every((t) => t.entityType === "vm")).toBe(true);

    const named = await getTasks({ entityName: "paged-12" }); // also paged-120 … paged-129
    expect(sorted(named.tasks.map((t) => t.entityName))).toEqual(
      sorted(["paged-12", ...Array.from({ length: 10 }, (_, i) => `paged-12${i}`)]),
    );
    const exact = await getTasks({ entityId: "entity-3", name: "delete" });
    expect(exact.tasks.map((t) => t.entityName)).toEqual(["paged-3"]);

    const zone3 = emu.fixtures.vm.zones[2]!;
    const inZone = await getTasks({ availabilityZone: zone3.name, entityName: "paged-" });
    expect(inZone.tasks.length).toBe(Math.floor(COUNT / 3));

    await emu.waitFor(
      `/api/v1/tasks/${failedId}`,
      (body) => (body as { status: string }).status === "failed",
    );
    const failed = await getTasks({ status: "failed", entityName: "paged-" });
    expect(failed.ids).toEqual([failedId]);

    const future = await getTasks({ createdTimeStart: new Date(Date.now() + 3_600_000) });
    expect(future.tasks).toEqual([]);
    const past = await getTasks({ createdTimeEnd: "2000-01-01T00:00:00Z" });
    expect(past.tasks).toEqual([]);
    const window = await getTasks({
      createdTimeStart: new Date(Date.now() - 3_600_000),
      entityType: "vm",
    });
    expect(window.ids).toEqual(vmTasks.ids);
  });

  it("getTask reads one task, mapped to camelCase", async () => {
    const raw = await api<Record<string, string>>(`/api/v1/tasks/${recorded[0]}`);
    expect(await getTask({ id: recorded[0]! })).toEqual({
      id: raw.id,
      name: raw.name,
      status: raw.status,
      createdTime: raw.created_time,
      modifiedTime: raw.modified_time,
      userId: raw.user_id,
      userEmail: raw.user_email,
      entityId: raw.entity_id,
      entityType: raw.entity_type,
      entityName: raw.entity_name,
    });
    const missing = await failure(getTask({ id: UNKNOWN }));
    expect(missing.status).toBe(404);
    expect(missing.code).toBe("task_not_found");
  });
});

describe("bad arguments are refused before any request", () => {
  const cases: Array<[string, () => Promise<unknown>, string | undefined, RegExp]> = [
    ["cpu out of range", () => getFlavors({ cpu: 0 }), "cpu", /invalid argument "cpu"/],
    [
      "misspelt filter",
      () => getFlavors({ cpus: 2 } as never),
      "cpus",
      /unknown argument "cpus" \(known: .*cpu/,
    ],
    ["name too long", () => getFlavor({ name: "x".repeat(65) }), "name", /invalid argument "name"/],
    ["id and filters", () => getFlavor({ id: UNKNOWN, cpu: 2 }), "id", /either id or filters/],
    ["id not a uuid4", () => getFlavor({ id: "flavor-1" }), "id", /invalid argument "id"/],
    [
      "bad zone id",
      () => getFlavors({ availabilityZone: "00000000-0000-1000-8000-000000000000" }),
      "availabilityZone",
      /invalid argument "availabilityZone"/,
    ],
    [
      "empty zone name",
      () => getDiskTypes({ availabilityZone: "" }),
      "availabilityZone",
      /invalid argument "availabilityZone"/,
    ],
    [
      "free tier flag not boolean",
      () => getAvailabilityZones({ freeTierOnly: "maybe" } as never),
      "freeTierOnly",
      /invalid argument "freeTierOnly"/,
    ],
    [
      "image type",
      () => getImages({ type: "community" } as never),
      "type",
      /invalid argument "type"/,
    ],
    [
      "task status",
      () => getTasks({ status: "done" } as never),
      "status",
      /invalid argument "status"/,
    ],
    [
      "task time",
      () => getTasks({ createdTimeStart: "yesterday" }),
      "createdTimeStart",
      /invalid argument "createdTimeStart"/,
    ],
    [
      "invalid Date",
      () => getTasks({ createdTimeEnd: new Date("nope") }),
      "createdTimeEnd",
      /invalid argument "createdTimeEnd"/,
    ],
    ["task id missing", () => getTask(undefined as never), "id", /invalid argument "id"/],
    [
      "project id",
      () => getProject({ projectId: "my-project" }),
      "projectId",
      /invalid argument "projectId"/,
    ],
    [
      "organization and project",
      () => getOrganization({ organizationId: UNKNOWN, projectId: UNKNOWN }),
      "projectId",
      /not both/,
    ],
    [
      "a cost estimate's resource without its type",
      () => estimateCost({ resources: [{ type: "", name: "web", inputs: {} }] }),
      "resources[0].type",
      /invalid argument "resources\[0\]\.type"/,
    ],
    [
      "arguments not an object",
      () => getImages("ubuntu" as never),
      undefined,
      /must be an object, got string/,
    ],
  ];

  for (const [title, run, argument, message] of cases) {
    it(title, async () => {
      await clearRequests();
      const error = await failure(run());
      expect(error.argument).toBe(argument);
      expect(error.message).toMatch(message);
      expect(error.status).toBe(0);
      expect(await requests()).toEqual([]);
    });
  }

  it("names a configured project id that is not a UUID", async () => {
    useEnv({
      VMCLOUD_ENDPOINT: emu.url,
      VMCLOUD_TOKEN: TOKEN,
      VMCLOUD_PROJECT_ID: "not-a-project",
    });
    await clearRequests();
    const error = await failure(getTasks());
    expect(error.argument).toBe("projectId");
    expect(error.message).toContain('configured project "not-a-project" (vmcloud:projectId)');
    expect(await requests()).toEqual([]);
  });
});

describe("settings: stack config, environment, overrides", () => {
  afterEach(() => {
    pulumi.runtime.setAllConfig({});
  });

  it("without an endpoint, says which config to set", async () => {
    useEnv({});
    const error = await failure(getFlavors());
    expect(error.message).toContain("pulumi config set vmcloud:endpoint");
    expect(error.message).toContain("VMCLOUD_ENDPOINT");
  });

  it("without a token, says which secret config to set", async () => {
    useEnv({ VMCLOUD_ENDPOINT: emu.url });
    const error = await failure(getImages());
    expect(error.message).toContain("pulumi config set --secret vmcloud:token");
  });

  it("without a project, project-scoped lookups say how to set one", async () => {
    useEnv({ VMCLOUD_ENDPOINT: emu.url, VMCLOUD_TOKEN: TOKEN });
    await clearRequests();
    const error = await failure(getTasks());
    expect(error.argument).toBe("projectId");
    expect(error.message).toContain("pulumi config set vmcloud:projectId");
    expect(await requests()).toEqual([]);
    // Lookups that need no project still work.
    expect((await getAvailabilityZones()).ids.length).toBe(emu.fixtures.vm.zones.length);
  });

  it("reads the stack config before the environment", async () => {
    useEnv({ VMCLOUD_ENDPOINT: "http://127.0.0.1:9", VMCLOUD_TOKEN: "wrong-env-token" });
    pulumi.runtime.setAllConfig(
      {
        "vmcloud:endpoint": emu.url,
        "vmcloud:token": TOKEN,
        "vmcloud:projectId": emu.fixtures.vm.projectId,
      },
      ["vmcloud:token"],
    );
    expect((await getProject()).id).toBe(emu.fixtures.vm.projectId);
  });

  it("builds a new client when the settings change", async () => {
    expect((await getProject()).id).toBe(emu.fixtures.vm.projectId);
    useEnv({
      VMCLOUD_ENDPOINT: emu.url,
      VMCLOUD_TOKEN: `wrong-${TOKEN}`,
      VMCLOUD_PROJECT_ID: emu.fixtures.vm.projectId,
    });
    const error = await failure(getProject());
    expect(error.status).toBe(401);
  });

  it("uses a client set with setProgramClient, and a client given per call", async () => {
    const client = new VmCloudClient({ endpoint: emu.url, token: TOKEN });
    useEnv({});
    setProgramClient(client, { projectId: emu.fixtures.vm.projectId });
    try {
      expect((await getProject()).id).toBe(emu.fixtures.vm.projectId);
      const other = new VmCloudClient({ endpoint: emu.url, token: `other-${TOKEN}` });
      const error = await failure(getFlavors({}, { client: other }));
      expect(error.status).toBe(401);
      other.close();
    } finally {
      resetProgramClient();
      client.close();
    }
  });

  it("is exported from the package entry", () => {
    expect(sdk.getFlavors).toBe(getFlavors);
    expect(sdk.getTaskOutput).toBeTypeOf("function");
    expect(sdk.LookupError).toBe(LookupError);
  });
});

describe("credentials never appear in errors", () => {
  function expectNoSecret(error: unknown, ...secrets: string[]): void {
    const texts: string[] = [];
    let current: unknown = error;
    while (current instanceof Error) {
      texts.push(current.message, current.stack ?? "", String(current), JSON.stringify(current));
      current = current.cause;
    }
    expect(texts.length).toBeGreaterThan(0);
    for (const secret of secrets) {
      for (const text of texts) expect(text).not.toContain(secret);
    }
  }

  it("in service failures, validation failures, auth failures and network failures", async () => {
    const errors: unknown[] = [];
    errors.push(await failure(getTask({ id: UNKNOWN })));
    errors.push(await failure(getProject({ projectId: emu.fixtures.vm.foreignProjectId })));
    errors.push(await failure(getFlavors({ cpu: 500 })));
    errors.push(await failure(getFlavor({ cpu: 2 })));
    errors.push(await failure(getFlavors({ availabilityZone: "ru.AZ-404" })));
    const wrong = `wrong-${randomUUID()}`;
    useEnv({
      VMCLOUD_ENDPOINT: emu.url,
      VMCLOUD_TOKEN: wrong,
      VMCLOUD_PROJECT_ID: emu.fixtures.vm.projectId,
    });
    const denied = await failure(getTasks());
    expect(denied.status).toBe(401);
    expect(denied.cause).toBeInstanceOf(AuthError);
    errors.push(denied);
    const offline = new VmCloudClient({
      endpoint: "http://127.0.0.1:9",
      token: TOKEN,
      retry: { limit: 0 },
    });
    const unreachable = await failure(getImages({}, { client: offline }));
    expect(unreachable.cause).toBeInstanceOf(NetworkError);
    errors.push(unreachable);
    offline.close();
    useEnv({ VMCLOUD_ENDPOINT: emu.url, VMCLOUD_PROJECT_ID: emu.fixtures.vm.projectId });
    errors.push(await failure(getProject()));
    for (const error of errors) expectNoSecret(error, TOKEN, wrong);
  });
});
