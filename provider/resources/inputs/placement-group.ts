/** Inputs of the `PlacementGroup` resource. */
import type { z } from "zod";
import { Name } from "../../../api/common";
import { PlacementGroupPolicy } from "../../../api/vm/placement-groups";
import { replaces, resourceInputs, updates } from "../framework/input-fields";
import { fields } from "./common";

/** What a program gives a `PlacementGroup`. */
export const PlacementGroupInputs = resourceInputs({
  name: updates(Name.describe("Group name, unique in the project")),
  description: fields.description,
  policy: replaces(
    PlacementGroupPolicy.describe(
      "anti-affinity (every VM on its own host; a zone holds as many VMs of the group as it has hosts) or " +
        "soft-anti-affinity (spread as far as the hosts allow, then shared)",
    ),
  ),
  tags: fields.tags(),
  projectId: fields.projectId(),
  timeouts: fields.timeouts,
});

/** The parsed inputs of a PlacementGroup. */
export type PlacementGroupInputs = z.output<typeof PlacementGroupInputs>;
