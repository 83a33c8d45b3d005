/**
 * Schemas of the VM service's virtual machines as they are read and changed: the VM response
 * (`PublicVmResponse`) with its disks, interfaces and metadata, the list query and item
 * (`PublicVmResponseItem`), and the update, delete and bulk-delete requests. Creation lives in
 * `vm-create.ts`; rebuild, consoles, power and passwords in `vm-actions.ts`.
 */
import { z } from "zod";
import {
  Description,
  Name,
  nameContains,
  PageQuery,
  QueryBool,
  Uuid,
  Uuid4,
  paginated,
  queryArray,
  exclusivePairs,
} from "../common";
import {
  DiskStatus,
  InterfaceType,
  NetworkStatus,
  RemoteConsoleProtocol,
  VmGuestAgentState,
  VmOrderBy,
  VmStatus,
} from "./enums";
import {
  AvailabilityZoneMini,
  FlavorMini,
  ExternalIpMini,
  ImageMini,
  PlacementGroupMini,
  ProjectMini,
  SecurityGroupMini,
  SubnetWithAddressMini,
  Tags,
} from "./minis";
import { DisplayName, idName, Timestamps } from "./fields";

/** Path parameters of the by-id VM endpoints (any UUID version). */
export const VmIdParams = z.object({ vm_id: Uuid.describe("VM id") });
/** Parsed {@link VmIdParams}. */
export type VmIdParams = z.output<typeof VmIdParams>;

/** `VmResponseDiskTypeSection`: the type of a VM's disk. */
export const VmDiskType = z.object(idName("Disk type")).describe("Disk type");

/** `VmDisksResponseSection`: a disk attached to a VM; `primary` marks the boot disk. */
export const VmDisk = z
  .object({
    ...idName("Disk"),
    primary: z.boolean().describe("true for the VM's boot disk"),
    size: z.number().int().describe("Size in GB"),
    state: DiskStatus,
    serial_id: z.string().optional().describe("Serial number the guest sees"),
    tags: Tags,
    disk_type: VmDiskType,
    limit_bw: z.number().int().describe("Bandwidth limit in Mbit/s"),
    limit_rate: z.number().int().describe("I/O rate limit"),
    limit_lock: z
      .boolean()
      .describe("true keeps limit_bw and limit_rate fixed when the disk grows"),
  })
  .describe("Disk of a VM");
/** A value of {@link VmDisk}. */
export type VmDisk = z.infer<typeof VmDisk>;

/** `VmMetadataResponseSection`: one image metadata value given to a VM. */
export const VmMetadataField = z
  .object({
    id: Uuid.describe("Id of this value"),
    metadata_id: Uuid.describe("Id of the image metadata field"),
    name: z.string().describe("Field name, e.g. user_name"),
    display_name: DisplayName,
    value: z.string().max(3072).describe("Value (at most 3072 characters)"),
  })
  .describe("Image metadata value");
/** A value of {@link VmMetadataField}. */
export type VmMetadataField = z.infer<typeof VmMetadataField>;

/** `VmResponseInterfaceSection`: a network interface of a VM, with its groups and external IP. */
export const VmInterface = z
  .object({
    ...idName("Interface", "Interface name, e.g. eth0"),
    ip_address: z.string().describe("IPv4 address of the interface"),
    security_groups: z.array(SecurityGroupMini).describe("Security groups of the interface"),
    floating_ip: ExternalIpMini.optional(),
    primary: z.boolean().describe("true for the VM's main interface"),
    type: InterfaceType,
    interface_security_enabled: z
      .boolean()
      .describe("true when security groups filter this interface's traffic"),
    state: NetworkStatus,
    subnet: SubnetWithAddressMini.optional(),
  })
  .describe("Network interface");
/** A value of {@link VmInterface}. */
export type VmInterface = z.infer<typeof VmInterface>;

