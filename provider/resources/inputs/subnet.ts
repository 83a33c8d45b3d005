/** Inputs of the `Subnet` resource. */
import { z } from "zod";
import { Name, Uuid } from "../../../api/common";
import {
  MAX_SUBNET_PREFIX,
  MIN_SUBNET_PREFIX,
  formatIpv4,
  hostRange,
  isHostOf,
  parseIpv4,
  resolveSubnetAddress,
} from "../../../api/vm/cidr";
import {
  DnsServers,
  Ipv4Address,
  SubnetAddress,
  SubnetPrefixLength,
} from "../../../api/vm/subnets";
import { isUnknown } from "../../framework/unknowns";
import { replaces, resourceInputs, updates } from "../framework/input-fields";
import { fields } from "./common";

/** The service's field names in address problems, as the program spells them. */
const FIELD_NAMES: Record<string, string> = {
  subnet_address: "address",
  prefix_length: "prefixLength",
};

/** What a program gives a `Subnet`. */
export const SubnetInputs = resourceInputs({
  name: updates(Name.describe("Subnet name, unique in its project and zone")),
  description: fields.description,
  address: replaces(
    SubnetAddress.describe(
      "Private IPv4 network, e.g. 10.1.0.0/24 (or a bare address with prefixLength); changing it replaces the subnet",
    ),
  ),
  prefixLength: replaces(
    SubnetPrefixLength.optional().describe(
      `Mask length ${MIN_SUBNET_PREFIX}–${MAX_SUBNET_PREFIX} when address has no /mask (default 24); changing it replaces the subnet`,
    ),
  ),
  // Left unset, the service chooses (the default zone, the project's network, the first host).
  availabilityZone: fields.zone(
    "Zone name (e.g. ru.AZ-1) or id (default: the default zone); changing it replaces the subnet",
  ),
  vpcId: replaces(
    Uuid.optional().describe(
      "Virtual network (default: the project's); changing it replaces the subnet",
    ),
    { cloudDefault: true },
  ),
  routedNetwork: updates(
    z
      .boolean()
      .optional()
      .describe(
        "Routed (default true) or isolated; an isolated subnet can be made routed in place, never the reverse",
      ),
    { default: true },
  ),
  defaultGateway: replaces(
    Ipv4Address.optional().describe(
      "Gateway address (default: the first host); changing it replaces the subnet",
    ),
    { cloudDefault: true },
  ),
  dnsServers: updates(DnsServers.optional().describe("DNS servers (default none)"), {
    default: [],
  }),
  isDefault: updates(
    z
      .boolean()
      .optional()
      .describe(
        "The project's default subnet in its zone (default false); setting it moves the flag here, in place",
      ),
    { default: false },
  ),
  tags: fields.tags(),
  projectId: fields.projectId("subnet"),
  timeouts: fields.timeouts,
  adoptId: fields.adoptId("subnet"),
}).superRefine((inputs, ctx) => {
  // The service's own address rules, checked here so that a bad network never reaches it.
  if (isUnknown(inputs.address) || isUnknown(inputs.prefixLength)) return;
  const resolved = resolveSubnetAddress(inputs.address, inputs.prefixLength);
  if (!resolved.ok) {
    const message = resolved.message
      .replace(/\bsubnet_address\b/g, "address")
      .replace(/\bprefix_length\b/g, "prefixLength");
    ctx.addIssue({ code: "custom", path: [FIELD_NAMES[resolved.field]!], message });
    return;
  }
  if (inputs.defaultGateway === undefined || isUnknown(inputs.defaultGateway)) return;
  const gateway = parseIpv4(inputs.defaultGateway);
  if (gateway !== undefined && !isHostOf(resolved.network, gateway)) {
    const { first, last } = hostRange(resolved.network);
    ctx.addIssue({
      code: "custom",
      path: ["defaultGateway"],
      message: `${inputs.defaultGateway} is not a host address of ${resolved.cidr}; use an address from ${formatIpv4(first)} to ${formatIpv4(last)}`,
    });
  }
});

/** The parsed inputs of a Subnet. */
export type SubnetInputs = z.output<typeof SubnetInputs>;
