/**
 * `SecurityGroup`: a firewall group in one availability zone, with optional inline rules
 * managed as a set. See docs/resources/security-group.md.
 */
import type * as pulumi from "@pulumi/pulumi";
import type { z } from "zod";
import type { NetworkStatus } from "../api/vm/enums";
import type {
  ArgsMatchSchema,
  Assert,
  OutputsMatchClass,
} from "../provider/resources/framework/args-match";
import type { Timeouts } from "../provider/resources/inputs/common";
import { SecurityGroupInputs } from "../provider/resources/inputs/security-group";
import type { SecurityGroupRuleSpec, SecurityGroupRuleState } from "./security-group-rule";
import { CloudObjectResource } from "./cloud-resource";

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

// SecurityGroupArgs must describe exactly the inputs the provider checks: this fails to compile if not.
type _SecurityGroupArgsMatchSchema = Assert<
  ArgsMatchSchema<SecurityGroupArgs, z.input<typeof SecurityGroupInputs>>
>;

/**
 * A security group. Import an existing one with `SecurityGroup.get(name, id)` or the `import`
 * resource option.
 */
export class SecurityGroup extends CloudObjectResource {
  // `declare`: the base constructor sets these; a class field would reset them to undefined.
  /** Group name. */
  declare public readonly name: pulumi.Output<string>;
  /** Description ("" when none). */
  declare public readonly description: pulumi.Output<string>;
  /** Availability zone name. */
  declare public readonly availabilityZone: pulumi.Output<string>;
  /** Availability zone id. */
  declare public readonly availabilityZoneId: pulumi.Output<string>;
  /** Every rule of the group when last read (managed or not), defaults filled in, in a stable order. */
  declare public readonly rules: pulumi.Output<SecurityGroupRuleState[]>;
  /** Tag names. */
  declare public readonly tags: pulumi.Output<string[]>;
  /** Tag ids, in the order of `tags`. */
  declare public readonly tagIds: pulumi.Output<string[]>;
  /** Project id. */
  declare public readonly projectId: pulumi.Output<string>;
  /** True for the zone's default group (the service never deletes it). */
  declare public readonly isDefault: pulumi.Output<boolean>;
  /** True while a network interface uses the group. */
  declare public readonly hasInterfaces: pulumi.Output<boolean>;
  /** Number of ingress rules. */
  declare public readonly ingressRuleCount: pulumi.Output<number>;
  /** Number of egress rules. */
  declare public readonly egressRuleCount: pulumi.Output<number>;
  /** State when last read: `created` once ready. */
  declare public readonly state: pulumi.Output<NetworkStatus>;
  /** Creation time (ISO 8601). */
  declare public readonly createdTime: pulumi.Output<string>;
  /** When the group or one of its rules last changed (ISO 8601), if the service says. */
  declare public readonly modifiedTime: pulumi.Output<string | undefined>;
  /** The waits in force. */
  declare public readonly timeouts: pulumi.Output<Timeouts | undefined>;
  /** The id given as `adoptId` when this resource adopted an existing object. */
  declare public readonly adoptId: pulumi.Output<string | undefined>;

  /**
   * @param name  the Pulumi resource name (not the group's name: set `args.name`)
   * @param args  the group's inputs
   * @param opts  resource options
   */
  constructor(name: string, args: SecurityGroupArgs, opts: pulumi.CustomResourceOptions = {}) {
    super(
      "SecurityGroup",
      name,
      { inputs: SecurityGroupInputs, outputs: SECURITY_GROUP_OUTPUTS, required: "name at least" },
      args,
      opts,
    );
  }
}

/**
 * The outputs of a {@link SecurityGroup} besides its inputs (each becomes an output property). Checked
 * against the class: a name the class does not declare fails to compile.
 */
const SECURITY_GROUP_OUTPUTS = [
  "availabilityZoneId",
  "tagIds",
  "isDefault",
  "hasInterfaces",
  "ingressRuleCount",
  "egressRuleCount",
  "state",
  "createdTime",
  "modifiedTime",
] as const satisfies ReadonlyArray<keyof SecurityGroup>;

// Every output the class declares is an input or listed above, and every one listed is
// declared: this fails to compile if not.
type _SecurityGroupOutputsMatchClass = Assert<
  OutputsMatchClass<
    SecurityGroup,
    keyof z.input<typeof SecurityGroupInputs>,
    (typeof SECURITY_GROUP_OUTPUTS)[number]
  >
>;
