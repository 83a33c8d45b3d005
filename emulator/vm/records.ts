/**
 * The VM service's state as the emulator stores it. Records keep references as ids; the
 * models turn them into the API's response shapes (with nested mini objects) when answering.
 * Everything here is plain JSON so that `--state-file` can persist it.
 */
import type {
  DiskStatus,
  ExternalIpStatus,
  MetaType,
  NatGatewayStatus,
  NetworkStatus,
  PlacementGroupState,
  TaskStatus,
  VmStatus,
} from "../../api/vm/enums";
import type {
  BackupDiskState,
  BackupResourceType,
  BackupState,
  BackupVmState,
} from "../../api/vm/backups";
import type { IMAGE_STATES } from "../../api/vm/states";
import type { Scheduled, Step } from "../core/schedule";
import type { PriceList } from "./price-list";

// The record statuses are the API's own enumerations (api/vm/enums.ts).
export type {
  DiskStatus,
  ExternalIpStatus,
  NatGatewayStatus,
  NetworkStatus,
  PlacementGroupState,
  TaskStatus,
  VmStatus,
};

/** Marks a record whose deletion finished: models remove it when they settle. */
export const GONE = "__gone__";

/** Fields every mutable record has. */
export interface Timestamps {
  /** ISO 8601 creation time. */
  created_time: string;
  /** ISO 8601 time of the last change. */
  modified_time: string;
  /** Insertion counter: orders records created in the same millisecond. */
  seq: number;
}

/** An organization: the owner of projects and of the quotas they share. */
export interface OrganizationRecord {
  id: string;
  name: string;
  /** Quotas: limit type → maximum. */
  limits: Record<string, number>;
}

/** A project: where resources live, in the zones it exists in and its virtual network. */
export interface ProjectRecord {
  id: string;
  name: string;
  product_instance_id: string;
  organization_id: string;
  state: "created";
  /** Whether the emulator's token may use this project (false → 403). */
  accessible: boolean;
  /** Zones the project exists in. */
  zone_ids: string[];
  /** The project's virtual network. */
  vpc_id: string;
  /** Roles returned by the permissions endpoint. */
  permissions: string[];
}

/** An availability zone and what it offers. */
export interface ZoneRecord {
  id: string;
  name: string;
  display_name: string;
  description: string;
  enabled: boolean;
  short_name: string;
  default: boolean;
  /** Changes in this zone are forbidden (every mutation answers 422). */
  changes_forbidden: boolean;
  /** Free-tier resources can be created here. */
  free_tier: boolean;
  vnc_console_enabled: boolean;
  serial_console_enabled: boolean;
  /**
   * Hosts VMs of one placement group can be spread over (default 3): an anti-affinity group
   * holds at most this many VMs in the zone.
   */
  hosts?: number;
}

/** A flavor (VM size) and the zones that offer it. */
export interface FlavorRecord {
  id: string;
  name: string;
  description: string;
  type: string;
  cpu: number;
  ram: number;
  gpu: number;
  oversubscription: string;
  assured_bandwidth: number;
  maximum_bandwidth: number;
  pps: number;
  free_tier: boolean;
  zone_ids: string[];
  created_time: string;
}

/** A disk type: its size bounds, speed steps and the zones that offer it. */
export interface DiskTypeRecord {
  id: string;
  name: string;
  display_name: string;
  free_tier: boolean;
  min_size: number;
  max_size: number;
  speed_limits: Array<{ size: number; limit_bw: number; limit_rate: number }>;
  zone_ids: string[];
}

/** One metadata field an image asks a VM create to fill. */
export interface ImageMetadataRecord {
  id: string;
  name: string;
  display_name: string;
  display_position: number;
  field_type: MetaType;
  default_value?: string;
  sensitive: boolean;
  /** Whether a VM of this image must be given a value. */
  required: boolean;
  /** Form group (images a project made say; the fixtures have none). */
  display_group?: string;
  /** The mandatory group as the image's maker named it (default: the field's own name). */
  mandatory_group?: string;
  mandatory_group_display_name?: string;
}

/** A private image's state (per zone in the answer, the same in each). */
export type ImageState = (typeof IMAGE_STATES.all)[number];

/**
 * An image VMs boot from, with its metadata fields and the zones that offer it: a fixture's
 * (public or marketplace), or a project's own (private), which has a project, per-zone
 * enabling, a lifecycle and, when made from a disk, that disk's size as its minimum.
 */
