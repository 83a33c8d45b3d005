/**
 * The VM service's catalog against the real emulator over HTTP: flavors, availability zones
 * and their settings, disk types, images and the parameter lists — success shapes (parsed with the provider's own
 * response schemas), every documented failure, each filter, paging, ordering and auth.
 */
import { describe, expect, it } from "vitest";
import { ErrorArray } from "../../../api/common";
import { DiskTypeList, DiskTypeResponse } from "../../../api/vm/disk-types";
import { FlavorPage, FlavorResponse } from "../../../api/vm/flavors";
import { ImagePage, ImageResponse } from "../../../api/vm/images";
import { ParamListResponse } from "../../../api/vm/params";
import { DISK_STATES, NETWORK_STATES, VM_STATES } from "../../../api/vm/states";
import { ZoneList, ZoneResponse, ZoneSettingsList, settingEnabled } from "../../../api/vm/zones";
import { useTestEmulator } from "../../support/emulator";
import { lateBound } from "../../support/suite-value";
import { vmState, expectError, UNKNOWN } from "../support/vm-service";

const emu = useTestEmulator();
const state = lateBound(() => vmState(emu));

async function getJson(path: string): Promise<unknown> {
  const reply = await emu.call("GET", path);
  expect(reply.status, reply.text).toBe(200);
  return reply.body;
}

const zoneId = (name: string) => emu.fixtures.vm.zones.find((z) => z.name === name)!.id;

