/**
 * Lookups: read-only functions that read the cloud from the Pulumi program (flavors, zones,
 * disk types, images, external IPs, placement groups, SNAT gateways, network interfaces, VM
 * backups, the organization and project, the free-tier check, tasks). Each has a plain form answering a Promise and an `…Output` form
 * taking `pulumi.Input` arguments and answering an Output. See docs/lookups.md.
 */
export type { LookupFunction, LookupOutputFunction } from "./define-lookup";
export {
  getAvailabilityZones,
  getAvailabilityZonesOutput,
  getAvailabilityZoneSettings,
  getAvailabilityZoneSettingsOutput,
  type AvailabilityZoneInfo,
  type AvailabilityZoneSettingsInfo,
  type GetAvailabilityZonesArgs,
  type GetAvailabilityZonesResult,
  type GetAvailabilityZoneSettingsArgs,
  type GetAvailabilityZoneSettingsResult,
} from "./availability-zones";
export {
  getDiskTypes,
  getDiskTypesOutput,
  type DiskTypeAvailabilityZoneInfo,
  type DiskTypeInfo,
  type DiskTypeSpeedLimitInfo,
  type GetDiskTypesArgs,
  type GetDiskTypesResult,
} from "./disk-types";
export {
  getExternalIp,
  getExternalIpOutput,
  getExternalIps,
  getExternalIpsOutput,
  type ExternalIpInfo,
  type GetExternalIpArgs,
  type GetExternalIpResult,
  type GetExternalIpsArgs,
  type GetExternalIpsResult,
} from "./external-ips";
export {
  getFlavor,
  getFlavorOutput,
  getFlavors,
  getFlavorsOutput,
  type FlavorAvailabilityZoneInfo,
  type FlavorInfo,
  type GetFlavorArgs,
  type GetFlavorResult,
  type GetFlavorsArgs,
  type GetFlavorsResult,
} from "./flavors";
export {
  getFreeTierAvailability,
  getFreeTierAvailabilityOutput,
  type GetFreeTierAvailabilityArgs,
  type GetFreeTierAvailabilityResult,
} from "./free-tier";
export {
  getImage,
  getImageOutput,
  getImages,
  getImagesOutput,
  type GetImageArgs,
  type GetImageResult,
  type GetImagesArgs,
  type GetImagesResult,
  type ImageAvailabilityZoneInfo,
  type ImageInfo,
  type ImageMetadataInfo,
} from "./images";
export {
  getNatGateway,
  getNatGatewayOutput,
  getNatGateways,
  getNatGatewaysOutput,
  type GetNatGatewayArgs,
  type GetNatGatewayResult,
  type GetNatGatewaysArgs,
  type GetNatGatewaysResult,
  type NatGatewayInfo,
} from "./nat-gateways";
export {
  getNetworkInterface,
  getNetworkInterfaceOutput,
  getNetworkInterfaces,
  getNetworkInterfacesOutput,
  type GetNetworkInterfaceArgs,
  type GetNetworkInterfaceResult,
  type GetNetworkInterfacesArgs,
  type GetNetworkInterfacesResult,
  type NetworkInterfaceInfo,
} from "./network-interfaces";
export {
  getVmBackup,
  getVmBackupOutput,
  getVmBackups,
  getVmBackupsOutput,
  type GetVmBackupArgs,
  type GetVmBackupResult,
  type GetVmBackupsArgs,
  type GetVmBackupsResult,
  type VmBackupInfo,
} from "./vm-backups";
export {
  getOrganization,
  getOrganizationOutput,
  type GetOrganizationArgs,
  type GetOrganizationResult,
  type OrganizationInfo,
  type OrganizationLimitInfo,
} from "./organization";
export {
  getPlacementGroup,
  getPlacementGroupOutput,
  getPlacementGroups,
  getPlacementGroupsOutput,
  type GetPlacementGroupArgs,
  type GetPlacementGroupResult,
  type GetPlacementGroupsArgs,
  type GetPlacementGroupsResult,
  type PlacementGroupInfo,
} from "./placement-groups";
export {
  getProject,
  getProjectOutput,
  getProjectPermissions,
  getProjectPermissionsOutput,
  type GetProjectArgs,
  type GetProjectPermissionsResult,
  type GetProjectResult,
  type ProjectInfo,
  type ProjectPermissionsInfo,
} from "./projects";
export {
  getTask,
  getTaskOutput,
  getTasks,
  getTasksOutput,
  type GetTaskArgs,
  type GetTaskResult,
  type GetTasksArgs,
  type GetTasksResult,
  type TaskInfo,
} from "./tasks";
export { LookupError, type LookupErrorInit } from "../../provider/lookups/errors";
export type { LookupOptions } from "../../provider/lookups/context";
export type { LookupInputs } from "./output";
export {
  getProgramClient,
  getProgramProjectId,
  resetProgramClient,
  setProgramClient,
} from "../program-client";
export {
  estimateCost,
  getPrice,
  getPriceOutput,
  getProjectUsage,
  getProjectUsageOutput,
  type CostLine,
  type CostResource,
  type EstimateCostArgs,
  type EstimateCostResult,
  type GetPriceArgs,
  type GetPriceResult,
  type GetProjectUsageArgs,
  type GetProjectUsageResult,
} from "./cost";
