// Unit tests of the disk policies: size, type and encryption, over Disk resources and the
// disks a Vm creates.
import { describe, expect, it } from "vitest";
import { diskEncryption } from "../../policy/rules/disk-encryption";
import { diskMaxSize } from "../../policy/rules/disk-max-size";
import { diskType } from "../../policy/rules/disk-type";
import { UNKNOWN_STRING, validateResource, violations, type TestResource } from "./support/harness";

function disk(props: Record<string, unknown>, name = "data"): TestResource {
  return {
    type: "Disk",
    name,
    props: { name, size: 50, diskType: "SSD", encrypted: true, ...props },
  };
}
function vm(props: Record<string, unknown>): TestResource {
  return {
    type: "Vm",
    name: "web",
    props: {
      name: "web",
      flavor: "gen-2-4",
      image: "ubuntu-22.04",
      bootDisk: { size: 20 },
      ...props,
    },
  };
}
const subnet: TestResource = {
  type: "Subnet",
  name: "net",
  props: { name: "net", address: "10.0.0.0/24" },
};

describe("vmcloud-disk-max-size", () => {
  it("passes disks up to the maximum", async () => {
    expect(violations(await validateResource(diskMaxSize, disk({ size: 1024 })))).toEqual([]);
  });

  it("reports a large Disk and each large disk a VM creates, but not attached existing disks", async () => {
    expect(violations(await validateResource(diskMaxSize, disk({ size: 2000 })))).toEqual([
      expect.stringContaining('Disk "data": size is 2000 GB, more than 1024 GB'),
    ]);
    const big = vm({
      bootDisk: { size: 1500 },
      disks: [
        { name: "a", size: 10 },
        { diskId: "2b0f5c1e-0d7a-4c53-8d52-6a1b2c3d4e5f" },
        { name: "b", size: 4096 },
      ],
    });
    const messages = violations(await validateResource(diskMaxSize, big));
    expect(messages).toHaveLength(2);
    expect(messages[0]).toContain('Vm "web": bootDisk.size is 1500 GB');
    expect(messages[1]).toContain('Vm "web": disks[2].size is 4096 GB');
  });

  it("is not applicable to subnets", async () => {
    expect((await validateResource(diskMaxSize, subnet)).kind).toBe("not-applicable");
  });

  it("follows maxSizeGb", async () => {
    expect(
      violations(await validateResource(diskMaxSize, disk({ size: 100 }), { maxSizeGb: 64 })),
    ).toHaveLength(1);
    expect(
      violations(await validateResource(diskMaxSize, disk({ size: 2000 }), { maxSizeGb: 4096 })),
    ).toEqual([]);
  });

  it("skips a size unknown during preview", async () => {
    expect(violations(await validateResource(diskMaxSize, disk({ size: UNKNOWN_STRING })))).toEqual(
      [],
    );
  });
});

describe("vmcloud-disk-type", () => {
  it("passes SSD and HDD, and a disk left to the service's default type", async () => {
    expect(violations(await validateResource(diskType, disk({ diskType: "HDD" })))).toEqual([]);
    expect(violations(await validateResource(diskType, disk({ diskType: undefined })))).toEqual([]);
  });

  it("reports another type on a Disk and on a VM's boot disk", async () => {
    expect(
      violations(await validateResource(diskType, disk({ diskType: "free-tier-HDD" }))),
    ).toEqual([expect.stringContaining('Disk "data": diskType "free-tier-HDD" is not allowed')]);
    const messages = violations(
      await validateResource(diskType, vm({ bootDisk: { size: 20, diskType: "NVME" } })),
    );
    expect(messages).toEqual([
      expect.stringContaining('Vm "web": bootDisk.diskType "NVME" is not allowed'),
    ]);
  });

  it("is not applicable to subnets, nor when the allow-list is emptied", async () => {
    expect((await validateResource(diskType, subnet)).kind).toBe("not-applicable");
    const outcome = await validateResource(diskType, disk({ diskType: "NVME" }), {
      allowedDiskTypes: [],
    });
    expect(outcome).toEqual({
      kind: "not-applicable",
      reason: "allowedDiskTypes is empty: every disk type is allowed",
    });
  });

  it("follows allowedDiskTypes", async () => {
    const config = { allowedDiskTypes: ["SSD"] };
    expect(
      violations(await validateResource(diskType, disk({ diskType: "HDD" }), config)),
    ).toHaveLength(1);
    expect(violations(await validateResource(diskType, disk({ diskType: "SSD" }), config))).toEqual(
      [],
    );
  });
});

describe("vmcloud-disk-encryption", () => {
  it("passes an encrypted Disk, and a VM's boot disk (which cannot be encrypted)", async () => {
    expect(violations(await validateResource(diskEncryption, disk({ encrypted: true })))).toEqual(
      [],
    );
    expect(
      violations(await validateResource(diskEncryption, vm({ disks: [{ name: "x", size: 5 }] }))),
    ).toEqual([]);
  });

  it("reports a Disk that is not encrypted, or leaves encrypted unset", async () => {
    expect(violations(await validateResource(diskEncryption, disk({ encrypted: false })))).toEqual([
      expect.stringContaining('Disk "data": the disk is not encrypted. Fix: set encrypted: true'),
    ]);
    expect(
      violations(await validateResource(diskEncryption, disk({ encrypted: undefined }))),
    ).toHaveLength(1);
  });

  it("is not applicable to subnets", async () => {
    expect((await validateResource(diskEncryption, subnet)).kind).toBe("not-applicable");
  });

  it("with includeVmDisks, reports the new disks a VM creates", async () => {
    const withDisks = vm({
      disks: [{ name: "x", size: 5 }, { diskId: "2b0f5c1e-0d7a-4c53-8d52-6a1b2c3d4e5f" }],
    });
    const messages = violations(
      await validateResource(diskEncryption, withDisks, { includeVmDisks: true }),
    );
    expect(messages).toEqual([
      expect.stringContaining('Vm "web": disks[0] is a new disk that cannot be encrypted'),
    ]);
  });

  it("skips encryption unknown during preview", async () => {
    expect(
      violations(await validateResource(diskEncryption, disk({ encrypted: UNKNOWN_STRING }))),
    ).toEqual([]);
  });
});