describe("flavors", () => {
  it("lists every flavor in the paging wrapper, newest first by default", async () => {
    const page = FlavorPage.parse(await getJson("/api/v1/flavors"));
    expect(page.total).toBe(emu.fixtures.vm.flavors.length);
    expect(page).toMatchObject({ offset: 0, limit: 50 });
    expect(page.items.map((f) => f.id).sort()).toEqual(
      emu.fixtures.vm.flavors.map((f) => f.id).sort(),
    );
    for (const flavor of page.items) {
      expect(flavor.availability_zones.length).toBeGreaterThan(0);
      expect(flavor.availability_zones.every((z) => z.state === "created")).toBe(true);
    }
  });

  it("reads one flavor by id, the same as the list shows it", async () => {
    const page = FlavorPage.parse(await getJson("/api/v1/flavors"));
    const one = FlavorResponse.parse(await getJson(`/api/v1/flavors/${page.items[0]!.id}`));
    expect(one).toEqual(page.items[0]);
  });

  it("answers 404 flavor_not_found for an unknown id and 422 for a malformed one", async () => {
    expectError(await emu.call("GET", `/api/v1/flavors/${UNKNOWN}`), 404, "flavor_not_found");
    expectError(
      await emu.call("GET", "/api/v1/flavors/not-a-uuid"),
      422,
      "validation_error",
      "flavor_id",
    );
  });

  const filters: Array<[string, (f: FlavorResponse) => boolean]> = [
    ["name=gen", (f) => f.name.includes("gen")],
    ["name=GEN", (f) => f.name.toLowerCase().includes("gen")],
    ["cpu=2", (f) => f.cpu === 2],
    ["ram=128", (f) => f.ram === 128],
    ["gpu=1", (f) => f.gpu === 1],
    ["gpu=0", (f) => f.gpu === 0],
    ["flavor_type=gpu", (f) => f.type === "gpu"],
    ["oversubscription=1:3", (f) => f.oversubscription === "1:3"],
  ];
  for (const [filter, holds] of filters) {
    it(`narrows the list with ${filter}`, async () => {
      const all = FlavorPage.parse(await getJson("/api/v1/flavors"));
      const some = FlavorPage.parse(await getJson(`/api/v1/flavors?${filter.replace(":", "%3A")}`));
      expect(some.items.length).toBeGreaterThan(0);
      expect(some.total).toBeLessThan(all.total);
      expect(some.items.every(holds)).toBe(true);
      expect(some.total).toBe(all.items.filter(holds).length);
    });
  }

  it("narrows the list to the flavors of one zone", async () => {
    const all = FlavorPage.parse(await getJson("/api/v1/flavors"));
    const az2 = zoneId("ru.AZ-2");
    const some = FlavorPage.parse(await getJson(`/api/v1/flavors?availability_zone_id=${az2}`));
    expect(some.total).toBeLessThan(all.total);
    expect(
      some.items.every((f) => f.availability_zones.some((z) => z.availability_zone_id === az2)),
    ).toBe(true);
  });

  it("combines filters with AND", async () => {
    const some = FlavorPage.parse(await getJson("/api/v1/flavors?cpu=8&flavor_type=gpu"));
    expect(some.items.length).toBeGreaterThan(0);
    expect(some.items.every((f) => f.cpu === 8 && f.type === "gpu")).toBe(true);
    const none = FlavorPage.parse(await getJson("/api/v1/flavors?cpu=1&flavor_type=gpu"));
    expect(none).toMatchObject({ items: [], total: 0 });
  });

  it("accepts the caller's project and refuses unknown (422) and foreign (403) projects", async () => {
    const mine = FlavorPage.parse(
      await getJson(`/api/v1/flavors?project_id=${emu.fixtures.vm.projectId}`),
    );
    expect(mine.total).toBe(emu.fixtures.vm.flavors.length);
    expectError(
      await emu.call("GET", `/api/v1/flavors?project_id=${UNKNOWN}`),
      422,
      "bad_project_id",
      "project_id",
    );
    expectError(
      await emu.call("GET", `/api/v1/flavors?project_id=${emu.fixtures.vm.foreignProjectId}`),
      403,
      "forbidden",
    );
  });

  it("answers 404 for an unknown availability zone", async () => {
    expectError(
      await emu.call("GET", `/api/v1/flavors?availability_zone_id=${UNKNOWN}`),
      404,
      "not_found",
    );
  });

  const invalid: Array<[string, string]> = [
    ["cpu=0", "cpu"],
    ["cpu=129", "cpu"],
    ["cpu=two", "cpu"],
    ["ram=0", "ram"],
    ["ram=1025", "ram"],
    ["gpu=-1", "gpu"],
    ["gpu=17", "gpu"],
    ["limit=0", "limit"],
    ["limit=101", "limit"],
    ["offset=-1", "offset"],
    ["order_by=name", "order_by"],
    ["order_desc=maybe", "order_desc"],
    ["name=", "name"],
    [`name=${"a".repeat(65)}`, "name"],
    ["availability_zone_id=zone-1", "availability_zone_id"],
  ];
  for (const [query, field] of invalid) {
    it(`refuses ${query.slice(0, 20)} with 422 naming ${field}`, async () => {
      expectError(
        await emu.call("GET", `/api/v1/flavors?${query}`),
        422,
        "validation_error",
        field,
      );
    });
  }

  it("pages with offset and limit and reports the total", async () => {
    const all = FlavorPage.parse(await getJson("/api/v1/flavors"));
    const page = FlavorPage.parse(await getJson("/api/v1/flavors?offset=2&limit=3"));
    expect(page).toMatchObject({ offset: 2, limit: 3, total: all.total });
    expect(page.items.map((f) => f.id)).toEqual(all.items.slice(2, 5).map((f) => f.id));
    const past = FlavorPage.parse(await getJson(`/api/v1/flavors?offset=${all.total}`));
    expect(past).toMatchObject({ items: [], total: all.total });
  });

  it("orders ascending with order_desc=false, the exact reverse of the default", async () => {
    const desc = FlavorPage.parse(await getJson("/api/v1/flavors"));
    const asc = FlavorPage.parse(
      await getJson("/api/v1/flavors?order_by=created_time&order_desc=false"),
    );
    expect(asc.items.map((f) => f.id)).toEqual(desc.items.map((f) => f.id).reverse());
    expect(asc.items[0]!.id).not.toBe(desc.items[0]!.id);
  });
});

