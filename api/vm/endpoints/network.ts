/**
 * Endpoints of the VM service's network slice: subnets (and the lookups of free blocks and
 * free addresses), security groups and security group rules. Every one authenticates with a bearer token and answers errors as `[{code, message}]`.
 */
import { endpoint } from "../../endpoint";
import {
  AvailableIpAddressesPage,
  AvailableIpAddressesQuery,
  AvailableSubnetsPage,
  AvailableSubnetsQuery,
} from "../available-addresses";
import {
  SecurityGroupRuleCreateRequest,
  SecurityGroupRuleListQuery,
  SecurityGroupRulePage,
  SecurityGroupRuleParams,
  SecurityGroupRuleResponse,
  SecurityGroupRuleUpdateRequest,
  SecurityGroupRulesParams,
} from "../security-group-rules";
import {
  SecurityGroupCreateRequest,
  SecurityGroupListQuery,
  SecurityGroupPage,
  SecurityGroupParams,
  SecurityGroupResponse,
  SecurityGroupUpdateRequest,
} from "../security-groups";
import {
  SubnetCreateRequest,
  SubnetListQuery,
  SubnetPage,
  SubnetParams,
  SubnetResponse,
  SubnetUpdateRequest,
} from "../subnets";
import { collection, VM_SERVICE } from "./collection";

const ACCESS = {
  401: ["missing or invalid token"],
  403: ["the token may not use the project"],
} as const;
const RULE_GROUP = "security group not found (wrong_security_group)";
/** Why a change to an existing rule is refused, whatever the change. */
const RULE_CHANGE = [
  RULE_GROUP,
  "the rule belongs to another group",
  "changes in zone forbidden",
] as const;

const subnets = collection("vm.subnets", "/api/v1/subnets", SubnetParams);
const securityGroups = collection(
  "vm.securityGroups",
  "/api/v1/security-groups",
  SecurityGroupParams,
);
const rules = collection(
  "vm.securityGroupRules",
  "/api/v1/security-groups/{security_group_id}/rules",
  SecurityGroupRuleParams,
  SecurityGroupRulesParams,
);

