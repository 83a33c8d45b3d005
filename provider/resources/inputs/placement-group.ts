/** Inputs of the `PlacementGroup` resource. */
import type { z } from "zod";
import { Description, Name } from "../../../api/common";
import { PlacementGroupPolicy } from "../../../api/vm/placement-groups";
import { local, replaces, resourceInputs, updates } from "../framework/input-fields";
import { ProjectIdInput, TagsInput, TimeoutsInput } from "./common";

/** What a program gives a `PlacementGroup`. */
export const PlacementGroupInputs = resourceInputs({
  name: updates(Name.describe("Group name, unique in the project")),
  description: updates(Description.optional().describe("Description (default empty)"), {
    default: "",
  }),
  policy: replaces(
    PlacementGroupPolicy.describe(
      "anti-affinity (every VM on its own host; a zone holds as many VMs of the group as it has hosts) or " +
        "soft-anti-affinity (spread as far as the hosts allow, then shared)",
    ),
  ),
  tags: updates(TagsInput.describe("Tags, by name or id (default none)"), { default: [] }),
  projectId: replaces(
    ProjectIdInput.describe("Project id (default: the provider's vmcloud:projectId)"),
    { cloudDefault: true },
  ),
  timeouts: local(TimeoutsInput),
});

/** The parsed inputs of a PlacementGroup. */
export type PlacementGroupInputs = z.output<typeof PlacementGroupInputs>;