describe("availability zones", () => {
  it("lists every zone as a plain array", async () => {
    const zones = ZoneList.parse(await getJson("/api/v1/availability-zones"));
    expect(zones.map((z) => z.id).sort()).toEqual(emu.fixtures.vm.zones.map((z) => z.id).sort());
    expect(zones.filter((z) => z.default)).toHaveLength(1);
  });

  it("lists only free-tier zones with free_tier_default=true", async () => {
    const all = ZoneList.parse(await getJson("/api/v1/availability-zones?free_tier_default=false"));
    const free = ZoneList.parse(await getJson("/api/v1/availability-zones?free_tier_default=true"));
    expect(free.length).toBeGreaterThan(0);
    expect(free.length).toBeLessThan(all.length);
    expect(free.every((z) => state.zones[z.id]!.free_tier)).toBe(true);
  });

  it("lists a project's zones and refuses unknown (422) and foreign (403) projects", async () => {
    const mine = ZoneList.parse(
      await getJson(`/api/v1/availability-zones?project_id=${emu.fixtures.vm.projectId}`),
    );
    expect(mine.map((z) => z.id).sort()).toEqual(
      [...state.projects[emu.fixtures.vm.projectId]!.zone_ids].sort(),
    );
    expectError(
      await emu.call("GET", `/api/v1/availability-zones?project_id=${UNKNOWN}`),
      422,
      "bad_project_id",
    );
    expectError(
      await emu.call(
        "GET",
        `/api/v1/availability-zones?project_id=${emu.fixtures.vm.foreignProjectId}`,
      ),
      403,
      "forbidden",
    );
    expectError(
      await emu.call("GET", "/api/v1/availability-zones?free_tier_default=maybe"),
      422,
      "validation_error",
      "free_tier_default",
    );
  });

  it("reads one zone by id, 404 not_found when unknown, 422 when malformed", async () => {
    const zones = ZoneList.parse(await getJson("/api/v1/availability-zones"));
    const one = ZoneResponse.parse(await getJson(`/api/v1/availability-zones/${zones[1]!.id}`));
    expect(one).toEqual(zones[1]);
    expectError(await emu.call("GET", `/api/v1/availability-zones/${UNKNOWN}`), 404, "not_found");
    expectError(
      await emu.call("GET", "/api/v1/availability-zones/az1"),
      422,
      "validation_error",
      "availability_zone_id",
    );
  });

  it("reports each zone's console settings as text booleans", async () => {
    const settings = ZoneSettingsList.parse(
      await getJson(`/api/v1/availability-zones/settings?project_id=${emu.fixtures.vm.projectId}`),
    );
    expect(settings).toHaveLength(emu.fixtures.vm.zones.length);
    for (const item of settings) {
      const zone = state.zones[item.availability_zone_id]!;
      expect(item.availability_zone_name).toBe(zone.name);
      expect(typeof item.settings.vnc_console_enabled).toBe("string");
      expect(settingEnabled(item.settings.vnc_console_enabled)).toBe(zone.vnc_console_enabled);
      expect(settingEnabled(item.settings.serial_console_enabled)).toBe(
        zone.serial_console_enabled,
      );
    }
    const flags = settings.map((s) => s.settings.serial_console_enabled);
    expect(new Set(flags).size).toBe(2);
  });

  it("reports one zone's settings with availability_zone_id", async () => {
    const az2 = zoneId("ru.AZ-2");
    const settings = ZoneSettingsList.parse(
      await getJson(
        `/api/v1/availability-zones/settings?project_id=${emu.fixtures.vm.projectId}&availability_zone_id=${az2}`,
      ),
    );
    expect(settings.map((s) => s.availability_zone_id)).toEqual([az2]);
  });

  it("refuses settings without a project, for unknown or foreign projects and unknown zones", async () => {
    const base = "/api/v1/availability-zones/settings";
    expectError(await emu.call("GET", base), 422, "validation_error", "project_id");
    expectError(await emu.call("GET", `${base}?project_id=${UNKNOWN}`), 422, "bad_project_id");
    expectError(
      await emu.call("GET", `${base}?project_id=${emu.fixtures.vm.foreignProjectId}`),
      403,
      "forbidden",
    );
    expectError(
      await emu.call(
        "GET",
        `${base}?project_id=${emu.fixtures.vm.projectId}&availability_zone_id=${UNKNOWN}`,
      ),
      422,
      "wrong_az",
      "availability_zone_id",
    );
  });
});

