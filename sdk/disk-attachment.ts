/**
 * `DiskAttachment`: attaches a `Disk` to a VM for as long as the resource exists. Its id is
 * `<diskId>:<vmId>`. See docs/resources/disk-attachment.md.
 */
import type * as pulumi from "@pulumi/pulumi";
import type { z } from "zod";
import type {
  ArgsMatchSchema,
  Assert,
  OutputsMatchClass,
} from "../provider/resources/framework/args-match";
import type { Timeouts } from "../provider/resources/inputs/common";
import { DiskAttachmentInputs } from "../provider/resources/inputs/disk-attachment";
import { CloudObjectResource } from "./cloud-resource";

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

// DiskAttachmentArgs must describe exactly the inputs the provider checks: this fails to compile if not.
type _DiskAttachmentArgsMatchSchema = Assert<
  ArgsMatchSchema<DiskAttachmentArgs, z.input<typeof DiskAttachmentInputs>>
>;

/**
 * One disk attached to one VM. Import an existing attachment with
 * `DiskAttachment.get(name, "<diskId>:<vmId>")` or the `import` resource option.
 */
export class DiskAttachment extends CloudObjectResource {
  // `declare`: the base constructor sets these; a class field would reset them to undefined.
  /** Disk id. */
  declare public readonly diskId: pulumi.Output<string>;
  /** VM id. */
  declare public readonly vmId: pulumi.Output<string>;
  /** The disk's name when last read. */
  declare public readonly diskName: pulumi.Output<string>;
  /** The VM's name when last read. */
  declare public readonly vmName: pulumi.Output<string>;
  /** True when the disk is the VM's boot disk (imported boot-disk attachments). */
  declare public readonly bootDisk: pulumi.Output<boolean>;
  /** The waits in force. */
  declare public readonly timeouts: pulumi.Output<Timeouts | undefined>;

  /**
   * @param name  the Pulumi resource name
   * @param args  the disk and the VM
   * @param opts  resource options
   */
  constructor(name: string, args: DiskAttachmentArgs, opts: pulumi.CustomResourceOptions = {}) {
    super(
      "DiskAttachment",
      name,
      {
        inputs: DiskAttachmentInputs,
        outputs: DISK_ATTACHMENT_OUTPUTS,
        required: "diskId and vmId",
      },
      args,
      opts,
    );
  }
}

/**
 * The outputs of a {@link DiskAttachment} besides its inputs (each becomes an output property). Checked
 * against the class: a name the class does not declare fails to compile.
 */
const DISK_ATTACHMENT_OUTPUTS = ["diskName", "vmName", "bootDisk"] as const satisfies ReadonlyArray<
  keyof DiskAttachment
>;

// Every output the class declares is an input or listed above, and every one listed is
// declared: this fails to compile if not.
type _DiskAttachmentOutputsMatchClass = Assert<
  OutputsMatchClass<
    DiskAttachment,
    keyof z.input<typeof DiskAttachmentInputs>,
    (typeof DISK_ATTACHMENT_OUTPUTS)[number]
  >
>;
