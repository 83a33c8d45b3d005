/**
 * What an `Image` records: every input as the service reports it, what the image kept of its
 * disk (the minimums, the metadata fields a VM of it takes), and the zones it is offered in.
 */
import { z } from "zod";
import { output, resourceOutputs } from "../../framework/output-fields";
import { fields } from "./common";

/** Every output of an Image (each one an output property of the SDK's `Image`). */
export const ImageOutputs = resourceOutputs({
  /** Image name (what a Vm's `image` may name). */
  name: output(z.string().describe("Image name (what a Vm's `image` may name)")),
  /** Name shown to people. */
  displayName: output(z.string().describe("Name shown to people")),
  ...fields.description,
  /**
   * The disk the image was copied from, as the program gave it (the service does not report
   * it: an imported image has none).
   */
  diskId: output(
    z
      .string()
      .optional()
      .describe(
        "The disk the image was copied from, as the program gave it (the service does not report it: an imported image has none)",
      ),
  ),
  /** Fewest vCPUs a VM of the image needs. */
  minCpu: output(z.number().describe("Fewest vCPUs a VM of the image needs")),
  /** Least RAM in GB a VM of the image needs. */
  minRam: output(z.number().describe("Least RAM in GB a VM of the image needs")),
  /** Smallest boot disk in GB (at least the size of the disk it was made from). */
  minDisk: output(
    z
      .number()
      .describe("Smallest boot disk in GB (at least the size of the disk it was made from)"),
  ),
  /** The names of the metadata fields a VM of the image takes (kept from the disk's image). */
  metadataFields: output(
    z
      .array(z.string())
      .describe(
        "The names of the metadata fields a VM of the image takes (kept from the disk's image)",
      ),
  ),
  /** Names of the zones VMs may use the image in (the disk's zone). */
  availabilityZones: output(
    z.array(z.string()).describe("Names of the zones VMs may use the image in (the disk's zone)"),
  ),
  /** Ids of the zones of `availabilityZones`, in its order. */
  availabilityZoneIds: output(
    z.array(z.string()).describe("Ids of the zones of `availabilityZones`, in its order"),
  ),
  /** `created` once VMs may boot from it; on the way: `creating`, `updating`, `deleting`. */
  state: output(
    z
      .string()
      .describe(
        "`created` once VMs may boot from it; on the way: `creating`, `updating`, `deleting`",
      ),
  ),
  ...fields.project,
  ...fields.created,
  ...fields.timeouts,
  ...fields.adoptId,
});

/** Every output of an Image. */
export type ImageOutputs = z.output<typeof ImageOutputs>;
