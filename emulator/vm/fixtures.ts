/**
 * The VM service's starting state: one organization, an accessible project and a foreign one,
 * three zones (changes forbidden in the third), flavors, disk types, images with metadata,
 * tags, a placement group, and a default subnet and security group per zone. Ids are derived
 * from names, so they are the same after every reset and restart.
 */
import { DISK_MAX_SIZE } from "../../api/vm/disks";
import type { Clock } from "../core/service-module";
import { fixtureId } from "./models/shared";
import type {
  DiskTypeRecord,
  FlavorRecord,
  ImageRecord,
  SecurityGroupRecord,
  SecurityGroupRuleRecord,
  SubnetRecord,
  VmState,
  ZoneRecord,
} from "./records";

const ZONES: Array<Omit<ZoneRecord, "id">> = [
  {
    name: "ru.AZ-1",
    display_name: "Zone 1",
    description: "Primary zone",
    enabled: true,
    short_name: "az1",
    default: true,
    changes_forbidden: false,
    free_tier: true,
    vnc_console_enabled: true,
    serial_console_enabled: true,
  },
  {
    name: "ru.AZ-2",
    display_name: "Zone 2",
    description: "Second zone",
    enabled: true,
    short_name: "az2",
    default: false,
    changes_forbidden: false,
    free_tier: false,
    vnc_console_enabled: true,
    serial_console_enabled: false,
  },
  {
    name: "ru.AZ-3",
    display_name: "Zone 3",
    description: "Zone under maintenance: changes are forbidden",
    enabled: true,
    short_name: "az3",
    default: false,
    changes_forbidden: true,
    free_tier: false,
    vnc_console_enabled: false,
    serial_console_enabled: false,
  },
];

const FLAVORS: Array<
  Pick<FlavorRecord, "name" | "type" | "cpu" | "ram" | "gpu" | "oversubscription" | "free_tier">
> = [
  {
    name: "free-tier-1-1",
    type: "free-tier",
    cpu: 1,
    ram: 1,
    gpu: 0,
    oversubscription: "1:10",
    free_tier: true,
  },
  {
    name: "burst-1-1",
    type: "standard",
    cpu: 1,
    ram: 1,
    gpu: 0,
    oversubscription: "1:10",
    free_tier: false,
  },
  {
    name: "burst-2-2",
    type: "standard",
    cpu: 2,
    ram: 2,
    gpu: 0,
    oversubscription: "1:3",
    free_tier: false,
  },
  {
    name: "gen-2-4",
    type: "standard",
    cpu: 2,
    ram: 4,
    gpu: 0,
    oversubscription: "1:1",
    free_tier: false,
  },
  {
    name: "gen-4-8",
    type: "standard",
    cpu: 4,
    ram: 8,
    gpu: 0,
    oversubscription: "1:1",
    free_tier: false,
  },
  {
    name: "gen-8-32",
    type: "standard",
    cpu: 8,
    ram: 32,
    gpu: 0,
    oversubscription: "1:1",
    free_tier: false,
  },
  {
    name: "gen-32-128",
    type: "standard",
    cpu: 32,
    ram: 128,
    gpu: 0,
    oversubscription: "1:1",
    free_tier: false,
  },
  {
    name: "gpu-8-64-1",
    type: "gpu",
    cpu: 8,
    ram: 64,
    gpu: 1,
    oversubscription: "1:1",
    free_tier: false,
  },
  {
    name: "gpu-16-128-2",
    type: "gpu",
    cpu: 16,
    ram: 128,
    gpu: 2,
    oversubscription: "1:1",
    free_tier: false,
  },
];

const DISK_TYPES: Array<Pick<DiskTypeRecord, "name" | "display_name" | "free_tier">> = [
  { name: "SSD", display_name: "SSD", free_tier: false },
  { name: "HDD", display_name: "HDD", free_tier: false },
  { name: "free-tier-HDD", display_name: "HDD (free tier)", free_tier: true },
];

