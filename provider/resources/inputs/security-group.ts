/** Inputs of the `SecurityGroup` resource. */
import { z } from "zod";
import { Description, Name } from "../../../api/common";
import { local, replaces, resourceInputs, updates } from "../framework/input-fields";
import { ProjectIdInput, TagsInput, TimeoutsInput, ZoneInput, adoptIdInput } from "./common";
import { RuleSpec } from "./security-group-rule";

/** What a program gives a `SecurityGroup`. */
export const SecurityGroupInputs = resourceInputs({
  name: updates(Name.describe("Group name (need not be unique)")),
  description: updates(Description.optional().describe("Description (default empty)"), {
    default: "",
  }),
  availabilityZone: replaces(
    ZoneInput.describe(
      "Zone name (e.g. ru.AZ-1) or id (default: the default zone); changing it replaces the group",
    ),
    { cloudDefault: true },
  ),
  // Unset rules are not managed, so they are not compared either.
  rules: updates(
    z
      .array(RuleSpec)
      .max(200)
      .optional()
      .describe(
        "Inline rules, managed as a set: missing ones are added and extra ones deleted in place. " +
          "Unset: the group's rules are not managed ([] deletes them all). Do not mix with SecurityGroupRule on the same group",
      ),
    { cloudDefault: true },
  ),
  tags: updates(TagsInput.describe("Tags, by name or id (default none)"), { default: [] }),
  projectId: replaces(
    ProjectIdInput.describe(
      "Project id (default: the provider's vmcloud:projectId); changing it replaces the group",
    ),
    { cloudDefault: true },
  ),
  timeouts: local(TimeoutsInput),
  adoptId: local(adoptIdInput("security group"), { cloudDefault: true }),
});

/** The parsed inputs of a SecurityGroup. */
export type SecurityGroupInputs = z.output<typeof SecurityGroupInputs>;
