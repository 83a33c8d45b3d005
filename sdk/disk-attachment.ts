/**
 * `DiskAttachment`: attaches a `Disk` to a VM for as long as the resource exists. Its id is
 * `<diskId>:<vmId>`. See docs/resources/disk-attachment.md.
 */
import type * as pulumi from "@pulumi/pulumi";
import type { Timeouts } from "../provider/resources/inputs/common";
import { DiskAttachmentInputs } from "../provider/resources/inputs/disk-attachment";
import { DiskAttachmentOutputs } from "../provider/resources/outputs/disk-attachment";
import { CloudObjectResource, cloudObject } from "./cloud-resource";
import type { OutputProperties } from "./output-properties";

/** The inputs of a {@link DiskAttachment}. */
export interface DiskAttachmentArgs {
  /** Id of the disk to attach (e.g. `disk.id`). Changing it replaces the attachment. */
  diskId: pulumi.Input<string>;
  /**
   * Id of the VM, in the disk's project and availability zone; it must be running or
   * stopped. Changing it replaces the attachment: the disk is detached from the old VM
   * first, then attached to the new one.
   */
  vmId: pulumi.Input<string>;
  /**
   * Longest waits, e.g. `{ create: "5m" }`: create until the disk is `in_use` and the VM
   * lists it, delete until the disk is detached. Default 10m each. Changing them touches
   * nothing in the cloud.
   */
  timeouts?: pulumi.Input<Timeouts>;
}

/**
 * One disk attached to one VM. Import an existing attachment with
 * `DiskAttachment.get(name, "<diskId>:<vmId>")` or the `import` resource option.
 */
// eslint-disable-next-line @typescript-eslint/no-unsafe-declaration-merging -- see the interface below
export class DiskAttachment extends CloudObjectResource {
  /**
   * @param name  the Pulumi resource name
   * @param args  the disk and the VM
   * @param opts  resource options
   */
  constructor(name: string, args: DiskAttachmentArgs, opts: pulumi.CustomResourceOptions = {}) {
    super(DISK_ATTACHMENT, name, args, opts);
  }
}

// The output properties, documented where the provider makes them; the base constructor sets them.
// eslint-disable-next-line @typescript-eslint/no-empty-object-type, @typescript-eslint/no-unsafe-declaration-merging
export interface DiskAttachment extends OutputProperties<DiskAttachmentOutputs> {}

/** Its input and outputs schemas: each input and output is an output property (see cloudObject). */
const DISK_ATTACHMENT = cloudObject<typeof DiskAttachment>()({
  typeName: "DiskAttachment",
  inputs: DiskAttachmentInputs,
  outputs: DiskAttachmentOutputs,
  required: "diskId and vmId",
});
