/**
 * What each Terraform resource type of the two cloud.ru providers becomes in vmcloud, and which
 * of its stored fields that covers, as written against these providers' versions (the
 * `MAPPING_VERSIONS`): the official `cloudru_evolution_compute_*` resources (documented in the
 * repository cloud-ru/evo-terraform, `reference/resources/`) and the community provider's
 * `cloudru-community_*` resources (ekvii/terraform-provider-cloudru-community). A field of the
 * state that is neither covered nor explained here is reported as not covered by the mapping
 * (a newer provider's field), never dropped silently.
 */
import type { VmCloudTypeName } from "../type-tokens";

/** The provider versions the mapping was written against. */
export const MAPPING_VERSIONS = {
  /** cloud.ru's official provider (`cloud.ru/cloudru/cloud`): docs of release 2.1.1. */
  official: {
    source: "cloud.ru/cloudru/cloud",
    version: "2.1.1",
    docs: "cloud-ru/evo-terraform@f54f8ef",
  },
  /** The community provider (`registry.terraform.io/ekvii/cloudru-community`). */
  community: {
    source: "registry.terraform.io/ekvii/cloudru-community",
    version: "0.3.0",
    docs: "ekvii/terraform-provider-cloudru-community@3896fc9",
  },
} as const;

/** The type prefix of the official provider's compute resources. */
export const OFFICIAL_PREFIX = "cloudru_evolution_";
/** The type prefix of the community provider's resources. */
export const COMMUNITY_PREFIX = "cloudru-community_";

/** One Terraform resource type the mapping knows. */
export interface TypeMapping {
  /** The vmcloud kind it becomes (when it is a whole object; parts are decided in translate.ts). */
  readonly kind: VmCloudTypeName;
  /** Which provider's type it is. */
  readonly provider: keyof typeof MAPPING_VERSIONS;
  /** Fields the vmcloud kind's read carries over (or that only the service sets). */
  readonly covered: readonly string[];
  /** Fields with no vmcloud counterpart, each with what the user should know when it is set. */
  readonly uncovered?: Readonly<Record<string, string>>;
}

const TIMEOUTS = {
  timeouts: "Terraform's own wait settings: vmcloud resources take a `timeouts` input of their own",
};

