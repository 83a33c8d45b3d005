/** Inputs of the `Disk` resource. */
import { z } from "zod";
import { Description, Name } from "../../../api/common";
import { DiskSize } from "../../../api/vm/disks";
import { NameOrId, ProjectIdInput, TagsInput, TimeoutsInput, ZoneInput } from "./common";

/** What a program gives a `Disk`. */
export const DiskInputs = z.strictObject({
  name: Name.describe(
    "Disk name, unique in its project and zone; changing it renames the disk in place",
  ),
  description: Description.optional().describe("Description (default empty); updates in place"),
  size: DiskSize.describe("Size in GB, 1–16384; grows in place, never shrinks"),
  diskType: NameOrId.optional().describe(
    "Disk type name (e.g. SSD) or id (default: the zone's default type); changing it replaces the disk",
  ),
  availabilityZone: ZoneInput.describe(
    "Availability zone name (e.g. ru.AZ-1) or id (default: the project's default zone); changing it replaces the disk",
  ),
  readonly: z.boolean().optional().describe("Read-only disk (default false); updates in place"),
  shared: z
    .boolean()
    .optional()
    .describe("Attachable to several VMs at once (default false); updates in place"),
  encrypted: z.boolean().optional().describe("Encrypted disk (default false); updates in place"),
  tags: TagsInput.describe("Tags by name or id (default none); updates in place"),
  projectId: ProjectIdInput.describe(
    "Project id (default: the provider's vmcloud:projectId); changing it replaces the disk",
  ),
  timeouts: TimeoutsInput,
});

/** The parsed inputs of a Disk. */
export type DiskInputs = z.output<typeof DiskInputs>;
