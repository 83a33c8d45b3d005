/** Inputs of the `ExternalIp` resource. */
import type { z } from "zod";
import { Name } from "../../../api/common";
import { resourceInputs, updates } from "../framework/input-fields";
import { fields } from "./common";

/** What a program gives an `ExternalIp`. */
export const ExternalIpInputs = resourceInputs({
  name: updates(Name.describe("Address name, unique in the project")),
  description: fields.description,
  availabilityZone: fields.zone(
    "Zone name (e.g. ru.AZ-1) or id (default: the default zone); only VMs of this zone can take the address",
  ),
  tags: fields.tags(),
  projectId: fields.projectId(),
  timeouts: fields.timeouts,
});

/** The parsed inputs of an ExternalIp. */
export type ExternalIpInputs = z.output<typeof ExternalIpInputs>;