export interface ImageRecord {
  id: string;
  name: string;
  display_name: string;
  description: string;
  icon: string;
  min_cpu: number;
  min_ram: number;
  min_disk: number;
  public: boolean;
  type: "public" | "private" | "marketplace";
  free_tier_enabled: boolean;
  /** Whether the image accepts cloud-init user data. */
  cloud_init_supported: boolean;
  /** Whether the guest agent runs (set-password needs it). */
  guest_agent: boolean;
  /** The default login user (from image metadata), used by set/delete-password. */
  default_user?: string;
  image_metadata: ImageMetadataRecord[];
  zone_ids: string[];
  created_time: string;
  /** The project a private image belongs to (none for public and marketplace images). */
  project_id?: string;
  /** The zones a private image is enabled in (absent: every zone it is offered in). */
  enabled_zone_ids?: string[];
  /** A private image's state (absent: `created`). */
  state?: ImageState;
  /** Planned states of a private image (create, update, delete). */
  schedule?: Array<Step<ImageState | typeof GONE>>;
  modified_time?: string;
  seq?: number;
  /** The template a private image was given (else one for images that take cloud-init). */
  user_data_template?: string;
  /** The size of the disk a private image was made from: its `min_disk` never goes below. */
  source_disk_size?: number;
}

/** A tag resources can carry. */
export interface TagRecord {
  id: string;
  name: string;
  color: string;
}

/**
 * A placement group: a project's rule that spreads its VMs over distinct hosts, in each of the
 * zones its VMs joined it in.
 */
export interface PlacementGroupRecord
  extends Scheduled<PlacementGroupState | typeof GONE>, Timestamps {
  id: string;
  name: string;
  description: string;
  project_id: string;
  policy: "anti-affinity" | "soft-anti-affinity";
  /** The zones VMs joined the group in, in the order they did (none for a new group). */
  zone_ids: string[];
  tag_ids: string[];
}

/** An external IP, free or bound to an interface. */
export interface ExternalIpRecord extends Timestamps {
  id: string;
  name: string;
  /** Absent on addresses made with a VM: empty. */
  description?: string;
  ip_address: string;
  /** `available` (free) or `in_use` (bound), or on the way there. */
  state: ExternalIpStatus;
  /** Planned states (create, bind, release, delete); absent when settled. */
  schedule?: Array<Step<ExternalIpStatus | typeof GONE>>;
  project_id: string;
  availability_zone_id: string;
  interface_id?: string;
  /** The SNAT gateway whose traffic leaves from this address (it was made with the gateway). */
  nat_gateway_id?: string;
  tag_ids?: string[];
}

/**
 * An SNAT gateway of a zone of the project's virtual network. Its rules are not stored: it
 * serves every routed subnet of that network in its zone, as long as the subnet exists.
 */
export interface NatGatewayRecord extends Scheduled<NatGatewayStatus | typeof GONE>, Timestamps {
  id: string;
  name: string;
  description: string;
  project_id: string;
  availability_zone_id: string;
  vpc_id: string;
  /** The external IP the gateway's traffic leaves from: made with it, deleted with it. */
  external_ip_id: string;
}

/** A disk and the VMs it is attached to. */
export interface DiskRecord extends Scheduled<DiskStatus | typeof GONE>, Timestamps {
  id: string;
  name: string;
  description: string;
  size: number;
  bootable: boolean;
  readonly: boolean;
  shared: boolean;
  encrypted: boolean;
  serial_id: string;
  project_id: string;
  availability_zone_id: string;
  disk_type_id: string;
  tag_ids: string[];
  /** VMs the disk is attached to (several only when shared). */
  vm_ids: string[];
  /** The VM this is the boot disk of. */
  boot_of?: string;
  /** The image written to a bootable disk (a VM may later boot from the disk alone). */
  image_id?: string;
}

/** A subnet of the project's virtual network and the addresses it has handed out. */
export interface SubnetRecord extends Scheduled<NetworkStatus | typeof GONE>, Timestamps {
  id: string;
  name: string;
  description: string;
  /** CIDR, e.g. `10.10.0.0/24`. */
  subnet_address: string;
  routed_network: boolean;
  default_gateway: string;
  dns_servers: string[];
  availability_zone_id: string;
  project_id: string;
  vpc_id: string;
  tag_ids: string[];
  default: boolean;
  type: "regular" | "technical" | "vpc" | "zone_technical";
  /** IP addresses taken in this subnet (interfaces, gateway). */
  used_ips: string[];
}

/** A security group; its rules are records of their own. */
export interface SecurityGroupRecord extends Scheduled<NetworkStatus | typeof GONE>, Timestamps {
  id: string;
  name: string;
  description: string;
  project_id: string;
  availability_zone_id: string;
  default: boolean;
  tag_ids: string[];
}

/** One rule of a security group. */
export interface SecurityGroupRuleRecord
  extends Scheduled<NetworkStatus | typeof GONE>, Timestamps {
  id: string;
  security_group_id: string;
  direction: "ingress" | "egress";
  ether_type: "IPv4" | "IPv6";
  ip_protocol: "tcp" | "udp" | "icmp" | "any";
  port_range: string;
  remote_ip_prefix?: string;
  remote_security_group_id?: string;
  description: string;
}

