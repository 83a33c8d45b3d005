// The catalog names an error suggests ("use one of: …") are names the same lookup accepts:
// zones, flavors (the free-tier one left out), images and disk types (free-tier ones left
// out), and a disk size within the range the error names. Against the emulator over HTTP.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createClient, type VmCloudClient } from "../../provider/client";
import { CatalogLookups, checkDiskSize } from "../../provider/resources/catalog/catalog-lookups";
import { useTestEmulator } from "../support/emulator";

const emu = useTestEmulator();
let client: VmCloudClient;
let lookups: CatalogLookups;

beforeAll(async () => {
  client = createClient({ endpoint: emu.url, token: emu.token });
  lookups = new CatalogLookups(client, emu.fixtures.vm.projectId);
});
afterAll(() => client?.close());

/** The names after "use one of: " / "choose one of: " in the error `run` throws. */
async function suggested(run: () => Promise<unknown>): Promise<string[]> {
  const error = await run().then(
    () => undefined,
    (e: unknown) => e as Error,
  );
  if (error === undefined) throw new Error("the lookup did not fail");
  const list = /(?:use|choose) one of: (.+)$/.exec(error.message)?.[1];
  if (list === undefined) throw new Error(`no names suggested in: ${error.message}`);
  const names = list.replace(/, … \(\d+ in all\)$/, "").split(", ");
  expect(names.length).toBeGreaterThan(0);
  return names;
}

describe("the catalog names an error suggests", () => {
  it("are zones the zone lookup accepts", async () => {
    for (const name of await suggested(() => lookups.zone("ru.AZ-404"))) {
      expect((await lookups.zone(name)).name).toBe(name);
    }
  });

  it("are flavors the flavor lookup accepts in that zone, for an unknown and a free-tier flavor", async () => {
    const zone = await lookups.zone(undefined);
    for (const wrong of ["gen-3-5", "free-tier-1-1"]) {
      for (const name of await suggested(() => lookups.flavor(zone, wrong))) {
        expect((await lookups.flavor(zone, name)).name).toBe(name);
      }
    }
  });

  it("are images the image lookup accepts in that zone", async () => {
    const zone = await lookups.zone(undefined);
    for (const name of await suggested(() => lookups.image(zone, "ubuntu-99.04"))) {
      expect((await lookups.image(zone, name)).name).toBe(name);
    }
  });

  it("are disk types the disk type lookup accepts, for an unknown and a free-tier type", async () => {
    const zone = await lookups.zone(undefined);
    for (const wrong of ["NVME", "free-tier-HDD"]) {
      for (const name of await suggested(() => lookups.diskType(zone, wrong, "diskType"))) {
        expect((await lookups.diskType(zone, name, "diskType")).name).toBe(name);
      }
    }
  });

  it("give a disk size range whose ends the size check accepts", async () => {
    const zone = await lookups.zone(undefined);
    const type = await lookups.diskType(zone, "SSD", "size");
    let message = "";
    try {
      checkDiskSize(type, type.max_size + 1, "size");
    } catch (error) {
      message = (error as Error).message;
    }
    const [, low, high] = /\((\d+)–(\d+) GB\)/.exec(message) ?? [];
    expect(low).toBeDefined();
    for (const size of [Number(low), Number(high)]) {
      expect(() => checkDiskSize(type, size, "size")).not.toThrow();
    }
  });
});
