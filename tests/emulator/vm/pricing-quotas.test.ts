/**
 * Cost and quota against the real emulator over HTTP: the price calculation (arithmetic from
 * the price list, every part, total_count, errors), a project's entity usage following what
 * the emulator holds, creates refused over a quota with the 422 that names it (and nothing
 * made), and the admin routes that set prices and quotas.
 */
import { describe, expect, it } from "vitest";
import { EntityUsageResponse, PriceResponse } from "../../../api/vm/pricing";
import type { PriceList } from "../../../emulator/vm/price-list";
import { expectError, UNKNOWN, vmSpec, useVmEmulator } from "../support/vm-service";

const { emu, id, vms } = useVmEmulator({ speed: 20, reset: "beforeEach" });

async function prices(): Promise<PriceList> {
  const reply = await emu.call("GET", "/_emulator/vm/prices", { auth: false });
  expect(reply.status, reply.text).toBe(200);
  return reply.body as PriceList;
}

async function price(body: Record<string, unknown>, project = id.project) {
  return emu.call("POST", `/api/v1/projects/${project}/price-calculation`, { body });
}

async function usage(project = id.project) {
  const reply = await emu.call("GET", `/api/v1/project-entity-usage?project_id=${project}`);
  expect(reply.status, reply.text).toBe(201);
  return EntityUsageResponse.parse(reply.body).entities;
}

async function setQuotas(limits: Record<string, number>) {
  const reply = await emu.call("PUT", "/_emulator/vm/quotas", {
    auth: false,
    body: { project_id: id.project, limits },
  });
  expect(reply.status, reply.text).toBe(200);
}

describe("POST /api/v1/projects/{project_id}/price-calculation", () => {
  it("prices a VM configuration from the price list: hourly × 730, GB-months, new addresses", async () => {
    const list = await prices();
    const reply = await price({
      flavor_id: id.flavorBig,
      image_id: id.windows,
      disks: [
        { disk_type_id: id.ssd, size: 50 },
        { disk_type_id: id.hdd, size: 100 },
      ],
      floating_ips: [
        { floating_ip_action: "new", count: 2 },
        { floating_ip_action: "attach", count: 1 },
      ],
      total_count: 3,
    });
    expect(reply.status, reply.text).toBe(200);
    const body = PriceResponse.parse(reply.body);
    const cents = (x: number) => Math.round(x * 100);
    const flavor = list.flavorsPerHour["gen-2-4"]! * 730 * 3;
    const image = list.imagesPerHour["windows-2022"]! * 730 * 3;
    const disks =
      (list.diskTypesPerGbMonth["SSD"]! * 50 + list.diskTypesPerGbMonth["HDD"]! * 100) * 3;
    const ips = list.externalIpPerHour * 730 * 2 * 3;
    expect(cents(body.flavor)).toBe(cents(flavor));
    expect(cents(body.image)).toBe(cents(image));
    expect(cents(body.disks)).toBe(cents(disks));
    expect(cents(body.floating_ips)).toBe(cents(ips));
    expect(body.nat_gateways).toBe(0);
    expect(cents(body.total_price_month)).toBe(cents(flavor + image + disks + ips));
    expect(body.total_price_hour).toBeCloseTo(body.total_price_month / 730, 4);
  });

  it("prices parts alone, and follows a price changed through the admin API", async () => {
    const before = PriceResponse.parse(
      (await price({ flavor_id: id.flavor, total_count: 1 })).body,
    );
    expect(before.flavor).toBe(before.total_price_month);
    const changed = await emu.call("PUT", "/_emulator/vm/prices", {
      auth: false,
      body: { flavorsPerHour: { "burst-1-1": 0.1234 }, natGatewayPerHour: 1 },
    });
    expect(changed.status, changed.text).toBe(200);
    expect((await prices()).flavorsPerHour["gen-2-4"]).toBe(2.75);
    const after = PriceResponse.parse((await price({ flavor_id: id.flavor, total_count: 1 })).body);
    // 0.1234 × 730 = 90.082 → 90.08
    expect(after.flavor).toBe(90.08);
    const nat = PriceResponse.parse(
      (
        await price({
          nat_gateways: [{ nat_gateway_type: "Public sNAT", count: 2 }],
          total_count: 1,
        })
      ).body,
    );
    expect(nat.nat_gateways).toBe(1460);
    const bad = await emu.call("PUT", "/_emulator/vm/prices", {
      auth: false,
      body: { externalIpPerHour: -1 },
    });
    expect(bad.status).toBe(400);
  });

  it("answers the documented failures", async () => {
    expectError(await price({ flavor_id: UNKNOWN, total_count: 1 }), 422, "flavor_not_found");
    expectError(
      await price({ disks: [{ disk_type_id: UNKNOWN, size: 1 }], total_count: 1 }),
      422,
      "disk_type_not_found",
      "disks.0.disk_type_id",
    );
    expectError(await price({ image_id: UNKNOWN, total_count: 1 }), 422, "image_not_found");
    expectError(await price({ total_count: 0 }), 422, "validation_error", "total_count");
    expectError(await price({ total_count: 1, colour: "red" }), 422, "extra_forbidden", "colour");
    expectError(await price({ disks: [], total_count: 1 }), 422, "validation_error", "disks");
    expectError(await price({ total_count: 1 }, UNKNOWN), 404, "project_not_found");
    expect((await price({ total_count: 1 }, id.foreignProject)).status).toBe(403);
  });
});

