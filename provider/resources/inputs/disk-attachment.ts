/** Inputs of the `DiskAttachment` resource. */
import { z } from "zod";
import { Uuid } from "../../../api/common";
import { TimeoutsInput } from "./common";

/** What a program gives a `DiskAttachment`: the disk and the VM. Both replace. */
export const DiskAttachmentInputs = z.strictObject({
  diskId: Uuid.describe("Id of the disk to attach; changing it replaces the attachment"),
  vmId: Uuid.describe(
    "Id of the VM, in the disk's project and zone; changing it replaces the attachment",
  ),
  timeouts: TimeoutsInput,
});

/** The parsed inputs of a DiskAttachment. */
export type DiskAttachmentInputs = z.output<typeof DiskAttachmentInputs>;
