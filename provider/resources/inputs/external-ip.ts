/** Inputs of the `ExternalIp` resource. */
import { z } from "zod";
import { Description, Name } from "../../../api/common";
import { ProjectIdInput, TagsInput, TimeoutsInput, ZoneInput } from "./common";

/** What a program gives an `ExternalIp`. */
export const ExternalIpInputs = z.strictObject({
  name: Name.describe("Address name (need not be unique); updates in place"),
  description: Description.optional().describe("Description (default empty); updates in place"),
  availabilityZone: ZoneInput.describe(
    "Zone name (e.g. ru.AZ-1) or id (default: the default zone); only VMs of this zone can take the address; changing it replaces the address",
  ),
  tags: TagsInput.describe("Tags, by name or id (default none); updates in place"),
  projectId: ProjectIdInput.describe(
    "Project id (default: the provider's vmcloud:projectId); changing it replaces the address",
  ),
  timeouts: TimeoutsInput,
});

/** The parsed inputs of an ExternalIp. */
export type ExternalIpInputs = z.output<typeof ExternalIpInputs>;
