// Import under the real Pulumi engine: a VM made through the emulator's API (outside Pulumi)
// is adopted by a program that describes it and names its id with the `import` resource
// option. `up` imports it without touching it, then `preview` and `refresh` find no
// difference, and `destroy` deletes it, leaving the emulator with only its fixtures. Never
// skipped: if the engine cannot be built, `beforeAll` fails.
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { makeApiVm } from "../support/api-vm";
import { repo } from "./support/engine";
import {
  changes,
  recorder,
  stateResource,
  waitForResourceIds,
  useExampleStack,
} from "./support/example-stack";

const OP_TIMEOUT = 180_000;
const VM_TYPE = "pulumi-nodejs:dynamic/vmcloud:Vm";

describe("importing an existing VM by id with the `import` resource option", () => {
  let vmId: string;
  let vmBefore: Record<string, unknown>;

  const { emulator, example, fixtureIds } = useExampleStack("import-vm", {
    stack: async (started) => {
      // The VM comes from the API, as a console or another tool would make it.
      ({ id: vmId, body: vmBefore } = await makeApiVm(started, {
        name: "legacy-app",
        zone: "ru.AZ-2",
        flavor: "burst-2-2",
        image: "debian-12",
        bootDisk: { size: 15, diskType: "HDD" },
      }));
      return {
        workDir: join(repo, "tests/e2e/support/import-vm"),
        config: {
          vmId,
          name: "legacy-app",
          flavor: "burst-2-2",
          image: "debian-12",
          zone: "ru.AZ-2",
          bootDiskSize: "15",
          bootDiskType: "HDD",
        },
      };
    },
  });

  it(
    "imports the VM without changing it",
    async () => {
      expect((await emulator.call("DELETE", "/_emulator/requests")).status).toBeLessThan(300);
      const seen = recorder();
      const up = await example.stack.up({ onEvent: seen.onEvent });
      expect(up.summary.result).toBe("succeeded");
      expect(up.summary.resourceChanges).toEqual({ create: 1, import: 1 });
      expect(seen.steps).toEqual(
        expect.arrayContaining([expect.objectContaining({ op: "import", type: VM_TYPE })]),
      );
      expect(up.outputs["vmId"]?.value).toBe(vmId);
      expect(up.outputs["vmState"]?.value).toBe("running");

      const state = await stateResource(example.stack, "Vm", "imported");
      expect(state.id).toBe(vmId);
      expect(state.outputs).toMatchObject({
        name: "legacy-app",
        flavor: "burst-2-2",
        image: "debian-12",
        availabilityZone: "ru.AZ-2",
      });

      // The import only read: no request but GET reached the service.
      const log = await emulator.call("GET", "/_emulator/requests");
      const requests = (log.body as { requests: Array<{ method: string; url: string }> }).requests;
      expect(requests.some((r) => r.url.includes(vmId))).toBe(true);
      expect(requests.filter((r) => r.method !== "GET")).toEqual([]);

      // Still the same VM, as it was.
      const after = await emulator.call("GET", `/api/v1/vms/${vmId}`);
      expect(after.status).toBe(200);
      const body = after.body as Record<string, unknown>;
      for (const key of ["name", "flavor", "image", "interfaces", "disks", "state"]) {
        expect(body[key], key).toEqual(vmBefore[key]);
      }
    },
    OP_TIMEOUT,
  );

  it(
    "previews no difference after the import",
    async () => {
      const preview = await example.stack.preview();
      expect(changes(preview.changeSummary)).toEqual({});
      expect(preview.changeSummary).toEqual({ same: 2 });
    },
    OP_TIMEOUT,
  );

  it(
    "refreshes with no changes after the import",
    async () => {
      const refresh = await example.stack.refresh();
      expect(refresh.summary.resourceChanges).toEqual({ same: 2 });
    },
    OP_TIMEOUT,
  );

  it(
    "owns the VM from then on: `destroy` deletes it",
    async () => {
      const destroy = await example.stack.destroy();
      expect(destroy.summary.resourceChanges).toEqual({ delete: 2 });
      await emulator.waitFor(`/api/v1/vms/${vmId}`, (_body, status) => status === 404);
      expect(await waitForResourceIds(emulator, fixtureIds)).toEqual(fixtureIds);
    },
    OP_TIMEOUT,
  );
});