/**
 * A network interface: its address, subnet, groups and external IP, on a VM or free. One a VM
 * create made (`made_by_vm`) goes with its VM; one made with `POST /api/v1/interfaces` stays,
 * free again, when its VM is deleted.
 */
export interface InterfaceRecord extends Timestamps {
  id: string;
  name: string;
  description: string;
  project_id: string;
  availability_zone_id: string;
  /** The VM it is on; absent while free. */
  vm_id?: string;
  /** Made by a VM create: it goes with the VM. */
  made_by_vm: boolean;
  subnet_id: string;
  ip_address: string;
  primary: boolean;
  type: "regular" | "direct_ip";
  interface_security_enabled: boolean;
  security_group_ids: string[];
  allowed_address_pairs: Array<{ ip_address: string; mac_address: string }>;
  floating_ip_id?: string;
  state: NetworkStatus;
  /** Planned states (create, update, delete); absent when settled. */
  schedule?: Array<Step<NetworkStatus | typeof GONE>>;
}

/** A virtual machine; its disks and interfaces are records of their own. */
export interface VmRecord extends Scheduled<VmStatus | typeof GONE>, Timestamps {
  id: string;
  name: string;
  description: string;
  project_id: string;
  availability_zone_id: string;
  flavor_id: string;
  image_id: string;
  placement_group_id?: string;
  tag_ids: string[];
  /** Values given for the image's metadata fields. */
  metadata_fields: Array<{
    id: string;
    metadata_id: string;
    name: string;
    display_name: string;
    value: string;
  }>;
  /** Base64 cloud-init user data as sent. */
  cloud_init?: string;
  /** Interfaces, primary first. */
  interface_ids: string[];
  /** Attached disks, boot disk first. */
  disk_ids: string[];
  locked: boolean;
  free_tier: boolean;
  /** Created through the legacy v1 path. */
  legacy: boolean;
  vnc_url?: string;
  vnc_ws?: string;
  remote_console_url?: string;
  remote_console_ws?: string;
  remote_console_protocol?: "vnc" | "spice" | "serial" | "mks";
  is_serial_ready: boolean;
  guest_agent_state: "enabled" | "disabled" | "unavailable" | "not_installed" | "error";
  /** Logins that have a password set (the password itself is never stored). */
  password_logins: string[];
  /** External IPs to release (not keep) when the VM's deletion finishes. */
  release_external_ip_ids?: string[];
}

/** A task: the record of one piece of asynchronous work. */
export interface TaskRecord extends Scheduled<TaskStatus>, Timestamps {
  id: string;
  name: string;
  project_id: string;
  availability_zone_id?: string;
  user_id: string;
  user_email: string;
  entity_id: string;
  entity_type: string;
  entity_name: string;
}

/**
 * A backup of a VM or a disk: the resource as it was when taken (the answer's
 * `resource_state`, kept as it was) and its own lifecycle. It outlives the resource.
 */
export interface BackupRecord extends Scheduled<BackupState | typeof GONE>, Timestamps {
  id: string;
  name: string;
  description: string;
  project_id: string;
  tag_ids: string[];
  resource_type: BackupResourceType;
  resource_id: string;
  resource_state: BackupVmState | BackupDiskState;
  /** Size in GB: the disk's, or the sum of the VM's disks. */
  size: number;
  /** The image a backed-up boot disk held (a disk restored from it holds it too). */
  image_id?: string;
  last_restore_time?: string;
}

/** The whole VM-service state: every collection keyed by id. */
export interface VmState {
  /** Next value of {@link Timestamps.seq}. */
  seq: number;
  organizations: Record<string, OrganizationRecord>;
  projects: Record<string, ProjectRecord>;
  zones: Record<string, ZoneRecord>;
  flavors: Record<string, FlavorRecord>;
  diskTypes: Record<string, DiskTypeRecord>;
  images: Record<string, ImageRecord>;
  tags: Record<string, TagRecord>;
  placementGroups: Record<string, PlacementGroupRecord>;
  externalIps: Record<string, ExternalIpRecord>;
  natGateways: Record<string, NatGatewayRecord>;
  backups: Record<string, BackupRecord>;
  /** The price list set through the admin API; absent: the fixture tariff (price-list.ts). */
  prices?: PriceList;
  disks: Record<string, DiskRecord>;
  subnets: Record<string, SubnetRecord>;
  securityGroups: Record<string, SecurityGroupRecord>;
  securityGroupRules: Record<string, SecurityGroupRuleRecord>;
  interfaces: Record<string, InterfaceRecord>;
  vms: Record<string, VmRecord>;
  tasks: Record<string, TaskRecord>;
  /** Organization id → id of its free-tier VM. */
  freeTierVms: Record<string, string>;
  /** The user the token belongs to (tasks name them). */
  user: { id: string; email: string };
}
