/**
 * The address lookups against the real emulator over HTTP: the blocks still free in the
 * project's virtual network (`/api/v1/available-subnets`) and the host addresses still free in
 * a subnet (`/api/v1/available-ip-addresses`), their paging over ranges too large to list, and
 * every documented failure.
 */
import { describe, expect, it } from "vitest";
import {
  AvailableIpAddressesPage,
  AvailableSubnetsPage,
} from "../../../api/vm/available-addresses";
import type { VmState } from "../../../emulator/vm/records";
import { expectError, UNKNOWN, useVmEmulator } from "../support/vm-service";

const { emu, id } = useVmEmulator();

const blocks = (query: string) =>
  emu.call("GET", `/api/v1/available-subnets?project_id=${id.project}&${query}`);

async function freeBlocks(query: string): Promise<AvailableSubnetsPage> {
  const reply = await blocks(query);
  expect(reply.status, reply.text).toBe(200);
  return AvailableSubnetsPage.parse(reply.body);
}

const addresses = (query: string) => emu.call("GET", `/api/v1/available-ip-addresses?${query}`);

async function freeAddresses(query: string): Promise<AvailableIpAddressesPage> {
  const reply = await addresses(query);
  expect(reply.status, reply.text).toBe(200);
  return AvailableIpAddressesPage.parse(reply.body);
}

describe("free blocks of the virtual network (available-subnets)", () => {
  it("lists the aligned blocks of the mask inside the base that no subnet overlaps, in address order", async () => {
    // The fixtures' default subnets are 10.0.0.0/24, 10.1.0.0/24 and 10.2.0.0/24.
    expect(await freeBlocks("subnet_mask=16&base_subnet_address=10.0.0.0/14")).toEqual({
      items: ["10.3.0.0/16"],
      offset: 0,
      limit: 50,
      total: 1,
    });
    expect((await freeBlocks("subnet_mask=24&base_subnet_address=10.0.0.0/22")).items).toEqual([
      "10.0.1.0/24",
      "10.0.2.0/24",
      "10.0.3.0/24",
    ]);
    // A subnet made since takes its block.
    const made = await emu.call("POST", "/api/v1/subnets", {
      body: {
        project_id: id.project,
        availability_zone_id: emu.fixtures.vm.zones[1]!.id,
        name: "taken-block",
        subnet_address: "10.0.2.0/25",
      },
    });
    expect(made.status, made.text).toBe(201);
    expect(
      await freeBlocks("subnet_mask=24&base_subnet_address=10.0.0.0/22&offset=1&limit=1"),
    ).toEqual({ items: ["10.0.3.0/24"], offset: 1, limit: 1, total: 2 });
    // A mask shorter than the base's holds no block inside it.
    expect((await freeBlocks("subnet_mask=16&base_subnet_address=10.0.0.0/20")).total).toBe(0);
  });

  it("counts and pages a range too large to list: every /29 of 10.0.0.0/8", async () => {
    const first = await freeBlocks("subnet_mask=29&base_subnet_address=10.0.0.0/8&limit=2");
    // 2^21 blocks, less the 32 of each /24 and the 16 of the /25 that subnets hold.
    const total = 2 ** 21 - 3 * 32 - 16;
    expect(first).toMatchObject({ items: ["10.0.1.0/29", "10.0.1.8/29"], total });
    const last = await freeBlocks(
      `subnet_mask=29&base_subnet_address=10.0.0.0/8&offset=${total - 1}`,
    );
    expect(last.items).toEqual(["10.255.255.248/29"]);
    expect(
      (await freeBlocks(`subnet_mask=29&base_subnet_address=10.0.0.0/8&offset=${total}`)).items,
    ).toEqual([]);
  });

  it("refuses an unknown project (404), a foreign one (403), another network, and bad queries", async () => {
    expectError(
      await emu.call(
        "GET",
        `/api/v1/available-subnets?project_id=${UNKNOWN}&subnet_mask=24&base_subnet_address=10.0.0.0/16`,
      ),
      404,
      "project_not_found",
    );
    expectError(
      await emu.call(
        "GET",
        `/api/v1/available-subnets?project_id=${emu.fixtures.vm.foreignProjectId}&subnet_mask=24&base_subnet_address=10.0.0.0/16`,
      ),
      403,
      "forbidden",
    );
    expectError(
      await blocks(`subnet_mask=24&base_subnet_address=10.0.0.0/16&vpc_id=${UNKNOWN}`),
      422,
      "project_has_no_vpc",
      "vpc_id",
    );
    expectError(
      await blocks("subnet_mask=30&base_subnet_address=10.0.0.0/16"),
      422,
      "validation_error",
      "subnet_mask",
    );
    expectError(
      await blocks("subnet_mask=24&base_subnet_address=8.8.0.0/16"),
      422,
      "validation_error",
      "base_subnet_address",
    );
    expectError(await blocks("subnet_mask=24"), 422, "validation_error", "base_subnet_address");
  });
});

describe("free addresses of a subnet (available-ip-addresses)", () => {
  it("lists the host addresses no interface and no gateway holds, in address order", async () => {
    const subnet = emu.fixtures.vm.defaultSubnets.find((s) => s.address === "10.1.0.0/24")!;
    const before = await freeAddresses(`subnet_id=${subnet.id}&limit=2`);
    // 254 hosts, less the gateway 10.1.0.1.
    expect(before).toEqual({ items: ["10.1.0.2", "10.1.0.3"], offset: 0, limit: 2, total: 253 });
    const port = await emu.call("POST", "/api/v1/interfaces", {
      body: { project_id: id.project, subnet_id: subnet.id, name: "held", ip_address: "10.1.0.3" },
    });
    expect(port.status, port.text).toBe(201);
    expect(await freeAddresses(`subnet_id=${subnet.id}&limit=2`)).toMatchObject({
      items: ["10.1.0.2", "10.1.0.4"],
      total: 252,
    });
    expect((await freeAddresses(`subnet_id=${subnet.id}&offset=250`)).items).toEqual([
      "10.1.0.253",
      "10.1.0.254",
    ]);
  });

  it("refuses an unknown subnet (422), a foreign one (403) and a malformed id", async () => {
    expectError(await addresses(`subnet_id=${UNKNOWN}`), 422, "subnet_not_found", "subnet_id");
    const state = emu.emulator.store.state.vm as VmState;
    const own = state.subnets[emu.fixtures.vm.defaultSubnets[0]!.id]!;
    const foreignId = "8c2d3e4f-5a6b-4c7d-9e8f-0a1b2c3d4e5f";
    state.subnets[foreignId] = {
      ...structuredClone(own),
      id: foreignId,
      project_id: emu.fixtures.vm.foreignProjectId,
    };
    try {
      expectError(await addresses(`subnet_id=${foreignId}`), 403, "forbidden");
    } finally {
      delete state.subnets[foreignId];
    }
    expectError(await addresses("subnet_id=s-1"), 422, "validation_error", "subnet_id");
  });
});
