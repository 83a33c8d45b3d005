// `vmcloud-program-conflicts` against what exists: a program's new disk attached (DiskAttachment)
// to a VM that exists already, given by its id, in another zone. The provider cannot tell which
// resource the unknown disk id comes from in a program that sends no facts of it (YAML), so the
// pack reads the VM from the real emulator with the stack's connection settings and names both;
// a VM of the disk's zone passes, and with no settings nothing is read or reported.
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { useStackConfig } from "../../policy/lib/stack-config";
import { programConflicts } from "../../policy/rules/program-conflicts";
import { makeApiVm, type ApiVm } from "../support/api-vm";
import { startTestEmulator, type TestEmulator } from "../support/emulator";
import {
  UNKNOWN_STRING,
  urnOf,
  validateStack,
  violations,
  type TestResource,
} from "./support/harness";

let emu: TestEmulator;
let az1: ApiVm;
let az2: ApiVm;

beforeAll(async () => {
  emu = await startTestEmulator({ speed: 20 });
  az1 = await makeApiVm(emu, { name: "existing-az1", zone: "ru.AZ-1" });
  az2 = await makeApiVm(emu, { name: "existing-az2", zone: "ru.AZ-2" });
}, 60_000);
afterAll(async () => emu.close());
afterEach(() => {
  useStackConfig([]);
  vi.unstubAllEnvs();
});

/** The stack's connection settings, as `pulumi config set vmcloud:*` gives them. */
function connect(): void {
  for (const name of ["VMCLOUD_ENDPOINT", "VMCLOUD_TOKEN", "VMCLOUD_PROJECT_ID"]) {
    vi.stubEnv(name, "");
  }
  useStackConfig([
    ["vmcloud:endpoint", emu.url],
    ["vmcloud:token", emu.token],
    ["vmcloud:projectId", emu.fixtures.vm.projectId],
  ]);
}

/** A new disk of ru.AZ-2 attached to the existing VM `vmId`. */
function stackOf(vmId: string): TestResource[] {
  return [
    {
      type: "Disk",
      name: "data",
      props: { name: "pe-data", size: 10, availabilityZone: "ru.AZ-2" },
    },
    {
      type: "DiskAttachment",
      name: "attach",
      props: { diskId: UNKNOWN_STRING, vmId },
      propertyDependencies: { diskId: ["data"] },
    },
  ];
}

describe("vmcloud-program-conflicts with resources that exist", () => {
  it("reports a new disk attached to an existing VM of another zone, naming both", async () => {
    connect();
    const stack = stackOf(az1.id);
    const outcome = await validateStack(programConflicts, stack);
    expect(outcome).toEqual({
      kind: "violations",
      messages: [
        expect.stringMatching(
          new RegExp(
            `^DiskAttachment "attach": vmId: .*Disk "data" of this program.*ru\\.AZ-2.*VM existing-az1 \\(${az1.id}\\).*ru\\.AZ-1`,
          ),
        ),
      ],
      urns: [urnOf(stack[1]!)],
    });
  });

  it("passes the same disk attached to an existing VM of its zone", async () => {
    connect();
    expect(violations(await validateStack(programConflicts, stackOf(az2.id)))).toEqual([]);
  });

  it("reads nothing and reports nothing without connection settings", async () => {
    for (const name of ["VMCLOUD_ENDPOINT", "VMCLOUD_TOKEN", "VMCLOUD_PROJECT_ID"]) {
      vi.stubEnv(name, "");
    }
    await emu.call("DELETE", "/_emulator/requests");
    expect(violations(await validateStack(programConflicts, stackOf(az1.id)))).toEqual([]);
    const log = await emu.call("GET", "/_emulator/requests");
    expect((log.body as { requests: unknown[] }).requests).toEqual([]);
  });
});
