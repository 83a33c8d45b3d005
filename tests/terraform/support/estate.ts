/**
 * A team's Terraform estate, made for real in the emulator through its REST API (as Terraform's
 * providers would have made it), then described as each provider stores it in a state: the
 * attributes of every instance follow that provider's documented schema (the official
 * provider's `reference/resources/*.md` in cloud-ru/evo-terraform: `zone = {id, name}`,
 * `flavor`, `disks`, `network_interfaces`…; the community provider's `docs/resources/*.md`:
 * `availability_zone { id }` block lists, `boot_disk`, `fip`…), filled from what the service
 * answers for the objects just made. `states.ts` writes them as a format-4 state and as
 * `terraform show -json`.
 */
import { expect } from "vitest";
import type { TestEmulator } from "../../support/emulator";

/** One instance as a state stores it. */
export interface Instance {
  /** Module path, e.g. `["net"]` (`module.net`); empty at the root. */
  module: string[];
  mode: "managed" | "data";
  type: string;
  name: string;
  /** `index_key` (count: a number; for_each: a string). */
  key?: string | number;
  provider: string;
  attributes: Record<string, unknown>;
}

/** The official provider's address, as its docs' examples require it. */
export const OFFICIAL = "cloud.ru/cloudru/cloud";
/** The community provider's address. */
export const COMMUNITY = "registry.terraform.io/ekvii/cloudru-community";

type Body = Record<string, unknown> & { id: string; name: string };

/** The address Terraform gives an instance. */
export function addressOf(i: Instance): string {
  const key =
    i.key === undefined
      ? ""
      : typeof i.key === "number"
        ? `[${i.key}]`
        : `[${JSON.stringify(i.key)}]`;
  return `${i.module.map((m) => `module.${m}.`).join("")}${i.mode === "data" ? "data." : ""}${i.type}.${i.name}${key}`;
}

/** What the estate made, by role, and the instances of each provider's state. */
export interface Estate {
  /** Every official instance by its role (`subnet`, `vm`, …). */
  official: Record<string, Instance>;
  /** Every community instance by its role. */
  community: Record<string, Instance>;
  /** The ids of what was made, by role. */
  ids: Record<string, string>;
}

const ref = (o: { id: string; name?: string } | undefined) =>
  o === undefined ? null : { id: o.id, name: o.name ?? null };

