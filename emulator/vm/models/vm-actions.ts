/**
 * Actions on an existing VM: rebuild (a new image on the boot disk), the virtual and remote
 * consoles, power, the image user's password and the guest agent check. Passwords are
 * never stored: the VM only remembers which logins have one.
 */
import { randomBytes } from "node:crypto";
import type {
  RebuildVmRequest,
  RebuildVmResponse,
  VmSetStatesRequest,
} from "../../../api/vm/vm-actions";
import { unprocessable } from "../../core/service-error";
import type { Clock } from "../../core/service-module";
import { DELAYS } from "../delays";
import { GONE, type ImageRecord, type VmRecord, type VmState, type VmStatus } from "../records";
import { imageMini, zoneMini } from "./minis";
import { startChange } from "./owned";
import { optionalGet, touch, zoneOf } from "./shared";
import { requireImageInZone, resolveImage } from "./images";
import { requireBootDiskFits, loginOf, passwordLogins, resolveMetadata } from "./vm-create";
import {
  VM_CHANGEABLE,
  atomically,
  disksOf,
  diskLimits,
  interfacesOf,
  presentVm,
  requireOpenVm,
  requireVm,
  requireVmStatus,
  serialReady,
  startVmUpdate,
  underField,
} from "./vms";

/** Statuses in which consoles, passwords and the guest agent can be used. */
export const VM_INTERACTIVE: readonly VmStatus[] = ["running"];

/** Where the emulator pretends its consoles live (never reached: links are for display). */
const CONSOLE_HOST = "console.vmcloud.invalid";

/** A fresh console access token. */
const consoleToken = (): string => randomBytes(16).toString("hex");

/**
 * `POST /api/v1/vms/{vm_id}/rebuild`: writes `image` (default: the current one) to the boot
 * disk with fresh metadata; passwords set earlier are gone. The VM is `updating` for
 * `DELAYS.vmRebuild`, then back to its previous status.
 */
export function rebuildVm(
  state: VmState,
  clock: Clock,
  vmId: string,
  body: RebuildVmRequest,
): VmRecord {
  const { vm, zone } = requireOpenVm(state, vmId, 404);
  requireVmStatus(vm, VM_CHANGEABLE, "vm_can_not_be_changed_from_current_state", "be rebuilt");
  let image: ImageRecord;
  try {
    image = resolveImage(state, vm.project_id, body) ?? state.images[vm.image_id]!;
  } catch {
    // Rebuild documents no 404 for a reference: an unknown image is a 422 naming the field.
    const field = body.image_id != null ? "image_id" : "image_name";
    throw unprocessable(
      "image_not_found",
      `image ${body.image_id ?? `"${body.image_name}"`} not found; list images with GET /api/v1/images`,
      field,
    );
  }
  requireImageInZone(image, zone, body.image_id != null ? "image_id" : "image_name");
  if (vm.free_tier && !image.free_tier_enabled) {
    throw unprocessable(
      "image_not_free_tier",
      `image ${image.name} is not available for free-tier VMs; choose an image with free_tier_enabled`,
      body.image_id != null ? "image_id" : "image_name",
    );
  }
  const boot = disksOf(state, vm).find((d) => d.boot_of === vm.id);
  if (boot !== undefined) requireBootDiskFits(image, boot.size, "image_id");
  const metadata = resolveMetadata(image, body.image_metadata, undefined, true);
  vm.image_id = image.id;
  vm.metadata_fields = metadata.fields;
  vm.password_logins = passwordLogins(image, metadata);
  vm.guest_agent_state = image.guest_agent ? "enabled" : "not_installed";
  if (boot !== undefined) boot.image_id = image.id;
  startVmUpdate(state, clock, vm, "rebuild_vm", DELAYS.vmRebuild);
  return vm;
}

