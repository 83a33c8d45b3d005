// Unit tests of `vmcloud-program-conflicts`: the mistakes between resources of one stack, with
// the rules the provider's checks use, found through the property dependencies the engine
// records while ids are unknown (a preview of a program of any language); resources that exist
// already (their outputs carry createdTime) are the service's to judge.
import { describe, expect, it } from "vitest";
import { programConflicts } from "../../policy/rules/program-conflicts";
import {
  UNKNOWN_STRING,
  urnOf,
  validateStack,
  violations,
  type TestResource,
} from "./support/harness";

const EXISTING = { createdTime: "2026-01-01T00:00:00Z" };
const vm = (
  name: string,
  props: Record<string, unknown> = {},
  deps?: Record<string, string[]>,
): TestResource => ({
  type: "Vm",
  name,
  props: {
    name: `pg-${name}`,
    flavor: "gen-2-4",
    image: "ubuntu-22.04",
    bootDisk: { size: 10 },
    ...props,
  },
  ...(deps === undefined ? {} : { propertyDependencies: deps }),
});
const subnet = (name: string, props: Record<string, unknown>): TestResource => ({
  type: "Subnet",
  name,
  props: { name: `pg-${name}`, ...props },
});
const disk = (name: string, props: Record<string, unknown> = {}): TestResource => ({
  type: "Disk",
  name,
  props: { name: `pg-${name}`, size: 10, ...props },
});

