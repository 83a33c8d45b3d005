/** Inputs of the `SecurityGroup` resource. */
import { z } from "zod";
import { Description, Name } from "../../../api/common";
import { ProjectIdInput, TagsInput, TimeoutsInput, ZoneInput } from "./common";
import { RuleSpec } from "./security-group-rule";

/** What a program gives a `SecurityGroup`. */
export const SecurityGroupInputs = z.strictObject({
  name: Name.describe("Group name (need not be unique); updates in place"),
  description: Description.optional().describe("Description (default empty); updates in place"),
  availabilityZone: ZoneInput.describe(
    "Zone name (e.g. ru.AZ-1) or id (default: the default zone); changing it replaces the group",
  ),
  rules: z
    .array(RuleSpec)
    .max(200)
    .optional()
    .describe(
      "Inline rules, managed as a set: missing ones are added and extra ones deleted in place. " +
        "Unset: the group's rules are not managed ([] deletes them all). Do not mix with SecurityGroupRule on the same group",
    ),
  tags: TagsInput.describe("Tags, by name or id (default none); updates in place"),
  projectId: ProjectIdInput.describe(
    "Project id (default: the provider's vmcloud:projectId); changing it replaces the group",
  ),
  timeouts: TimeoutsInput,
});

/** The parsed inputs of a SecurityGroup. */
export type SecurityGroupInputs = z.output<typeof SecurityGroupInputs>;
