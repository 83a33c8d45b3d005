/** Inputs of the `DiskAttachment` resource. */
import type { z } from "zod";
import { replaces, resourceInputs } from "../framework/input-fields";
import { Uuid } from "../../../api/common";
import { fields } from "./common";

/** What a program gives a `DiskAttachment`: the disk and the VM. Both replace. */
export const DiskAttachmentInputs = resourceInputs({
  diskId: replaces(Uuid.describe("Id of the disk to attach; changing it replaces the attachment")),
  vmId: replaces(
    Uuid.describe(
      "Id of the VM, in the disk's project and zone; changing it replaces the attachment",
    ),
  ),
  timeouts: fields.timeouts,
});

/** The parsed inputs of a DiskAttachment. */
export type DiskAttachmentInputs = z.output<typeof DiskAttachmentInputs>;
