/**
 * Schemas of the VM service's network interfaces (`/api/v1/interfaces`): the list query, the
 * create and update bodies and the answer. An interface is a port with its own address in a
 * subnet, its security groups and, optionally, an external IP. One made here may be made on a
 * VM (`vm_id`) or free, and a free one may be given to a new VM (`interfaces[].interface_id`
 * of `POST /api/v1.1/vms`); it outlives the VM then. Interfaces a VM create makes go with
 * their VM.
 */
import { z } from "zod";
import {
  Description,
  exclusivePairs,
  Name,
  PageQuery,
  paginated,
  QueryBool,
  queryArray,
  Uuid,
  Uuid4,
  issueAt,
} from "../common";
import { parseIpv4, parseIpv4Cidr } from "./cidr";
import { InterfaceType, NetworkStatus, VmStatus } from "./enums";
import { idName, NewRecordZone, Timestamps } from "./fields";
import { ExternalIpMini, FlavorMini, SecurityGroupMini, SubnetWithAddressMini } from "./minis";
import { Ipv4Address } from "./subnets";
import {
  checkDirectIp,
  checkGroupsFilter,
  checkIpAndGroups,
  externalIpFields,
  interfaceSecurity,
} from "./vm-create";

/** Path parameters of one interface. */
export const InterfaceParams = z.object({
  interface_id: Uuid4.describe("Network interface id"),
});

/** `GET /api/v1/interfaces` query: the project is required; every filter narrows the list. */
export const InterfaceListQuery = z.object({
  project_id: Uuid.describe("Project whose interfaces are listed"),
  vm_ids: queryArray(Uuid).optional().describe("Only interfaces of these VMs"),
  interface_ids: queryArray(Uuid).optional().describe("Only these interfaces"),
  vm_id: Uuid.optional().describe("Only interfaces of this VM (deprecated: use vm_ids)"),
  subnet_id: Uuid.optional().describe("Only interfaces in this subnet"),
  external_network_id: Uuid.optional().describe("Only interfaces of this public network"),
  security_group_id: Uuid.optional().describe("Only interfaces in this security group"),
  ip_address: Ipv4Address.optional().describe("Only the interface with this address"),
  empty_fip: QueryBool.optional().describe(
    "true: only interfaces without an external IP; false: only those with one",
  ),
  vpc_id: Uuid.optional().describe("Only interfaces of this virtual network"),
  ...PageQuery.shape,
});
/** The parsed value of {@link InterfaceListQuery}. */
export type InterfaceListQuery = z.output<typeof InterfaceListQuery>;

/** An IPv4 address or private network, as an allowed address pair takes. */
const PairAddress = z
  .string()
  .refine((v) => (v.includes("/") ? parseIpv4Cidr(v) !== undefined : parseIpv4(v) !== undefined), {
    message: "must be an IPv4 address (10.1.0.5) or network (10.1.0.0/24)",
  })
  .describe("IPv4 address or network the interface may also send from");

/**
 * `AllowedAddressPairScheme`: an address (or network) the interface may send from besides its
 * own, e.g. a virtual IP shared by a cluster; the MAC defaults to the interface's.
 */
export const AllowedAddressPair = z
  .strictObject({
    ip_address: PairAddress,
    mac_address: z
      .string()
      .min(12)
      .max(17)
      .optional()
      .describe("MAC address (default: the interface's own)"),
  })
  .describe("Allowed address pair");
/** The parsed value of {@link AllowedAddressPair}. */
export type AllowedAddressPair = z.output<typeof AllowedAddressPair>;

/**
 * `PublicInterfaceCreateRequest`: a new interface, on a VM (`vm_id` or `vm_name`) or free, in
 * a subnet (by id or name; default: the zone's default subnet). The project is `project_id`,
 * else the VM's or the subnet's; the zone the VM's or the subnet's, else the one named, else
 * the default zone.
 */
