/** Inputs of the `Disk` resource. */
import { z } from "zod";
import { Name } from "../../../api/common";
import { DISK_MAX_SIZE, DiskSize } from "../../../api/vm/disks";
import { replaces, resourceInputs, updates } from "../framework/input-fields";
import { NameOrId, fields } from "./common";

/** What a program gives a `Disk`. */
export const DiskInputs = resourceInputs({
  name: updates(
    Name.describe(
      "Disk name, unique in its project and zone; changing it renames the disk in place",
    ),
  ),
  description: fields.description,
  size: updates(DiskSize.describe(`Size in GB, 1–${DISK_MAX_SIZE}; grows in place, never shrinks`)),
  // Left unset, the provider's project, the project's default zone and the zone's default
  // type are used; whatever the cloud chose is then not a change.
  diskType: replaces(
    NameOrId.optional().describe(
      "Disk type name (e.g. SSD) or id (default: the zone's default type); changing it replaces the disk",
    ),
    { cloudDefault: true },
  ),
  availabilityZone: fields.zone(
    "Availability zone name (e.g. ru.AZ-1) or id (default: the project's default zone); changing it replaces the disk",
  ),
  readonly: updates(z.boolean().optional().describe("Read-only disk (default false)"), {
    default: false,
  }),
  shared: updates(
    z.boolean().optional().describe("Attachable to several VMs at once (default false)"),
    { default: false },
  ),
  // Not replacing: the service's update request takes it and applies it in place, and
  // replacing would throw the data away.
  encrypted: updates(z.boolean().optional().describe("Encrypted disk (default false)"), {
    default: false,
  }),
  tags: fields.tags("Tags by name or id (default none)"),
  projectId: fields.projectId("disk"),
  timeouts: fields.timeouts,
  adoptId: fields.adoptId("disk"),
});

/** The parsed inputs of a Disk. */
export type DiskInputs = z.output<typeof DiskInputs>;
