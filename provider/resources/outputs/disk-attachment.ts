/** What a `DiskAttachment` records: its disk and VM, with their names when last read. */
import { z } from "zod";
import { output, resourceOutputs } from "../../framework/output-fields";
import { fields } from "./common";

/** The outputs of a DiskAttachment (each one an output property of the SDK's `DiskAttachment`). */
export const DiskAttachmentOutputs = resourceOutputs({
  /** Disk id. */
  diskId: output(z.string().describe("Disk id")),
  /** VM id. */
  vmId: output(z.string().describe("VM id")),
  /** The disk's name when last read. */
  diskName: output(z.string().describe("The disk's name when last read")),
  /** The VM's name when last read. */
  vmName: output(z.string().describe("The VM's name when last read")),
  /** True when the disk is the VM's boot disk (only possible for an imported attachment). */
  bootDisk: output(
    z
      .boolean()
      .describe(
        "True when the disk is the VM's boot disk (only possible for an imported attachment)",
      ),
  ),
  ...fields.timeouts,
});

/** The outputs of a DiskAttachment. */
export type DiskAttachmentOutputs = z.output<typeof DiskAttachmentOutputs>;
