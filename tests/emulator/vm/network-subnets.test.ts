/**
 * Subnets against the real emulator over HTTP: list (filters, paging, order), create (status
 * progression, address rules, conflicts), read, partial update, delete, and every documented
 * failure.
 */
import { describe, expect, it } from "vitest";
import { ErrorArray } from "../../../api/common";
import { parseIpv4Cidr, overlapsIpv4 } from "../../../api/vm/cidr";
import { SubnetPage, SubnetResponse } from "../../../api/vm/subnets";
import type { VmState } from "../../../emulator/vm/records";
import { expectError, UNKNOWN, useVmEmulator } from "../support/vm-service";

// Slow enough that the transitional states (creating, updating, deleting) can be seen
// reliably by the next request even on a busy machine.
const { emu, id } = useVmEmulator({ speed: 2 });
let counter = 0;

/** A fresh name and a fresh /24 in 172.16.x.0 for each created subnet. */
function fresh(): { name: string; subnet_address: string } {
  counter += 1;
  return { name: `net-${counter}`, subnet_address: `172.16.${counter}.0/24` };
}

async function create(extra: Record<string, unknown> = {}): Promise<SubnetResponse> {
  const reply = await emu.call("POST", "/api/v1/subnets", {
    body: { project_id: id.project, availability_zone_id: id.az1, ...fresh(), ...extra },
  });
  expect(reply.status, reply.text).toBe(201);
  return SubnetResponse.parse(reply.body);
}

async function createdSubnet(extra: Record<string, unknown> = {}): Promise<SubnetResponse> {
  const subnet = await create(extra);
  const reply = await emu.waitFor(
    `/api/v1/subnets/${subnet.id}`,
    (b) => (b as SubnetResponse).state === "created",
  );
  return SubnetResponse.parse(reply.body);
}

async function list(query: string): Promise<SubnetList> {
  const reply = await emu.call("GET", `/api/v1/subnets?project_id=${id.project}${query}`);
  expect(reply.status, reply.text).toBe(200);
  return SubnetPage.parse(reply.body);
}
type SubnetList = ReturnType<typeof SubnetPage.parse>;