/** Console links and guest state every VM answer may carry. */
const consoleFields = {
  vnc_url: z.string().optional().describe("URL of the virtual (VNC) console, after get-vnc"),
  vnc_ws: z.string().optional().describe("WebSocket URL of the virtual console"),
  remote_console_url: z
    .string()
    .optional()
    .describe("URL of the remote console, after remote-console"),
  remote_console_ws: z.string().optional().describe("WebSocket URL of the remote console"),
  remote_console_protocol: RemoteConsoleProtocol.optional(),
  guest_agent_state: VmGuestAgentState.optional(),
};

/** What the VM answer and the VM list item both say about a VM after its id and name. */
const vmSummaryFields = {
  description: z.string().describe("VM description"),
  icon: z.string().optional().describe("SVG icon of the VM"),
  tags: Tags,
  flavor: FlavorMini,
  state: VmStatus,
  locked: z.boolean().describe("true when the VM is locked against changes"),
};

/** `PublicVmResponse`: a VM with everything it uses. */
export const VmResponse = z
  .object({
    ...idName("VM"),
    ...vmSummaryFields,
    image: ImageMini,
    ...Timestamps,
    disks: z.array(VmDisk).describe("Attached disks, boot disk first"),
    metadata_fields: z.array(VmMetadataField).describe("Image metadata values of the VM"),
    interfaces: z.array(VmInterface).describe("Network interfaces, primary first"),
    project: ProjectMini,
    availability_zone: AvailabilityZoneMini,
    placement_group: PlacementGroupMini.optional(),
    is_serial_ready: z.boolean().optional().describe("true when the serial console can be used"),
    ...consoleFields,
  })
  .describe("Virtual machine");
/** A value of {@link VmResponse}. */
export type VmResponse = z.infer<typeof VmResponse>;

/** `VmResponseItemInterfaceSection`: the short interface of the VM list. */
export const VmListInterface = z
  .object({
    ...idName("Interface"),
    ip_address: z.string().describe("IPv4 address of the interface"),
    floating_ip: ExternalIpMini.optional(),
    primary: z.boolean().describe("true for the VM's main interface"),
    state: NetworkStatus,
    type: InterfaceType,
    subnet: SubnetWithAddressMini.optional(),
  })
  .describe("Network interface (list item)");
/** A value of {@link VmListInterface}. */
export type VmListInterface = z.infer<typeof VmListInterface>;

/** `PublicVmResponseItem`: a VM as the list shows it. */
export const VmListItem = z
  .object({
    ...idName("VM"),
    project_id: Uuid.describe("Project id"),
    ...vmSummaryFields,
    ...Timestamps,
    interfaces: z.array(VmListInterface).describe("Network interfaces, primary first"),
    availability_zone: AvailabilityZoneMini,
    is_serial_ready: z.boolean().describe("true when the serial console can be used"),
    ...consoleFields,
  })
  .describe("Virtual machine (list item)");
/** A value of {@link VmListItem}. */
export type VmListItem = z.infer<typeof VmListItem>;

/** `PaginationResponse_PublicVmResponseItem_`: one page of VMs. */
export const VmPage = paginated(VmListItem);
/** A value of {@link VmPage}. */
export type VmPage = z.infer<typeof VmPage>;

/**
 * Query of `GET /api/v1/vms`: one project's VMs. Array filters repeat the parameter
 * (`?statuses=running&statuses=stopped`); a VM matches an array filter when it matches any
 * of its values, and must match every filter given.
 */
export const VmListQuery = z.object({
  project_id: Uuid.describe("Project whose VMs are listed (required)"),
  vm_ids: queryArray(Uuid).optional().describe("Only these VMs"),
  tag_ids: queryArray(Uuid).optional().describe("Only VMs carrying at least one of these tags"),
  availability_zone_ids: queryArray(Uuid).optional().describe("Only VMs in these zones"),
  image_ids: queryArray(Uuid).optional().describe("Only VMs built from these images"),
  flavor_ids: queryArray(Uuid).optional().describe("Only VMs of these flavors"),
  placement_group_ids: queryArray(Uuid).optional().describe("Only VMs in these placement groups"),
  statuses: queryArray(VmStatus).optional().describe("Only VMs in these states"),
  name: nameContains("VMs", "any case"),
  empty_fip: QueryBool.optional().describe(
    "true: only VMs without an external IP; false: only VMs with one",
  ),
  free_tier: QueryBool.optional().describe("true: only free-tier VMs; false: only paid VMs"),
  support_gpu: QueryBool.optional().describe(
    "true: only VMs whose flavor has a GPU; false: only VMs without",
  ),
  ...PageQuery.shape,
  order_by: VmOrderBy.default("created_time").describe("Sort key: created_time (default) or name"),
  order_desc: QueryBool.default(true).describe("true (default) sorts descending"),
});
/** Parsed {@link VmListQuery}. */
export type VmListQuery = z.output<typeof VmListQuery>;