export const InterfaceCreateRequest = z
  .strictObject({
    project_id: Uuid.optional().describe(
      "Project of the interface (default: the VM's or subnet's)",
    ),
    ...NewRecordZone,
    vm_id: Uuid4.optional().describe(
      "Make the interface on this VM (or give vm_name; default: free)",
    ),
    vm_name: Name.optional().describe("Make the interface on this VM, by name (needs project_id)"),
    subnet_id: Uuid4.optional().describe(
      "Subnet by id (or subnet_name; default: the zone's default subnet)",
    ),
    subnet_name: Name.optional().describe("Subnet by name (or subnet_id)"),
    name: Name.describe("Interface name"),
    description: Description.optional().describe("Description (default empty)"),
    ip_address: Ipv4Address.optional().describe(
      "Fixed address in the subnet (default: the next free one)",
    ),
    security_groups: z
      .array(Uuid4)
      .optional()
      .describe("Security groups by id (default: the zone's default group)"),
    security_group_names: z
      .array(Name)
      .optional()
      .describe("Security groups by name (or security_groups)"),
    allowed_address_pairs: z
      .array(AllowedAddressPair)
      .min(1)
      .optional()
      .describe("Other addresses the interface may send from"),
    ...interfaceSecurity,
    ...externalIpFields("floating"),
    type: InterfaceType.default("regular").describe(
      "regular (default) or direct_ip; the other types are the platform's",
    ),
  })
  .superRefine(
    exclusivePairs([
      ["availability_zone_id", "availability_zone_name"],
      ["vm_id", "vm_name"],
      ["subnet_id", "subnet_name"],
      ["security_groups", "security_group_names"],
      ["attach_floating_ip_id", "attach_floating_ip_name"],
    ]),
  )
  .superRefine((value, ctx) => {
    if (value.type === "direct_ip") checkDirectIp("floating", value, ctx);
    checkIpAndGroups("floating", value, ctx);
  })
  .superRefine((value, ctx) => {
    if (value.vm_name !== undefined && value.project_id === undefined) {
      issueAt(ctx, "vm_name", "a VM by name needs project_id");
    }
    if (
      value.subnet_name !== undefined &&
      value.project_id === undefined &&
      value.vm_id === undefined
    ) {
      issueAt(ctx, "subnet_name", "a subnet by name needs project_id (or vm_id)");
    }
    if (
      value.project_id === undefined &&
      value.vm_id === undefined &&
      value.subnet_id === undefined
    ) {
      issueAt(ctx, "project_id", "give project_id (or vm_id, or subnet_id)");
    }
  });
/** The parsed value of {@link InterfaceCreateRequest}. */
export type InterfaceCreateRequest = z.output<typeof InterfaceCreateRequest>;

/**
 * `InterfaceUpdateRequest`: a partial change of name, description, security groups (by id, or
 * by name in `security_groups_names`, the document's spelling), whether they filter, and the
 * allowed address pairs (which replace the list). The real schema also accepts the integer
 * `1` as a "not provided" sentinel; we accept only real values.
 */
export const InterfaceUpdateRequest = z
  .strictObject({
    name: Name.optional().describe("New name"),
    description: Description.optional().describe("New description"),
    security_groups: z.array(Uuid4).optional().describe("New security groups by id"),
    security_groups_names: z.array(Name).optional().describe("New security groups by name"),
    interface_security_enabled: z
      .boolean()
      .optional()
      .describe("Whether security groups filter traffic"),
    allowed_address_pairs: z
      .array(AllowedAddressPair)
      .optional()
      .describe("New allowed address pairs (replace the list)"),
  })
  .superRefine(exclusivePairs([["security_groups", "security_groups_names"]]))
  .superRefine((value, ctx) =>
    checkGroupsFilter(
      value.interface_security_enabled,
      value.security_groups ?? value.security_groups_names,
      ctx,
    ),
  );
/** The parsed value of {@link InterfaceUpdateRequest}. */
export type InterfaceUpdateRequest = z.output<typeof InterfaceUpdateRequest>;

/** `VmWithFlavorMiniResponse`: the VM an interface belongs to, with its flavor. */
export const VmWithFlavorMini = z
  .object({ ...idName("VM"), state: VmStatus, flavor: FlavorMini })
  .describe("Virtual machine");
/** A value of {@link VmWithFlavorMini}. */
export type VmWithFlavorMini = z.infer<typeof VmWithFlavorMini>;

/** `AllowedAddressPairMiniResponse`: an allowed address pair as answered. */
export const AllowedAddressPairMini = z
  .object({
    ip_address: z.string().describe("IPv4 address or network"),
    mac_address: z.string().describe("MAC address"),
  })
  .describe("Allowed address pair");

/** `PublicInterfaceResponse`: one network interface. */
export const InterfaceResponse = z.object({
  ...idName("Interface"),
  ip_address: z
    .string()
    .describe("IPv4 address of the interface (a direct_ip interface: its external IP)"),
  type: InterfaceType,
  state: NetworkStatus,
  subnet: SubnetWithAddressMini.optional().describe("Its subnet (none for a direct_ip interface)"),
  description: z.string().describe("Description"),
  vm: VmWithFlavorMini.optional().describe("The VM it belongs to (none while free)"),
  security_groups: z.array(SecurityGroupMini).describe("Its security groups"),
  floating_ip: ExternalIpMini.optional().describe("Its external IP, if any"),
  primary: z.boolean().describe("true for a VM's primary interface"),
  ...Timestamps,
  interface_security_enabled: z.boolean().describe("Whether security groups filter its traffic"),
  allowed_address_pairs: z
    .array(AllowedAddressPairMini)
    .default([])
    .describe("Other addresses it may send from"),
});
/** A value of {@link InterfaceResponse}. */
export type InterfaceResponse = z.infer<typeof InterfaceResponse>;

/** `PaginationResponse_PublicInterfaceResponse_`. */
export const InterfacePage = paginated(InterfaceResponse);
/** A value of {@link InterfacePage}. */
export type InterfacePage = z.infer<typeof InterfacePage>;