describe("subnet list", () => {
  it("lists the fixture subnets oldest first by default, each a valid list item", async () => {
    const page = await list("");
    const fixtureIds = emu.fixtures.vm.defaultSubnets.map((s) => s.id);
    expect(page.items.slice(0, 3).map((s) => s.id)).toEqual(fixtureIds);
    expect(page.items[0]).toMatchObject({
      default: true,
      interface_count: 0,
      can_delete: true,
      type: "regular",
    });
    expect(page.offset).toBe(0);
    expect(page.limit).toBe(50);
  });

  it("orders newest first with order_desc=true and pages with offset and limit", async () => {
    const a = await create();
    const b = await create();
    const desc = await list("&order_by=created_time&order_desc=true");
    expect(desc.items.slice(0, 2).map((s) => s.id)).toEqual([b.id, a.id]);
    const all = await list("&order_desc=false");
    const second = await list("&offset=1&limit=2&order_desc=false");
    expect(second.total).toBe(all.total);
    expect(second.items.map((s) => s.id)).toEqual(all.items.slice(1, 3).map((s) => s.id));
    expect(second).toMatchObject({ offset: 1, limit: 2 });
  });

  it("filters by zones, routing, name, address, network and tags", async () => {
    const tag = emu.fixtures.vm.tags[0]!;
    const isolated = await create({
      routed_network: false,
      availability_zone_id: id.az2,
      tag_ids: [tag.id],
    });
    const byZones = await list(`&availability_zone_ids=${id.az2}&availability_zone_ids=${id.az3}`);
    expect(byZones.items.every((s) => [id.az2, id.az3].includes(s.availability_zone.id))).toBe(
      true,
    );
    expect(byZones.items.map((s) => s.id)).toContain(isolated.id);
    const unrouted = await list("&routed_network=false");
    expect(unrouted.items.map((s) => s.id)).toEqual([isolated.id]);
    const byName = await list(`&name=${isolated.name.toUpperCase()}`);
    expect(byName.items.map((s) => s.id)).toEqual([isolated.id]);
    const byAddress = await list(`&subnet_address=${encodeURIComponent(isolated.subnet_address)}`);
    expect(byAddress.items.map((s) => s.id)).toEqual([isolated.id]);
    const byTag = await list(`&tag_ids=${tag.id}`);
    expect(byTag.items.map((s) => s.id)).toEqual([isolated.id]);
    const vpc = await list(`&vpc_id=${isolated.vpc_id}`);
    expect(vpc.total).toBe((await list("")).total);
    expect((await list(`&vpc_id=${UNKNOWN}`)).total).toBe(0);
  });

  it("refuses a missing or unknown project, a foreign project, an unknown tag and a bad limit", async () => {
    expectError(await emu.call("GET", "/api/v1/subnets"), 422, "validation_error", "project_id");
    expectError(
      await emu.call("GET", `/api/v1/subnets?project_id=${UNKNOWN}`),
      422,
      "bad_project_id",
      "project_id",
    );
    expectError(
      await emu.call("GET", `/api/v1/subnets?project_id=${emu.fixtures.vm.foreignProjectId}`),
      403,
      "forbidden",
    );
    expectError(
      await emu.call("GET", `/api/v1/subnets?project_id=${id.project}&tag_ids=${UNKNOWN}`),
      422,
      "bad_tag_id",
      "tag_ids",
    );
    expectError(
      await emu.call("GET", `/api/v1/subnets?project_id=${id.project}&limit=0`),
      422,
      "validation_error",
      "limit",
    );
    expectError(
      await emu.call("GET", `/api/v1/subnets?project_id=${id.project}&subnet_address=10.0.0.0`),
      422,
      "validation_error",
      "subnet_address",
    );
  });

  it("answers 401 without a token or with a wrong one", async () => {
    const none = await emu.call("GET", `/api/v1/subnets?project_id=${id.project}`, { auth: false });
    expect(none.status).toBe(401);
    const wrong = await emu.call("GET", `/api/v1/subnets?project_id=${id.project}`, {
      auth: false,
      headers: { authorization: "Bearer not-the-token" },
    });
    expect(wrong.status).toBe(401);
    expect(ErrorArray.parse(wrong.body)[0]!.code).toBe("unauthorized");
  });
});