describe("GET /api/v1/project-entity-usage", () => {
  it("counts what the project holds and follows creates", async () => {
    const before = await usage();
    const vm = await vms.create(
      vmSpec(id, {
        flavor_id: id.flavorBig,
        interfaces: [{ type: "regular", subnet_id: id.subnet1, new_external_ip: true }],
      }),
    );
    expect(vm.id).toBeTruthy();
    const after = await usage();
    expect(after.vms - before.vms).toBe(1);
    expect(after.vcpus - before.vcpus).toBe(2);
    expect(after.ram - before.ram).toBe(4);
    expect(after.disks - before.disks).toBe(1);
    expect(after.disks_size - before.disks_size).toBe(10);
    expect(after.floating_ips - before.floating_ips).toBe(1);
    expect(after.interfaces - before.interfaces).toBe(1);
    expect(after.subnets).toBeGreaterThanOrEqual(1);
    expect(after.security_groups).toBeGreaterThanOrEqual(1);
  });

  it("answers 422 bad_project_id for an unknown project and 403 for a foreign one", async () => {
    expectError(
      await emu.call("GET", `/api/v1/project-entity-usage?project_id=${UNKNOWN}`),
      422,
      "bad_project_id",
    );
    expect(
      (await emu.call("GET", `/api/v1/project-entity-usage?project_id=${id.foreignProject}`))
        .status,
    ).toBe(403);
  });
});

