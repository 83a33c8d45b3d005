/**
 * Making network interfaces and letting them go: turning either VM create version's interface
 * section into interfaces with addresses, security groups and external IPs (or giving the VM an
 * existing free interface), the same for one interface of `POST /api/v1/interfaces`
 * ({@link buildInterface}), and, when the VM is gone, removing the interfaces it made and
 * freeing the others (vms.ts presents a VM's interfaces, network-interfaces.ts the endpoints).
 * A `direct_ip` interface sits in no subnet: its `subnet_id` is the empty string and its
 * address is the external IP it was given.
 */
import type { VmCreateInterface, VmCreateSubnet } from "../../../api/vm/vm-create";
import { unprocessable } from "../../core/service-error";
import type { Clock } from "../../core/service-module";
import type {
  InterfaceRecord,
  ProjectRecord,
  SecurityGroupRecord,
  SubnetRecord,
  VmRecord,
  VmState,
  ZoneRecord,
} from "../records";
import {
  bindExternalIp,
  allocateExternalIp,
  findExternalIp,
  unbindExternalIp,
} from "./external-ip-binding";
import { newId, optionalGet, stamps, touch } from "./shared";
import { allocateAddress, defaultSubnetOf, releaseAddress } from "./subnets";
import { underField } from "./vms";

/** One interface to create, whichever create version asked for it. */
export interface InterfaceSpec {
  type: "regular" | "direct_ip";
  /** An existing free interface to give the VM instead (v1.1 `interface_id`). */
  interface_id?: string | undefined;
  subnet_id?: string | undefined;
  subnet_name?: string | undefined;
  ip_address?: string | undefined;
  interface_security_enabled: boolean;
  security_group_ids?: string[] | undefined;
  security_group_names?: string[] | undefined;
  new_external_ip: boolean;
  external_ip_id?: string | undefined;
  external_ip_name?: string | undefined;
  /**
   * Where the spec came from in the request, e.g. `0.interfaces.1` (empty: the request is the
   * interface itself): errors name it.
   */
  field: string;
  /** The request's name for security groups by name (default `security_group_names`). */
  groupNamesField?: string | undefined;
  /** Names the external-IP fields of the version that asked (`new_external_ip` or `new_floating_ip`). */
  externalIpField: string;
}

/** Specs of a v1.1 `interfaces` section; none given → one interface in the default subnet. */
export function specsFromInterfaces(items: VmCreateInterface[] | undefined): InterfaceSpec[] {
  return specsOf(items, "interfaces", (item) => ({
    type: item.type,
    interface_id: item.interface_id,
    new_external_ip: item.new_external_ip,
    external_ip_id: item.attach_external_ip_id,
    external_ip_name: item.attach_external_ip_name,
    externalIpField: "attach_external_ip_id",
  }));
}

/** Specs of a legacy `subnets` section; none given → one interface in the default subnet. */
export function specsFromSubnets(items: VmCreateSubnet[] | undefined): InterfaceSpec[] {
  return specsOf(items, "subnets", (item) => ({
    type: "regular",
    new_external_ip: item.new_floating_ip,
    external_ip_id: item.attach_floating_ip_id,
    external_ip_name: item.attach_floating_ip_name,
    externalIpField: "attach_floating_ip_id",
  }));
}

/** The fields of an interface item that both create versions name alike. */
type SharedItemFields = Pick<
  VmCreateInterface,
  | "subnet_id"
  | "subnet_name"
  | "ip_address"
  | "interface_security_enabled"
  | "security_groups"
  | "security_group_names"
>;

/** The fields of a spec whose request names differ between the create versions. */
type VersionedSpecFields = Pick<
  InterfaceSpec,
  | "type"
  | "interface_id"
  | "new_external_ip"
  | "external_ip_id"
  | "external_ip_name"
  | "externalIpField"
>;