/**
 * `VmUpdateRequest`: a partial change; a field left out stays as it is. A new flavor resizes
 * the VM; tags given replace the VM's tags. Flavor and tags may each be given by id or by
 * name, never both.
 */
export const VmUpdateRequest = z
  .strictObject({
    name: Name.optional().describe("New VM name"),
    description: Description.optional(),
    flavor_id: Uuid.optional().describe("New flavor by id (resizes the VM)"),
    flavor_name: Name.optional().describe("New flavor by name (resizes the VM)"),
    tag_ids: z.array(Uuid).optional().describe("Tags by id (replace the current tags)"),
    tag_names: z.array(Name).optional().describe("Tags by name (replace the current tags)"),
  })
  .superRefine(
    exclusivePairs([
      ["flavor_id", "flavor_name"],
      ["tag_ids", "tag_names"],
    ]),
  );
/** Parsed {@link VmUpdateRequest}. */
export type VmUpdateRequest = z.output<typeof VmUpdateRequest>;

/**
 * `VmDeleteAttachmentsRequest`: what goes with the VM. Listed disks are deleted; every other
 * disk (the boot disk too) is detached and survives. Listed external IPs are released; the
 * others are unbound and survive.
 */
export const VmDeleteAttachments = z
  .strictObject({
    disk_ids: z.array(Uuid).describe("Disks of the VM to delete with it"),
    external_ips: z.array(Uuid).describe("External IPs of the VM to release with it"),
  })
  .describe("Resources deleted together with the VM");
/** Parsed {@link VmDeleteAttachments}. */
export type VmDeleteAttachments = z.output<typeof VmDeleteAttachments>;

/** `VmDeleteRequest`: the optional body of `DELETE /api/v1/vms/{vm_id}`. */
export const VmDeleteRequest = z.strictObject({
  delete_attachments: VmDeleteAttachments.optional(),
});
/** Parsed {@link VmDeleteRequest}. */
export type VmDeleteRequest = z.output<typeof VmDeleteRequest>;

/** `BulkDeleteVmRequestSchemaBody`: one VM to delete, with what goes with it. */
export const BulkDeleteVmItem = z.strictObject({
  virtual_machine_id: Uuid4.describe("VM to delete"),
  delete_attachments: VmDeleteAttachments.nullable().optional(),
});
/** Parsed {@link BulkDeleteVmItem}. */
export type BulkDeleteVmItem = z.output<typeof BulkDeleteVmItem>;

/** `BulkDeleteVmRequest`: at least one VM to delete. */
export const BulkDeleteVmRequest = z
  .array(BulkDeleteVmItem)
  .min(1)
  .describe("VMs to delete (at least one)");
/** Parsed {@link BulkDeleteVmRequest}. */
export type BulkDeleteVmRequest = z.output<typeof BulkDeleteVmRequest>;

/** `BulkDeleteVmError`: a VM whose deletion was refused, and why. */
export const BulkDeleteVmError = z.object({
  virtual_machine_id: Uuid.describe("VM that was not deleted"),
  error_msg: z.string().nullable().optional().describe("Why it was not deleted"),
});

/** `BulkDeleteVmResponse`: whether every deletion started, and the refusals. */
export const BulkDeleteVmResponse = z.object({
  success_for_all: z.boolean().describe("true when every listed VM is being deleted"),
  errors: z.array(BulkDeleteVmError).nullable().optional().describe("VMs that were not deleted"),
});
/** A value of {@link BulkDeleteVmResponse}. */
export type BulkDeleteVmResponse = z.infer<typeof BulkDeleteVmResponse>;
