/** Inputs of the `ExternalIp` resource. */
import type { z } from "zod";
import { Description, Name } from "../../../api/common";
import { local, replaces, resourceInputs, updates } from "../framework/input-fields";
import { ProjectIdInput, TagsInput, TimeoutsInput, ZoneInput } from "./common";

/** What a program gives an `ExternalIp`. */
export const ExternalIpInputs = resourceInputs({
  name: updates(Name.describe("Address name (need not be unique)")),
  description: updates(Description.optional().describe("Description (default empty)"), {
    default: "",
  }),
  availabilityZone: replaces(
    ZoneInput.describe(
      "Zone name (e.g. ru.AZ-1) or id (default: the default zone); only VMs of this zone can take the address",
    ),
    { cloudDefault: true },
  ),
  tags: updates(TagsInput.describe("Tags, by name or id (default none)"), { default: [] }),
  projectId: replaces(
    ProjectIdInput.describe("Project id (default: the provider's vmcloud:projectId)"),
    { cloudDefault: true },
  ),
  timeouts: local(TimeoutsInput),
});

/** The parsed inputs of an ExternalIp. */
export type ExternalIpInputs = z.output<typeof ExternalIpInputs>;