/** The VM as `RebuildVmResponseSchema`. */
export function presentRebuild(state: VmState, vm: VmRecord): RebuildVmResponse {
  const full = presentVm(state, vm);
  const zone = zoneOf(state, vm);
  const image = state.images[vm.image_id]!;
  const group = optionalGet(state.placementGroups, vm.placement_group_id);
  return {
    id: vm.id,
    name: vm.name,
    description: vm.description,
    state: full.state,
    locked: vm.locked,
    is_serial_ready: serialReady(state, vm),
    ...(full.guest_agent_state === undefined ? {} : { guest_agent_state: full.guest_agent_state }),
    additional_properties: null,
    created_time: vm.created_time,
    modified_time: vm.modified_time,
    vnc_url: vm.vnc_url ?? null,
    vnc_ws: vm.vnc_ws ?? null,
    remote_console_url: vm.remote_console_url ?? null,
    remote_console_ws: vm.remote_console_ws ?? null,
    remote_console_protocol: vm.remote_console_protocol ?? null,
    project: full.project,
    availability_zone: { ...zoneMini(zone), enabled: zone.enabled },
    flavor: full.flavor,
    image: { ...imageMini(image), icon: image.icon },
    image_metadata: vm.metadata_fields.map((f) => ({ ...f })),
    placement_group: group === undefined ? null : { id: group.id, name: group.name },
    tags: full.tags,
    disks: disksOf(state, vm).map((disk) => {
      const type = state.diskTypes[disk.disk_type_id];
      return {
        id: disk.id,
        serial_id: disk.serial_id,
        name: disk.name,
        size: disk.size,
        state: String(disk.status),
        ...diskLimits(type, disk.size),
        limit_lock: false,
        primary: disk.boot_of === vm.id,
        disk_type: {
          id: disk.disk_type_id,
          name: type?.name ?? "",
          free_tier: type?.free_tier ?? false,
        },
      };
    }),
    interfaces: interfacesOf(state, vm).map((iface) => {
      const subnet = state.subnets[iface.subnet_id];
      const ip = optionalGet(state.externalIps, iface.floating_ip_id);
      return {
        id: iface.id,
        name: iface.name,
        ip_address: iface.ip_address,
        primary: iface.primary,
        type: iface.type,
        state: iface.state,
        interface_security_enabled: iface.interface_security_enabled,
        subnet:
          subnet === undefined
            ? null
            : {
                id: subnet.id,
                name: subnet.name,
                state: String(subnet.status),
                routed_network: subnet.routed_network,
                subnet_address: subnet.subnet_address,
                vpc_id: subnet.vpc_id,
              },
        floating_ip:
          ip === undefined
            ? null
            : { id: ip.id, name: ip.name, ip_address: ip.ip_address, state: ip.state },
        security_groups: iface.security_group_ids.flatMap((id) => {
          const g = state.securityGroups[id];
          return g === undefined ? [] : [{ id: g.id, name: g.name, state: String(g.status) }];
        }),
      };
    }),
  };
}

/** 422 `vm_console_unavailable` unless the VM runs: a console needs a running guest. */
function requireConsoleStatus(vm: VmRecord): void {
  requireVmStatus(
    vm,
    VM_INTERACTIVE,
    "vm_console_can_not_be_started_from_current_state",
    "open a console",
  );
}

/**
 * `POST /api/v1/vms/{vm_id}/get-vnc`: stores fresh virtual console links in `vnc_url` and
 * `vnc_ws`. 422 when the zone does not offer the virtual console.
 */
export function getVnc(state: VmState, clock: Clock, vmId: string): void {
  const { vm, zone } = requireOpenVm(state, vmId, 422);
  requireConsoleStatus(vm);
  if (!zone.vnc_console_enabled) {
    throw unprocessable(
      "vnc_console_disabled",
      `availability zone ${zone.name} does not offer the virtual console`,
    );
  }
  const token = consoleToken();
  vm.vnc_url = `https://${CONSOLE_HOST}/vnc/${vm.id}?token=${token}`;
  vm.vnc_ws = `wss://${CONSOLE_HOST}/vnc/${vm.id}/websocket?token=${token}`;
  touch(vm, clock);
}

/**
 * `POST /api/v1/vms/{vm_id}/remote-console`: stores fresh links of the serial or virtual
 * console in `remote_console_*`. 422 when the zone does not offer that console.
 */
export function remoteConsole(
  state: VmState,
  clock: Clock,
  vmId: string,
  protocol: "vnc" | "serial",
): void {
  const { vm, zone } = requireOpenVm(state, vmId, 422);
  requireConsoleStatus(vm);
  const offered = protocol === "vnc" ? zone.vnc_console_enabled : zone.serial_console_enabled;
  if (!offered) {
    throw unprocessable(
      `${protocol}_console_disabled`,
      `availability zone ${zone.name} does not offer the ${protocol === "vnc" ? "virtual" : "serial"} console`,
      "protocol",
    );
  }
  const token = consoleToken();
  vm.remote_console_url = `https://${CONSOLE_HOST}/${protocol}/${vm.id}?token=${token}`;
  vm.remote_console_ws = `wss://${CONSOLE_HOST}/${protocol}/${vm.id}/websocket?token=${token}`;
  vm.remote_console_protocol = protocol;
  touch(vm, clock);
}

/** What each power action needs and does: the status it starts from, passes and ends in. */
const POWER: Record<
  "power_on" | "power_off" | "reboot",
  { from: VmStatus; via: VmStatus; to: VmStatus; delay: number; task: string }
