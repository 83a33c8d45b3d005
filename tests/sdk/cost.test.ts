/**
 * The cost and quota lookups against the real emulator over HTTP: getProjectUsage follows what
 * the project holds, getPrice prices raw entities by name or id, estimateCost prices resources
 * by their inputs to the cent of the price list, and bad arguments fail before anything is sent.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { PriceList } from "../../emulator/vm/price-list";
import { VmCloudClient } from "../../provider/client";
import * as sdk from "../../sdk";
import { startTestEmulator, type TestEmulator } from "../support/emulator";

let emu: TestEmulator;
let client: VmCloudClient;
let projectId: string;
let prices: PriceList;

beforeAll(async () => {
  emu = await startTestEmulator({ speed: 20 });
  projectId = emu.fixtures.vm.projectId;
  client = new VmCloudClient({ endpoint: emu.url, token: emu.token, projectId });
  prices = (await emu.call("GET", "/_emulator/vm/prices", { auth: false })).body as PriceList;
});
afterAll(async () => {
  client.close();
  await emu.close();
});

const cents = (x: number) => Math.round(x * 100);

describe("getProjectUsage", () => {
  it("answers the project's counts, camel-cased, and follows a new disk", async () => {
    const before = await sdk.getProjectUsage({ projectId }, { client });
    expect(before).toMatchObject({ vms: expect.any(Number), disksSize: expect.any(Number) });
    const made = await emu.call("POST", "/api/v1/disks", {
      body: {
        project_id: projectId,
        availability_zone_id: emu.fixtures.vm.zones[0]!.id,
        name: "usage-disk",
        size: 7,
        disk_type_id: emu.fixtures.vm.diskTypes.find((t) => t.name === "HDD")!.id,
      },
    });
    expect(made.status, made.text).toBe(201);
    const after = await sdk.getProjectUsage({ projectId }, { client });
    expect(after.disks).toBe(before.disks + 1);
    expect(after.disksSize).toBe(before.disksSize + 7);
  });

  it("fails naming projectId for a malformed id, sending nothing", async () => {
    await expect(sdk.getProjectUsage({ projectId: "nope" }, { client })).rejects.toThrow(
      /getProjectUsage.*projectId/,
    );
  });
});

describe("getPrice", () => {
  it("prices raw entities by name, each part monthly", async () => {
    const price = await sdk.getPrice(
      {
        projectId,
        flavor: "gen-4-8",
        image: "windows-2022",
        disks: [{ diskType: "SSD", size: 60 }],
        publicAddresses: 2,
        count: 2,
      },
      { client },
    );
    expect(cents(price.flavor)).toBe(cents(prices.flavorsPerHour["gen-4-8"]! * 730 * 2));
    expect(cents(price.image)).toBe(cents(prices.imagesPerHour["windows-2022"]! * 730 * 2));
    expect(cents(price.disks)).toBe(cents(prices.diskTypesPerGbMonth["SSD"]! * 60 * 2));
    expect(cents(price.floatingIps)).toBe(cents(prices.externalIpPerHour * 730 * 4));
    expect(cents(price.totalPriceMonth)).toBe(
      cents(price.flavor) + cents(price.image) + cents(price.disks) + cents(price.floatingIps),
    );
  });

  it("names the argument of an unknown flavor or disk type", async () => {
    await expect(sdk.getPrice({ projectId, flavor: "gen-99-99" }, { client })).rejects.toThrow(
      /getPrice.*flavor.*gen-99-99/,
    );
    await expect(
      sdk.getPrice({ projectId, disks: [{ diskType: "NVMe", size: 1 }] }, { client }),
    ).rejects.toThrow(/disks\[0\]\.diskType/);
    await expect(sdk.getPrice({ projectId, count: 0 }, { client })).rejects.toThrow(/count/);
  });
});

describe("estimateCost", () => {
  it("prices resources by their inputs, to the cent of the price list", async () => {
    const result = await sdk.estimateCost(
      {
        projectId,
        resources: [
          {
            type: "Vm",
            name: "web",
            inputs: {
              flavor: "gen-2-4",
              image: "ubuntu-22.04",
              bootDisk: { size: 20, diskType: "SSD" },
              interfaces: [{ externalIp: true }],
            },
          },
          { type: "Disk", name: "logs", inputs: { size: 100, diskType: "HDD" } },
          { type: "Subnet", name: "net", inputs: { name: "net" } },
        ],
      },
      { client },
    );
    const expected =
      cents(prices.flavorsPerHour["gen-2-4"]! * 730) +
      cents(prices.diskTypesPerGbMonth["SSD"]! * 20) +
      cents(prices.externalIpPerHour * 730) +
      cents(prices.diskTypesPerGbMonth["HDD"]! * 100);
    expect(cents(result.total)).toBe(expected);
    expect(result.lines.map((l) => `${l.resource} ${l.kind}`)).toEqual([
      "web vm",
      "web (boot disk) disk",
      "web address",
      "logs disk",
    ]);
    expect(result.unpriced).toEqual([]);
  });
});
