// A backup taken and restored under the real Pulumi engine against the emulator (issue 28):
// `up` makes a data disk, a VmBackup of it, restores the backup with restoreVmBackup as a new
// disk (the source untouched) and adopts that disk into the stack; the preview before passes
// and the next preview is clean. A second `up` restores nothing more (the restore's name finds
// the first one's disk). `destroy` leaves nothing but the fixtures (no disk, restored disk or
// backup). Never skipped: if the engine cannot be built, `beforeAll` fails.
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { repo } from "./support/engine";
import { changes, waitForResourceIds, useExampleStack } from "./support/example-stack";

const OP_TIMEOUT = 180_000;
const WORK_DIR = join(repo, "tests/e2e/fixtures/vm-backup");
/** Stack, data disk, backup, restored disk. */
const RESOURCES = 4;

describe("a disk's backup taken, restored as a new disk and adopted, and everything destroyed", () => {
  let prefix = "";
  const { emulator, example, fixtureIds } = useExampleStack("vm-backup", {
    stack: () => {
      prefix = `vb${Date.now().toString(36)}`;
      return { workDir: WORK_DIR, config: { prefix } };
    },
  });

  const outputs = async () =>
    Object.fromEntries(
      Object.entries(await example.stack.outputs()).map(([k, v]) => [k, v.value]),
    ) as Record<string, unknown>;
  /** The disks of the stack's prefix that the emulator holds, by name. */
  const disks = async () => {
    const reply = await emulator.call("GET", "/_emulator/state");
    const all = (reply.body as { vm: { disks: Record<string, { id: string; name: string }> } }).vm
      .disks;
    return Object.values(all)
      .filter((d) => d.name.startsWith(prefix))
      .map((d) => ({ id: d.id, name: d.name }))
      .sort((a, b) => a.name.localeCompare(b.name));
  };

  it(
    "previews, then takes the backup, restores it as a new disk and adopts that disk",
    async () => {
      const first = await example.stack.preview();
      expect(changes(first.changeSummary)).toEqual({ create: RESOURCES });
      const up = await example.stack.up();
      expect(up.summary.result).toBe("succeeded");
      expect(up.summary.resourceChanges).toEqual({ create: RESOURCES });
      const out = await outputs();
      expect(out).toMatchObject({ backupSize: 6, backupState: "created", restoredNow: true });

      const backup = await emulator.call("GET", `/api/v1/backups/${String(out["backupId"])}`);
      expect(backup.body).toMatchObject({
        state: "created",
        resource: { resource_id: out["dataId"], resource_type: "disk" },
      });
      expect(backup.body).toHaveProperty("last_restore_time");
      expect(await disks()).toEqual([
        { id: out["dataId"], name: `${prefix}-data` },
        { id: out["restoredId"], name: `${prefix}-restored` },
      ]);

      const preview = await example.stack.preview();
      expect(changes(preview.changeSummary)).toEqual({});
    },
    OP_TIMEOUT,
  );

  it(
    "a second up restores nothing more: the restore's name finds the first one's disk",
    async () => {
      const before = await outputs();
      const up = await example.stack.up();
      expect(up.summary.result).toBe("succeeded");
      expect(changes(up.summary.resourceChanges)).toEqual({});
      const out = await outputs();
      expect(out).toMatchObject({ restoredId: before["restoredId"], restoredNow: false });
      expect((await disks()).map((d) => d.name)).toEqual([`${prefix}-data`, `${prefix}-restored`]);
    },
    OP_TIMEOUT,
  );

  it(
    "destroys everything: no disk, restored disk or backup is left",
    async () => {
      const destroy = await example.stack.destroy();
      expect(destroy.summary.result).toBe("succeeded");
      expect(destroy.summary.resourceChanges).toEqual({ delete: RESOURCES });
      expect(await waitForResourceIds(emulator, fixtureIds)).toEqual(fixtureIds);
    },
    OP_TIMEOUT,
  );
});