/** Specs of the `section` of a create request; `versioned` reads what the versions name apart. */
function specsOf<T extends SharedItemFields>(
  items: T[] | undefined,
  section: "interfaces" | "subnets",
  versioned: (item: T) => VersionedSpecFields,
): InterfaceSpec[] {
  if (items === undefined) return [defaultSpec()];
  return items.map((item, i) => ({
    subnet_id: item.subnet_id,
    subnet_name: item.subnet_name,
    ip_address: item.ip_address,
    interface_security_enabled: item.interface_security_enabled,
    security_group_ids: item.security_groups,
    security_group_names: item.security_group_names,
    ...versioned(item),
    field: `${section}.${i}`,
  }));
}

/** The request field `name` of `spec` (the spec's own field when `name` is empty). */
function fieldOf(spec: InterfaceSpec, name = ""): string {
  if (name === "") return spec.field === "" ? "interfaces" : spec.field;
  return spec.field === "" ? name : `${spec.field}.${name}`;
}

/** The interface a VM gets when the request names none: the zone's default subnet and group. */
export function defaultSpec(newExternalIp = false): InterfaceSpec {
  return {
    type: "regular",
    interface_security_enabled: true,
    new_external_ip: newExternalIp,
    field: "interfaces",
    externalIpField: "new_floating_ip",
  };
}

/** The subnet a regular interface names, or the project's default subnet in the zone. */
export function resolveSubnet(
  state: VmState,
  project: ProjectRecord,
  zone: ZoneRecord,
  spec: InterfaceSpec,
): SubnetRecord {
  if (spec.subnet_id === undefined && spec.subnet_name === undefined) {
    const subnet = defaultSubnetOf(state, project.id, zone.id);
    if (subnet === undefined) {
      throw unprocessable(
        "default_subnet_not_found",
        `the project has no default subnet in availability zone ${zone.name}; name a subnet for the interface`,
        fieldOf(spec),
      );
    }
    return requireUsableSubnet(subnet, zone, spec, "subnet");
  }
  const field = fieldOf(spec, spec.subnet_id !== undefined ? "subnet_id" : "subnet_name");
  const candidates = Object.values(state.subnets).filter((s) => s.project_id === project.id);
  const subnet =
    spec.subnet_id !== undefined
      ? candidates.find((s) => s.id === spec.subnet_id)
      : // Names are unique per project and zone: prefer the VM's zone, so a clash elsewhere is not picked.
        (candidates.find(
          (s) => s.name === spec.subnet_name && s.availability_zone_id === zone.id,
        ) ?? candidates.find((s) => s.name === spec.subnet_name));
  if (subnet === undefined) {
    throw unprocessable(
      "subnet_not_found",
      `subnet ${spec.subnet_id ?? `"${spec.subnet_name}"`} not found in project ${project.id}; list subnets with GET /api/v1/subnets`,
      field,
    );
  }
  return requireUsableSubnet(subnet, zone, spec, field);
}

function requireUsableSubnet(
  subnet: SubnetRecord,
  zone: ZoneRecord,
  spec: InterfaceSpec,
  field: string,
): SubnetRecord {
  if (subnet.availability_zone_id !== zone.id) {
    throw unprocessable(
      "subnet_unavailable",
      `subnet ${subnet.name} is in another availability zone; every resource of a VM must be in the VM's zone (${zone.name})`,
      field === "subnet" ? fieldOf(spec) : field,
    );
  }
  if (subnet.status !== "created") {
    throw unprocessable(
      "subnet_unavailable",
      `subnet ${subnet.name} is ${String(subnet.status)}; wait until it is created`,
      field === "subnet" ? fieldOf(spec) : field,
    );
  }
  return subnet;
}