describe("subnet create", () => {
  it("creates a subnet that is creating, then created, with the first host as gateway", async () => {
    const tag = emu.fixtures.vm.tags[1]!;
    const subnet = await create({
      description: "app tier",
      dns_servers: ["8.8.8.8"],
      tag_names: [tag.name],
    });
    expect(subnet.state).toBe("creating");
    expect(subnet).toMatchObject({
      description: "app tier",
      routed_network: true,
      default: false,
      dns_servers: ["8.8.8.8"],
      tags: [{ id: tag.id, name: tag.name }],
      availability_zone: { id: id.az1 },
      project: { id: id.project },
      type: "regular",
    });
    expect(subnet.default_gateway).toBe(subnet.subnet_address.replace(/0\/24$/, "1"));
    const done = await emu.waitFor(
      `/api/v1/subnets/${subnet.id}`,
      (b) => (b as SubnetResponse).state === "created",
    );
    expect(SubnetResponse.parse(done.body).can_delete).toBe(true);
  });

  it("accepts a bare address with prefix_length, a zone by name, and a given gateway", async () => {
    const subnet = await create({
      subnet_address: "192.168.40.0",
      prefix_length: 26,
      availability_zone_id: undefined,
      availability_zone_name: emu.fixtures.vm.zones[1]!.name,
      default_gateway: "192.168.40.62",
    });
    expect(subnet.subnet_address).toBe("192.168.40.0/26");
    expect(subnet.availability_zone.id).toBe(id.az2);
    expect(subnet.default_gateway).toBe("192.168.40.62");
  });

  it("places a subnet without an address in the first free block of 10.0.0.0/8", async () => {
    const existing = (await list("&limit=100")).items.map((s) => parseIpv4Cidr(s.subnet_address)!);
    const { name } = fresh();
    const reply = await emu.call("POST", "/api/v1/subnets", {
      body: { project_id: id.project, availability_zone_id: id.az1, name, prefix_length: 28 },
    });
    expect(reply.status, reply.text).toBe(201);
    const subnet = SubnetResponse.parse(reply.body);
    const network = parseIpv4Cidr(subnet.subnet_address)!;
    expect(network.prefix).toBe(28);
    expect(subnet.subnet_address.startsWith("10.")).toBe(true);
    expect(existing.some((e) => overlapsIpv4(e, network))).toBe(false);
  });

  it("refuses bad masks, host bits, public ranges, malformed addresses and outside gateways", async () => {
    const post = (body: Record<string, unknown>) =>
      emu.call("POST", "/api/v1/subnets", {
        body: { project_id: id.project, availability_zone_id: id.az1, name: fresh().name, ...body },
      });
    expectError(
      await post({ subnet_address: "10.50.0.0/30" }),
      422,
      "invalid_mask_length",
      "subnet_address",
    );
    expectError(
      await post({ subnet_address: "10.0.0.0/7" }),
      422,
      "invalid_mask_length",
      "subnet_address",
    );
    expectError(
      await post({ subnet_address: "10.50.0.0/24", prefix_length: 25 }),
      422,
      "invalid_mask_length",
      "prefix_length",
    );
    expectError(
      await post({ subnet_address: "10.50.0.0", prefix_length: 30 }),
      422,
      "validation_error",
      "prefix_length",
    );
    expectError(
      await post({ subnet_address: "10.50.0.1/24" }),
      422,
      "invalid_base_address",
      "subnet_address",
    );
    expectError(
      await post({ subnet_address: "8.8.8.0/24" }),
      422,
      "not_private_network",
      "subnet_address",
    );
    expectError(
      await post({ subnet_address: "172.32.0.0/16" }),
      422,
      "not_private_network",
      "subnet_address",
    );
    expectError(
      await post({ subnet_address: "10.50.0/24" }),
      422,
      "validation_error",
      "subnet_address",
    );
    expectError(
      await post({ subnet_address: "10.51.0.0/24", default_gateway: "10.52.0.1" }),
      422,
      "gateway_not_in_subnet",
      "default_gateway",
    );
    expectError(
      await post({ subnet_address: "10.51.0.0/24", default_gateway: "10.51.0.255" }),
      422,
      "gateway_not_in_subnet",
      "default_gateway",
    );
    expectError(
      await post({ subnet_address: "10.51.0.0/24", dns_servers: ["dns.example"] }),
      422,
      "validation_error",
      "dns_servers.0",
    );
  });

  it("answers 409 for a second default subnet, an overlapping CIDR and a duplicate name", async () => {
    const base = { project_id: id.project, availability_zone_id: id.az1 };
    expectError(
      await emu.call("POST", "/api/v1/subnets", { body: { ...base, ...fresh(), default: true } }),
      409,
      "default_subnet_exists",
      "default",
    );
    expectError(
      await emu.call("POST", "/api/v1/subnets", {
        body: { ...base, name: fresh().name, subnet_address: "10.0.0.128/25" },
      }),
      409,
      "subnet_cidr_already_exists",
      "subnet_address",
    );
    expectError(
      await emu.call("POST", "/api/v1/subnets", {
        body: { ...base, name: fresh().name, subnet_address: "10.0.0.0/16" },
      }),
      409,
      "subnet_cidr_already_exists",
    );
    const first = await create();
    expectError(
      await emu.call("POST", "/api/v1/subnets", {
        body: { ...base, name: first.name, subnet_address: fresh().subnet_address },
      }),
      409,
      "subnet_with_this_data_already_exists",
      "name",
    );
    // The same name in another zone is a different subnet.
    const other = await emu.call("POST", "/api/v1/subnets", {
      body: {
        ...base,
        availability_zone_id: id.az2,
        name: first.name,
        subnet_address: fresh().subnet_address,
      },
    });
    expect(other.status, other.text).toBe(201);
  });

  it("refuses unknown project, zone, tag and network, a foreign project and a closed zone", async () => {
    const post = (body: Record<string, unknown>) =>
      emu.call("POST", "/api/v1/subnets", {
        body: { project_id: id.project, availability_zone_id: id.az1, ...fresh(), ...body },
      });
    expectError(await post({ project_id: UNKNOWN }), 422, "bad_project_id", "project_id");
    expectError(await post({ project_id: emu.fixtures.vm.foreignProjectId }), 403, "forbidden");
    expectError(
      await post({ availability_zone_id: UNKNOWN }),
      422,
      "bad_availability_zone_id",
      "availability_zone_id",
    );
    expectError(
      await post({ availability_zone_id: undefined, availability_zone_name: "nowhere" }),
      422,
      "bad_availability_zone_name",
      "availability_zone_name",
    );
    expectError(
      await post({ availability_zone_name: emu.fixtures.vm.zones[0]!.name }),
      422,
      "validation_error",
      "availability_zone_id",
    );
    expectError(await post({ tag_ids: [UNKNOWN] }), 422, "bad_tag_id", "tag_ids");
    expectError(await post({ tag_names: ["no-such-tag"] }), 422, "bad_tag_name", "tag_names");
    expectError(await post({ vpc_id: UNKNOWN }), 422, "vpc_not_found", "vpc_id");
    expectError(
      await post({ availability_zone_id: id.az3 }),
      422,
      "availability_zone_changes_forbidden",
    );
    expectError(await post({ colour: "blue" }), 422, "extra_forbidden", "colour");
    expectError(await post({ name: "1-starts-with-digit" }), 422, "validation_error", "name");
    expectError(await post({ name: undefined }), 422, "validation_error", "name");
  });

  it("refuses a subnet once the organization's subnet quota is used up", async () => {
    const state = emu.emulator.store.state.vm as VmState;
    const org = state.organizations[emu.fixtures.vm.organizationId]!;
    const saved = org.limits.subnets!;
    org.limits.subnets = Object.keys(state.subnets).length;
    try {
      const reply = await emu.call("POST", "/api/v1/subnets", {
        body: { project_id: id.project, availability_zone_id: id.az1, ...fresh() },
      });
      expectError(reply, 422, "subnet_quota_exceeded");
    } finally {
      org.limits.subnets = saved;
    }
    await create();
  });

  it("answers 422 when the project has no virtual network", async () => {
    const state = emu.emulator.store.state.vm as VmState;
    const project = state.projects[id.project]!;
    const saved = project.vpc_id;
    project.vpc_id = "";
    try {
      const reply = await emu.call("POST", "/api/v1/subnets", {
        body: { project_id: id.project, availability_zone_id: id.az1, ...fresh() },
      });
      expectError(reply, 422, "vpc_not_found", "vpc_id");
    } finally {
      project.vpc_id = saved;
    }
  });
});

