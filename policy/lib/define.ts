/**
 * Builds `@pulumi/policy` policies from vmcloud rules: matching by type token, configuration
 * with the schema's defaults, properties read as plain data (see values.ts), and violations
 * whose message names the resource. Rules stay small pure functions over that data.
 */
import type {
  EnforcementLevel,
  PolicyConfigSchema,
  ReportViolation,
  ResourceValidationArgs,
  ResourceValidationPolicy,
  StackValidationArgs,
  StackValidationPolicy,
} from "@pulumi/policy";
import { pluginToken, TYPE_TOKENS, type VmCloudTypeName } from "../../provider/type-tokens";
import { readProps, type Props } from "./values";

/**
 * The class name of a vmcloud type token, or undefined for other resources: the dynamic
 * providers' (`pulumi-nodejs:dynamic/vmcloud:Vm`) and the provider plugin's (`vmcloud:index:Vm`,
 * from a program of any language) alike.
 */
export function typeNameOf(type: string): VmCloudTypeName | undefined {
  for (const [name, token] of Object.entries(TYPE_TOKENS)) {
    if (token === type || pluginToken(name) === type) return name as VmCloudTypeName;
  }
  return undefined;
}

/** One vmcloud resource as a resource rule sees it. */
export interface RuleResource {
  /** The SDK class name, e.g. `Vm`. */
  typeName: VmCloudTypeName;
  /** The Pulumi resource name. */
  name: string;
  /** The resource's URN. */
  urn: string;
  /** Its inputs as plain data. */
  props: Props;
}

/** How messages name a resource: `Vm "web"`. */
export function label(resource: { typeName: string; name: string }): string {
  return `${resource.typeName} "${resource.name}"`;
}

/** The JSON schema of a rule's configuration: every property has a `default`. */
export type RuleConfigSchema = PolicyConfigSchema;

/**
 * A configuration property listing strings (names or ids of zones, disk types or the program's
 * resources, tags, patterns), the shape of the rules' allow- and ignore-lists: `defaults` when
 * the config leaves it out.
 */
export function stringList(
  defaults: readonly string[],
  description: string,
): RuleConfigSchema["properties"][string] {
  return { type: "array", items: { type: "string" }, default: [...defaults], description };
}

/** The configuration a rule receives: the schema's defaults overlaid with the user's values. */
export function configWithDefaults<C extends object>(schema: RuleConfigSchema, given: object): C {
  const defaults: Record<string, unknown> = {};
  for (const [key, property] of Object.entries(schema.properties ?? {})) {
    if (typeof property === "object" && property.default !== undefined) {
      // A copy, so a rule can never change the shared default.
      defaults[key] = structuredClone(property.default);
    }
  }
  const merged: Record<string, unknown> = { ...defaults };
  for (const [key, value] of Object.entries(given)) {
    if (key !== "enforcementLevel" && value !== undefined) merged[key] = value;
  }
  return merged as C;
}

/** What every vmcloud rule declares. */
interface RuleBase {
  /** The policy name, `vmcloud-...`. */
  name: string;
  /** One sentence: what the rule requires. */
  description: string;
  /** The level used when the policy pack config does not set one. */
  enforcementLevel: EnforcementLevel;
  /** The configuration schema (may be empty); defaults live here only. */
  configSchema: RuleConfigSchema;
}

/** A rule over single resources. */
export interface ResourceRuleSpec<C extends object> extends RuleBase {
  /** The resource classes the rule applies to; any other resource is "not applicable". */
  appliesTo: readonly VmCloudTypeName[];
  /**
   * Says why the rule does not apply under this configuration (e.g. an empty allow-list),
   * or undefined when it applies.
   */
  inactiveWhen?: (config: C) => string | undefined;
  /** Says why the rule cannot judge this resource (reported "not applicable"), or undefined. */
  cannotJudge?: (resource: RuleResource, config: C) => string | undefined;
  /**
   * Returns one message per violation (naming the resource, the fix and what `pulumi preview`
   * then shows); none when compliant.
   */
  check(resource: RuleResource, config: C): string[] | Promise<string[]>;
}

