/**
 * What a `SecurityGroup` records: every input as the service reports it (the zone and the tags
 * by name), every rule of the group (managed or not), and what the cloud computed.
 */
import { z } from "zod";
import { NetworkStatus } from "../../../api/vm/enums";
import { output, resourceOutputs } from "../../framework/output-fields";
import { fields } from "./common";
import { RuleForm } from "./security-group-rule";

/** Every output of a SecurityGroup (each one an output property of the SDK's `SecurityGroup`). */
export const SecurityGroupOutputs = resourceOutputs({
  /** Group name. */
  name: output(z.string().describe("Group name")),
  ...fields.description,
  ...fields.zone,
  /**
   * Every rule of the group when last read (managed or not), defaults filled in, in a stable
   * order: egress before ingress, then by ether type, protocol and ports.
   */
  rules: output(
    z
      .array(RuleForm)
      .describe(
        "Every rule of the group when last read (managed or not), defaults filled in, in a stable order: " +
          "egress before ingress, then by ether type, protocol and ports",
      ),
  ),
  ...fields.tags,
  ...fields.project,
  /** True for the zone's default group (the service never deletes it). */
  isDefault: output(
    z.boolean().describe("True for the zone's default group (the service never deletes it)"),
  ),
  /** True while a network interface uses the group. */
  hasInterfaces: output(z.boolean().describe("True while a network interface uses the group")),
  /** Number of ingress rules. */
  ingressRuleCount: output(z.number().describe("Number of ingress rules")),
  /** Number of egress rules. */
  egressRuleCount: output(z.number().describe("Number of egress rules")),
  /** State when last read: `created` once ready. */
  state: output(NetworkStatus.describe("State when last read: `created` once ready")),
  ...fields.created,
  /**
   * When the group or one of its rules last changed (ISO 8601), if the service says. The
   * service moves it for both, so a refresh lists the rules again only when it or a rule count
   * moved.
   */
  modifiedTime: output(
    z
      .string()
      .optional()
      .describe(
        "When the group or one of its rules last changed (ISO 8601), if the service says. The service moves it " +
          "for both, so a refresh lists the rules again only when it or a rule count moved",
      ),
  ),
  ...fields.timeouts,
  ...fields.adoptId,
});

/** Every output of a SecurityGroup. */
export type SecurityGroupOutputs = z.output<typeof SecurityGroupOutputs>;
