/**
 * The VM service's enumerations, each as a zod enum with the exact values of the reference
 * OpenAPI document. Every slice imports its enums from here so that one value list exists;
 * the lifecycle enums take their values from the kinds' state tables (states.ts).
 */
import { z } from "zod";
import {
  DISK_STATES,
  EXTERNAL_IP_STATES,
  FLAVOR_STATES,
  NAT_GATEWAY_STATES,
  NETWORK_STATES,
  PLACEMENT_GROUP_STATES,
  PROJECT_STATES,
  VM_STATES,
} from "./states";

/** Lifecycle state of a VM (`VmState`): stable `running`/`stopped`, the rest transitional or failed. */
export const VmStatus = z.enum(VM_STATES.all).describe("VM state");
/** A value of {@link VmStatus}. */
export type VmStatus = z.infer<typeof VmStatus>;

/** Lifecycle state of a disk (`DiskState`): stable `available`/`in_use`/`reserved`. */
export const DiskStatus = z.enum(DISK_STATES.all).describe("Disk state");
/** A value of {@link DiskStatus}. */
export type DiskStatus = z.infer<typeof DiskStatus>;

/**
 * Lifecycle state shared by subnets, security groups, their rules and interfaces
 * (`SubnetState`, `SecurityGroupState`, `SecurityGroupRuleState`, `InterfaceState` have
 * the same values); the stable state is `created`.
 */
export const NetworkStatus = z.enum(NETWORK_STATES.all).describe("Network object state");
/** A value of {@link NetworkStatus}. */
export type NetworkStatus = z.infer<typeof NetworkStatus>;

/** Lifecycle state of a project (`ProjectState`); the stable state is `created`. */
export const ProjectStatus = z.enum(PROJECT_STATES.all).describe("Project state");
/** A value of {@link ProjectStatus}. */
export type ProjectStatus = z.infer<typeof ProjectStatus>;

/** Lifecycle state of a flavor (`FlavorState`). */
export const FlavorStatus = z.enum(FLAVOR_STATES.all).describe("Flavor state");
/** A value of {@link FlavorStatus}. */
export type FlavorStatus = z.infer<typeof FlavorStatus>;

/** Lifecycle state of an external IP (`FloatingIpState`). */
export const ExternalIpStatus = z.enum(EXTERNAL_IP_STATES.all).describe("External IP state");
/** A value of {@link ExternalIpStatus}. */
export type ExternalIpStatus = z.infer<typeof ExternalIpStatus>;

/** Lifecycle state of an SNAT gateway (`NATGatewayState`); the stable state is `created`. */
export const NatGatewayStatus = z.enum(NAT_GATEWAY_STATES.all).describe("SNAT gateway state");
/** A value of {@link NatGatewayStatus}. */
export type NatGatewayStatus = z.infer<typeof NatGatewayStatus>;

/**
 * Kind of a NAT gateway as the service reports it (`NATGatewayType`); the VM service makes
 * only `Public sNAT` ones, the others are other services' gateways.
 */
export const NatGatewayType = z
  .enum([
    "Public sNAT",
    "Internal sNAT",
    "dNAT",
    "Site-to-Site VPN",
    "Hub-and-Spoke VPN",
    "Point-to-Site VPN",
    "VPC peering",
    "Direct connect",
  ])
  .describe("NAT gateway type");
/** A value of {@link NatGatewayType}. */
export type NatGatewayType = z.infer<typeof NatGatewayType>;

/** The SNAT gateway type a create or price request names (`PublicNATGatewayType`). */
export const PublicNatGatewayType = z.enum(["Public sNAT"]).describe("SNAT gateway type");
/** A value of {@link PublicNatGatewayType}. */
export type PublicNatGatewayType = z.infer<typeof PublicNatGatewayType>;

/** Status of an asynchronous task (`TaskStatusEnum`): it ends `complete` or `failed`. */
export const TaskStatus = z
  .enum(["pending", "scheduled", "running", "complete", "failed"])
  .describe("Task status");
/** A value of {@link TaskStatus}. */
export type TaskStatus = z.infer<typeof TaskStatus>;

/** Direction of a security group rule: `ingress` (incoming) or `egress` (outgoing). */
export const TrafficDirection = z.enum(["ingress", "egress"]).describe("Traffic direction");
/** A value of {@link TrafficDirection}. */
export type TrafficDirection = z.infer<typeof TrafficDirection>;

/** IP version a security group rule applies to. */
export const EtherType = z.enum(["IPv4", "IPv6"]).describe("Ether type");
/** A value of {@link EtherType}. */
export type EtherType = z.infer<typeof EtherType>;

/** Protocol a security group rule matches; `any` matches every protocol. */
export const IpProtocol = z.enum(["tcp", "udp", "icmp", "any"]).describe("IP protocol");
/** A value of {@link IpProtocol}. */
export type IpProtocol = z.infer<typeof IpProtocol>;

