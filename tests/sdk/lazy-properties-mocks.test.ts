/**
 * A program's unit tests under Pulumi's mocks (`pulumi.runtime.setMocks`, as Pulumi's testing
 * guide writes them) read the properties a program did not give as they read registered ones:
 * each is made on its first read from the state the mock answered (Pulumi's mock monitor serves
 * the read by URN, sdk/lazy-output-properties.ts), and a property the mock left out is
 * undefined. The same under the real engine: tests/e2e/lazy-properties.test.ts.
 */
import * as pulumi from "@pulumi/pulumi";
import { beforeAll, describe, expect, it } from "vitest";
import { Disk, Vm } from "../../sdk";

const created: string[] = [];

beforeAll(async () => {
  await pulumi.runtime.setMocks(
    {
      newResource: (args) => {
        created.push(args.name);
        return {
          id: `${args.name}-id`,
          // What a provider would add to the inputs: a filled-in input and an output.
          state: { ...args.inputs, availabilityZone: "ru.AZ-2", state: "running" },
        };
      },
      call: () => ({}),
    },
    "lazy",
    "test",
    false,
  );
});

function valueOf<T>(output: pulumi.Output<T>): Promise<T> {
  return new Promise((resolve) => output.apply(resolve));
}

describe("properties a program did not give, under Pulumi's mocks", () => {
  it("hold what the mock answered, and given inputs what was given", async () => {
    const vm = new Vm("web", {
      name: "web",
      flavor: "burst-1-1",
      image: "ubuntu-22.04",
      bootDisk: { size: 10 },
    });
    const disk = new Disk("data", { name: "data", size: 10 });
    expect(await valueOf(vm.availabilityZone)).toBe("ru.AZ-2");
    expect(await valueOf(vm.state)).toBe("running");
    expect(await valueOf(disk.availabilityZone)).toBe("ru.AZ-2");
    expect(await valueOf(vm.name)).toBe("web");
    expect(await valueOf(vm.id)).toBe("web-id");
    // Neither given nor in the mock's state.
    expect(await valueOf(vm.privateIp)).toBeUndefined();
    // Reading the state registers nothing more.
    expect(created.filter((name) => name === "web" || name === "data").sort()).toEqual([
      "data",
      "web",
    ]);
  });

  it("are the same object on every read, and depend on their resource", async () => {
    const disk = new Disk("logs", { name: "logs", size: 10 });
    expect(disk.state).toBe(disk.state);
    const dependsOn = await (
      disk.state as unknown as { allResources(): Promise<Set<pulumi.Resource>> }
    ).allResources();
    expect([...dependsOn]).toContain(disk);
  });
});
