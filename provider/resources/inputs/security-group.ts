/** Inputs of the `SecurityGroup` resource. */
import { z } from "zod";
import { Name } from "../../../api/common";
import { resourceInputs, updates } from "../framework/input-fields";
import { fields } from "./common";
import { RuleSpec } from "./security-group-rule";

/** What a program gives a `SecurityGroup`. */
export const SecurityGroupInputs = resourceInputs({
  name: updates(Name.describe("Group name, unique in the project")),
  description: fields.description,
  availabilityZone: fields.zone(
    "Zone name (e.g. ru.AZ-1) or id (default: the default zone); changing it replaces the group",
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
  tags: fields.tags(),
  projectId: fields.projectId("group"),
  timeouts: fields.timeouts,
  adoptId: fields.adoptId("security group"),
});

/** The parsed inputs of a SecurityGroup. */
export type SecurityGroupInputs = z.output<typeof SecurityGroupInputs>;