describe("disk types", () => {
  it("lists every disk type as a plain array with speed limits and zones", async () => {
    const types = DiskTypeList.parse(await getJson("/api/v1/disk-types"));
    expect(types.map((t) => t.id).sort()).toEqual(
      emu.fixtures.vm.diskTypes.map((t) => t.id).sort(),
    );
    for (const type of types) {
      expect(type.speed_limits.length).toBeGreaterThan(0);
      expect(type.min_size).toBeLessThanOrEqual(type.max_size);
      expect(type.availability_zones.length).toBe(state.diskTypes[type.id]!.zone_ids.length);
    }
  });

  it("narrows the list to one zone's disk types", async () => {
    const all = DiskTypeList.parse(await getJson("/api/v1/disk-types"));
    const az2 = zoneId("ru.AZ-2");
    const some = DiskTypeList.parse(
      await getJson(`/api/v1/disk-types?availability_zone_id=${az2}`),
    );
    expect(some.length).toBeGreaterThan(0);
    expect(some.length).toBeLessThan(all.length);
    expect(
      some.every((t) => t.availability_zones.some((z) => z.availability_zone_id === az2)),
    ).toBe(true);
    expect(some.some((t) => t.free_tier)).toBe(false);
  });

  it("accepts the caller's project and refuses unknown zones and projects", async () => {
    const mine = DiskTypeList.parse(
      await getJson(`/api/v1/disk-types?project_id=${emu.fixtures.vm.projectId}`),
    );
    expect(mine).toHaveLength(emu.fixtures.vm.diskTypes.length);
    expectError(
      await emu.call("GET", `/api/v1/disk-types?availability_zone_id=${UNKNOWN}`),
      422,
      "wrong_az",
    );
    expectError(
      await emu.call("GET", `/api/v1/disk-types?project_id=${UNKNOWN}`),
      422,
      "bad_project_id",
    );
    expectError(
      await emu.call("GET", `/api/v1/disk-types?project_id=${emu.fixtures.vm.foreignProjectId}`),
      403,
      "forbidden",
    );
    expectError(
      await emu.call("GET", "/api/v1/disk-types?project_id=p1"),
      422,
      "validation_error",
      "project_id",
    );
  });

  it("reads one disk type; 404 disk_type_not_found when unknown, 422 when malformed", async () => {
    const types = DiskTypeList.parse(await getJson("/api/v1/disk-types"));
    const one = DiskTypeResponse.parse(await getJson(`/api/v1/disk-types/${types[0]!.id}`));
    expect(one).toEqual(types[0]);
    expectError(await emu.call("GET", `/api/v1/disk-types/${UNKNOWN}`), 404, "disk_type_not_found");
    expectError(
      await emu.call("GET", "/api/v1/disk-types/SSD"),
      422,
      "validation_error",
      "disk_type_id",
    );
  });
});