/**
 * A resource policy from a rule. Resources of other types are reported not applicable,
 * values unknown during preview are skipped by the rules (the engine analyzes the resource
 * again with known values during `up`).
 */
export function resourceRule<C extends object>(
  spec: ResourceRuleSpec<C>,
): ResourceValidationPolicy {
  const validateResource = async (
    args: ResourceValidationArgs,
    reportViolation: ReportViolation,
  ) => {
    const typeName = typeNameOf(args.type);
    if (typeName === undefined || !spec.appliesTo.includes(typeName)) {
      args.notApplicable(`applies only to vmcloud ${spec.appliesTo.join(", ")} resources`);
      return;
    }
    const config = configWithDefaults<C>(spec.configSchema, args.getConfig<object>());
    const inactive = spec.inactiveWhen?.(config);
    if (inactive !== undefined) {
      args.notApplicable(inactive);
      return;
    }
    const resource: RuleResource = {
      typeName,
      name: args.name,
      urn: args.urn,
      props: readProps(args.props).props,
    };
    const cannot = spec.cannotJudge?.(resource, config);
    if (cannot !== undefined) {
      args.notApplicable(cannot);
      return;
    }
    for (const message of await spec.check(resource, config)) reportViolation(message);
  };
  return {
    name: spec.name,
    description: spec.description,
    enforcementLevel: spec.enforcementLevel,
    configSchema: spec.configSchema,
    validateResource,
  };
}

/** One resource of the stack as a stack rule sees it. */
export interface StackRuleResource {
  /** The SDK class name, or undefined for resources that are not vmcloud's. */
  typeName: VmCloudTypeName | undefined;
  /** The raw type token. */
  type: string;
  /** The Pulumi resource name. */
  name: string;
  /** The resource's URN. */
  urn: string;
  /** Its outputs as plain data (during preview: its inputs, with unknowns). */
  props: Props;
  /** URNs of the resources each property depends on (`diskId` → the Disk's URN). */
  propertyDependencies: Record<string, string[]>;
  /** URNs of every resource it depends on. */
  dependencies: string[];
}

/** A violation a stack rule reports; without `urn` it concerns the stack as a whole. */
export interface StackViolation {
  message: string;
  urn?: string;
}

/** A rule over the whole stack. */
export interface StackRuleSpec<C extends object> extends RuleBase {
  /** Says why the rule does not apply under this configuration, or undefined. */
  inactiveWhen?: (config: C) => string | undefined;
  /** Returns the violations; none when compliant. */
  check(resources: StackRuleResource[], config: C): StackViolation[] | Promise<StackViolation[]>;
}

/** A stack policy from a rule. */
export function stackRule<C extends object>(spec: StackRuleSpec<C>): StackValidationPolicy {
  const validateStack = async (args: StackValidationArgs, reportViolation: ReportViolation) => {
    const config = configWithDefaults<C>(spec.configSchema, args.getConfig<object>());
    const inactive = spec.inactiveWhen?.(config);
    if (inactive !== undefined) {
      args.notApplicable(inactive);
      return;
    }
    const resources: StackRuleResource[] = args.resources.map((r) => {
      const propertyDependencies: Record<string, string[]> = {};
      for (const [key, deps] of Object.entries(r.propertyDependencies ?? {})) {
        propertyDependencies[key] = deps.map((d) => d.urn);
      }
      return {
        typeName: typeNameOf(r.type),
        type: r.type,
        name: r.name,
        urn: r.urn,
        props: readProps(r.props).props,
        propertyDependencies,
        dependencies: (r.dependencies ?? []).map((d) => d.urn),
      };
    });
    for (const violation of await spec.check(resources, config)) {
      reportViolation(violation.message, violation.urn);
    }
  };
  return {
    name: spec.name,
    description: spec.description,
    enforcementLevel: spec.enforcementLevel,
    configSchema: spec.configSchema,
    validateStack,
  };
}
