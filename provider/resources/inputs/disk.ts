/** Inputs of the `Disk` resource. */
import { z } from "zod";
import { Description, Name } from "../../api/common";
import { DiskSize } from "../../api/vm/disks";
import { NameOrId, ProjectIdInput, TagsInput, TimeoutsInput, ZoneInput } from "./common";

/** What a program gives a `Disk`. */
export const DiskInputs = z.strictObject({
  name: Name.describe("Disk name; changing it renames in place"),
  description: Description.optional().describe("Description; updates in place"),
  size: DiskSize.describe("Size in GB, 1–16384; grows in place, never shrinks"),
  diskType: NameOrId.optional().describe("Disk type name (e.g. SSD) or id; changing it replaces the disk"),
  availabilityZone: ZoneInput.describe("Zone; changing it replaces the disk"),
  readonly: z.boolean().optional().describe("Read-only disk (default false); updates in place"),
  shared: z.boolean().optional().describe("Attachable to several VMs (default false); updates in place"),
  encrypted: z.boolean().optional().describe("Encrypted disk (default false); changing it replaces the disk"),
  tags: TagsInput,
  projectId: ProjectIdInput,
  timeouts: TimeoutsInput,
});

/** The parsed inputs of a Disk. */
export type DiskInputs = z.output<typeof DiskInputs>;