> = {
  power_on: {
    from: "stopped",
    via: "starting",
    to: "running",
    delay: DELAYS.vmStart,
    task: "start_vm",
  },
  power_off: {
    from: "running",
    via: "stopping",
    to: "stopped",
    delay: DELAYS.vmStop,
    task: "stop_vm",
  },
  reboot: {
    from: "running",
    via: "rebooting",
    to: "running",
    delay: DELAYS.vmReboot,
    task: "reboot_vm",
  },
};

/**
 * `POST /api/v1/vms/{vm_id}/set-power`: stopped → starting → running, running → stopping →
 * stopped, running → rebooting → running. Any other start (a running VM powered on, a VM
 * still creating, ...) is 422 `vm_can_not_be_changed_from_current_state`.
 */
export function setPower(
  state: VmState,
  clock: Clock,
  vmId: string,
  action: keyof typeof POWER,
): void {
  const { vm } = requireOpenVm(state, vmId, 422);
  const step = POWER[action];
  if (vm.status !== step.from) {
    throw unprocessable(
      "vm_can_not_be_changed_from_current_state",
      `VM ${vm.id} is ${vm.status}; ${action} needs it ${step.from}`,
      "state",
    );
  }
  startChange<VmRecord["status"]>(state, clock, "vm", vm, {
    during: step.via,
    after: step.to,
    durationMs: step.delay,
    task: step.task,
  });
}

/**
 * `PUT /api/v1/vms`: brings each listed VM to `running` (power on) or `stopped` (power off),
 * all or none: the first refusal (unknown VM, a status from which the change cannot start, a
 * closed zone) is answered with the item's index in its field, and nothing changes. A VM
 * already in the state asked for is left as it is, so that a repeated request succeeds.
 */
export function setVmStates(state: VmState, clock: Clock, body: VmSetStatesRequest): void {
  atomically(state, () =>
    body.forEach((item, i) => {
      if (state.vms[item.id] === undefined || state.vms[item.id]!.status === GONE) {
        throw unprocessable(
          "bad_vm_id",
          `VM ${item.id} not found; list VMs with GET /api/v1/vms`,
          `${i}.id`,
        );
      }
      underField(
        `${i}`,
        () => {
          const vm = requireVm(state, item.id, 422);
          if (vm.status === item.state) return;
          setPower(state, clock, vm.id, item.state === "running" ? "power_on" : "power_off");
        },
        true,
      );
    }),
  );
}

/** The login of the VM's image user (see {@link loginOf}). */
export function userNameOf(state: VmState, vm: VmRecord): string | undefined {
  return loginOf(state.images[vm.image_id], vm.metadata_fields);
}

/** 422 unless the VM runs and its guest agent answers. */
function requireGuestAgent(vm: VmRecord): void {
  requireVmStatus(vm, VM_INTERACTIVE, "vm_state_forbids_action", "use the guest agent");
  if (vm.guest_agent_state !== "enabled") {
    throw unprocessable(
      "guest_agent_unavailable",
      `the guest agent of VM ${vm.id} is ${vm.guest_agent_state}; its image has no guest agent`,
    );
  }
}

function requireUserName(state: VmState, vm: VmRecord): string {
  const login = userNameOf(state, vm);
  if (login === undefined) {
    throw unprocessable(
      "image_metadata_has_no_user_name",
      `VM ${vm.id} has no user name in its image metadata; rebuild it with its login in image_metadata`,
    );
  }
  return login;
}

/**
 * `POST /api/v1/vms/{vm_id}/set-password`: sets the image user's password through the guest
 * agent. Only the login is remembered, never the password.
 */
export function setPassword(state: VmState, clock: Clock, vmId: string): void {
  const vm = requireVm(state, vmId, 422);
  requireGuestAgent(vm);
  const login = requireUserName(state, vm);
  if (!vm.password_logins.includes(login)) vm.password_logins.push(login);
  touch(vm, clock);
}

/**
 * `POST /api/v1/vms/{vm_id}/delete-password`: removes the password of `login` (default: the
 * image's user). Removing a password that is not set succeeds.
 */
export function deletePassword(
  state: VmState,
  clock: Clock,
  vmId: string,
  login: string | undefined,
): void {
  const vm = requireVm(state, vmId, 422);
  requireGuestAgent(vm);
  const target = login ?? requireUserName(state, vm);
  vm.password_logins = vm.password_logins.filter((l) => l !== target);
  touch(vm, clock);
}

/** `POST /api/v1/vms/{vm_id}/check-guest-agent`: 204 when the agent answers, else 422. */
export function checkGuestAgent(state: VmState, vmId: string): void {
  requireGuestAgent(requireVm(state, vmId, 422));
}