describe("images", () => {
  it("lists every image with its metadata fields and zones", async () => {
    const page = ImagePage.parse(await getJson("/api/v1/images"));
    expect(page.total).toBe(emu.fixtures.vm.images.length);
    for (const image of page.items) {
      const record = state.images[image.id]!;
      expect(image.image_metadata.map((m) => m.name)).toEqual(
        record.image_metadata.map((m) => m.name),
      );
      expect(image.image_metadata.every((m) => m.image_id === image.id)).toBe(true);
      expect(image.user_data_template !== undefined).toBe(record.cloud_init_supported);
      expect(image.availability_zones).toHaveLength(record.zone_ids.length);
    }
  });

  it("marks required metadata fields with a mandatory group", async () => {
    const page = ImagePage.parse(await getJson("/api/v1/images"));
    const fields = page.items.flatMap((i) => i.image_metadata.map((m) => ({ m, image: i.id })));
    for (const { m, image } of fields) {
      const required = state.images[image]!.image_metadata.find((r) => r.id === m.id)!.required;
      expect(m.mandatory_group !== undefined).toBe(required);
    }
    expect(fields.some(({ m }) => m.mandatory_group === undefined)).toBe(true);
  });

  const filters: Array<[string, (i: ImageResponse) => boolean]> = [
    ["name=ubuntu", (i) => i.name.includes("ubuntu")],
    ["type=marketplace", (i) => i.type === "marketplace"],
    ["free_tier_enabled=true", (i) => state.images[i.id]!.free_tier_enabled],
    ["free_tier_enabled=false", (i) => !state.images[i.id]!.free_tier_enabled],
  ];
  for (const [filter, holds] of filters) {
    it(`narrows the list with ${filter}`, async () => {
      const all = ImagePage.parse(await getJson("/api/v1/images"));
      const some = ImagePage.parse(await getJson(`/api/v1/images?${filter}`));
      expect(some.items.length).toBeGreaterThan(0);
      expect(some.total).toBeLessThan(all.total);
      expect(some.items.every(holds)).toBe(true);
    });
  }

  it("keeps images of enabled zones with enabled=true and none with enabled=false", async () => {
    const all = ImagePage.parse(await getJson("/api/v1/images"));
    expect(ImagePage.parse(await getJson("/api/v1/images?enabled=true")).total).toBe(all.total);
    expect(ImagePage.parse(await getJson("/api/v1/images?enabled=false")).total).toBe(0);
  });

  it("accepts need_gpu and the caller's project, and the zone filter keeps the zone's images", async () => {
    const az1 = zoneId("ru.AZ-1");
    const page = ImagePage.parse(
      await getJson(
        `/api/v1/images?need_gpu=true&project_id=${emu.fixtures.vm.projectId}&availability_zone_id=${az1}`,
      ),
    );
    expect(page.items.length).toBeGreaterThan(0);
    expect(
      page.items.every((i) => i.availability_zones.some((z) => z.availability_zone_id === az1)),
    ).toBe(true);
  });

  it("refuses unknown zones (422 az_not_found), unknown and foreign projects, bad values", async () => {
    expectError(
      await emu.call("GET", `/api/v1/images?availability_zone_id=${UNKNOWN}`),
      422,
      "az_not_found",
    );
    expectError(
      await emu.call("GET", `/api/v1/images?project_id=${UNKNOWN}`),
      422,
      "bad_project_id",
    );
    expectError(
      await emu.call("GET", `/api/v1/images?project_id=${emu.fixtures.vm.foreignProjectId}`),
      403,
      "forbidden",
    );
    expectError(
      await emu.call("GET", "/api/v1/images?type=shared"),
      422,
      "validation_error",
      "type",
    );
    expectError(
      await emu.call("GET", "/api/v1/images?limit=101"),
      422,
      "validation_error",
      "limit",
    );
  });

  it("pages and orders images", async () => {
    const all = ImagePage.parse(await getJson("/api/v1/images"));
    const page = ImagePage.parse(await getJson("/api/v1/images?offset=1&limit=2"));
    expect(page).toMatchObject({ offset: 1, limit: 2, total: all.total });
    expect(page.items.map((i) => i.id)).toEqual(all.items.slice(1, 3).map((i) => i.id));
    const asc = ImagePage.parse(await getJson("/api/v1/images?order_desc=false"));
    expect(asc.items.map((i) => i.id)).toEqual(all.items.map((i) => i.id).reverse());
  });

  it("reads one image; 404 image_not_found when unknown, 422 when malformed", async () => {
    const page = ImagePage.parse(await getJson("/api/v1/images"));
    const one = ImageResponse.parse(await getJson(`/api/v1/images/${page.items[0]!.id}`));
    expect(one).toEqual(page.items[0]);
    expectError(await emu.call("GET", `/api/v1/images/${UNKNOWN}`), 404, "image_not_found");
    expectError(
      await emu.call("GET", "/api/v1/images/ubuntu"),
      422,
      "validation_error",
      "image_id",
    );
  });
});

