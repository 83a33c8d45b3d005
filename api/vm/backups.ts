/**
 * Schemas of the VM service's backups (`/api/v1/backups`): a copy of a VM (its configuration and
 * every disk) or of one disk, taken by the VM service itself, its list and read answers (which
 * carry the resource as it was backed up and, on a read, what a restore would find of it now),
 * its rename, and its one action, a restore, which makes a new VM or disk from it.
 */
import { z } from "zod";
import { Description, Name, Uuid, Uuid4, paginated, queryArray } from "../common";
import { DiskStatus, ExternalIpStatus, ImageType, InterfaceType, NetworkStatus } from "./enums";
import { BACKUP_STATES } from "./states";
import { DiskResponse } from "./disks";
import { NewTags } from "./fields";
import { VmResponse } from "./vms";

/** `CheckpointState`: a backup's state. */
export const BackupState = z.enum(BACKUP_STATES.all).describe("Backup state");
/** A value of {@link BackupState}. */
export type BackupState = z.infer<typeof BackupState>;

/** `ResourceType`: what a backup copies. */
export const BackupResourceType = z
  .enum(["disk", "virtual_machine"])
  .describe("Kind of resource backed up");
/** A value of {@link BackupResourceType}. */
export type BackupResourceType = z.infer<typeof BackupResourceType>;

/** Path parameters of one backup. */
export const BackupIdParams = z.object({ backup_id: Uuid4.describe("Backup id") });

/** `GET /api/v1/backups` query: the project's backups, each filter narrowing. */
export const BackupListQuery = z.object({
  project_id: Uuid4.describe("Project whose backups are listed"),
  state: BackupState.optional().describe("Only backups in this state"),
  tag_ids: queryArray(Uuid4).optional().describe("Only backups carrying one of these tags"),
  resource_ids: queryArray(Uuid4).optional().describe("Only backups of these resources"),
  resource_types: queryArray(BackupResourceType)
    .optional()
    .describe("Only backups of these kinds of resource"),
});
/** Parsed {@link BackupListQuery}. */
export type BackupListQuery = z.output<typeof BackupListQuery>;

/** `PublicCreateBackupRequest`: back up a VM or a disk of the project now. */
export const BackupCreateRequest = z
  .strictObject({
    name: Name.describe("Backup name"),
    description: Description.optional(),
    project_id: Uuid4.describe("Project of the backup and of the resource"),
    ...NewTags,
    resource: z
      .strictObject({
        resource_id: Uuid4.describe("The VM or disk to back up"),
        resource_type: BackupResourceType,
      })
      .describe("What to back up"),
  })
  .describe("New backup");
/** Parsed {@link BackupCreateRequest}. */
export type BackupCreateRequest = z.output<typeof BackupCreateRequest>;

/** `PublicUpdateBackupRequest`: a new name, description or tags. */
export const BackupUpdateRequest = z
  .strictObject({
    name: Name.optional().describe("New name"),
    description: Description.optional().describe("New description"),
    ...NewTags,
  })
  .describe("Backup change");
/** Parsed {@link BackupUpdateRequest}. */
export type BackupUpdateRequest = z.output<typeof BackupUpdateRequest>;

/** `RestoreBackupTargetConfigInterface`: one interface of the VM a restore makes. */
export const RestoreInterface = z
  .strictObject({
    name: Name.describe("Interface name"),
    subnet_id: Uuid4.optional().describe("Subnet (default: the backed-up interface's)"),
    ip_address: z.ipv4().optional().describe("Fixed address in the subnet (default: a free one)"),
    type: InterfaceType,
    security_groups: z.array(Uuid4).optional().describe("Security groups by id"),
    new_floating_ip: z.boolean().default(false).describe("Give it a new external IP"),
    attach_floating_ip_id: Uuid4.optional().describe("Give it this free external IP"),
  })
  .describe("Interface of the restored VM");

/** `RestoreTargetConfigVmDisk`: the name and type one backed-up disk is restored with. */
export const RestoreVmDisk = z
  .strictObject({
    id: Uuid4.describe("The backed-up disk"),
    disk_type_id: Uuid4.optional().describe("Disk type by id (default: the backed-up one's)"),
    disk_type_name: z.string().optional().describe("Disk type by name"),
    name: z.string().describe("Name of the restored disk"),
  })
  .describe("Disk of the restored VM");

/** `RestoreVmBackupResource`: restore a VM backup as a new VM. */
export const RestoreVmResource = z
  .strictObject({
    resource_id: Uuid4.describe("The backed-up VM"),
    resource_type: z.literal("virtual_machine"),
    target_config: z
      .strictObject({
        name: Name.describe("Name of the new VM"),
        description: Description.optional(),
        flavor_id: Uuid4.optional().describe("Flavor by id (default: the backed-up VM's)"),
        flavor_name: z.string().optional().describe("Flavor by name"),
        disks: z.array(RestoreVmDisk).optional().describe("Names and types of the new disks"),
        interfaces: z
          .array(RestoreInterface)
          .optional()
          .describe("Interfaces (default: as backed up, with new addresses)"),
      })
      .describe("The new VM"),
  })
  .describe("VM to restore");

