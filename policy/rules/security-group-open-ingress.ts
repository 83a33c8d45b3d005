/**
 * `vmcloud-security-group-open-ingress`: no ingress from anywhere (0.0.0.0/0, ::/0) to
 * sensitive ports, in a `SecurityGroup`'s inline rules or a `SecurityGroupRule`.
 */
import { parsePortRange } from "../../api/vm/cidr";
import { label, stringList, resourceRule, type RuleResource } from "../lib/define";
import { previewAfter, withValue } from "../lib/fix-effect";
import { asArray, asObject, asString, isUnknown, type Props } from "../lib/values";

/** Configuration of {@link securityGroupOpenIngress}. */
export interface SecurityGroupOpenIngressConfig {
  /** Ports that must not be open to the world. */
  sensitivePorts: number[];
  /** Sensitive ports that may be open to the world anyway. */
  allowedPorts: number[];
  /** Security groups (or SecurityGroupRule resources) exempt, by Pulumi resource name or `name`. */
  allowedGroups: string[];
}

/** SSH, RDP and the usual database and cache ports. */
export const DEFAULT_SENSITIVE_PORTS: readonly number[] = [
  22, // SSH
  3389, // RDP
  1433, // SQL Server
  1521, // Oracle
  3306, // MySQL, MariaDB
  5432, // PostgreSQL
  5984, // CouchDB
  6379, // Redis
  9042, // Cassandra
  9200, // Elasticsearch, OpenSearch
  11211, // Memcached
  27017, // MongoDB
];

/**
 * Whether a rule's remote side is the whole internet: a prefix of length 0 (`0.0.0.0/0`,
 * `::/0`), or no remote at all (neither a prefix nor a remote group), which the service
 * treats as any address.
 */
function fromAnywhere(rule: Props): boolean | undefined {
  const prefix = asString(rule["remoteIpPrefix"]);
  const group = rule["remoteSecurityGroupId"];
  if (isUnknown(prefix) || isUnknown(group)) return undefined;
  if (typeof prefix === "string") return /\/0+$/.test(prefix.trim());
  return group === undefined || group === null;
}

/** The sensitive ports an ingress rule opens to the world, or [] (also when unknown). */
function exposedPorts(rule: Props, ports: readonly number[]): number[] {
  if (rule["direction"] !== "ingress" || fromAnywhere(rule) !== true) return [];
  const protocol = rule["protocol"];
  if (protocol !== "tcp" && protocol !== "udp" && protocol !== "any") return [];
  const portRange = rule["portRange"];
  if (isUnknown(portRange)) return [];
  if (portRange === undefined || portRange === null || portRange === "any") return [...ports];
  if (typeof portRange !== "string") return [];
  const range = parsePortRange(portRange);
  if ("error" in range) return [];
  return range.any ? [...ports] : ports.filter((p) => p >= range.from && p <= range.to);
}

function isExempt(resource: RuleResource, allowed: readonly string[]): boolean {
  const name = resource.props["name"];
  return allowed.includes(resource.name) || (typeof name === "string" && allowed.includes(name));
}

/** The prefix the fix text suggests (a documentation range, RFC 5737): never from anywhere. */
const NARROW_PREFIX = "203.0.113.0/24";

/** Rules, one per inline rule of a group or the rule resource itself, with where they are. */
function rulesOf(
  resource: RuleResource,
): Array<{ where: string; path: Array<string | number>; rule: Props }> {
  if (resource.typeName === "SecurityGroupRule")
    return [{ where: "the rule", path: [], rule: resource.props }];
  const rules = asArray(resource.props["rules"]);
  if (!Array.isArray(rules)) return [];
  return rules.flatMap((item, i) => {
    const rule = asObject(item);
    return typeof rule === "object" ? [{ where: `rules[${i}]`, path: ["rules", i], rule }] : [];
  });
}

/**
 * Rules whose remote side or ports are unknown during preview are skipped (`up` checks them
 * again); ICMP rules have no ports and never match.
 */
export const securityGroupOpenIngress = resourceRule<SecurityGroupOpenIngressConfig>({
  name: "vmcloud-security-group-open-ingress",
  description:
    "Security groups must not allow ingress from anywhere (0.0.0.0/0 or ::/0) to sensitive ports (SSH, RDP, databases).",
  enforcementLevel: "mandatory",
  appliesTo: ["SecurityGroup", "SecurityGroupRule"],
  configSchema: {
    properties: {
      sensitivePorts: {
        type: "array",
        items: { type: "integer", minimum: 1, maximum: 65535 },
        default: [...DEFAULT_SENSITIVE_PORTS],
        description: "Ports that must not be reachable from anywhere.",
      },
      allowedPorts: {
        type: "array",
        items: { type: "integer", minimum: 1, maximum: 65535 },
        default: [],
        description: "Sensitive ports that may be reachable from anywhere all the same.",
      },
      allowedGroups: stringList(
        [],
        "SecurityGroup or SecurityGroupRule resources exempt from this rule, by Pulumi resource name or by name.",
      ),
    },
  },
  async check(resource, config) {
    if (isExempt(resource, config.allowedGroups)) return [];
    const ports = config.sensitivePorts.filter((p) => !config.allowedPorts.includes(p));
    const open = rulesOf(resource).flatMap(({ where, path, rule }) => {
      const exposed = exposedPorts(rule, ports);
      return exposed.length === 0 ? [] : [{ where, path, rule, exposed }];
    });
    return Promise.all(
      open.map(async ({ where, path, rule, exposed }) => {
        const remote =
          typeof rule["remoteIpPrefix"] === "string" ? rule["remoteIpPrefix"] : "any address";
        const shows = await previewAfter(
          resource.typeName === "SecurityGroupRule" ? "SecurityGroupRule" : "SecurityGroup",
          resource.props,
          withValue(resource.props, [...path, "remoteIpPrefix"], NARROW_PREFIX),
        );
        return (
          `${label(resource)}: ${where} allows ingress from ${remote} to sensitive port(s) ${exposed.join(", ")}. ` +
          `Fix: narrow remoteIpPrefix to your own network (e.g. ${NARROW_PREFIX}) or use remoteSecurityGroupId; ` +
          "to accept it, add the port to allowedPorts or the group to allowedGroups in the config of " +
          `vmcloud-security-group-open-ingress. ${shows}`
        );
      }),
    );
  },
});
