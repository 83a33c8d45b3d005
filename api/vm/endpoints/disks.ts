/**
 * Endpoints of the VM service: disks — list, create, read, update, delete, attach, detach.
 * The error conditions are those of the service's API reference, worded for people.
 */
import { endpoint } from "../../endpoint";
import {
  DiskAttachRequest,
  DiskCreateRequest,
  DiskDetachRequest,
  DiskIdParams,
  DiskListQuery,
  DiskPage,
  DiskResponse,
  DiskUpdateRequest,
} from "../disks";

const common = { service: "vm", auth: "bearer", errorShape: "vm" } as const;

/** The disk endpoints of the VM service, keyed by short name. */
export const disksEndpoints = {
  listDisks: endpoint({
    ...common,
    id: "vm.disks.list",
    method: "GET",
    path: "/api/v1/disks",
    summary: "List a project's disks, filtered by tags, zone and name, newest first",
    query: DiskListQuery,
    response: { status: 200, schema: DiskPage },
    errors: { 422: ["project not found", "validation failure"] },
  }),
  createDisk: endpoint({
    ...common,
    id: "vm.disks.create",
    method: "POST",
    path: "/api/v1/disks",
    summary: "Create a disk; it is `creating`, then `available`",
    body: DiskCreateRequest,
    response: { status: 201, schema: DiskResponse },
    errors: {
      409: ["a disk with the same name exists in the project and zone"],
      422: [
        "availability zone not found by id",
        "availability zone not found by name",
        "disk type not found by id",
        "disk type not found by name",
        "disk type is for the free tier only",
        "project not found",
        "project does not exist in the availability zone",
        "tag not found by id",
        "tag not found by name",
        "changes in the availability zone are forbidden",
        "validation failure",
      ],
    },
  }),
  getDisk: endpoint({
    ...common,
    id: "vm.disks.get",
    method: "GET",
    path: "/api/v1/disks/{disk_id}",
    summary: "Read one disk",
    params: DiskIdParams,
    response: { status: 200, schema: DiskResponse },
    errors: { 404: ["disk not found"], 422: ["validation failure"] },
  }),
  updateDisk: endpoint({
    ...common,
    id: "vm.disks.update",
    method: "PUT",
    path: "/api/v1/disks/{disk_id}",
    summary: "Change a disk's name, description, size (grow only), flags or tags",
    params: DiskIdParams,
    body: DiskUpdateRequest,
    response: { status: 200, schema: DiskResponse },
    errors: {
      404: ["disk not found"],
      409: ["a disk with the same name exists in the project and zone"],
      422: [
        "disk type not found",
        "disk type cannot be changed",
        "disk size cannot be reduced",
        "tag not found",
        "disk is read-only",
        "changes in the availability zone are forbidden",
        "disk status does not permit change",
        "validation failure",
      ],
    },
  }),
  deleteDisk: endpoint({
    ...common,
    id: "vm.disks.delete",
    method: "DELETE",
    path: "/api/v1/disks/{disk_id}",
    summary: "Delete a disk; it is `deleting`, then gone",
    params: DiskIdParams,
    response: { status: 204 },
    errors: {
      404: ["disk not found"],
      405: ["disk is attached to a VM"],
      422: [
        "disk has several mount points",
        "disk is a boot disk and its VM is not being deleted",
        "changes in the availability zone are forbidden",
        "disk status does not permit deletion",
      ],
    },
  }),
  attachDisk: endpoint({
    ...common,
    id: "vm.disks.attach",
    method: "POST",
    path: "/api/v1/disks/{disk_id}/attach",
    summary: "Attach a disk to a VM; it is `attaching`, then `in_use`",
    params: DiskIdParams,
    body: DiskAttachRequest,
    response: { status: 200, schema: DiskResponse },
    errors: {
      404: ["disk not found"],
      422: [
        "VM not found",
        "VM is in another availability zone",
        "disk already attached to a VM",
        "disk status does not permit attach",
        "VM status does not permit attach",
        "changes in the availability zone are forbidden",
        "validation failure",
      ],
    },
  }),
  detachDisk: endpoint({
    ...common,
    id: "vm.disks.detach",
    method: "POST",
    path: "/api/v1/disks/{disk_id}/detach",
    summary: "Detach a disk from a VM; it is `detaching`, then `available`",
    params: DiskIdParams,
    body: DiskDetachRequest,
    response: { status: 200, schema: DiskResponse },
    errors: {
      404: ["disk not found"],
      422: [
        "VM not found",
        "boot disk cannot be detached",
        "disk already detached",
        "disk status does not permit detach",
        "VM status does not permit detach",
        "changes in the availability zone are forbidden",
        "validation failure",
      ],
    },
  }),
} as const;