/** The mapping of every managed Terraform type that has a vmcloud counterpart. */
export const TYPE_MAPPINGS: Readonly<Record<string, TypeMapping>> = {
  cloudru_evolution_compute_vm: {
    kind: "Vm",
    provider: "official",
    covered: [
      ...["id", "name", "description", "project_id", "zone", "flavor", "disks"],
      ...["network_interfaces", "placement_group", "metadata_fields", "created_at"],
      ...["updated_at", "status", "locked", "guest_agent_state", "icon"],
      ...["remote_console_protocol", "remote_console_url", "remote_console_ws"],
    ],
    uncovered: {
      cloud_init_userdata:
        "the service does not return user data: after the import `cloudInit` is unknown and not compared; put it in the program to keep it on record",
      image_metadata:
        "the values the VM was made with are not all returned (secret ones never): the import reads the image fields the VM shows (hostname, userName, …); set `password` in the program as a secret if Pulumi should manage it",
      ...TIMEOUTS,
    },
  },
  cloudru_evolution_compute_disk: {
    kind: "Disk",
    provider: "official",
    covered: [
      ...["id", "name", "description", "project_id", "zone", "disk_type", "size", "readonly"],
      ...["shared", "encrypted", "bootable", "created_at", "updated_at", "status", "serial_id"],
      "vms",
    ],
    uncovered: {
      image:
        "a vmcloud Disk records no image: a disk made from one is imported as it is, and `image` is not compared",
      ...TIMEOUTS,
    },
  },
  cloudru_evolution_compute_attach_disk: {
    kind: "DiskAttachment",
    provider: "official",
    covered: ["id", "disk_id", "vm_id", "primary"],
    uncovered: TIMEOUTS,
  },
  cloudru_evolution_compute_subnet: {
    kind: "Subnet",
    provider: "official",
    covered: [
      ...["id", "name", "description", "project_id", "zone", "default", "default_gateway"],
      ...["dns_servers", "prefix_length", "routed_network", "subnet_address", "vpc_id"],
      ...["created_at", "updated_at", "status"],
    ],
    uncovered: TIMEOUTS,
  },
  cloudru_evolution_compute_security_group: {
    kind: "SecurityGroup",
    provider: "official",
    covered: [
      ...["id", "name", "description", "project_id", "zone", "default", "created_at"],
      ...["updated_at", "status", "egress_rules_count", "ingress_rules_count"],
    ],
    uncovered: TIMEOUTS,
  },
  cloudru_evolution_compute_security_group_rule: {
    kind: "SecurityGroupRule",
    provider: "official",
    covered: [
      ...["id", "security_group_id", "direction", "ether_type", "ip_protocol", "port_range"],
      ...["description", "remote_ip_prefix", "remote_security_group", "security_group", "status"],
    ],
    uncovered: TIMEOUTS,
  },
  cloudru_evolution_compute_external_ip: {
    kind: "ExternalIp",
    provider: "official",
    covered: [
      ...["id", "name", "description", "project_id", "zone", "ip_address", "created_at"],
      ...["updated_at", "status", "nat_gateway", "vm", "network_interface"],
    ],
    uncovered: TIMEOUTS,
  },
  cloudru_evolution_compute_placement_group: {
    kind: "PlacementGroup",
    provider: "official",
    covered: [
      ...["id", "name", "description", "project_id", "policy", "zones"],
      ...["created_at", "updated_at"],
    ],
    uncovered: TIMEOUTS,
  },
  cloudru_evolution_compute_nat_gateway: {
    kind: "NatGateway",
    provider: "official",
    covered: [
      ...["id", "name", "description", "project_id", "zone", "vpc_id", "external_ip"],
      ...["created_at", "updated_at", "status"],
    ],
    uncovered: TIMEOUTS,
  },
  cloudru_evolution_compute_interface: {
    kind: "NetworkInterface",
    provider: "official",
    covered: [
      ...["id", "name", "description", "project_id", "zone", "subnet", "vm", "security_groups"],
      ...["interface_security_enabled", "ip_address", "type", "attach_external_ip", "primary"],
      ...["created_at", "updated_at", "status"],
    ],
    uncovered: {
      allowed_address_pairs:
        "vmcloud has no input for allowed address pairs: they stay on the interface as they are, unmanaged",
      ...TIMEOUTS,
    },
  },
  cloudru_evolution_compute_image: {
    kind: "Image",
    provider: "official",
    covered: [
      ...["id", "name", "description", "project_id", "display_name", "min_cpu", "min_disk"],
      ...["min_ram", "image_metadata", "type", "created_at", "updated_at", "zones"],
    ],
    uncovered: {
      icon: "a vmcloud Image records no icon: it stays as it is, unmanaged",
      user_data_template:
        "a vmcloud Image records no user data template: it stays as it is, unmanaged",
      ...TIMEOUTS,
    },
  },
  "cloudru-community_subnet": {
    kind: "Subnet",
    provider: "community",
    covered: [
      ...["id", "name", "description", "project_id", "availability_zone", "default"],
      ...["default_gateway", "dns_servers", "routed_network", "subnet_address", "vpc_id"],
      ...["tags", "can_delete", "created_time", "modified_time", "interface_count", "state"],
      "type",
    ],
    uncovered: TIMEOUTS,
  },
  "cloudru-community_vm": {
    kind: "Vm",
    provider: "community",
    covered: [
      ...["id", "name", "description", "project_id", "availability_zone", "flavor_id"],
      ...["boot_disk", "network_interfaces", "placement_group", "tags", "created_time"],
      ...["modified_time", "state", "locked", "vnc_url", "vnc_ws"],
    ],
    uncovered: {
      image:
        "the image's host name and user are read from the VM, its password (sensitive) is never returned: set `password` in the program as a secret if Pulumi should manage it",
      ...TIMEOUTS,
    },
  },
  "cloudru-community_free_tier_vm": {
    kind: "FreeTierVm",
    provider: "community",
    covered: [
      ...["id", "name", "project_id", "availability_zone", "new_floating_ip", "created_time"],
      ...["disks", "flavor", "interfaces", "locked", "modified_time", "state", "vnc_url"],
      "vnc_ws",
    ],
    uncovered: {
      image:
        "the image's host name and user are read from the VM, its password (sensitive) is never returned: set `password` in the program as a secret if Pulumi should manage it",
      description: "a vmcloud FreeTierVm has no description input: it stays as it is, unmanaged",
      tags: "a vmcloud FreeTierVm has no tags input: they stay as they are, unmanaged",
      ...TIMEOUTS,
    },
  },
  "cloudru-community_placement_group": {
    kind: "PlacementGroup",
    provider: "community",
    covered: [
      ...["id", "name", "description", "project_id", "policy", "tags", "availability_zones"],
      ...["created_time", "modified_time"],
    ],
    uncovered: TIMEOUTS,
  },
};

/** Why a managed type of the two providers that has no vmcloud counterpart is left out. */
export const NO_COUNTERPART: Readonly<Record<string, string>> = {
  "cloudru-community_vpc":
    "vmcloud has no VPC resource (a Subnet or NatGateway names its network with `vpcId`): the VPC stays under Terraform",
  "cloudru-community_dns_server":
    "vmcloud has no DNS server resource: it stays under Terraform (a Subnet's `dnsServers` lists addresses)",
};
