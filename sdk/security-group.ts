/**
 * `SecurityGroup`: a firewall group in one availability zone, with optional inline rules
 * managed as a set. See docs/resources/security-group.md.
 */
import type * as pulumi from "@pulumi/pulumi";
import type { Timeouts } from "../provider/resources/inputs/common";
import { SecurityGroupInputs } from "../provider/resources/inputs/security-group";
import type { SecurityGroupRuleSpec, SecurityGroupRuleState } from "./security-group-rule";
import { SecurityGroupOutputs } from "../provider/resources/outputs/security-group";
import { CloudObjectResource, cloudObject } from "./cloud-resource";
import type { OutputProperties } from "./output-properties";

/** The inputs of a {@link SecurityGroup}. */
export interface SecurityGroupArgs {
  /**
   * Group name: 1–64 characters, a letter first, then letters, digits, `.`, `-`, `_` (need
   * not be unique). Changing it renames the group in place.
   */
  name: pulumi.Input<string>;
  /** Free text, at most 255 characters. Default empty. Updates in place. */
  description?: pulumi.Input<string>;
  /**
   * Availability zone by name (e.g. `ru.AZ-1`) or id. Default: the default zone. Changing it
   * replaces the group.
   */
  availabilityZone?: pulumi.Input<string>;
  /**
   * Inline rules, at most 200, managed as a set: order does not matter, missing rules are
   * added and extra ones deleted, in place. Unset (the default): the group's rules are shown
   * but not managed; `[]` deletes them all. Do not combine with `SecurityGroupRule` resources
   * on the same group.
   */
  rules?: pulumi.Input<pulumi.Input<SecurityGroupRuleSpec>[]>;
  /** Tags by name or id, at most 50. Default none. Updates in place (replaces the tag list). */
  tags?: pulumi.Input<pulumi.Input<string>[]>;
  /**
   * Project id. Default: the provider's `vmcloud:projectId` (or `VMCLOUD_PROJECT_ID`).
   * Changing it replaces the group.
   */
  projectId?: pulumi.Input<string>;
  /**
   * Longest waits, e.g. `{ create: "5m" }`: create until `created` (rules included), update
   * until every rule change is done, delete until gone. Default 10m each. Changing them
   * touches nothing in the cloud.
   */
  timeouts?: pulumi.Input<Timeouts>;
  /**
   * Id of an existing security group to bring under management instead of creating one, with any Pulumi
   * CLI (the `import` resource option needs the package's own dynamic-provider launcher).
   * `create` reads it, refuses (changing nothing) unless the other inputs describe it as it is,
   * and records it as this resource, as an import would; `destroy` then deletes it. Read at
   * create only: changing or removing it later changes nothing.
   */
  adoptId?: pulumi.Input<string>;
}

/**
 * A security group. Import an existing one with `SecurityGroup.get(name, id)` or the `import`
 * resource option.
 */
// eslint-disable-next-line @typescript-eslint/no-unsafe-declaration-merging -- see the interface below
export class SecurityGroup extends CloudObjectResource {
  /**
   * @param name  the Pulumi resource name (not the group's name: set `args.name`)
   * @param args  the group's inputs
   * @param opts  resource options
   */
  constructor(name: string, args: SecurityGroupArgs, opts: pulumi.CustomResourceOptions = {}) {
    super(SECURITY_GROUP, name, args, opts);
  }
}

// The output properties, documented where the provider makes them (its outputs schema); the
// base constructor sets them all. The class declares `rules` in the SDK's own rule type.
// eslint-disable-next-line @typescript-eslint/no-unsafe-declaration-merging
export interface SecurityGroup extends OutputProperties<Omit<SecurityGroupOutputs, "rules">> {
  /**
   * Every rule of the group when last read (managed or not), defaults filled in, in a stable
   * order: egress before ingress, then by ether type, protocol and ports.
   */
  readonly rules: pulumi.Output<SecurityGroupRuleState[]>;
}

/** Its input and outputs schemas: each input and output is an output property (see cloudObject). */
const SECURITY_GROUP = cloudObject<typeof SecurityGroup>()({
  typeName: "SecurityGroup",
  inputs: SecurityGroupInputs,
  outputs: SecurityGroupOutputs,
  required: "name at least",
});
