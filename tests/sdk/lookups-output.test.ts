/**
 * The Output forms of the lookups, under Pulumi's mocks in preview mode against the real
 * emulator: each resolves to what its plain form answers, takes `pulumi.Input` arguments,
 * runs during a preview when its arguments are known, stays unknown (and sends nothing) when
 * they are not, and keeps a secret argument's result secret.
 */
import * as pulumi from "@pulumi/pulumi";
import { beforeAll, describe, expect, it } from "vitest";
import type { LoggedRequest } from "../../emulator/core/request-log";
import { recordTask } from "../../emulator/vm/models/shared";
import type { VmState } from "../../emulator/vm/records";
import * as lookups from "../../sdk/lookups";
import { useLookupEmulator } from "./support/lookup-env";

const emu = useLookupEmulator();
let taskId: string;

/** The value of a known Output. */
function valueOf<T>(output: pulumi.Output<T>): Promise<T> {
  return new Promise((resolve) => output.apply(resolve));
}

function isKnown(output: pulumi.Output<unknown>): Promise<boolean> {
  // `isKnown` is how the SDK itself tells; it is not in the public typings.
  return (output as unknown as { isKnown: Promise<boolean> }).isKnown;
}

async function requests(): Promise<LoggedRequest[]> {
  return ((await emu.call("GET", "/_emulator/requests")).body as { requests: LoggedRequest[] })
    .requests;
}

beforeAll(async () => {
  taskId = recordTask(emu.emulator.store.state.vm as VmState, emu.emulator.clock, {
    name: "create_disk",
    project_id: emu.fixtures.vm.projectId,
    entity_id: "disk-1",
    entity_type: "disk",
    entity_name: "data",
    durationMs: 0,
  }).id;
});

describe("Output forms", () => {
  it("run during a preview and answer what the plain forms answer", async () => {
    expect(pulumi.runtime.isDryRun()).toBe(true);
    const zone = emu.fixtures.vm.zones[0]!.name;
    const flavorId = emu.fixtures.vm.flavors[0]!.id;
    const pairs: Array<[string, pulumi.Output<unknown>, Promise<unknown>]> = [
      [
        "getFlavors",
        lookups.getFlavorsOutput({
          cpu: pulumi.output(2),
          availabilityZone: Promise.resolve(zone),
        }),
        lookups.getFlavors({ cpu: 2, availabilityZone: zone }),
      ],
      [
        "getFlavor",
        lookups.getFlavorOutput({ id: pulumi.output(flavorId) }),
        lookups.getFlavor({ id: flavorId }),
      ],
      [
        "getAvailabilityZones",
        lookups.getAvailabilityZonesOutput({ freeTierOnly: pulumi.output(true) }),
        lookups.getAvailabilityZones({ freeTierOnly: true }),
      ],
      [
        "getAvailabilityZoneSettings",
        lookups.getAvailabilityZoneSettingsOutput(),
        lookups.getAvailabilityZoneSettings(),
      ],
      [
        "getDiskTypes",
        lookups.getDiskTypesOutput({ availabilityZone: zone }),
        lookups.getDiskTypes({ availabilityZone: zone }),
      ],
      [
        "getImages",
        lookups.getImagesOutput({ name: pulumi.output("ubuntu") }),
        lookups.getImages({ name: "ubuntu" }),
      ],
      [
        "getImage",
        lookups.getImageOutput({ name: "debian-12" }),
        lookups.getImage({ name: "debian-12" }),
      ],
      ["getOrganization", lookups.getOrganizationOutput(), lookups.getOrganization()],
      ["getProject", lookups.getProjectOutput({}), lookups.getProject({})],
      [
        "getProjectPermissions",
        lookups.getProjectPermissionsOutput(),
        lookups.getProjectPermissions(),
      ],
      [
        "getFreeTierAvailability",
        lookups.getFreeTierAvailabilityOutput(),
        lookups.getFreeTierAvailability(),
      ],
      [
        "getTasks",
        lookups.getTasksOutput({
          entityName: pulumi.output("data"),
          createdTimeEnd: "2999-01-01T00:00:00Z",
        }),
        lookups.getTasks({ entityName: "data", createdTimeEnd: new Date("2999-01-01T00:00:00Z") }),
      ],
      [
        "getTask",
        lookups.getTaskOutput({ id: pulumi.output(taskId) }),
        lookups.getTask({ id: taskId }),
      ],
    ];
    for (const [name, output, plain] of pairs) {
      const value = await valueOf(output);
      expect(value, name).toEqual(await plain);
      expect(value, name).toBeTruthy();
    }
    // The task lookup found the recorded task, so the comparison above compared real data.
    expect((await lookups.getTasks({ entityName: "data" })).ids).toEqual([taskId]);
  });

  it("a secret argument makes the result secret; plain arguments do not", async () => {
    const secret = lookups.getFlavorsOutput({ name: pulumi.secret("gen") });
    expect(await pulumi.isSecret(secret)).toBe(true);
    expect((await valueOf(secret)).names.every((n) => n.includes("gen"))).toBe(true);
    expect(await pulumi.isSecret(lookups.getFlavorsOutput({ name: "gen" }))).toBe(false);
  });

  it("an unknown argument leaves the result unknown and sends nothing", async () => {
    await emu.call("DELETE", "/_emulator/requests");
    const pending = lookups.getTaskOutput({
      id: pulumi.output(pulumi.unknown as unknown as string),
    });
    expect(await isKnown(pending)).toBe(false);
    expect(await requests()).toEqual([]);
  });
});