// The metadata fields of real public images: a Linux image takes `hostname`, `username`,
// `ssh_pub_key` and (with a guest agent) `password`, each typed with a MetaType, so a client
// can fill them by type. A required field is its own mandatory group; one with a default is
// filled with it when left out.
type FixtureField = Omit<ImageRecord["image_metadata"][number], "id">;
const HOSTNAME_FIELD: FixtureField = {
  name: "hostname",
  display_name: "Host name",
  display_position: 1,
  field_type: "hostname",
  sensitive: false,
  required: false,
};
const linuxLogin = (defaultUser: string): FixtureField => ({
  name: "username",
  display_name: "User name",
  display_position: 2,
  field_type: "linux_login",
  default_value: defaultUser,
  sensitive: false,
  required: true,
});
const SSH_KEY_FIELD: FixtureField = {
  name: "ssh_pub_key",
  display_name: "SSH public key",
  display_position: 3,
  field_type: "public_key",
  sensitive: false,
  required: false,
};

// Images whose guest agent can set a password declare a password-typed field, as the real
// service's images do (MetaType linux_password / plain_password): it is how a client knows,
// from the catalog alone, that `set-password` will work on a VM of the image.
const LINUX_PASSWORD_FIELD: FixtureField = {
  name: "password",
  display_name: "Password",
  display_position: 4,
  field_type: "linux_password",
  sensitive: true,
  required: false,
};
// Windows asks for the administrator's login as plain text, with no default.
const WINDOWS_LOGIN_FIELD: FixtureField = {
  name: "username",
  display_name: "Administrator login",
  display_position: 2,
  field_type: "text",
  sensitive: false,
  required: true,
};
const WINDOWS_PASSWORD_FIELD: FixtureField = {
  ...LINUX_PASSWORD_FIELD,
  display_position: 3,
  field_type: "plain_password",
};

/** A fixture image: the record without what the fixtures derive, and its metadata fields. */
type FixtureImage = Omit<ImageRecord, "id" | "image_metadata" | "zone_ids" | "created_time"> & {
  metadata: FixtureField[];
};

/** An Ubuntu LTS image: the releases differ only in their version and free-tier offer. */
function ubuntu(version: string, offer: Pick<FixtureImage, "free_tier_enabled">): FixtureImage {
  return {
    name: `ubuntu-${version}`,
    display_name: `Ubuntu ${version}`,
    description: `Ubuntu ${version} LTS`,
    icon: "ubuntu",
    min_cpu: 1,
    min_ram: 1,
    min_disk: 10,
    public: true,
    type: "public",
    ...offer,
    cloud_init_supported: true,
    guest_agent: true,
    default_user: "ubuntu",
    metadata: [HOSTNAME_FIELD, linuxLogin("ubuntu"), SSH_KEY_FIELD, LINUX_PASSWORD_FIELD],
  };
}

const IMAGES: FixtureImage[] = [
  ubuntu("22.04", { free_tier_enabled: true }),
  ubuntu("24.04", { free_tier_enabled: false }),
  {
    name: "debian-12",
    display_name: "Debian 12",
    description: "Debian 12 bookworm",
    icon: "debian",
    min_cpu: 1,
    min_ram: 1,
    min_disk: 8,
    public: true,
    type: "public",
    free_tier_enabled: false,
    cloud_init_supported: true,
    guest_agent: false,
    default_user: "debian",
    metadata: [HOSTNAME_FIELD, linuxLogin("debian"), SSH_KEY_FIELD],
  },
  {
    name: "windows-2022",
    display_name: "Windows Server 2022",
    description: "Needs an administrator login; does not accept cloud-init",
    icon: "windows",
    min_cpu: 2,
    min_ram: 4,
    min_disk: 50,
    public: true,
    type: "marketplace",
    free_tier_enabled: false,
    cloud_init_supported: false,
    guest_agent: true,
    metadata: [HOSTNAME_FIELD, WINDOWS_LOGIN_FIELD, WINDOWS_PASSWORD_FIELD],
  },
];

