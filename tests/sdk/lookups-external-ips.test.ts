/**
 * The external-IP and placement-group lookups against the real emulator over HTTP: they
 * answer what the emulator holds, filters narrow (zone, free, name, policy), single lookups
 * find one by id or exact name and fail on none, and bad arguments never reach the network.
 */
import * as pulumi from "@pulumi/pulumi";
import { beforeAll, describe, expect, it } from "vitest";
import * as lookups from "../../sdk/lookups";
import { LookupError } from "../../sdk/lookups";
import { useLookupEmulator } from "./support/lookup-env";

const emu = useLookupEmulator();
const ids: Record<string, string> = {};

beforeAll(async () => {
  const project = emu.fixtures.vm.projectId;
  for (const [name, zone] of [
    ["www-a", "ru.AZ-1"],
    ["www-b", "ru.AZ-2"],
  ] as const) {
    const reply = await emu.call("POST", "/api/v1/floating-ips", {
      body: { project_id: project, name, availability_zone_name: zone },
    });
    ids[name] = (reply.body as { id: string }).id;
  }
  const group = await emu.call("POST", "/api/v1/placement-groups", {
    body: { project_id: project, name: "web-spread", policy: "soft-anti-affinity" },
  });
  ids["web-spread"] = (group.body as { id: string }).id;
});

describe("getExternalIps / getExternalIp", () => {
  it("lists the project's addresses, narrowed by zone and name", async () => {
    const all = await lookups.getExternalIps({ name: "www" });
    expect(all.names.sort()).toEqual(["www-a", "www-b"]);
    expect(all.externalIps[0]).toMatchObject({
      ipAddress: expect.stringMatching(/^(203\.0\.113|198\.51\.100)\./),
      availabilityZone: { name: expect.any(String) },
    });
    const az2 = await lookups.getExternalIps({ availabilityZone: "ru.AZ-2", name: "www" });
    expect(az2.ids).toEqual([ids["www-b"]]);
    const bound = await lookups.getExternalIps({ free: false });
    expect(bound.ids).not.toContain(ids["www-a"]);
  });

  it("finds one by exact name or id, and fails naming the lookup on none", async () => {
    expect((await lookups.getExternalIp({ name: "www-a" })).id).toBe(ids["www-a"]);
    expect((await lookups.getExternalIp({ id: ids["www-b"]! })).name).toBe("www-b");
    await expect(lookups.getExternalIp({ name: "www" })).rejects.toThrow(/getExternalIp/);
    const out = lookups.getExternalIpOutput({ name: pulumi.output("www-a") });
    const address = await new Promise<string>((resolve) => out.apply((ip) => resolve(ip.id)));
    expect(address).toBe(ids["www-a"]);
  });

  it("refuses bad arguments before any request", async () => {
    await expect(lookups.getExternalIps({ free: "yes" as unknown as boolean })).rejects.toThrow(
      LookupError,
    );
    await expect(
      lookups.getExternalIps({ colour: "red" } as unknown as lookups.GetExternalIpsArgs),
    ).rejects.toThrow(/unknown argument "colour"/);
  });
});

describe("getPlacementGroups / getPlacementGroup", () => {
  it("lists the project's groups with their zones, narrowed by policy and name", async () => {
    const soft = await lookups.getPlacementGroups({ policy: "soft-anti-affinity" });
    expect(soft.ids).toEqual([ids["web-spread"]]);
    const all = await lookups.getPlacementGroups();
    expect(all.names.sort()).toEqual(["spread-az1", "web-spread"]);
    const fixture = all.placementGroups.find((g) => g.name === "spread-az1")!;
    expect(fixture).toMatchObject({
      policy: "anti-affinity",
      availabilityZones: [{ availabilityZoneName: "ru.AZ-1", vmCount: 0, maxVmCount: 3 }],
    });
  });

  it("finds one by exact name, and fails when none matches", async () => {
    expect((await lookups.getPlacementGroup({ name: "web-spread" })).id).toBe(ids["web-spread"]);
    await expect(lookups.getPlacementGroup({ name: "nope" })).rejects.toThrow(
      /getPlacementGroup: no placement group matches/,
    );
    await expect(
      lookups.getPlacementGroups({ policy: "affinity" as unknown as "anti-affinity" }),
    ).rejects.toThrow(/policy/);
  });
});
