/**
 * Schemas of the VM service's address lookups: the blocks of a size still free in a project's
 * virtual network (`/api/v1/available-subnets`) and the host addresses still free in a subnet
 * (`/api/v1/available-ip-addresses`). Both answer pages of plain strings.
 */
import { z } from "zod";
import { PageQuery, Uuid, Uuid4, paginated, queryInt } from "../common";
import { MAX_SUBNET_PREFIX, MIN_SUBNET_PREFIX, isPrivateIpv4Network, parseIpv4Cidr } from "./cidr";

/** Query of `GET /api/v1/available-subnets`. */
export const AvailableSubnetsQuery = z.object({
  project_id: Uuid4.describe("Project whose virtual network is searched"),
  vpc_id: Uuid4.optional().describe("The project's virtual network (default: the project's)"),
  subnet_mask: queryInt(MIN_SUBNET_PREFIX, MAX_SUBNET_PREFIX).describe(
    `Prefix length of the blocks listed (${MIN_SUBNET_PREFIX}–${MAX_SUBNET_PREFIX})`,
  ),
  base_subnet_address: z
    .string()
    .refine(
      (v) => {
        const network = parseIpv4Cidr(v);
        return network !== undefined && isPrivateIpv4Network(network);
      },
      { message: "must be a private IPv4 network (RFC 1918) such as 10.0.0.0/16" },
    )
    .describe("Network the blocks are taken from, e.g. 10.0.0.0/16"),
  ...PageQuery.shape,
});
/** Parsed {@link AvailableSubnetsQuery}. */
export type AvailableSubnetsQuery = z.output<typeof AvailableSubnetsQuery>;

/** `PaginationResponse_IPv4Network_`: free blocks, in address order. */
export const AvailableSubnetsPage = paginated(
  z.string().describe("A free block, e.g. 10.0.4.0/24"),
);

/** Query of `GET /api/v1/available-ip-addresses`. */
export const AvailableIpAddressesQuery = z.object({
  subnet_id: Uuid.describe("Subnet whose free host addresses are listed"),
  ...PageQuery.shape,
});
/** Parsed {@link AvailableIpAddressesQuery}. */
export type AvailableIpAddressesQuery = z.output<typeof AvailableIpAddressesQuery>;

/** `PaginationResponse_IPv4Address_`: free host addresses, in address order. */
export const AvailableIpAddressesPage = paginated(
  z.string().describe("A free host address, e.g. 10.0.0.7"),
);