/** The network endpoints of the VM service. */
export const networkEndpoints = {
  listAvailableSubnets: endpoint({
    ...VM_SERVICE,
    id: "vm.availableSubnets.list",
    method: "GET",
    path: "/api/v1/available-subnets",
    summary:
      "List the blocks of a prefix length inside a base network that no subnet of the project's virtual network overlaps",
    query: AvailableSubnetsQuery,
    response: { status: 200, schema: AvailableSubnetsPage },
    errors: {
      ...ACCESS,
      404: ["project not found"],
      422: ["the project has no virtual network, or vpc_id is not its", "validation failure"],
    },
  }),
  listAvailableIpAddresses: endpoint({
    ...VM_SERVICE,
    id: "vm.availableIpAddresses.list",
    method: "GET",
    path: "/api/v1/available-ip-addresses",
    summary: "List the host addresses of a subnet that no interface and no gateway holds",
    query: AvailableIpAddressesQuery,
    response: { status: 200, schema: AvailableIpAddressesPage },
    errors: { ...ACCESS, 422: ["subnet not found", "validation failure"] },
  }),
  listSubnets: subnets.list({
    summary: "List the subnets of a project",
    query: SubnetListQuery,
    response: SubnetPage,
    errors: { ...ACCESS, 422: ["project not found", "tag not found", "validation failure"] },
  }),
  createSubnet: subnets.create({
    summary: "Create a subnet (it is `creating`, then `created`)",
    body: SubnetCreateRequest,
    response: SubnetResponse,
    errors: {
      ...ACCESS,
      409: [
        "a default subnet already exists in the project's zone",
        "the CIDR overlaps a subnet of the virtual network",
        "a subnet with this name exists in the project's zone",
      ],
      422: [
        "project not found",
        "zone not found",
        "tag not found",
        "the project has no such virtual network",
        "subnet quota exhausted",
        "changes in zone forbidden",
        "project does not exist in the zone",
        "invalid mask length",
        "invalid base address",
        "not a private network",
        "gateway not a host of the subnet",
        "validation failure",
      ],
    },
  }),
  getSubnet: subnets.get({
    summary: "Read a subnet",
    response: SubnetResponse,
    errors: { ...ACCESS, 404: ["subnet not found"], 422: ["validation failure"] },
  }),
  updateSubnet: subnets.update({
    summary: "Change a subnet's name, description, DNS servers, tags, routing or default flag",
    body: SubnetUpdateRequest,
    response: SubnetResponse,
    errors: {
      ...ACCESS,
      404: ["subnet not found"],
      409: ["a subnet with this name exists in the project's zone"],
      422: [
        "tag not found",
        "changes in zone forbidden",
        "subnet status does not permit update",
        "the project must keep a default subnet",
        "a routed subnet cannot be made isolated",
        "validation failure",
      ],
    },
  }),
  deleteSubnet: subnets.delete({
    summary: "Delete a subnet (it is `deleting`, then gone)",
    errors: {
      ...ACCESS,
      404: ["subnet not found"],
      405: ["network interfaces still use the subnet"],
      422: ["subnet status does not permit deletion", "changes in zone forbidden"],
    },
  }),
  listSecurityGroups: securityGroups.list({
    summary: "List the security groups of a project",
    query: SecurityGroupListQuery,
    response: SecurityGroupPage,
    errors: {
      ...ACCESS,
      422: ["project not found", "zone not found", "tag not found", "validation failure"],
    },
  }),
  createSecurityGroup: securityGroups.create({
    summary: "Create a security group with optional rules (it is `creating`, then `created`)",
    body: SecurityGroupCreateRequest,
    response: SecurityGroupResponse,
    errors: {
      ...ACCESS,
      422: [
        "project not found",
        "zone not found",
        "tag not found",
        "changes in zone forbidden",
        "project does not exist in the zone",
        "remote security group of a rule not found",
        "a security group with this name exists in the project",
        "validation failure",
      ],
    },
  }),
  getSecurityGroup: securityGroups.get({
    summary: "Read a security group",
    response: SecurityGroupResponse,
    errors: { ...ACCESS, 404: ["security group not found"], 422: ["validation failure"] },
  }),
  updateSecurityGroup: securityGroups.update({
    summary: "Change a security group's name, description or tags",
    body: SecurityGroupUpdateRequest,
    response: SecurityGroupResponse,
    errors: {
      ...ACCESS,
      404: ["security group not found"],
      422: [
        "status does not permit change",
        "changes in zone forbidden",
        "tag not found",
        "a security group with this name exists in the project",
        "validation failure",
      ],
    },
  }),
  deleteSecurityGroup: securityGroups.delete({
    summary: "Delete a security group and its rules (it is `deleting`, then gone)",
    errors: {
      ...ACCESS,
      404: ["security group not found"],
      405: [
        "network interfaces use the group",
        "rules of other groups name it as their remote group",
      ],
      422: [
        "the default group cannot be deleted",
        "status does not permit deletion",
        "changes in zone forbidden",
      ],
    },
  }),
  listSecurityGroupRules: rules.list({
    summary: "List the rules of a security group, oldest first",
    query: SecurityGroupRuleListQuery,
    response: SecurityGroupRulePage,
    errors: { ...ACCESS, 422: [RULE_GROUP, "validation failure"] },
  }),
  createSecurityGroupRule: rules.create({
    summary: "Add a rule to a security group (it is `creating`, then `created`)",
    body: SecurityGroupRuleCreateRequest,
    response: SecurityGroupRuleResponse,
    errors: {
      ...ACCESS,
      422: [
        RULE_GROUP,
        "the group's status does not permit new rules",
        "changes in zone forbidden",
        "remote security group not found",
        "validation failure",
      ],
    },
  }),
  getSecurityGroupRule: rules.get({
    summary: "Read a security group rule",
    response: SecurityGroupRuleResponse,
    errors: {
      ...ACCESS,
      404: ["rule not found"],
      422: [RULE_GROUP, "the rule belongs to another group", "validation failure"],
    },
  }),
  updateSecurityGroupRule: rules.update({
    summary: "Change a security group rule",
    body: SecurityGroupRuleUpdateRequest,
    response: SecurityGroupRuleResponse,
    errors: {
      ...ACCESS,
      404: ["rule not found"],
      422: [
        ...RULE_CHANGE,
        "rule status does not permit change",
        "remote security group not found",
        "validation failure",
      ],
    },
  }),
  deleteSecurityGroupRule: rules.delete({
    summary: "Delete a security group rule (it is `deleting`, then gone)",
    errors: {
      ...ACCESS,
      404: ["rule not found"],
      422: [...RULE_CHANGE, "rule status does not permit deletion"],
    },
  }),
} as const;