/** `RestoreDiskBackupResource`: restore a disk backup as a new disk. */
export const RestoreDiskResource = z
  .strictObject({
    resource_id: Uuid4.describe("The backed-up disk"),
    resource_type: z.literal("disk"),
    target_config: z
      .strictObject({
        name: Name.describe("Name of the new disk"),
        description: Description.optional(),
        disk_type_id: Uuid4.optional().describe("Disk type by id (default: the backed-up one's)"),
        disk_type_name: z.string().optional().describe("Disk type by name"),
      })
      .describe("The new disk"),
  })
  .describe("Disk to restore");

/** `BaseBackupActionBody`: the one action, a restore as a new VM or disk. */
export const BackupActionRequest = z
  .strictObject({
    action: z.enum(["restore"]).describe("Action: restore"),
    resource: z.discriminatedUnion("resource_type", [RestoreVmResource, RestoreDiskResource]),
  })
  .describe("Backup action");
/** Parsed {@link BackupActionRequest}. */
export type BackupActionRequest = z.output<typeof BackupActionRequest>;

/** The restore's answer: the new VM or the new disk. */
export const BackupActionResponse = z.union([VmResponse, DiskResponse]);
/** A value of {@link BackupActionResponse}. */
export type BackupActionResponse = z.infer<typeof BackupActionResponse>;

/** `BackupTagItemSection`. */
const BackupTag = z.object({ id: Uuid, name: z.string(), color: z.string() }).describe("Tag");
const IdName = { id: Uuid, name: z.string() };
const ProjectSection = z.object({ id: Uuid, product_instance_id: Uuid }).describe("Project");
const ZoneSection = z.object(IdName).describe("Availability zone");

/** `BackupDiskResourceStateSection`: a disk as it was backed up. */
export const BackupDiskState = z
  .object({
    id: Uuid,
    availability_zone_id: Uuid,
    project_id: Uuid,
    name: z.string(),
    description: z.string(),
    state: z.string(),
    size: z.number().int(),
    bootable: z.boolean(),
    readonly: z.boolean(),
    shared: z.boolean(),
    encrypted: z.boolean(),
    limit_bw: z.number().int(),
    limit_rate: z.number().int(),
    limit_lock: z.boolean(),
    disk_type_id: Uuid,
    serial_id: z.string(),
    hidden: z.boolean(),
    created_time: z.string(),
    modified_time: z.string(),
    owner_product_instance_id: Uuid,
    user_id: Uuid,
    tags: z.array(BackupTag),
    disk_mounts: z.array(
      z.object({
        id: Uuid,
        vm_id: Uuid,
        disk_id: Uuid,
        mode: z.string(),
        hidden: z.boolean(),
        mount_point: z.string(),
        primary: z.boolean(),
        user_id: Uuid,
        vm: z.object({ ...IdName, state: z.string() }),
      }),
    ),
    disk_type: z.object({ ...IdName, free_tier: z.boolean() }),
    project: ProjectSection,
    availability_zone: ZoneSection,
  })
  .describe("Disk as backed up");
/** A value of {@link BackupDiskState}. */
export type BackupDiskState = z.infer<typeof BackupDiskState>;

/** `BackupVmResourceStateInterfaceSection`. */
const BackupInterface = z.object({
  ...IdName,
  ip_address: z.string(),
  primary: z.boolean(),
  type: InterfaceType,
  interface_security_enabled: z.boolean(),
  state: NetworkStatus,
  security_groups: z.array(z.object({ ...IdName, state: NetworkStatus })),
  floating_ip: z.object({ ...IdName, ip_address: z.string(), state: ExternalIpStatus }).optional(),
  subnet: z
    .object({
      ...IdName,
      state: NetworkStatus,
      routed_network: z.boolean(),
      subnet_address: z.string(),
      vpc_id: Uuid.optional(),
    })
    .optional(),
});

/** `BackupVmResourceStateSection`: a VM as it was backed up. */
export const BackupVmState = z
  .object({
    ...IdName,
    description: z.string(),
    locked: z.boolean(),
    hidden: z.boolean(),
    product_instance_id: Uuid,
    created_time: z.string(),
    modified_time: z.string(),
    metadata_fields: z.array(
      z.object({
        id: Uuid,
        metadata_id: Uuid,
        name: z.string(),
        display_name: z.string(),
        value: z.string(),
      }),
    ),
    tags: z.array(BackupTag),
    flavor: z.object({
      ...IdName,
      cpu: z.number().int(),
      ram: z.number().int(),
      gpu: z.number().int(),
      oversubscription: z.string(),
      free_tier: z.boolean(),
    }),
    image: z.object({
      ...IdName,
      free_tier_enabled: z.boolean(),
      type: ImageType,
      display_name: z.string(),
    }),
    disks: z.array(
      z.object({
        ...IdName,
        primary: z.boolean(),
        size: z.number().int(),
        state: DiskStatus,
        serial_id: z.string(),
        disk_type: z.object({ ...IdName, free_tier: z.boolean() }),
      }),
    ),
    interfaces: z.array(BackupInterface),
    placement_group: z.object(IdName).optional(),
    project: ProjectSection,
    availability_zone: ZoneSection,
  })
  .describe("VM as backed up");