/** The security groups of an interface: those named, or the zone's default group. */
export function resolveGroups(
  state: VmState,
  project: ProjectRecord,
  zone: ZoneRecord,
  spec: InterfaceSpec,
): string[] {
  if (!spec.interface_security_enabled) return [];
  const groups = Object.values(state.securityGroups).filter((g) => g.project_id === project.id);
  if (spec.security_group_ids === undefined && spec.security_group_names === undefined) {
    const group = groups.find((g) => g.default && g.availability_zone_id === zone.id);
    if (group === undefined) {
      throw unprocessable(
        "default_security_group_not_found",
        `the project has no default security group in availability zone ${zone.name}; name a security group`,
        fieldOf(spec),
      );
    }
    return [group.id];
  }
  const byId = spec.security_group_ids !== undefined;
  const refs = spec.security_group_ids ?? spec.security_group_names ?? [];
  const ids = refs.map((ref, i) => {
    const names = spec.groupNamesField ?? "security_group_names";
    const field = fieldOf(spec, `${byId ? "security_groups" : names}.${i}`);
    const group: SecurityGroupRecord | undefined = byId
      ? groups.find((g) => g.id === ref)
      : (groups.find((g) => g.name === ref && g.availability_zone_id === zone.id) ??
        groups.find((g) => g.name === ref));
    if (group === undefined) {
      throw unprocessable(
        "wrong_security_group",
        `security group ${byId ? ref : `"${ref}"`} not found in project ${project.id}; list groups with GET /api/v1/security-groups`,
        field,
      );
    }
    if (group.availability_zone_id !== zone.id || group.status !== "created") {
      throw unprocessable(
        "security_group_unavailable",
        group.availability_zone_id !== zone.id
          ? `security group ${group.name} is in another availability zone; every resource of a VM must be in the VM's zone (${zone.name})`
          : `security group ${group.name} is ${String(group.status)}; wait until it is created`,
        field,
      );
    }
    return group.id;
  });
  return [...new Set(ids)];
}

/** What an interface is made with besides its spec. */
export interface InterfacePlace {
  project: ProjectRecord;
  zone: ZoneRecord;
  name: string;
  /** The VM it is made on (absent: a free interface). */
  vm?: VmRecord | undefined;
  primary: boolean;
  /** Made by a VM create: it goes with the VM. */
  madeByVm: boolean;
  description?: string | undefined;
  allowedAddressPairs?: InterfaceRecord["allowed_address_pairs"] | undefined;
  /** Its first state: `created` (made with a VM) or `creating` (made on its own). */
  state: InterfaceRecord["state"];
}

/**
 * Makes one interface of `spec` at `place` and stores it: takes an address from the subnet,
 * applies security groups, binds or allocates an external IP, and lists it on the VM. Throws
 * the service's 404/422 for any unusable reference; callers roll the state back then.
 */
export function buildInterface(
  state: VmState,
  clock: Clock,
  place: InterfacePlace,
  spec: InterfaceSpec,
): InterfaceRecord {
  const { project, zone } = place;
  const iface: InterfaceRecord = {
    id: newId(),
    name: place.name,
    description: place.description ?? "",
    project_id: project.id,
    availability_zone_id: zone.id,
    ...(place.vm === undefined ? {} : { vm_id: place.vm.id }),
    made_by_vm: place.madeByVm,
    subnet_id: "",
    ip_address: "",
    primary: place.primary,
    type: spec.type,
    interface_security_enabled: spec.interface_security_enabled,
    security_group_ids: resolveGroups(state, project, zone, spec),
    allowed_address_pairs: place.allowedAddressPairs ?? [],
    state: place.state,
    ...stamps(state, clock),
  };
  if (spec.type === "regular") {
    const subnet = resolveSubnet(state, project, zone, spec);
    iface.subnet_id = subnet.id;
    // The subnet model names its own field (`ip_address`); place it under this interface.
    iface.ip_address = underField(spec.field, () =>
      allocateAddress(state, subnet, spec.ip_address),
    );
    if (spec.external_ip_id !== undefined || spec.external_ip_name !== undefined) {
      const ip = findExternalIp(state, project.id, {
        id: spec.external_ip_id,
        name: spec.external_ip_name,
      });
      bindExternalIp(clock, ip, iface, zone.id, fieldOf(spec, spec.externalIpField));
    } else if (spec.new_external_ip) {
      allocateExternalIp(state, clock, iface, iface);
    }
  } else {
    iface.ip_address = allocateExternalIp(state, clock, iface, iface).ip_address;
  }
  state.interfaces[iface.id] = iface;
  place.vm?.interface_ids.push(iface.id);
  return iface;
}

/**
 * Gives `vm` the existing free interface `spec.interface_id` names (422 `interface_not_found`,
 * `interface_in_use` when on another VM, `interface_unavailable` when in another zone or not
 * `created`): it keeps its name, subnet, address, groups and external IP.
 */