describe("subnet read", () => {
  it("reads a subnet and answers 404 for an unknown one and 422 for a malformed id", async () => {
    const id = emu.fixtures.vm.defaultSubnets[0]!.id;
    const reply = await emu.call("GET", `/api/v1/subnets/${id}`);
    expect(reply.status).toBe(200);
    expect(SubnetResponse.parse(reply.body)).toMatchObject({ id, default: true, state: "created" });
    expectError(await emu.call("GET", `/api/v1/subnets/${UNKNOWN}`), 404, "subnet_not_found");
    expectError(
      await emu.call("GET", "/api/v1/subnets/not-a-uuid"),
      422,
      "validation_error",
      "subnet_id",
    );
  });
});

describe("subnet update", () => {
  it("changes only the given fields: updating, then created", async () => {
    const subnet = await createdSubnet({ description: "keep me", dns_servers: ["1.1.1.1"] });
    const tag = emu.fixtures.vm.tags[2]!;
    const reply = await emu.call("PUT", `/api/v1/subnets/${subnet.id}`, {
      body: {
        name: `${subnet.name}-renamed`,
        tag_ids: [tag.id],
        dns_servers: ["9.9.9.9", "2001:4860:4860::8888"],
      },
    });
    expect(reply.status, reply.text).toBe(200);
    const updated = SubnetResponse.parse(reply.body);
    expect(updated).toMatchObject({
      state: "updating",
      name: `${subnet.name}-renamed`,
      description: "keep me",
      dns_servers: ["9.9.9.9", "2001:4860:4860::8888"],
      tags: [{ id: tag.id }],
      subnet_address: subnet.subnet_address,
    });
    await emu.waitFor(
      `/api/v1/subnets/${subnet.id}`,
      (b) => (b as SubnetResponse).state === "created",
    );
  });

  it("lets an isolated subnet become routed but never the reverse", async () => {
    const subnet = await createdSubnet({ routed_network: false });
    const on = await emu.call("PUT", `/api/v1/subnets/${subnet.id}`, {
      body: { routed_network: true },
    });
    expect(on.status, on.text).toBe(200);
    expect(SubnetResponse.parse(on.body).routed_network).toBe(true);
    await emu.waitFor(
      `/api/v1/subnets/${subnet.id}`,
      (b) => (b as SubnetResponse).state === "created",
    );
    expectError(
      await emu.call("PUT", `/api/v1/subnets/${subnet.id}`, { body: { routed_network: false } }),
      422,
      "routed_subnet_can_not_be_changed",
      "routed_network",
    );
  });

  it("moves the default flag to another subnet of the zone and keeps the last default", async () => {
    const previous = emu.fixtures.vm.defaultSubnets.find((s) => s.zoneId === id.az2)!;
    expectError(
      await emu.call("PUT", `/api/v1/subnets/${previous.id}`, { body: { default: false } }),
      422,
      "default_subnet_required",
      "default",
    );
    const subnet = await createdSubnet({ availability_zone_id: id.az2 });
    const reply = await emu.call("PUT", `/api/v1/subnets/${subnet.id}`, {
      body: { default: true },
    });
    expect(reply.status, reply.text).toBe(200);
    expect(SubnetResponse.parse(reply.body).default).toBe(true);
    const old = SubnetResponse.parse(
      (await emu.call("GET", `/api/v1/subnets/${previous.id}`)).body,
    );
    expect(old.default).toBe(false);
    // Give the flag back so the fixtures stay as they were.
    await emu.waitFor(
      `/api/v1/subnets/${previous.id}`,
      (b) => (b as SubnetResponse).state === "created",
    );
    const back = await emu.call("PUT", `/api/v1/subnets/${previous.id}`, {
      body: { default: true },
    });
    expect(back.status, back.text).toBe(200);
  });

  it("refuses a change while creating, in a closed zone, to a taken name, with an unknown tag", async () => {
    const creating = await create();
    expectError(
      await emu.call("PUT", `/api/v1/subnets/${creating.id}`, { body: { description: "x" } }),
      422,
      "subnet_can_not_be_updated_from_current_state",
    );
    const closed = emu.fixtures.vm.defaultSubnets.find((s) => s.zoneId === id.az3)!;
    expectError(
      await emu.call("PUT", `/api/v1/subnets/${closed.id}`, { body: { description: "x" } }),
      422,
      "availability_zone_changes_forbidden",
    );
    const a = await createdSubnet();
    const b = await createdSubnet();
    expectError(
      await emu.call("PUT", `/api/v1/subnets/${b.id}`, { body: { name: a.name } }),
      409,
      "subnet_with_this_data_already_exists",
      "name",
    );
    expectError(
      await emu.call("PUT", `/api/v1/subnets/${b.id}`, { body: { tag_ids: [UNKNOWN] } }),
      422,
      "bad_tag_id",
      "tag_ids",
    );
    expectError(
      await emu.call("PUT", `/api/v1/subnets/${UNKNOWN}`, { body: { description: "x" } }),
      404,
      "subnet_not_found",
    );
  });

  it("accepts only real values, not the 'not provided' sentinel, and no read-only fields", async () => {
    const subnet = await createdSubnet();
    expectError(
      await emu.call("PUT", `/api/v1/subnets/${subnet.id}`, { body: { name: 1 } }),
      422,
      "validation_error",
      "name",
    );
    expectError(
      await emu.call("PUT", `/api/v1/subnets/${subnet.id}`, {
        body: { subnet_address: "10.9.0.0/24" },
      }),
      422,
      "extra_forbidden",
      "subnet_address",
    );
  });
});

