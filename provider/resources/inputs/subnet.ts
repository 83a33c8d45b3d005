/** Inputs of the `Subnet` resource. */
import { z } from "zod";
import { Description, Name, Uuid } from "../../api/common";
import { MAX_SUBNET_PREFIX, MIN_SUBNET_PREFIX } from "../../api/vm/cidr";
import { DnsServers, Ipv4Address, SubnetAddress } from "../../api/vm/subnets";
import { ProjectIdInput, TagsInput, TimeoutsInput, ZoneInput } from "./common";

/** What a program gives a `Subnet`. */
export const SubnetInputs = z.strictObject({
  name: Name.describe("Subnet name; updates in place"),
  description: Description.optional().describe("Description; updates in place"),
  address: SubnetAddress.describe("Private IPv4 network, e.g. 10.1.0.0/24; changing it replaces the subnet"),
  prefixLength: z
    .number()
    .int()
    .min(MIN_SUBNET_PREFIX)
    .max(MAX_SUBNET_PREFIX)
    .optional()
    .describe("Mask length when address has no /mask; changing it replaces the subnet"),
  availabilityZone: ZoneInput.describe("Zone; changing it replaces the subnet"),
  vpcId: Uuid.optional().describe("Virtual network (default: the project's); changing it replaces the subnet"),
  routedNetwork: z.boolean().optional().describe("Routed (default true) or isolated; updates in place"),
  defaultGateway: Ipv4Address.optional().describe(
    "Gateway address (default: the first host); changing it replaces the subnet",
  ),
  dnsServers: DnsServers.optional().describe("DNS servers; updates in place"),
  isDefault: z.boolean().optional().describe("The project's default subnet in its zone (default false); updates in place"),
  tags: TagsInput,
  projectId: ProjectIdInput,
  timeouts: TimeoutsInput,
});

/** The parsed inputs of a Subnet. */
export type SubnetInputs = z.output<typeof SubnetInputs>;
