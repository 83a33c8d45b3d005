/**
 * `SecurityGroupRule`: one firewall rule of a security group, managed on its own. Its id is
 * `<securityGroupId>:<ruleId>`. See docs/resources/security-group-rule.md.
 */
import type * as pulumi from "@pulumi/pulumi";
import type { z } from "zod";
import type { EtherType, IpProtocol, TrafficDirection } from "../api/vm/enums";
import type { ArgsMatchSchema, Assert } from "../provider/resources/framework/args-match";
import type { Timeouts } from "../provider/resources/inputs/common";
import {
  SecurityGroupRuleInputs,
  type RuleSpec,
} from "../provider/resources/inputs/security-group-rule";
import { SecurityGroupRuleOutputs } from "../provider/resources/outputs/security-group-rule";
import { CloudObjectResource, cloudObject } from "./cloud-resource";
import type { OutputProperties } from "./output-properties";

/**
 * One rule: what traffic a security group lets through. Used by {@link SecurityGroupRuleArgs}
 * and by the inline `rules` of a `SecurityGroup`.
 */
export interface SecurityGroupRuleSpec {
  /** `ingress` (incoming) or `egress` (outgoing). */
  direction: pulumi.Input<TrafficDirection>;
  /** `IPv4` or `IPv6`. Default `IPv4`. */
  etherType?: pulumi.Input<EtherType>;
  /** `tcp`, `udp`, `icmp` or `any`. */
  protocol: pulumi.Input<IpProtocol>;
  /**
   * Ports: `"from:to"` with 1 ≤ from ≤ to ≤ 65535 (one port: `"22:22"`), or `"any"`.
   * Default `"any"`. Only tcp and udp rules take ports.
   */
  portRange?: pulumi.Input<string>;
  /**
   * Remote addresses as a CIDR of `etherType` with its host bits clear, as a subnet's address,
   * e.g. `203.0.113.0/24`, `0.0.0.0/0` or `::/0` (one address: `203.0.113.5/32`).
   * Default: any address. Give this or `remoteSecurityGroupId`, not both.
   */
  remoteIpPrefix?: pulumi.Input<string>;
  /**
   * Remote side: the members of this security group (same project and zone). Give this or
   * `remoteIpPrefix`, not both.
   */
  remoteSecurityGroupId?: pulumi.Input<string>;
  /** Free text, at most 255 characters. Default empty. */
  description?: pulumi.Input<string>;
}

// The rule spec must describe exactly the rule inputs the provider checks.
type _RuleSpecMatchSchema = Assert<
  ArgsMatchSchema<SecurityGroupRuleSpec, z.input<typeof RuleSpec>>
>;

/** A rule as the provider reports it: every default filled in. */
export interface SecurityGroupRuleState {
  direction: TrafficDirection;
  etherType: EtherType;
  protocol: IpProtocol;
  /** `"any"` or `"from:to"`. */
  portRange: string;
  /** Present when the rule names a remote CIDR. */
  remoteIpPrefix?: string;
  /** Present when the rule names a remote group. */
  remoteSecurityGroupId?: string;
  /** "" when none. */
  description: string;
}

/**
 * The inputs of a {@link SecurityGroupRule}: the group and the rule. Changing any of them
 * (except `timeouts`) replaces the rule; the new rule is added before the old one is removed.
 */
export interface SecurityGroupRuleArgs extends SecurityGroupRuleSpec {
  /** Id of the security group the rule belongs to (e.g. `group.id`). */
  securityGroupId: pulumi.Input<string>;
  /**
   * Longest waits, e.g. `{ create: "5m" }`: create until `created`, delete until gone.
   * Default 10m each. Changing them touches nothing in the cloud.
   */
  timeouts?: pulumi.Input<Timeouts>;
}

/**
 * One rule of a security group. Do not manage the same group's rules both here and in the
 * group's inline `rules`: the group would delete these rules as extra. Import an existing rule
 * with `SecurityGroupRule.get(name, "<securityGroupId>:<ruleId>")` or the `import` option.
 */
// eslint-disable-next-line @typescript-eslint/no-unsafe-declaration-merging -- see the interface below
export class SecurityGroupRule extends CloudObjectResource {
  /**
   * @param name  the Pulumi resource name
   * @param args  the rule's group and fields
   * @param opts  resource options
   */
  constructor(name: string, args: SecurityGroupRuleArgs, opts: pulumi.CustomResourceOptions = {}) {
    super(SECURITY_GROUP_RULE, name, args, opts);
  }
}

// The output properties, documented where the provider makes them (its outputs schema); the
// base constructor sets them all.
// eslint-disable-next-line @typescript-eslint/no-empty-object-type, @typescript-eslint/no-unsafe-declaration-merging
export interface SecurityGroupRule extends OutputProperties<SecurityGroupRuleOutputs> {}

/** Its input and outputs schemas: each input and output is an output property (see cloudObject). */
const SECURITY_GROUP_RULE = cloudObject<typeof SecurityGroupRule>()({
  typeName: "SecurityGroupRule",
  inputs: SecurityGroupRuleInputs,
  outputs: SecurityGroupRuleOutputs,
  required: "securityGroupId, direction and protocol at least",
});