describe("subnet delete", () => {
  it("deletes a subnet: deleting, then gone", async () => {
    const subnet = await createdSubnet();
    const reply = await emu.call("DELETE", `/api/v1/subnets/${subnet.id}`);
    expect(reply.status, reply.text).toBe(204);
    expect(reply.text).toBe("");
    const during = SubnetResponse.parse(
      (await emu.call("GET", `/api/v1/subnets/${subnet.id}`)).body,
    );
    expect(during.state).toBe("deleting");
    expect(during.can_delete).toBe(false);
    await emu.waitFor(`/api/v1/subnets/${subnet.id}`, (_b, status) => status === 404);
    // Its range is free again.
    const again = await emu.call("POST", "/api/v1/subnets", {
      body: {
        project_id: id.project,
        availability_zone_id: id.az1,
        name: fresh().name,
        subnet_address: subnet.subnet_address,
      },
    });
    expect(again.status, again.text).toBe(201);
  });

  it("refuses deletion while creating, while deleting, in a closed zone, and of an unknown subnet", async () => {
    const creating = await create();
    expectError(
      await emu.call("DELETE", `/api/v1/subnets/${creating.id}`),
      422,
      "subnet_can_not_be_deleted_from_current_state",
    );
    const subnet = await createdSubnet();
    expect((await emu.call("DELETE", `/api/v1/subnets/${subnet.id}`)).status).toBe(204);
    expectError(
      await emu.call("DELETE", `/api/v1/subnets/${subnet.id}`),
      422,
      "subnet_can_not_be_deleted_from_current_state",
    );
    const closed = emu.fixtures.vm.defaultSubnets.find((s) => s.zoneId === id.az3)!;
    expectError(
      await emu.call("DELETE", `/api/v1/subnets/${closed.id}`),
      422,
      "availability_zone_changes_forbidden",
    );
    expectError(await emu.call("DELETE", `/api/v1/subnets/${UNKNOWN}`), 404, "subnet_not_found");
  });

  it("answers 405 while network interfaces use the subnet, and counts them", async () => {
    const subnet = await createdSubnet();
    const state = emu.emulator.store.state.vm as VmState;
    state.interfaces["7b1c2d3e-4f5a-4b6c-8d7e-9f0a1b2c3d4e"] = {
      id: "7b1c2d3e-4f5a-4b6c-8d7e-9f0a1b2c3d4e",
      name: "eth0",
      vm_id: UNKNOWN,
      subnet_id: subnet.id,
      ip_address: subnet.subnet_address.replace(/0\/24$/, "2"),
      primary: true,
      type: "regular",
      interface_security_enabled: true,
      security_group_ids: [],
      state: "created",
    };
    try {
      expectError(
        await emu.call("DELETE", `/api/v1/subnets/${subnet.id}`),
        405,
        "subnet_not_empty",
      );
      const item = (await list(`&name=${subnet.name}`)).items[0]!;
      expect(item).toMatchObject({ interface_count: 1, can_delete: false });
    } finally {
      delete state.interfaces["7b1c2d3e-4f5a-4b6c-8d7e-9f0a1b2c3d4e"];
    }
    expect((await emu.call("DELETE", `/api/v1/subnets/${subnet.id}`)).status).toBe(204);
  });

  it("answers 403 for a subnet of a foreign project", async () => {
    const state = emu.emulator.store.state.vm as VmState;
    const own = state.subnets[emu.fixtures.vm.defaultSubnets[0]!.id]!;
    const foreignId = "8c2d3e4f-5a6b-4c7d-9e8f-0a1b2c3d4e5f";
    state.subnets[foreignId] = {
      ...structuredClone(own),
      id: foreignId,
      project_id: emu.fixtures.vm.foreignProjectId,
      default: false,
    };
    try {
      expectError(await emu.call("GET", `/api/v1/subnets/${foreignId}`), 403, "forbidden");
      expectError(
        await emu.call("PUT", `/api/v1/subnets/${foreignId}`, { body: { description: "x" } }),
        403,
        "forbidden",
      );
      expectError(await emu.call("DELETE", `/api/v1/subnets/${foreignId}`), 403, "forbidden");
    } finally {
      delete state.subnets[foreignId];
    }
  });
});
