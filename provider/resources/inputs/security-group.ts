/** Inputs of the `SecurityGroup` resource. */
import { z } from "zod";
import { Description, Name } from "../../api/common";
import { ProjectIdInput, TagsInput, TimeoutsInput, ZoneInput } from "./common";
import { RuleSpec } from "./security-group-rule";

/** What a program gives a `SecurityGroup`. */
export const SecurityGroupInputs = z.strictObject({
  name: Name.describe("Group name; updates in place"),
  description: Description.optional().describe("Description; updates in place"),
  availabilityZone: ZoneInput.describe("Zone; changing it replaces the group"),
  rules: z
    .array(RuleSpec)
    .max(200)
    .optional()
    .describe("Inline rules, managed as a set (do not mix with SecurityGroupRule on the same group)"),
  tags: TagsInput,
  projectId: ProjectIdInput,
  timeouts: TimeoutsInput,
});

/** The parsed inputs of a SecurityGroup. */
export type SecurityGroupInputs = z.output<typeof SecurityGroupInputs>;
