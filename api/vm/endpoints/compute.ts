/**
 * Endpoints of the VM service: compute — VM creation (legacy v1 and current v1.1), list,
 * read, update, delete, rebuild, bulk delete, consoles, power, passwords, the guest agent
 * check, and the free-tier VM. The error conditions are those of the service's API
 * reference, worded for people.
 */
import { z } from "zod";
import { endpoint } from "../../endpoint";
import { FreeTierVmCreateRequest, FreeTierVmResponse } from "../free-tier";
import {
  DeletePasswordRequest,
  RebuildParams,
  RebuildVmRequest,
  RebuildVmResponse,
  RemoteConsoleRequest,
  SetPasswordRequest,
  SetPowerRequest,
  VmSetStatesRequest,
} from "../vm-actions";
import { VmCreateV11Request, VmCreateV1Request } from "../vm-create";
import {
  BulkDeleteVmRequest,
  BulkDeleteVmResponse,
  VmDeleteRequest,
  VmIdParams,
  VmListQuery,
  VmPage,
  VmResponse,
  VmUpdateRequest,
} from "../vms";
import { collection, VM_SERVICE } from "./collection";

const vms = collection("vm.vms", "/api/v1/vms", VmIdParams);

/** Conditions under which either version of VM creation answers 404. */
const CREATE_404 = [
  "image not found",
  "flavor not found",
  "disk type not found",
  "tag not found",
  "external IP not found",
] as const;

/** Conditions under which either version of VM creation answers 422. */
const CREATE_422 = [
  "project not found",
  "project does not exist in the availability zone",
  "boot disk smaller than the image's minimum",
  "more disks than a VM may have",
  "cloud-init not base64, or refused by the image",
  "image metadata field not found for the image",
  "required image metadata missing (and the image has no default)",
  "IP address unavailable or not in the subnet",
  "default subnet or default security group not found",
  "subnet or security group not found or in another zone",
  "external IP already in use or in another zone",
  "flavor unavailable in the zone or for the project",
  "changes in the availability zone are forbidden",
  "a given disk's status does not permit attaching it",
  "disk type is for the free tier only",
  "placement group not found by id or by name",
  "a VM with this name exists in the project",
  "validation failure",
] as const;

/** VM creation in either version: the same answer and failures; only the body differs. */
function createVms<B extends z.ZodType>(id: string, path: string, summary: string, body: B) {
  return endpoint({
    ...VM_SERVICE,
    id,
    method: "POST",
    path,
    summary,
    body,
    response: { status: 201, schema: z.array(VmResponse) },
    errors: { 404: [...CREATE_404], 422: [...CREATE_422] },
  });
}

/** Why setting or removing a password through the guest agent is refused. */
const PASSWORD_REFUSALS = [
  "VM not found",
  "the image metadata has no user name",
  "guest agent unavailable",
  "VM status forbids the action",
  "validation failure",
] as const;