/** A value of {@link BackupVmState}. */
export type BackupVmState = z.infer<typeof BackupVmState>;

/** What a restore would find now of a backed-up disk's references. */
const DiskRestoreConfiguration = BackupDiskState.extend({
  disk_type: z.object({ ...IdName, free_tier: z.boolean(), available: z.boolean() }),
  availability_zone: z.object({
    availability_zone_id: Uuid,
    default: z.boolean(),
    enabled: z.boolean(),
    available: z.boolean(),
  }),
}).describe("Disk configuration for a restore");

/** What a restore would find now of a backed-up VM's references. */
const VmRestoreConfiguration = BackupVmState.extend({
  flavor: BackupVmState.shape.flavor.extend({ available: z.boolean() }),
  image: BackupVmState.shape.image.extend({ available: z.boolean() }),
  disks: z.array(
    BackupVmState.shape.disks.element.extend({
      disk_type: z.object({ ...IdName, free_tier: z.boolean(), available: z.boolean() }),
    }),
  ),
  interfaces: z.array(
    BackupInterface.extend({
      exists_ip_addresses: z.boolean(),
      security_groups: z.array(z.object({ ...IdName, state: NetworkStatus, exists: z.boolean() })),
      floating_ip: BackupInterface.shape.floating_ip
        .unwrap()
        .extend({ exists: z.boolean(), can_create_more: z.boolean() })
        .optional(),
      subnet: BackupInterface.shape.subnet
        .unwrap()
        .extend({ available_addresses: z.boolean(), exists: z.boolean() })
        .optional(),
    }),
  ),
  placement_group: z
    .object({ ...IdName, exists: z.boolean(), can_create_more: z.boolean() })
    .optional(),
  availability_zone: z.object({ ...IdName, available: z.boolean() }),
}).describe("VM configuration for a restore");

/** The fields every backup answer starts with. */
const backupHead = {
  id: Uuid.describe("Backup id"),
  name: z.string().describe("Backup name"),
  description: z.string().describe("Backup description"),
  project_id: Uuid.describe("Project"),
  state: BackupState,
  created_at: z.string().describe("When the backup was taken (ISO 8601)"),
  updated_at: z.string().describe("When the backup last changed (ISO 8601)"),
};

/** `PublicBackupResponse`: the backup a create made. */
export const BackupResponse = z
  .object({
    ...backupHead,
    type: z.enum(["full", "incremental"]).describe("Backup type"),
    tags: z.array(BackupTag.extend({ exists: z.boolean() })),
    resource: z.object({
      resource_id: Uuid,
      resource_type: BackupResourceType,
      resource_state: z.union([BackupVmState, BackupDiskState]),
    }),
  })
  .describe("Backup");
/** A value of {@link BackupResponse}. */
export type BackupResponse = z.infer<typeof BackupResponse>;

/** The fields a list item and a read share after the head. */
const backupBody = {
  last_restore_time: z.string().optional().describe("When it was last restored (ISO 8601)"),
  size: z.number().int().describe("Size in GB"),
  tags: z.array(BackupTag),
};

/** `BackupListItemResponse`. */
export const BackupListItem = z
  .object({
    ...backupHead,
    ...backupBody,
    resource: z.object({
      resource_id: Uuid,
      resource_type: BackupResourceType,
      resource_state: z.union([BackupDiskState, BackupVmState]),
    }),
  })
  .describe("Backup in a list");
/** A value of {@link BackupListItem}. */
export type BackupListItem = z.infer<typeof BackupListItem>;

/** `PaginationResponse_BackupListItemResponse_`. */
export const BackupPage = paginated(BackupListItem);

/** `BackupItemResponse`: one backup with what a restore of it would find now. */
export const BackupItemResponse = z
  .object({
    ...backupHead,
    ...backupBody,
    resource: z.union([
      z.object({
        resource_id: Uuid,
        resource_type: z.literal("disk"),
        resource_state: BackupDiskState,
        restore_configuration: DiskRestoreConfiguration,
      }),
      z.object({
        resource_id: Uuid,
        resource_type: z.literal("virtual_machine"),
        resource_state: BackupVmState,
        restore_configuration: VmRestoreConfiguration,
      }),
    ]),
  })
  .describe("Backup");
/** A value of {@link BackupItemResponse}. */
export type BackupItemResponse = z.infer<typeof BackupItemResponse>;
