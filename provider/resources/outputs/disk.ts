/**
 * What a `Disk` records: every input as the cloud reports it (references by name, so a program
 * may give names or ids) plus what the cloud computed (disk/outputs.ts builds it from one disk
 * response).
 */
import { z } from "zod";
import { DiskStatus } from "../../../api/vm/enums";
import { output, resourceOutputs } from "../../framework/output-fields";
import { fields } from "./common";

/** The outputs of a Disk (each one an output property of the SDK's `Disk`). */
export const DiskOutputs = resourceOutputs({
  /** Disk name. */
  name: output(z.string().describe("Disk name")),
  ...fields.description,
  /** Size in GB. */
  size: output(z.number().describe("Size in GB")),
  /** Disk type name. */
  diskType: output(z.string().describe("Disk type name")),
  /** Disk type id. */
  diskTypeId: output(z.string().describe("Disk type id")),
  ...fields.zone,
  /** Read-only flag. */
  readonly: output(z.boolean().describe("Read-only flag")),
  /** Shared flag. */
  shared: output(z.boolean().describe("Shared flag")),
  /** Encrypted flag. */
  encrypted: output(z.boolean().describe("Encrypted flag")),
  ...fields.tags,
  ...fields.project,
  /** State when last read: `available` or `in_use` once created. */
  state: output(DiskStatus.describe("State when last read: `available` or `in_use` once created")),
  /** True for a VM's boot disk. */
  bootable: output(z.boolean().describe("True for a VM's boot disk")),
  /** Ids of the VMs the disk is attached to. */
  attachedVmIds: output(z.array(z.string()).describe("Ids of the VMs the disk is attached to")),
  ...fields.created,
  ...fields.timeouts,
  ...fields.adoptId,
});

/** The outputs of a Disk. */
export type DiskOutputs = z.output<typeof DiskOutputs>;
