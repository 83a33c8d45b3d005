/**
 * What a `FreeTierVm` records: every input as the cloud reports it, plus what the service chose
 * for it (its flavor, boot disk and zone) and what the cloud computed.
 */
import { z } from "zod";
import { output, resourceOutputs } from "../../framework/output-fields";
import { fields } from "./common";
import { metadataOutputs, runningVmOutputs, secretVmOutputs, vmNameImageOutputs } from "./vm";

/** The outputs of a FreeTierVm (each one an output property of the SDK's `FreeTierVm`). */
export const FreeTierVmOutputs = resourceOutputs({
  ...vmNameImageOutputs,
  ...fields.zone,
  ...metadataOutputs,
  /** True when the VM has a public address. */
  externalIp: output(z.boolean().describe("True when the VM has a public address")),
  ...runningVmOutputs,
  ...fields.project,
  /** The free-tier flavor the service chose. */
  flavor: output(z.string().describe("The free-tier flavor the service chose")),
  /** Id of the free-tier flavor the service chose. */
  flavorId: output(z.string().describe("Id of the free-tier flavor the service chose")),
  /** Boot disk size in GB (as large as the free-tier disk type allows). */
  bootDiskSize: output(
    z.number().describe("Boot disk size in GB (as large as the free-tier disk type allows)"),
  ),
  ...secretVmOutputs,
  ...fields.created,
  ...fields.timeouts,
});

/** The outputs of a FreeTierVm. */
export type FreeTierVmOutputs = z.output<typeof FreeTierVmOutputs>;
