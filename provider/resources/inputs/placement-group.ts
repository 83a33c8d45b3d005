/** Inputs of the `PlacementGroup` resource. */
import { z } from "zod";
import { Description, Name } from "../../../api/common";
import { PlacementGroupPolicy } from "../../../api/vm/placement-groups";
import { ProjectIdInput, TagsInput, TimeoutsInput } from "./common";

/** What a program gives a `PlacementGroup`. */
export const PlacementGroupInputs = z.strictObject({
  name: Name.describe("Group name, unique in the project; updates in place"),
  description: Description.optional().describe("Description (default empty); updates in place"),
  policy: PlacementGroupPolicy.describe(
    "anti-affinity (every VM on its own host; a zone holds as many VMs of the group as it has hosts) or " +
      "soft-anti-affinity (spread as far as the hosts allow, then shared); changing it replaces the group",
  ),
  tags: TagsInput.describe("Tags, by name or id (default none); updates in place"),
  projectId: ProjectIdInput.describe(
    "Project id (default: the provider's vmcloud:projectId); changing it replaces the group",
  ),
  timeouts: TimeoutsInput,
});

/** The parsed inputs of a PlacementGroup. */
export type PlacementGroupInputs = z.output<typeof PlacementGroupInputs>;
