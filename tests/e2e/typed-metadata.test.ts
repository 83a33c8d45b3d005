// The typed image metadata inputs under the real Pulumi engine against the emulator: a VM
// whose program sets hostname, userName and sshPublicKeys lands with them in the image's
// fields (hostname, username, ssh_pub_key on ubuntu-22.04) of the emulator's record, with the
// password set for that login; `pulumi preview` refuses userName for an image with no login
// field, naming it, with nothing sent; and an import of a VM made through the API with those
// values reads them back, so the program that states them imports with no change.
// Never skipped: if the engine cannot be built, `beforeAll` fails.
import { describe, expect, it } from "vitest";
import { changes } from "./support/example-stack";
import { useFixtureStacks } from "./support/fixture-stacks";

const OP_TIMEOUT = 180_000;
const PASSWORD = "Typ3d-metadata!";
const KEYS = ["ssh-ed25519 AAAAC3NzaC1lZDI1NTE5 ops@example.com", "ssh-rsa AAAAB3NzaC1yc2E ci"];

const { emulator, open: openStack } = useFixtureStacks("new-user-vm");

interface VmRecord {
  status: string;
  password_logins: string[];
  metadata_fields: Array<{ name: string; value: string }>;
}

/** The emulator's record of VM `id`. */
async function vmRecord(id: string): Promise<VmRecord | undefined> {
  const reply = await emulator.call("GET", "/_emulator/state");
  return (reply.body as { vm: { vms: Record<string, VmRecord> } }).vm.vms[id];
}

const fieldsOf = (record: VmRecord | undefined) =>
  record?.metadata_fields.map((f) => [f.name, f.value]);

describe("a VM whose program sets hostname, userName and sshPublicKeys", () => {
  it(
    "lands with them in the image's fields, the password set for that login, and no change after",
    async () => {
      const example = await openStack(
        {
          name: "typed-1",
          image: "ubuntu-22.04",
          hostname: "typed-1.internal",
          userName: "ops",
          sshPublicKeys: JSON.stringify(KEYS),
        },
        PASSWORD,
      );
      const up = await example.stack.up();
      expect(up.summary.result).toBe("succeeded");
      const vmId = up.outputs["vmId"]!.value as string;
      const record = await vmRecord(vmId);
      expect(record?.status).toBe("running");
      expect(fieldsOf(record)).toEqual([
        ["hostname", "typed-1.internal"],
        ["username", "ops"],
        ["ssh_pub_key", KEYS.join("\n")],
      ]);
      expect(record?.password_logins).toEqual(["ops"]);
      expect(up.outputs["userName"]?.value).toBe("ops");
      expect(up.outputs["sshPublicKeys"]?.value).toEqual(KEYS);
      expect(up.outputs["hostname"]?.value).toBe("typed-1.internal");
      const preview = await example.stack.preview();
      expect(changes(preview.changeSummary)).toEqual({});
    },
    OP_TIMEOUT,
  );

  it(
    "fails at preview for an image with no login field, naming userName, with nothing sent",
    async () => {
      const example = await openStack({
        name: "typed-win",
        image: "windows-2022",
        bootDiskSize: "50",
        userName: "admin",
      });
      await emulator.call("DELETE", "/_emulator/requests");
      const text = await example.stack.preview().then(
        () => "preview succeeded",
        (error: unknown) => String(error),
      );
      expect(text).toMatch(/userName/);
      expect(text).toMatch(/image windows-2022 has no linux_login field to take userName/);
      const log = await emulator.call("GET", "/_emulator/requests");
      const sent = (log.body as { requests: Array<{ method: string }> }).requests;
      expect(sent.filter((r) => r.method !== "GET")).toEqual([]);
    },
    OP_TIMEOUT,
  );
});

describe("an import of a VM made with those values through the API", () => {
  it(
    "reads them back: the program that states them imports with no change",
    async () => {
      const { vm } = emulator.fixtures;
      const id = (list: Array<{ id: string; name: string }>, item: string) =>
        list.find((entry) => entry.name === item)!.id;
      const created = await emulator.call("POST", "/api/v1.1/vms", {
        body: [
          {
            project_id: vm.projectId,
            availability_zone_id: id(vm.zones, "ru.AZ-1"),
            name: "typed-imported",
            flavor_id: id(vm.flavors, "gen-2-4"),
            image_id: id(vm.images, "ubuntu-22.04"),
            disks: [
              { name: "typed-imported-boot", size: 10, disk_type_id: id(vm.diskTypes, "SSD") },
            ],
            image_metadata: { hostname: "imp", username: "deploy", ssh_pub_key: KEYS[0] },
          },
        ],
      });
      expect(created.status, created.text).toBe(201);
      const vmId = (created.body as Array<{ id: string }>)[0]!.id;
      await emulator.waitFor(
        `/api/v1/vms/${vmId}`,
        (body, status) => status === 200 && (body as { state: string }).state === "running",
      );
      const example = await openStack({
        name: "typed-imported",
        image: "ubuntu-22.04",
        hostname: "imp",
        userName: "deploy",
        sshPublicKeys: JSON.stringify([KEYS[0]]),
        importId: vmId,
      });
      const up = await example.stack.up();
      expect(up.summary.resourceChanges).toMatchObject({ import: 1 });
      expect(up.outputs["userName"]?.value).toBe("deploy");
      expect(up.outputs["sshPublicKeys"]?.value).toEqual([KEYS[0]]);
      const preview = await example.stack.preview();
      expect(changes(preview.changeSummary)).toEqual({});
    },
    OP_TIMEOUT,
  );
});