export async function makeEstate(emu: TestEmulator, prefix = "tf"): Promise<Estate> {
  const { vm: fx } = emu.fixtures;
  const projectId = fx.projectId;
  const zone = fx.zones.find((z) => z.name === "ru.AZ-1")!;
  const byName = (list: Array<{ id: string; name: string }>, name: string) =>
    list.find((x) => x.name === name)!.id;
  const post = async (path: string, body: unknown, status = 201): Promise<Body> => {
    const reply = await emu.call("POST", path, { body });
    expect(reply.status, `${path}: ${reply.text}`).toBe(status);
    const answer = reply.body as Body | Body[];
    return Array.isArray(answer) ? answer[0]! : answer;
  };
  const settled = async (path: string, states: string[]): Promise<Body> =>
    (
      await emu.waitFor(
        path,
        (body, status) => status === 200 && states.includes((body as { state: string }).state),
        20_000,
      )
    ).body as Body;
  const ids: Record<string, string> = {};
  const z = { availability_zone_id: zone.id };

  // Official provider's objects.
  const subnet = await post("/api/v1/subnets", {
    name: `${prefix}-app`,
    project_id: projectId,
    ...z,
    subnet_address: "10.42.0.0/24",
    description: "app tier",
  });
  const subnetBody = await settled(`/api/v1/subnets/${subnet.id}`, ["created"]);
  const sg = await post("/api/v1/security-groups", {
    name: `${prefix}-web`,
    project_id: projectId,
    ...z,
    security_group_rules: [
      {
        direction: "ingress",
        ether_type: "IPv4",
        ip_protocol: "tcp",
        port_range: "22:22",
        remote_ip_prefix: "10.0.0.0/8",
      },
    ],
  });
  const sgBody = await settled(`/api/v1/security-groups/${sg.id}`, ["created"]);
  const rules = (await emu.call("GET", `/api/v1/security-groups/${sg.id}/rules`)).body as {
    items?: Body[];
  } & Body[];
  const sgRule = (Array.isArray(rules) ? rules : (rules.items ?? []))[0]!;
  const defaultSg = fx.defaultSecurityGroups.find((g) => g.zoneId === zone.id)!;
  const icmp = await post(`/api/v1/security-groups/${defaultSg.id}/rules`, {
    direction: "ingress",
    ether_type: "IPv4",
    ip_protocol: "icmp",
    port_range: "any",
    remote_ip_prefix: "10.42.0.0/24",
  });
  const pg = await post("/api/v1/placement-groups", {
    name: `${prefix}-spread`,
    project_id: projectId,
    policy: "soft-anti-affinity",
  });
  const vm = await post("/api/v1.1/vms", [
    {
      project_id: projectId,
      ...z,
      name: `${prefix}-web`,
      flavor_id: byName(fx.flavors, "gen-2-4"),
      image_id: byName(fx.images, "ubuntu-22.04"),
      placement_group_id: pg.id,
      disks: [{ name: `${prefix}-web-boot`, size: 12, disk_type_id: byName(fx.diskTypes, "SSD") }],
      interfaces: [{ type: "regular", subnet_id: subnet.id, security_groups: [sg.id] }],
    },
  ]);
  let vmBody = await settled(`/api/v1/vms/${vm.id}`, ["running"]);
  const data = await post("/api/v1/disks", {
    name: `${prefix}-data`,
    project_id: projectId,
    ...z,
    size: 5,
    disk_type_name: "HDD",
  });
  await settled(`/api/v1/disks/${data.id}`, ["available"]);
  await post(`/api/v1/disks/${data.id}/attach`, { vm_id: vm.id }, 200);
  const dataBody = await settled(`/api/v1/disks/${data.id}`, ["in_use"]);
  const iface = (vmBody["interfaces"] as Body[])[0]!;
  const fip = await post("/api/v1/floating-ips", {
    name: `${prefix}-www`,
    project_id: projectId,
    ...z,
    interface_id: iface.id,
  });
  const fipBody = await settled(`/api/v1/floating-ips/${fip.id}`, [
    "created",
    "in_use",
    "active",
  ]).catch(async () => (await emu.call("GET", `/api/v1/floating-ips/${fip.id}`)).body as Body);
  vmBody = (await emu.call("GET", `/api/v1/vms/${vm.id}`)).body as Body;
  const spare = await post("/api/v1/interfaces", {
    name: `${prefix}-spare`,
    project_id: projectId,
    ...z,
    subnet_id: subnet.id,
  });
  const spareBody = (await emu.call("GET", `/api/v1/interfaces/${spare.id}`)).body as Body;
  const nat = await post("/api/v1/nat-gateways", {
    name: `${prefix}-egress`,
    project_id: projectId,
    ...z,
    nat_type: "Public sNAT",
  });
  const natBody = (await emu.call("GET", `/api/v1/nat-gateways/${nat.id}`)).body as Body;
  const src = await post("/api/v1/disks", {
    name: `${prefix}-golden-src`,
    project_id: projectId,
    ...z,
    size: 10,
    disk_type_name: "SSD",
  });
  const srcBody = await settled(`/api/v1/disks/${src.id}`, ["available"]);
  const image = await post("/api/v1/images", {
    name: `${prefix}-golden`,
    project_id: projectId,
    availability_zones: [{ availability_zone_id: zone.id }],
  });
  const imageBody = (await emu.call("GET", `/api/v1/images/${image.id}`)).body as Body;
  Object.assign(ids, {
    subnet: subnet.id,
    sg: sg.id,
    sgRule: sgRule.id,
    defaultSg: defaultSg.id,
    icmp: icmp.id,
    pg: pg.id,
    vm: vm.id,
    data: data.id,
    fip: fip.id,
    spare: spare.id,
    nat: nat.id,
    src: src.id,
    image: image.id,
  });

  const zoneAttr = { id: zone.id, name: zone.name, enabled: true };
  const vmDisks = vmBody["disks"] as Array<Body & { primary: boolean; size: number }>;
  const boot = vmDisks.find((d) => d.primary)!;
  ids["boot"] = boot.id;
  ids["iface"] = iface.id;
  const common = (b: Body) => ({
    id: b.id,
    name: b.name,
    project_id: projectId,
    description: (b["description"] as string | undefined) ?? "",
    created_at: b["created_time"] ?? null,
    updated_at: b["modified_time"] ?? null,
    status: b["state"] ?? null,
  });
  const managed = (
    type: string,
    name: string,
    attributes: Record<string, unknown>,
    module: string[] = [],
    key?: string | number,
  ): Instance => ({
    module,
    mode: "managed",
    type: `cloudru_evolution_compute_${type}`,
    name,
    ...(key === undefined ? {} : { key }),
    provider: OFFICIAL,
    attributes,
  });
  const official: Record<string, Instance> = {
    subnet: managed(
      "subnet",
      "app",
      {
        ...common(subnetBody),
        zone: zoneAttr,
        subnet_address: "10.42.0.0/24",
        prefix_length: null,
        default: false,
        default_gateway: subnetBody["default_gateway"] ?? null,
        routed_network: true,
        dns_servers: null,
        vpc_id: null,
      },
      ["net"],
      "a",
    ),
    sg: managed("security_group", "web", {
      ...common(sgBody),
      zone: zoneAttr,
      default: false,
      ingress_rules_count: 1,
      egress_rules_count: 0,
    }),
    sgRule: managed("security_group_rule", "ssh", {
      id: sgRule.id,
      security_group_id: sg.id,
      direction: "ingress",
      ether_type: "IPv4",
      ip_protocol: "tcp",
      port_range: "22:22",
      remote_ip_prefix: "10.0.0.0/8",
      remote_security_group: null,
      description: "",
      security_group: { id: sg.id, name: sg.name, status: "created" },
      status: "created",
    }),
    icmpRule: managed("security_group_rule", "default_icmp", {
      id: icmp.id,
      security_group_id: defaultSg.id,
      direction: "ingress",
      ether_type: "IPv4",
      ip_protocol: "icmp",
      port_range: "any",
      remote_ip_prefix: "10.42.0.0/24",
      remote_security_group: null,
      description: "",
      security_group: { id: defaultSg.id, name: defaultSg.name, status: "created" },
      status: "created",
    }),
    pg: managed("placement_group", "spread", {
      ...common(pg),
      policy: "soft-anti-affinity",
      zones: [],
    }),
    vm: managed("vm", "web", {
      ...common(vmBody),
      zone: zoneAttr,
      flavor: ref(vmBody["flavor"] as Body),
      placement_group: { id: pg.id, name: pg.name },
      disks: vmDisks.map((d) => ({
        id: d.id,
        name: d.name,
        primary: d.primary,
        status: d["state"],
        image_id: null,
      })),
      network_interfaces: (vmBody["interfaces"] as Body[]).map((i) => ({
        id: i.id,
        name: i.name,
        status: i["state"],
      })),
      cloud_init_userdata: "#cloud-config\npackages: [nginx]\n",
      image_metadata: null,
      metadata_fields: [],
      locked: false,
      guest_agent_state: null,
      icon: null,
      remote_console_protocol: null,
      remote_console_url: null,
      remote_console_ws: null,
    }),
    boot: managed("disk", "boot", {
      ...common(boot),
      zone: zoneAttr,
      size: boot.size,
      disk_type: {
        id: (boot["disk_type"] as Body | undefined)?.id ?? null,
        name: "SSD",
        free_tier: false,
      },
      bootable: true,
      image: { id: byName(fx.images, "ubuntu-22.04"), name: "ubuntu-22.04" },
      readonly: false,
      shared: false,
      encrypted: false,
      serial_id: null,
      vms: [{ id: vm.id, name: vm.name, status: "running" }],
    }),
    data: managed("disk", "data", {
      ...common(dataBody),
      zone: zoneAttr,
      size: 5,
      disk_type: { id: byName(fx.diskTypes, "HDD"), name: "HDD", free_tier: false },
      bootable: false,
      image: null,
      readonly: false,
      shared: false,
      encrypted: false,
      serial_id: null,
      vms: [{ id: vm.id, name: vm.name, status: "running" }],
    }),
    attach: managed("attach_disk", "data", {
      id: `${data.id}/${vm.id}`,
      disk_id: data.id,
      vm_id: vm.id,
      primary: false,
    }),
    iface: managed("interface", "web_eth0", {
      ...common(iface),
      zone: zoneAttr,
      subnet: { id: subnet.id, name: subnet.name, status: "created" },
      vm: { id: vm.id, name: vm.name, status: "running" },
      security_groups: [{ id: sg.id, name: sg.name, status: "created" }],
      interface_security_enabled: true,
      ip_address: iface["ip_address"],
      type: "regular",
      primary: true,
      allowed_address_pairs: null,
      attach_external_ip: {
        id: fip.id,
        name: fip.name,
        ip_address: fipBody["ip_address"] ?? null,
        status: null,
      },
    }),
    fip: managed("external_ip", "www", {
      ...common(fipBody),
      zone: zoneAttr,
      ip_address: fipBody["ip_address"] ?? null,
      network_interface: { id: iface.id, name: iface.name, status: null },
      vm: { id: vm.id, name: vm.name, status: "running" },
      nat_gateway: null,
    }),
    spare: managed("interface", "spare", {
      ...common(spareBody),
      zone: zoneAttr,
      subnet: { id: subnet.id, name: subnet.name, status: "created" },
      vm: null,
      security_groups: (spareBody["security_groups"] as Body[]).map((g) => ({
        id: g.id,
        name: g.name,
        status: null,
      })),
      interface_security_enabled: true,
      ip_address: spareBody["ip_address"],
      type: "regular",
      primary: false,
      allowed_address_pairs: { value: [{ ip_address: "10.42.0.200", mac_address: null }] },
      attach_external_ip: null,
    }),
    nat: managed("nat_gateway", "egress", {
      ...common(natBody),
      zone: zoneAttr,
      vpc_id: null,
      external_ip: null,
    }),
    src: managed("disk", "golden_src", {
      ...common(srcBody),
      zone: zoneAttr,
      size: 10,
      disk_type: { id: byName(fx.diskTypes, "SSD"), name: "SSD", free_tier: false },
      bootable: false,
      image: null,
      readonly: false,
      shared: false,
      encrypted: false,
      serial_id: null,
      vms: [],
    }),
    image: managed("image", "golden", {
      ...common(imageBody),
      zones: [zoneAttr],
      display_name: imageBody["display_name"] ?? null,
      min_cpu: null,
      min_ram: null,
      min_disk: null,
      icon: null,
      user_data_template: null,
      image_metadata: [],
      type: null,
    }),
  };

  // Community provider's objects.
  const cSubnet = await post("/api/v1/subnets", {
    name: `${prefix}-c-app`,
    project_id: projectId,
    ...z,
    subnet_address: "10.43.0.0/24",
  });
  const cSubnetBody = await settled(`/api/v1/subnets/${cSubnet.id}`, ["created"]);
  const cPg = await post("/api/v1/placement-groups", {
    name: `${prefix}-c-spread`,
    project_id: projectId,
    policy: "anti-affinity",
  });
  const cFip = await post("/api/v1/floating-ips", {
    name: `${prefix}-c-fip`,
    project_id: projectId,
    ...z,
  });
  const communityVm = async (name: string, fipId?: string) => {
    const made = await post("/api/v1.1/vms", [
      {
        project_id: projectId,
        ...z,
        name,
        flavor_id: byName(fx.flavors, "gen-2-4"),
        image_id: byName(fx.images, "ubuntu-22.04"),
        disks: [{ name: `${name}-boot`, size: 10, disk_type_id: byName(fx.diskTypes, "SSD") }],
        interfaces: [
          {
            type: "regular",
            subnet_id: cSubnet.id,
            ...(fipId === undefined ? {} : { attach_external_ip_id: fipId }),
          },
        ],
      },
    ]);
    return settled(`/api/v1/vms/${made.id}`, ["running"]);
  };
  const cVm = await communityVm(`${prefix}-c-plain`);
  const cVmFip = await communityVm(`${prefix}-c-public`, cFip.id);
  const ft = await post("/api/v1/free-tier", {
    project_id: projectId,
    ...z,
    name: `${prefix}-sandbox`,
    image_id: byName(fx.images, "ubuntu-22.04"),
  });
  const ftBody = await settled(`/api/v1/vms/${ft.id}`, ["running"]).catch(
    async () => (await emu.call("GET", `/api/v1/free-tier/${ft.id}`)).body as Body,
  );
  Object.assign(ids, {
    cSubnet: cSubnet.id,
    cPg: cPg.id,
    cFip: cFip.id,
    cVm: cVm.id,
    cVmFip: cVmFip.id,
    ft: ft.id,
  });
  const azBlock = [{ id: zone.id, name: zone.name }];
  const cManaged = (
    type: string,
    name: string,
    attributes: Record<string, unknown>,
    key?: number,
  ): Instance => ({
    module: [],
    mode: "managed",
    type: `cloudru-community_${type}`,
    name,
    ...(key === undefined ? {} : { key }),
    provider: COMMUNITY,
    attributes,
  });
  const cCommon = (b: Body) => ({
    id: b.id,
    name: b.name,
    project_id: projectId,
    description: (b["description"] as string | undefined) ?? "",
    created_time: b["created_time"] ?? null,
    modified_time: b["modified_time"] ?? null,
  });
  const cVmAttrs = (b: Body, withFip: boolean) => {
    const disk = (b["disks"] as Array<Body & { primary: boolean; size: number }>).find(
      (d) => d.primary,
    )!;
    return {
      ...cCommon(b),
      flavor_id: (b["flavor"] as Body).id,
      availability_zone: { id: zone.id, name: zone.name },
      boot_disk: {
        id: disk.id,
        name: disk.name,
        size: disk.size,
        disk_type: { id: byName(fx.diskTypes, "SSD"), name: "SSD" },
        state: disk["state"] ?? null,
      },
      image: {
        name: "ubuntu-22.04",
        host_name: b.name,
        user_name: "ubuntu",
        password: null,
        public_key: null,
      },
      network_interfaces: (b["interfaces"] as Body[]).map((i) => ({
        id: i.id,
        name: i.name,
        description: "",
        subnet: {
          id: cSubnet.id,
          name: cSubnet.name,
          routed_network: true,
          state: "created",
          subnet_address: "10.43.0.0/24",
        },
        ip_address: i["ip_address"],
        security_groups: (i["security_groups"] as Body[]).map((g) => ({
          id: g.id,
          name: g.name,
          state: null,
        })),
        fip: withFip ? { id: cFip.id, name: cFip.name, ip_address: null, state: null } : null,
        new_external_ip: null,
        interface_security_enabled: true,
        primary: true,
        type: "regular",
        state: i["state"] ?? null,
        created_time: null,
        modified_time: null,
      })),
      placement_group: null,
      tags: [],
      state: b["state"],
      locked: false,
      vnc_url: null,
      vnc_ws: null,
    };
  };
  const community: Record<string, Instance> = {
    subnet: cManaged("subnet", "app", {
      ...cCommon(cSubnetBody),
      availability_zone: azBlock,
      subnet_address: "10.43.0.0/24",
      default_gateway: cSubnetBody["default_gateway"] ?? null,
      vpc_id: cSubnetBody["vpc_id"] ?? null,
      routed_network: true,
      default: false,
      dns_servers: [],
      tags: [],
      can_delete: true,
      interface_count: 2,
      state: "created",
      type: "regular",
    }),
    pg: cManaged("placement_group", "spread", {
      ...cCommon(cPg),
      policy: "anti-affinity",
      tags: [],
      availability_zones: [],
    }),
    vm: cManaged("vm", "app", cVmAttrs(cVm, false), 0),
    vmFip: cManaged("vm", "app", cVmAttrs(cVmFip, true), 1),
    ft: cManaged("free_tier_vm", "sandbox", {
      ...cCommon(ftBody),
      availability_zone: { id: zone.id, name: zone.name },
      image: {
        id: byName(fx.images, "ubuntu-22.04"),
        name: "ubuntu-22.04",
        host_name: "sandbox",
        user_name: "ubuntu",
        password: null,
        public_key: null,
        free_tier_enabled: true,
      },
      new_floating_ip: false,
      tags: [],
      disks: [],
      interfaces: [],
      flavor: null,
      state: ftBody["state"] ?? null,
      locked: false,
      vnc_url: null,
      vnc_ws: null,
    }),
  };
  // The community fip is an official external_ip in the state (the community VM names it).
  official["cFip"] = managed("external_ip", "public", {
    ...common(cFip),
    zone: zoneAttr,
    ip_address: null,
    network_interface: null,
    vm: null,
    nat_gateway: null,
  });
  return { official, community, ids };
}