/** The power action of `set-power` (`VmPowerEnum`). */
export const VmPowerAction = z
  .enum(["power_on", "power_off", "reboot"])
  .describe("Power action: power_on, power_off or reboot");
/** A value of {@link VmPowerAction}. */
export type VmPowerAction = z.infer<typeof VmPowerAction>;

/** Protocol of a VM's remote console as the service reports it. */
export const RemoteConsoleProtocol = z
  .enum(["vnc", "spice", "serial", "mks"])
  .describe("Remote console protocol");
/** A value of {@link RemoteConsoleProtocol}. */
export type RemoteConsoleProtocol = z.infer<typeof RemoteConsoleProtocol>;

/** Protocols a user may request when creating a remote console (`VmRemoteConsoleProtocol`). */
export const VmRemoteConsoleProtocol = z
  .enum(["vnc", "serial"])
  .describe("Requested remote console protocol: vnc or serial");
/** A value of {@link VmRemoteConsoleProtocol}. */
export type VmRemoteConsoleProtocol = z.infer<typeof VmRemoteConsoleProtocol>;

/** State of the guest agent inside a VM; `set-password` needs it `enabled`. */
export const VmGuestAgentState = z
  .enum(["enabled", "disabled", "unavailable", "not_installed", "error"])
  .describe("Guest agent state");
/** A value of {@link VmGuestAgentState}. */
export type VmGuestAgentState = z.infer<typeof VmGuestAgentState>;

/** Kind of a network interface; users only create `regular` and `direct_ip` ones. */
export const InterfaceType = z
  .enum([
    "regular",
    "system",
    "service",
    "gateway",
    "technical",
    "magic_technical",
    "fip",
    "direct_ip",
  ])
  .describe("Interface type");
/** A value of {@link InterfaceType}. */
export type InterfaceType = z.infer<typeof InterfaceType>;

/** Interface kinds a VM create request may ask for (`InterfaceTypeForVmCreationEnum`). */
export const InterfaceTypeForVmCreation = z
  .enum(["regular", "direct_ip"])
  .describe("Interface type for a new VM: regular or direct_ip");
/** A value of {@link InterfaceTypeForVmCreation}. */
export type InterfaceTypeForVmCreation = z.infer<typeof InterfaceTypeForVmCreation>;

/** Kind of a subnet; users create `regular` ones, the others belong to the platform. */
export const SubnetType = z
  .enum(["technical", "regular", "vpc", "zone_technical"])
  .describe("Subnet type");
/** A value of {@link SubnetType}. */
export type SubnetType = z.infer<typeof SubnetType>;

/** Who publishes an image: the provider (`public`), the user (`private`) or a vendor. */
export const ImageType = z.enum(["public", "private", "marketplace"]).describe("Image type");
/** A value of {@link ImageType}. */
export type ImageType = z.infer<typeof ImageType>;

/**
 * Type of an image metadata field (`MetaType`): what its value is, so a client can fill it
 * without knowing the field's name (a login, an SSH public key, a host name, a password).
 */
export const MetaType = z
  .enum([
    "info",
    "text",
    "linux_login",
    "plain_password",
    "linux_password",
    "email",
    "public_key",
    "hostname",
  ])
  .describe("Image metadata field type");
/** A value of {@link MetaType}. */
export type MetaType = z.infer<typeof MetaType>;

/** The quotas an organization has (`OrganizationLimitTypeName`). */
export const OrganizationLimitType = z
  .enum([
    "vcpus",
    "vms",
    "public_keys",
    "ram",
    "disks",
    "disks_size",
    "subnets",
    "interfaces",
    "floating_ips",
    "security_groups",
    "security_group_rules",
    "gpus",
  ])
  .describe("Organization limit type");
/** A value of {@link OrganizationLimitType}. */
export type OrganizationLimitType = z.infer<typeof OrganizationLimitType>;

/** `PlacementGroupPolicyEnum`: how a group spreads its VMs over hosts. */
export const PlacementGroupPolicy = z
  .enum(["soft-anti-affinity", "anti-affinity"])
  .describe("Placement policy: anti-affinity (one VM per host) or soft-anti-affinity");
/** A value of {@link PlacementGroupPolicy}. */
export type PlacementGroupPolicy = z.infer<typeof PlacementGroupPolicy>;

/** `PlacementGroupState`: the state of a group in one zone; the document lists `error` third. */
export const PlacementGroupState = z
  .enum(PLACEMENT_GROUP_STATES.all)
  .describe("Placement group state");
/** A value of {@link PlacementGroupState}. */
export type PlacementGroupState = z.infer<typeof PlacementGroupState>;

/** Sort keys of the VM list (`VmOrderByFields`). */
export const VmOrderBy = z.enum(["created_time", "name"]).describe("VM list sort key");
/** A value of {@link VmOrderBy}. */
export type VmOrderBy = z.infer<typeof VmOrderBy>;
