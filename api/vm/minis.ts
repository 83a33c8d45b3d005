/**
 * The small "mini" objects that VM-service responses nest to name a related resource (the
 * zone of a disk, the flavor of a VM, ...). Every slice nests these, so they live once here.
 * Ids accept any UUID version: the real service documents uuid4, but a client must not break
 * if it ever answers another version.
 */
import { z } from "zod";
import { Uuid } from "../common";
import { ExternalIpStatus, InterfaceType, NetworkStatus, VmStatus } from "./enums";
import { idName } from "./fields";

/** `AvailabilityZoneMiniResponse`: the zone a resource lives in. */
export const AvailabilityZoneMini = z
  .object(idName("Availability zone"))
  .describe("Availability zone");
/** A value of {@link AvailabilityZoneMini}. */
export type AvailabilityZoneMini = z.infer<typeof AvailabilityZoneMini>;

/** `ProjectMiniResponse`: the project a resource belongs to. */
export const ProjectMini = z
  .object({
    id: Uuid.describe("Project id"),
    product_instance_id: Uuid.describe("Id of the product instance the project is bound to"),
  })
  .describe("Project");
/** A value of {@link ProjectMini}. */
export type ProjectMini = z.infer<typeof ProjectMini>;

/** `TagMiniResponse`: a tag put on a resource. */
export const TagMini = z
  .object({
    ...idName("Tag"),
    color: z.string().describe("Tag color"),
  })
  .describe("Tag");
/** A value of {@link TagMini}. */
export type TagMini = z.infer<typeof TagMini>;

/** The tags of a record. */
export const Tags = z.array(TagMini).describe("Tags");

/** `DiskTypeMiniResponse`: the type of a disk. */
export const DiskTypeMini = z
  .object({
    ...idName("Disk type"),
    free_tier: z.boolean().describe("true when a free-tier VM may use this disk type"),
  })
  .describe("Disk type");
/** A value of {@link DiskTypeMini}. */
export type DiskTypeMini = z.infer<typeof DiskTypeMini>;

/** The size of a flavor: what the flavor response and its mini both state. */
export const FlavorSize = {
  cpu: z.number().int().describe("Number of vCPUs"),
  ram: z.number().int().describe("RAM in GB"),
  gpu: z.number().int().describe("Number of GPUs"),
  oversubscription: z
    .string()
    .describe("Guaranteed vCPU share: 1:1 is 100%, 1:3 about 30%, 1:10 is 10%"),
};

/** `FlavorMiniResponse`: the flavor (size) of a VM. */
export const FlavorMini = z
  .object({
    ...idName("Flavor"),
    ...FlavorSize,
    free_tier: z.boolean().describe("true when a free-tier VM may use this flavor"),
  })
  .describe("Flavor");
/** A value of {@link FlavorMini}. */
export type FlavorMini = z.infer<typeof FlavorMini>;

/** `ImageMiniResponse`: the image a VM was built from; `type` and `display_name` may be absent. */
export const ImageMini = z
  .object({
    ...idName("Image"),
    free_tier_enabled: z.boolean().describe("true when a free-tier VM may use this image"),
    type: z.string().nullable().optional().describe("Image type: public, private or marketplace"),
    display_name: z.string().nullable().optional().describe("Name shown to people"),
  })
  .describe("Image");
/** A value of {@link ImageMini}. */
export type ImageMini = z.infer<typeof ImageMini>;

/** `SecurityGroupMiniResponse`: a security group with its state. */
export const SecurityGroupMini = z
  .object({ ...idName("Security group"), state: NetworkStatus })
  .describe("Security group");
/** A value of {@link SecurityGroupMini}. */
export type SecurityGroupMini = z.infer<typeof SecurityGroupMini>;

/** `RemoteSecurityGroupMiniResponse`: the remote group a rule refers to. */
export const RemoteSecurityGroupMini = z
  .object(idName("Security group"))
  .describe("Remote security group");
/** A value of {@link RemoteSecurityGroupMini}. */
export type RemoteSecurityGroupMini = z.infer<typeof RemoteSecurityGroupMini>;

/** `SubnetWithAddressMiniResponse`: a subnet with its state and CIDR. */
export const SubnetWithAddressMini = z
  .object({
    ...idName("Subnet"),
    state: NetworkStatus,
    routed_network: z.boolean().describe("true when the subnet is routed"),
    subnet_address: z.string().describe("Subnet address (CIDR), e.g. 10.10.0.0/24"),
  })
  .describe("Subnet");
/** A value of {@link SubnetWithAddressMini}. */
export type SubnetWithAddressMini = z.infer<typeof SubnetWithAddressMini>;

/** `FloatingIpWithNameMiniResponse`: an external IP bound to an interface. */
export const ExternalIpMini = z
  .object({
    id: Uuid.describe("External IP id"),
    ip_address: z.string().optional().describe("The public IPv4 address"),
    state: ExternalIpStatus,
    name: z.string().describe("External IP name"),
  })
  .describe("External IP");
/** A value of {@link ExternalIpMini}. */
export type ExternalIpMini = z.infer<typeof ExternalIpMini>;

/** `FloatingIpMiniResponse`: an external IP an SNAT gateway sends its traffic from. */
export const ExternalIpAddressMini = ExternalIpMini.omit({ name: true }).describe("External IP");
/** A value of {@link ExternalIpAddressMini}. */
export type ExternalIpAddressMini = z.infer<typeof ExternalIpAddressMini>;

/**
 * `PlacementGroupMiniResponse`: the placement group of a VM. The reference marks no field
 * required; its sibling `PlacementGroupLiteSchema` requires both, which is what we answer.
 */
export const PlacementGroupMini = z.object(idName("Placement group")).describe("Placement group");
/** A value of {@link PlacementGroupMini}. */
export type PlacementGroupMini = z.infer<typeof PlacementGroupMini>;

/** `InterfaceMiniResponse`: the network interface an external IP is bound to. */
export const InterfaceMini = z
  .object({
    ...idName("Interface", "Interface name, e.g. eth0"),
    ip_address: z.string().describe("IPv4 address of the interface"),
    type: InterfaceType,
    state: NetworkStatus,
  })
  .describe("Network interface");
/** A value of {@link InterfaceMini}. */
export type InterfaceMini = z.infer<typeof InterfaceMini>;

/** `VmMiniResponse`: the VM an external IP is bound to. */
export const VmMini = z.object({ ...idName("VM"), state: VmStatus }).describe("Virtual machine");
/** A value of {@link VmMini}. */
export type VmMini = z.infer<typeof VmMini>;