/** A fresh VM-service state with every fixture. */
export function vmFixtures(clock: Clock): VmState {
  const created = new Date(clock.now()).toISOString();
  const state: VmState = {
    seq: 0,
    organizations: {},
    projects: {},
    zones: {},
    flavors: {},
    diskTypes: {},
    images: {},
    tags: {},
    placementGroups: {},
    externalIps: {},
    natGateways: {},
    backups: {},
    disks: {},
    subnets: {},
    securityGroups: {},
    securityGroupRules: {},
    interfaces: {},
    vms: {},
    tasks: {},
    freeTierVms: {},
    user: { id: fixtureId("user"), email: "engineer@example.com" },
  };
  // Network fixtures exist already: settled, stamped with the fixtures' creation time.
  const settledStamps = () => ({
    status: "created" as const,
    schedule: [],
    created_time: created,
    modified_time: created,
    seq: ++state.seq,
  });
  const orgId = fixtureId("organization");
  state.organizations[orgId] = {
    id: orgId,
    name: "example-org",
    limits: {
      vcpus: 2000,
      vms: 200,
      public_keys: 50,
      ram: 8192,
      disks: 500,
      disks_size: 200000,
      subnets: 100,
      interfaces: 500,
      floating_ips: 100,
      security_groups: 100,
      security_group_rules: 2000,
      gpus: 16,
    },
  };
  const zoneIds = ZONES.map((z) => fixtureId(`zone:${z.name}`));
  ZONES.forEach((zone, i) => (state.zones[zoneIds[i]!] = { id: zoneIds[i]!, ...zone }));
  const projectId = fixtureId("project");
  state.projects[projectId] = {
    id: projectId,
    name: "example-project",
    product_instance_id: fixtureId("product-instance"),
    organization_id: orgId,
    state: "created",
    accessible: true,
    zone_ids: zoneIds,
    vpc_id: fixtureId("vpc"),
    permissions: ["vm.admin", "vm.viewer", "network.admin"],
  };
  const foreignId = fixtureId("foreign-project");
  state.projects[foreignId] = {
    id: foreignId,
    name: "foreign-project",
    product_instance_id: fixtureId("foreign-product-instance"),
    organization_id: fixtureId("foreign-organization"),
    state: "created",
    accessible: false,
    zone_ids: zoneIds,
    vpc_id: fixtureId("foreign-vpc"),
    permissions: [],
  };
  for (const flavor of FLAVORS) {
    const id = fixtureId(`flavor:${flavor.name}`);
    const zones = flavor.free_tier ? zoneIds.filter((_, i) => ZONES[i]!.free_tier) : zoneIds;
    state.flavors[id] = {
      id,
      description: `${flavor.cpu} vCPU, ${flavor.ram} GB RAM${flavor.gpu > 0 ? `, ${flavor.gpu} GPU` : ""}, ${flavor.oversubscription}`,
      assured_bandwidth: flavor.cpu * 100,
      maximum_bandwidth: flavor.cpu * 1000,
      pps: flavor.cpu * 50000,
      zone_ids: zones,
      created_time: created,
      ...flavor,
    };
  }
  for (const type of DISK_TYPES) {
    const id = fixtureId(`disk-type:${type.name}`);
    state.diskTypes[id] = {
      id,
      min_size: 1,
      max_size: type.free_tier ? 20 : DISK_MAX_SIZE,
      speed_limits: [
        { size: 100, limit_bw: 150, limit_rate: 3000 },
        { size: 1000, limit_bw: 500, limit_rate: 10000 },
      ],
      zone_ids: type.free_tier ? zoneIds.filter((_, i) => ZONES[i]!.free_tier) : zoneIds,
      ...type,
    };
  }
  for (const { metadata, ...image } of IMAGES) {
    const id = fixtureId(`image:${image.name}`);
    state.images[id] = {
      id,
      image_metadata: metadata.map((m) => ({
        id: fixtureId(`image-metadata:${image.name}:${m.name}`),
        ...m,
      })),
      zone_ids: zoneIds,
      created_time: created,
      ...image,
    };
  }
  for (const [name, color] of [
    ["env-prod", "red"],
    ["env-dev", "green"],
    ["team-platform", "blue"],
  ] as const) {
    const id = fixtureId(`tag:${name}`);
    state.tags[id] = { id, name, color };
  }
  const pgId = fixtureId("placement-group:spread-az1");
  state.placementGroups[pgId] = {
    id: pgId,
    name: "spread-az1",
    description: "Spreads VMs over distinct hosts of ru.AZ-1",
    project_id: projectId,
    policy: "anti-affinity",
    zone_ids: [zoneIds[0]!],
    tag_ids: [],
    ...settledStamps(),
  };

  zoneIds.forEach((zoneId, i) => {
    const subnetId = fixtureId(`subnet:default:${i}`);
    const base = `10.${i}.0`;
    const subnet: SubnetRecord = {
      id: subnetId,
      name: `default-subnet-${ZONES[i]!.short_name}`,
      description: "Default subnet of the zone",
      subnet_address: `${base}.0/24`,
      routed_network: true,
      default_gateway: `${base}.1`,
      dns_servers: ["8.8.8.8", "1.1.1.1"],
      availability_zone_id: zoneId,
      project_id: projectId,
      vpc_id: state.projects[projectId]!.vpc_id,
      tag_ids: [],
      default: true,
      type: "regular",
      used_ips: [`${base}.1`],
      ...settledStamps(),
    };
    state.subnets[subnetId] = subnet;
    const groupId = fixtureId(`security-group:default:${i}`);
    const group: SecurityGroupRecord = {
      id: groupId,
      name: `default-${ZONES[i]!.short_name}`,
      description: "Default security group: all egress, ingress from the same group",
      project_id: projectId,
      availability_zone_id: zoneId,
      default: true,
      tag_ids: [],
      ...settledStamps(),
    };
    state.securityGroups[groupId] = group;
    const rules: Array<
      Pick<SecurityGroupRuleRecord, "direction" | "ether_type" | "ip_protocol" | "port_range"> & {
        remote_security_group_id?: string;
      }
    > = [
      { direction: "egress", ether_type: "IPv4", ip_protocol: "any", port_range: "any" },
      { direction: "egress", ether_type: "IPv6", ip_protocol: "any", port_range: "any" },
      {
        direction: "ingress",
        ether_type: "IPv4",
        ip_protocol: "any",
        port_range: "any",
        remote_security_group_id: groupId,
      },
    ];
    rules.forEach((rule, j) => {
      const ruleId = fixtureId(`security-group-rule:default:${i}:${j}`);
      state.securityGroupRules[ruleId] = {
        id: ruleId,
        security_group_id: groupId,
        description: "",
        ...settledStamps(),
        ...rule,
      };
    });
  });
  return state;
}