describe("parameter lists", () => {
  const params = async (path: string) => ParamListResponse.parse(await getJson(path)).params;

  it("lists the states of VMs, disks and subnets from the kinds' state tables, with display texts", async () => {
    const vm = await params("/api/v1/params/vm");
    expect(vm.map((p) => p.value)).toEqual([...VM_STATES.all]);
    expect(vm.every((p) => p.param_type === "vm-state")).toBe(true);
    expect(vm.find((p) => p.value === "error_creating")?.display_text).toBe("Error creating");
    expect((await params("/api/v1/params/disk?param_type=disk-state")).map((p) => p.value)).toEqual(
      [...DISK_STATES.all],
    );
    const subnet = await params("/api/v1/params/subnet");
    expect(subnet.map((p) => [p.param_type, p.value])).toEqual(
      NETWORK_STATES.all.map((v) => ["subnet-state", v]),
    );
  });

  it("lists the catalog's vCPU shares (largest first) and flavor types; param_type keeps one type", async () => {
    const all = await params("/api/v1/params/flavor");
    const shares = [...new Set(Object.values(state.flavors).map((f) => f.oversubscription))];
    expect(all.filter((p) => p.param_type === "oversubscription").map((p) => p.value)).toEqual(
      ["1:1", "1:3", "1:10"].filter((v) => shares.includes(v)),
    );
    const types = await params("/api/v1/params/flavor?param_type=flavor-type");
    expect(types.map((p) => p.value)).toEqual(
      [...new Set(Object.values(state.flavors).map((f) => f.type))].sort(),
    );
    expect(types.every((p) => p.param_type === "flavor-type")).toBe(true);
  });

  it("refuses a parameter type of another kind (422)", async () => {
    expectError(
      await emu.call("GET", "/api/v1/params/vm?param_type=disk-state"),
      422,
      "validation_error",
      "param_type",
    );
  });
});

describe("catalog authentication", () => {
  it("answers 401 on every catalog endpoint without a token or with a wrong one", async () => {
    const vm = emu.fixtures.vm;
    const paths = [
      "/api/v1/flavors",
      `/api/v1/flavors/${vm.flavors[0]!.id}`,
      "/api/v1/availability-zones",
      `/api/v1/availability-zones/settings?project_id=${vm.projectId}`,
      `/api/v1/availability-zones/${vm.zones[0]!.id}`,
      "/api/v1/disk-types",
      `/api/v1/disk-types/${vm.diskTypes[0]!.id}`,
      "/api/v1/images",
      `/api/v1/images/${vm.images[0]!.id}`,
      `/api/v1/organizations/${vm.organizationId}`,
      `/api/v1/projects/${vm.projectId}`,
      `/api/v1/projects/${vm.projectId}/permissions`,
      `/api/v1/tasks?project_id=${vm.projectId}`,
      `/api/v1/tasks/${UNKNOWN}`,
      `/api/v1/free-tier?project_id=${vm.projectId}`,
    ];
    for (const path of paths) {
      const none = await emu.call("GET", path, { auth: false });
      expect(none.status, path).toBe(401);
      expect(ErrorArray.parse(none.body)[0]!.code).toBeTruthy();
      const wrong = await emu.call("GET", path, {
        auth: false,
        headers: { authorization: "Bearer wrong" },
      });
      expect(wrong.status, path).toBe(401);
    }
  });
});
