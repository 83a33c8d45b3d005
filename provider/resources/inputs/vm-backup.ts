/** Inputs of the `VmBackup` resource. */
import type { z } from "zod";
import { Name, Uuid } from "../../../api/common";
import { replaces, resourceInputs, updates } from "../framework/input-fields";
import { fields } from "./common";

/** What a program gives a `VmBackup`: a VM or a disk to back up (one of them). */
export const VmBackupInputs = resourceInputs({
  name: updates(Name.describe("Backup name (need not be unique); renames in place")),
  description: fields.description,
  vmId: replaces(
    Uuid.optional().describe(
      "The VM to back up (its configuration and every disk), running or stopped; set this or diskId; changing it takes a new backup",
    ),
  ),
  diskId: replaces(
    Uuid.optional().describe(
      "The disk to back up, available or in use; set this or vmId; changing it takes a new backup",
    ),
  ),
  projectId: fields.projectId("backup"),
  timeouts: fields.timeouts,
  adoptId: fields.adoptId("backup"),
});

/** The parsed inputs of a VmBackup. */
export type VmBackupInputs = z.output<typeof VmBackupInputs>;