/** Ids and names of the fixtures, for `GET /_emulator/fixtures`. */
export function describeVmFixtures(state: VmState) {
  const byName = <T extends { id: string; name: string }>(records: Record<string, T>) =>
    Object.values(records).map((r) => ({ id: r.id, name: r.name }));
  const project = Object.values(state.projects).find((p) => p.accessible)!;
  return {
    organizationId: project.organization_id,
    projectId: project.id,
    foreignProjectId: Object.values(state.projects).find((p) => !p.accessible)?.id,
    zones: Object.values(state.zones).map((z) => ({
      id: z.id,
      name: z.name,
      changesForbidden: z.changes_forbidden,
    })),
    flavors: byName(state.flavors),
    diskTypes: byName(state.diskTypes),
    images: byName(state.images),
    tags: byName(state.tags),
    placementGroups: byName(state.placementGroups),
    defaultSubnets: Object.values(state.subnets)
      .filter((s) => s.default)
      .map((s) => ({
        id: s.id,
        name: s.name,
        zoneId: s.availability_zone_id,
        address: s.subnet_address,
      })),
    defaultSecurityGroups: Object.values(state.securityGroups)
      .filter((g) => g.default)
      .map((g) => ({ id: g.id, name: g.name, zoneId: g.availability_zone_id })),
  };
}
