/**
 * The SNAT-gateway and network-interface lookups against the real emulator over HTTP: they
 * answer what the emulator holds, filters narrow (zone, name, subnet, address, free), single
 * lookups find one by id or exact name and fail on none, and bad arguments never reach the
 * network.
 */
import { beforeAll, describe, expect, it } from "vitest";
import * as lookups from "../../sdk/lookups";
import { LookupError } from "../../sdk/lookups";
import { useLookupEmulator } from "./support/lookup-env";

const emu = useLookupEmulator();
const ids: Record<string, string> = {};

beforeAll(async () => {
  const project = emu.fixtures.vm.projectId;
  for (const [name, zone] of [
    ["egress-a", "ru.AZ-1"],
    ["egress-b", "ru.AZ-2"],
  ] as const) {
    const reply = await emu.call("POST", "/api/v1/nat-gateways", {
      body: { project_id: project, name, nat_type: "Public sNAT", availability_zone_name: zone },
    });
    expect(reply.status, reply.text).toBe(201);
    ids[name] = (reply.body as { id: string }).id;
  }
  for (const [name, ip] of [
    ["port-db", "10.0.0.31"],
    ["port-web", "10.0.0.32"],
  ] as const) {
    const reply = await emu.call("POST", "/api/v1/interfaces", {
      body: { project_id: project, name, ip_address: ip },
    });
    expect(reply.status, reply.text).toBe(201);
    ids[name] = (reply.body as { id: string }).id;
  }
});

describe("getNatGateways / getNatGateway", () => {
  it("lists the project's gateways with their address and rules, narrowed by zone and name", async () => {
    const all = await lookups.getNatGateways({ name: "egress" });
    expect(all.names.sort()).toEqual(["egress-a", "egress-b"]);
    expect(all.natGateways.find((g) => g.name === "egress-a")).toMatchObject({
      natType: "Public sNAT",
      availabilityZone: { name: "ru.AZ-1" },
      floatingIp: { ipAddress: expect.stringMatching(/^\d+\.\d+\.\d+\.\d+$/) },
      natRules: expect.arrayContaining([
        expect.objectContaining({ internalAddress: "10.0.0.0/24" }),
      ]),
    });
    const az2 = await lookups.getNatGateways({ availabilityZone: "ru.AZ-2" });
    expect(az2.ids).toEqual([ids["egress-b"]]);
  });

  it("finds one by exact name, zone or id, and fails naming the lookup on none or several", async () => {
    expect((await lookups.getNatGateway({ availabilityZone: "ru.AZ-1" })).id).toBe(ids["egress-a"]);
    expect((await lookups.getNatGateway({ id: ids["egress-b"]! })).name).toBe("egress-b");
    await expect(lookups.getNatGateway({ name: "egress" })).rejects.toThrow(
      /getNatGateway: no SNAT gateway matches/,
    );
    await expect(lookups.getNatGateway({})).rejects.toThrow(/getNatGateway/);
    await expect(lookups.getNatGateways({ availabilityZone: "ru.AZ-9" })).rejects.toThrow(
      /availabilityZone.*ru\.AZ-1/,
    );
  });
});

describe("getNetworkInterfaces / getNetworkInterface", () => {
  it("lists the project's interfaces, narrowed by name, address and whether they are free", async () => {
    const ports = await lookups.getNetworkInterfaces({ name: "PORT" });
    expect(ports.names.sort()).toEqual(["port-db", "port-web"]);
    const db = await lookups.getNetworkInterfaces({ ipAddress: "10.0.0.31" });
    expect(db.ids).toEqual([ids["port-db"]]);
    expect(db.networkInterfaces[0]).toMatchObject({
      subnet: { subnetAddress: "10.0.0.0/24" },
      interfaceSecurityEnabled: true,
    });
    const free = await lookups.getNetworkInterfaces({ free: true });
    expect(free.ids).toEqual(expect.arrayContaining([ids["port-db"], ids["port-web"]]));
    const onVms = await lookups.getNetworkInterfaces({ free: false });
    expect(onVms.ids).not.toContain(ids["port-db"]);
  });

  it("finds one by exact name or id, and fails naming the lookup on none; bad arguments send nothing", async () => {
    expect((await lookups.getNetworkInterface({ name: "port-web" })).id).toBe(ids["port-web"]);
    expect((await lookups.getNetworkInterface({ id: ids["port-db"]! })).ipAddress).toBe(
      "10.0.0.31",
    );
    await expect(lookups.getNetworkInterface({ name: "port" })).rejects.toThrow(
      /getNetworkInterface: no network interface matches/,
    );
    await expect(lookups.getNetworkInterfaces({ ipAddress: "10.0.0" })).rejects.toThrow(
      LookupError,
    );
    await expect(
      lookups.getNetworkInterfaces({
        colour: "red",
      } as unknown as lookups.GetNetworkInterfacesArgs),
    ).rejects.toThrow(/unknown argument "colour"/);
  });
});