function attachExisting(
  state: VmState,
  clock: Clock,
  vm: VmRecord,
  zone: ZoneRecord,
  spec: InterfaceSpec,
  primary: boolean,
): InterfaceRecord {
  const field = fieldOf(spec, "interface_id");
  const iface = optionalGet(state.interfaces, spec.interface_id);
  if (iface === undefined || iface.project_id !== vm.project_id) {
    throw unprocessable(
      "interface_not_found",
      `interface ${spec.interface_id} not found in project ${vm.project_id}; list interfaces with GET /api/v1/interfaces`,
      field,
    );
  }
  if (iface.vm_id !== undefined) {
    throw unprocessable(
      "interface_in_use",
      `interface ${iface.name} (${iface.id}) is on VM ${iface.vm_id}; an interface is on one VM at a time`,
      field,
    );
  }
  if (iface.availability_zone_id !== zone.id) {
    throw unprocessable(
      "interface_unavailable",
      `interface ${iface.name} is in another availability zone; every resource of a VM must be in the VM's zone (${zone.name})`,
      field,
    );
  }
  if (iface.state !== "created") {
    throw unprocessable(
      "interface_unavailable",
      `interface ${iface.name} is ${iface.state}; wait until it is created`,
      field,
    );
  }
  iface.vm_id = vm.id;
  iface.primary = primary;
  touch(iface, clock);
  vm.interface_ids.push(iface.id);
  return iface;
}

/**
 * Creates the VM's interfaces in order (the first is primary, `eth0`, then `eth1`...), or
 * gives it the existing ones named by `interface_id`. Throws the service's 404/422 for any
 * unusable reference; callers roll the state back then.
 */
export function createInterfaces(
  state: VmState,
  clock: Clock,
  vm: VmRecord,
  project: ProjectRecord,
  zone: ZoneRecord,
  specs: InterfaceSpec[],
): InterfaceRecord[] {
  return specs.map((spec, index) =>
    spec.interface_id !== undefined
      ? attachExisting(state, clock, vm, zone, spec, index === 0)
      : buildInterface(
          state,
          clock,
          {
            project,
            zone,
            name: `eth${index}`,
            vm,
            primary: index === 0,
            madeByVm: true,
            state: "created",
          },
          spec,
        ),
  );
}

/**
 * Removes an interface: its address returns to its subnet, its external IP is deleted when
 * `release` lists it (a `direct_ip` address always: it exists only for its interface), else
 * unbound and kept.
 */
export function removeInterface(
  state: VmState,
  iface: InterfaceRecord,
  release: readonly string[],
  now: number,
): void {
  const subnet = state.subnets[iface.subnet_id];
  if (subnet !== undefined) releaseAddress(state, subnet, iface.ip_address);
  const ip = optionalGet(state.externalIps, iface.floating_ip_id);
  if (ip !== undefined) {
    if (release.includes(ip.id) || iface.type === "direct_ip") delete state.externalIps[ip.id];
    else unbindExternalIp(ip, now);
  }
  delete state.interfaces[iface.id];
}

/**
 * Lets the VM's interfaces go once the VM is gone: those it made are removed
 * ({@link removeInterface}); the others (made with `POST /api/v1/interfaces`) stay, free
 * again, with their address, groups and external IP (deleted only when `release` lists it).
 */
export function releaseInterfaces(
  state: VmState,
  vm: VmRecord,
  release: readonly string[],
  now: number,
): void {
  for (const id of vm.interface_ids) {
    const iface = state.interfaces[id];
    if (iface === undefined) continue;
    if (iface.made_by_vm) {
      removeInterface(state, iface, release, now);
      continue;
    }
    delete iface.vm_id;
    iface.primary = false;
    iface.modified_time = new Date(now).toISOString();
    const ip = optionalGet(state.externalIps, iface.floating_ip_id);
    if (ip !== undefined && release.includes(ip.id)) {
      delete state.externalIps[ip.id];
      delete iface.floating_ip_id;
    }
  }
  vm.interface_ids = [];
}
