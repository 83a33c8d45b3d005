/**
 * Endpoints of the VM service: disks — list, create, read, update, delete, attach, detach.
 * The error conditions are those of the service's API reference, worded for people.
 */
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
import { collection } from "./collection";

const disks = collection("vm.disks", "/api/v1/disks", DiskIdParams);

/** The disk endpoints of the VM service, keyed by short name. */
export const disksEndpoints = {
  listDisks: disks.list({
    summary: "List a project's disks, filtered by tags, zone and name, newest first",
    query: DiskListQuery,
    response: DiskPage,
    errors: { 422: ["project not found", "validation failure"] },
  }),
  createDisk: disks.create({
    summary: "Create a disk; it is `creating`, then `available`",
    body: DiskCreateRequest,
    response: DiskResponse,
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
  getDisk: disks.get({
    summary: "Read one disk",
    response: DiskResponse,
    errors: { 404: ["disk not found"], 422: ["validation failure"] },
  }),
  updateDisk: disks.update({
    summary: "Change a disk's name, description, size (grow only), flags or tags",
    body: DiskUpdateRequest,
    response: DiskResponse,
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
  deleteDisk: disks.delete({
    summary: "Delete a disk; it is `deleting`, then gone",
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
  attachDisk: disks.action("attach", {
    summary: "Attach a disk to a VM; it is `attaching`, then `in_use`",
    body: DiskAttachRequest,
    response: DiskResponse,
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
  detachDisk: disks.action("detach", {
    summary: "Detach a disk from a VM; it is `detaching`, then `available`",
    body: DiskDetachRequest,
    response: DiskResponse,
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