describe("vmcloud-program-conflicts", () => {
  it("reports a disk attached to a VM of another zone, found through the dependencies, on the attachment", async () => {
    const stack: TestResource[] = [
      disk("data", { availabilityZone: "ru.AZ-2" }),
      vm("app", { availabilityZone: "ru.AZ-1" }),
      {
        type: "DiskAttachment",
        name: "attach",
        props: { diskId: UNKNOWN_STRING, vmId: UNKNOWN_STRING },
        propertyDependencies: { diskId: ["data"], vmId: ["app"] },
      },
    ];
    const outcome = await validateStack(programConflicts, stack);
    expect(outcome).toEqual({
      kind: "violations",
      messages: [
        'DiskAttachment "attach": vmId: Disk "data" of this program is in availability zone ru.AZ-2 and Vm "app" ' +
          "of this program in ru.AZ-1; a disk attaches only to a VM of its zone: put the disk and the VM in one " +
          "zone, or attach the disk to a VM of its zone",
      ],
      urns: [urnOf(stack[2]!)],
    });
  });

  it("reports a VM's subnet of another zone and a fixed address outside it; one subnet dependency per interface list only", async () => {
    const net = subnet("net", { address: "10.52.0.0/24", availabilityZone: "ru.AZ-2" });
    const app = vm(
      "app",
      {
        availabilityZone: "ru.AZ-1",
        interfaces: [{ subnet: UNKNOWN_STRING, ipAddress: "10.53.0.5" }],
      },
      { interfaces: ["net"] },
    );
    expect(violations(await validateStack(programConflicts, [net, app]))).toEqual([
      expect.stringMatching(
        /^Vm "app": interfaces\[0\]\.subnet: Subnet "net" of this program is in availability zone ru\.AZ-2 and the VM in ru\.AZ-1/,
      ),
      expect.stringMatching(
        /^Vm "app": interfaces\[0\]\.ipAddress: 10\.53\.0\.5 is not a host address of Subnet "net" of this program \(10\.52\.0\.0\/24\)/,
      ),
    ]);
    // Two subnets behind one list of interfaces: which is which is not known, nothing is judged.
    const other = subnet("other", { address: "10.54.0.0/24", availabilityZone: "ru.AZ-1" });
    const two = vm(
      "two",
      {
        availabilityZone: "ru.AZ-1",
        interfaces: [{ subnet: UNKNOWN_STRING }, { subnet: UNKNOWN_STRING }],
      },
      { interfaces: ["net", "other"] },
    );
    expect(violations(await validateStack(programConflicts, [net, other, two]))).toEqual([]);
  });

  it("reports overlapping ranges, a name twice in a zone and two free-tier VMs, on the later resource", async () => {
    const stack: TestResource[] = [
      subnet("first", { address: "10.60.0.0/24", availabilityZone: "ru.AZ-1" }),
      subnet("second", { address: "10.60.0.128/25", availabilityZone: "ru.AZ-2" }),
      disk("logs", { name: "pg-logs", availabilityZone: "ru.AZ-1" }),
      disk("logs-2", { name: "pg-logs", availabilityZone: "ru.AZ-1" }),
      { type: "FreeTierVm", name: "free", props: { name: "pg-free", image: "ubuntu-22.04" } },
      { type: "FreeTierVm", name: "free-2", props: { name: "pg-free-2", image: "ubuntu-22.04" } },
    ];
    expect(violations(await validateStack(programConflicts, stack))).toEqual([
      expect.stringMatching(
        /^Subnet "second": address: 10\.60\.0\.128\/25 overlaps Subnet "first" of this program \(10\.60\.0\.0\/24, in ru\.AZ-1\)/,
      ),
      expect.stringMatching(
        /^Disk "logs-2": name: Disk "logs" of this program already has the name "pg-logs" in availability zone ru\.AZ-1/,
      ),
      expect.stringMatching(
        /^FreeTierVm "free-2": name: the organization may have only one free-tier VM, and FreeTierVm "free" of this program is one already/,
      ),
    ]);
  });

  it("reports a VM, security group or external IP name twice in the project, whatever the zones", async () => {
    const stack: TestResource[] = [
      vm("east", { availabilityZone: "ru.AZ-1" }),
      vm("west", {
        name: "pg-east",
        availabilityZone: "ru.AZ-2",
        bootDisk: { size: 10, name: "pg-west-boot" },
      }),
      { type: "SecurityGroup", name: "front", props: { name: "pg-edge" } },
      {
        type: "SecurityGroup",
        name: "back",
        props: { name: "pg-edge", availabilityZone: "ru.AZ-2" },
      },
      { type: "ExternalIp", name: "ip", props: { name: "pg-ip" } },
      { type: "ExternalIp", name: "ip-2", props: { name: "pg-ip", availabilityZone: "ru.AZ-2" } },
      // Names of different kinds do not meet.
      { type: "SecurityGroup", name: "east-group", props: { name: "pg-east" } },
    ];
    expect(violations(await validateStack(programConflicts, stack))).toEqual([
      expect.stringMatching(
        /^Vm "west": name: Vm "east" of this program already has the name "pg-east" in the project \(a VM's name is unique in its project\); give one of them another name/,
      ),
      expect.stringMatching(
        /^SecurityGroup "back": name: SecurityGroup "front" of this program already has the name "pg-edge" in the project/,
      ),
      expect.stringMatching(
        /^ExternalIp "ip-2": name: ExternalIp "ip" of this program already has the name "pg-ip" in the project/,
      ),
    ]);
  });

  it("leaves what exists to the service, and zones it cannot tell (the project's default) unjudged", async () => {
    const stack: TestResource[] = [
      subnet("old", { address: "10.61.0.0/24", ...EXISTING }),
      subnet("new", { address: "10.61.0.0/25" }),
      // Left unset, a zone is the project's default, which the pack does not resolve.
      disk("data"),
      vm(
        "app",
        { availabilityZone: "ru.AZ-1", disks: [{ diskId: UNKNOWN_STRING }] },
        { disks: ["data"] },
      ),
    ];
    expect(violations(await validateStack(programConflicts, stack))).toEqual([]);
  });

  it("passes the same stacks without their mistakes", async () => {
    const stack: TestResource[] = [
      subnet("first", { address: "10.62.0.0/24" }),
      subnet("second", { address: "10.63.0.0/24" }),
      disk("data", { availabilityZone: "ru.AZ-1" }),
      vm("app", { availabilityZone: "ru.AZ-1" }),
      {
        type: "DiskAttachment",
        name: "attach",
        props: { diskId: UNKNOWN_STRING, vmId: UNKNOWN_STRING },
        propertyDependencies: { diskId: ["data"], vmId: ["app"] },
      },
    ];
    expect(violations(await validateStack(programConflicts, stack))).toEqual([]);
  });
});