describe("quotas", () => {
  it("refuses a VM over the vCPU quota with a 422 naming quota, limit, use and request; nothing is made", async () => {
    const now = await usage();
    await setQuotas({ vcpus: now.vcpus + 1 });
    const reply = await emu.call("POST", "/api/v1.1/vms", {
      body: [vmSpec(id, { flavor_id: id.flavorBig })],
    });
    expectError(reply, 422, "vcpu_quota_exceeded");
    const message = (reply.body as Array<{ message: string }>)[0]!.message;
    expect(message).toContain(`vcpus quota is ${now.vcpus + 1}`);
    expect(message).toContain(`${now.vcpus} are in use`);
    expect(message).toContain("adds 2");
    expect(await usage()).toEqual(now);
  });

  it("refuses a VM whose external IP would break the address quota, and undoes the rest", async () => {
    const now = await usage();
    await setQuotas({ floating_ips: now.floating_ips });
    const reply = await emu.call("POST", "/api/v1.1/vms", {
      body: [
        vmSpec(id, {
          interfaces: [{ type: "regular", subnet_id: id.subnet1, new_external_ip: true }],
        }),
      ],
    });
    expectError(reply, 422, "floating_ip_quota_exceeded");
    expect(await usage()).toEqual(now);
  });

  it("refuses a resize whose larger flavor would break the RAM quota, keeping the flavor", async () => {
    const vm = await vms.create(vmSpec(id));
    await emu.waitFor(`/api/v1/vms/${vm.id}`, (b) => (b as { state?: string }).state === "running");
    const now = await usage();
    await setQuotas({ ram: now.ram + 2 });
    // burst-1-1 (1 GB) to gen-2-4 (4 GB) adds 3 GB
    const reply = await emu.call("PUT", `/api/v1/vms/${vm.id}`, {
      body: { flavor_id: id.flavorBig },
    });
    expectError(reply, 422, "ram_quota_exceeded");
    expect((reply.body as Array<{ message: string }>)[0]!.message).toContain("adds 3");
    const after = await emu.call("GET", `/api/v1/vms/${vm.id}`);
    expect((after.body as { flavor: { id: string } }).flavor.id).toBe(id.flavor);
  });

  it("refuses an external IP (POST /api/v1/floating-ips) over the address quota", async () => {
    const now = await usage();
    await setQuotas({ floating_ips: now.floating_ips });
    const reply = await emu.call("POST", "/api/v1/floating-ips", {
      body: { project_id: id.project, availability_zone_id: id.az1, name: "quota-ip" },
    });
    expectError(reply, 422, "floating_ip_quota_exceeded");
    expect(await usage()).toEqual(now);
  });

  it("refuses disks over the disk count and disk size quotas, and growth over disk size", async () => {
    const now = await usage();
    const disk = (size: number, name: string) =>
      emu.call("POST", "/api/v1/disks", {
        body: {
          project_id: id.project,
          availability_zone_id: id.az1,
          name,
          size,
          disk_type_id: id.ssd,
        },
      });
    await setQuotas({ disks: now.disks + 1, disks_size: now.disks_size + 30 });
    expectError(await disk(31, "big"), 422, "disk_size_quota_exceeded");
    const made = await disk(20, "ok");
    expect(made.status, made.text).toBe(201);
    expectError(await disk(1, "one-more"), 422, "disk_quota_exceeded");
    const diskId = (made.body as { id: string }).id;
    await emu.waitFor(
      `/api/v1/disks/${diskId}`,
      (b) => (b as { state?: string }).state === "available",
    );
    expectError(
      await emu.call("PUT", `/api/v1/disks/${diskId}`, { body: { size: 40 } }),
      422,
      "disk_size_quota_exceeded",
    );
  });

  it("refuses security groups and subnets over their quotas", async () => {
    const now = await usage();
    await setQuotas({ security_groups: now.security_groups, subnets: now.subnets });
    expectError(
      await emu.call("POST", "/api/v1/security-groups", {
        body: { project_id: id.project, availability_zone_id: id.az1, name: "sg-x" },
      }),
      422,
      "security_group_quota_exceeded",
    );
    expectError(
      await emu.call("POST", "/api/v1/subnets", {
        body: {
          project_id: id.project,
          availability_zone_id: id.az1,
          name: "net-x",
          subnet_address: "172.30.0.0/24",
        },
      }),
      422,
      "subnet_quota_exceeded",
    );
  });

  it("shows quotas and usage through the admin API and rejects bad quota changes", async () => {
    await setQuotas({ vms: 7 });
    const reply = await emu.call("GET", `/_emulator/vm/quotas?project_id=${id.project}`, {
      auth: false,
    });
    expect(reply.status).toBe(200);
    const body = reply.body as { limits: Record<string, number>; project_usage: unknown };
    expect(body.limits["vms"]).toBe(7);
    expect(body.project_usage).toEqual(await usage());
    const org = await emu.call("GET", `/api/v1/organizations/${id.organization}`);
    const vms = (org.body as { limits: Array<{ limit_type: string; value: number }> }).limits.find(
      (l) => l.limit_type === "vms",
    );
    expect(vms?.value).toBe(7);
    const bad = await emu.call("PUT", "/_emulator/vm/quotas", {
      auth: false,
      body: { project_id: id.project, limits: { vms: -1 } },
    });
    expect(bad.status).toBe(400);
    const unknownQuota = await emu.call("PUT", "/_emulator/vm/quotas", {
      auth: false,
      body: { project_id: id.project, limits: { widgets: 1 } },
    });
    expect(unknownQuota.status).toBe(400);
  });
});