/** The compute endpoints of the VM service, keyed by short name. */
export const computeEndpoints = {
  createVmLegacy: createVms(
    "vm.vms.create-v1",
    "/api/v1/vms",
    "Create VMs (legacy: interfaces through `subnets`); each is `creating`, then `running`",
    VmCreateV1Request,
  ),
  createVm: createVms(
    "vm.vms.create",
    "/api/v1.1/vms",
    "Create VMs with flexible interfaces (direct external IPs); each is `creating`, then `running`",
    VmCreateV11Request,
  ),
  listVms: vms.list({
    summary: "List a project's VMs, filtered, paged and ordered by creation time or name",
    query: VmListQuery,
    response: VmPage,
    errors: {
      404: ["availability zone not found"],
      422: ["project not found", "tag not found", "validation failure"],
    },
  }),
  getVm: vms.get({
    summary: "Read one VM",
    response: VmResponse,
    errors: { 404: ["VM not found"], 422: ["validation failure"] },
  }),
  updateVm: vms.update({
    summary: "Rename, describe, resize (new flavor) or retag a VM; it is `updating`, then back",
    body: VmUpdateRequest,
    response: VmResponse,
    errors: {
      422: [
        "VM not found",
        "tag not found",
        "flavor not found",
        "VM status does not permit the change",
        "changes in the availability zone are forbidden",
        "flavor unavailable for the VM's zone, project or organization",
        "a VM with this name exists in the project",
        "validation failure",
      ],
    },
  }),
  deleteVm: endpoint({
    ...VM_SERVICE,
    id: "vm.vms.delete",
    method: "DELETE",
    path: "/api/v1/vms/{vm_id}",
    summary:
      "Delete a VM with the disks and external IPs listed in delete_attachments; the rest survive",
    params: VmIdParams,
    body: VmDeleteRequest,
    bodyRequired: false,
    response: { status: 204 },
    errors: {
      404: ["VM not found"],
      405: ["a listed disk is also attached to another VM", "the VM is locked"],
      422: [
        "VM status does not permit deletion",
        "changes in the availability zone are forbidden",
        "an attached disk cannot be detached in its current status",
        "a listed disk or external IP does not belong to the VM",
        "validation failure",
      ],
    },
  }),
  rebuildVm: endpoint({
    ...VM_SERVICE,
    errorShape: "fastapi",
    id: "vm.vms.rebuild",
    method: "POST",
    path: "/api/v1/vms/{vm_id}/rebuild",
    summary: "Write a new image to the VM's boot disk; it is `updating`, then back",
    params: RebuildParams,
    body: RebuildVmRequest,
    response: { status: 200, schema: RebuildVmResponse },
    errors: {
      404: ["VM not found"],
      422: [
        "validation failure",
        "image not found",
        "VM status does not permit a rebuild",
        "changes in the availability zone are forbidden",
        "boot disk smaller than the image's minimum",
        "required image metadata missing",
      ],
    },
  }),
  bulkDeleteVms: endpoint({
    ...VM_SERVICE,
    errorShape: "fastapi",
    id: "vm.vms.bulk-delete",
    method: "DELETE",
    path: "/api/v1/vms/bulk_delete",
    summary: "Delete several VMs; refusals are reported per VM, the others proceed",
    body: BulkDeleteVmRequest,
    response: { status: 200, schema: BulkDeleteVmResponse },
    errors: { 422: ["validation failure"] },
  }),
  setVmStates: endpoint({
    ...VM_SERVICE,
    id: "vm.vms.set-states",
    method: "PUT",
    path: "/api/v1/vms",
    summary:
      "Start (running) or stop (stopped) several VMs at once: all the changes start, or none",
    body: VmSetStatesRequest,
    response: { status: 204 },
    errors: {
      403: ["the token may not use a VM's project"],
      422: [
        "VM not found",
        "a VM's status does not permit the change",
        "changes in the availability zone are forbidden",
        "validation failure",
      ],
    },
  }),
  getVnc: vms.action("get-vnc", {
    summary: "Generate the virtual console link and store it in vnc_url and vnc_ws",
    errors: {
      422: [
        "VM not found",
        "the console cannot start in the VM's status",
        "the zone does not offer the virtual console",
        "changes in the availability zone are forbidden",
      ],
    },
  }),
  remoteConsole: vms.action("remote-console", {
    summary: "Generate a serial or virtual console link and store it in remote_console_*",
    body: RemoteConsoleRequest,
    errors: {
      422: [
        "VM not found",
        "the console cannot start in the VM's status",
        "the zone does not offer this console",
        "changes in the availability zone are forbidden",
        "validation failure",
      ],
    },
  }),
  setPower: vms.action("set-power", {
    summary: "Power a VM on (stopped → running), off (running → stopped) or reboot it",
    body: SetPowerRequest,
    errors: {
      422: [
        "VM not found",
        "VM status does not permit the change",
        "changes in the availability zone are forbidden",
        "validation failure",
      ],
    },
  }),
  setPassword: vms.action("set-password", {
    summary: "Set the password of the image's user through the guest agent",
    body: SetPasswordRequest,
    errors: {
      422: PASSWORD_REFUSALS,
    },
  }),
  deletePassword: vms.action("delete-password", {
    summary: "Remove the password of a login (default: the image's user)",
    body: DeletePasswordRequest,
    errors: {
      422: PASSWORD_REFUSALS,
    },
  }),
  checkGuestAgent: vms.action("check-guest-agent", {
    summary: "Check that the VM's guest agent answers (204) or not (422)",
    errors: {
      422: ["VM not found", "guest agent unavailable", "VM status forbids the action"],
    },
  }),
  createFreeTierVm: endpoint({
    ...VM_SERVICE,
    id: "vm.free-tier.create",
    method: "POST",
    path: "/api/v1/free-tier",
    summary: "Create the organization's one free-tier VM; it is `creating`, then `running`",
    body: FreeTierVmCreateRequest,
    response: { status: 201, schema: z.array(FreeTierVmResponse) },
    errors: {
      404: [...CREATE_404, "network not found"],
      422: [
        ...CREATE_422,
        "image does not allow the free tier",
        "project unavailable in this zone (not a free-tier zone)",
        "the organization already has a free-tier VM",
      ],
      500: ["no network available", "no availability zone offers free-tier resources"],
    },
  }),
} as const;
