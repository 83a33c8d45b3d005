/**
 * Endpoints of the VM service: the catalog — flavors, availability zones and their settings,
 * disk types, images (and a project's own images: create, update, delete), organizations,
 * projects, their permissions and the check of names in them, tasks, the free-tier check, and
 * the parameter lists (the values of states, vCPU shares and flavor types). The rest are reads. The
 * error conditions are those of the service's API reference, worded for people.
 */
import type { z } from "zod";
import { endpoint } from "../../endpoint";
import { DiskTypeIdParams, DiskTypeList, DiskTypeListQuery, DiskTypeResponse } from "../disk-types";
import { FlavorIdParams, FlavorListQuery, FlavorPage, FlavorResponse } from "../flavors";
import { FreeTierCheckQuery, FreeTierCheckResponse } from "../free-tier-check";
import {
  ImageCreateRequest,
  ImageIdParams,
  ImageListQuery,
  ImagePage,
  ImageResponse,
  ImageUpdateRequest,
} from "../images";
import { OrganizationIdParams, OrganizationResponse } from "../organizations";
import {
  DiskParamType,
  FlavorParamType,
  ParamListResponse,
  SubnetParamType,
  VmParamType,
  paramQuery,
} from "../params";
import {
  ProjectIdParams,
  ProjectPermissionsResponse,
  ProjectResponse,
  ValidateNameQuery,
  ValidateNameResponse,
} from "../projects";
import { TaskIdParams, TaskListQuery, TaskPage, TaskResponse } from "../tasks";
import {
  ZoneIdParams,
  ZoneList,
  ZoneListQuery,
  ZoneResponse,
  ZoneSettingsList,
  ZoneSettingsQuery,
} from "../zones";
import { collection, VM_SERVICE } from "./collection";

const FOREIGN = "the token may not use the project";

/** `GET /api/v1/params/<kind>`: the values of `kind`'s parameter types. */
function params<T extends z.ZodEnum>(kind: string, type: T, what: string) {
  return endpoint({
    ...VM_SERVICE,
    id: `vm.params.${kind}`,
    method: "GET",
    path: `/api/v1/params/${kind}`,
    summary: `List the values of ${what}, each with its display text`,
    query: paramQuery(type),
    response: { status: 200, schema: ParamListResponse },
    errors: { 422: ["validation failure"] },
  });
}

const flavors = collection("vm.flavors", "/api/v1/flavors", FlavorIdParams);
const zones = collection("vm.availabilityZones", "/api/v1/availability-zones", ZoneIdParams);
const diskTypes = collection("vm.diskTypes", "/api/v1/disk-types", DiskTypeIdParams);
const images = collection("vm.images", "/api/v1/images", ImageIdParams);
const organizations = collection("vm.organizations", "/api/v1/organizations", OrganizationIdParams);
const projects = collection("vm.projects", "/api/v1/projects", ProjectIdParams);
const tasks = collection("vm.tasks", "/api/v1/tasks", TaskIdParams);

/** The catalog endpoints of the VM service, keyed by short name. */
export const catalogEndpoints = {
  listFlavors: flavors.list({
    summary: "List flavors, filtered by zone, project, name, cpu, ram, gpu, type and share",
    query: FlavorListQuery,
    response: FlavorPage,
    errors: {
      403: [FOREIGN],
      404: ["availability zone not found"],
      422: ["project not found", "validation failure"],
    },
  }),
  getFlavor: flavors.get({
    summary: "Read one flavor",
    response: FlavorResponse,
    errors: { 404: ["flavor not found"], 422: ["validation failure"] },
  }),
  listAvailabilityZones: zones.list({
    summary: "List availability zones (a plain array), optionally only free-tier ones",
    query: ZoneListQuery,
    response: ZoneList,
    errors: { 403: [FOREIGN], 422: ["project not found", "validation failure"] },
  }),
  listAvailabilityZoneSettings: zones.readAt("settings", {
    summary: "List the console settings of a project's availability zones",
    query: ZoneSettingsQuery,
    response: ZoneSettingsList,
    errors: {
      403: [FOREIGN],
      422: ["project not found", "availability zone not found", "validation failure"],
    },
  }),
  getAvailabilityZone: zones.get({
    summary: "Read one availability zone",
    response: ZoneResponse,
    errors: { 404: ["availability zone not found"], 422: ["validation failure"] },
  }),
  listDiskTypes: diskTypes.list({
    summary: "List disk types (a plain array), optionally of one zone or project",
    query: DiskTypeListQuery,
    response: DiskTypeList,
    errors: {
      403: [FOREIGN],
      422: ["availability zone not found", "project not found", "validation failure"],
    },
  }),
  getDiskType: diskTypes.get({
    summary: "Read one disk type",
    response: DiskTypeResponse,
    errors: { 404: ["disk type not found"], 422: ["validation failure"] },
  }),
  listImages: images.list({
    summary: "List images, filtered by zone, name, type, free tier and project, newest first",
    query: ImageListQuery,
    response: ImagePage,
    errors: {
      403: [FOREIGN],
      422: ["availability zone not found", "project not found", "validation failure"],
    },
  }),
  getImage: images.get({
    summary: "Read one image with its metadata fields",
    response: ImageResponse,
    errors: { 403: [FOREIGN], 404: ["image not found"], 422: ["validation failure"] },
  }),
  createImage: images.create({
    summary:
      "Create a private image of the project, from a disk (it keeps the disk's size as its minimum) or as a catalog entry",
    body: ImageCreateRequest,
    response: ImageResponse,
    errors: {
      403: [FOREIGN],
      409: ["an image of this name exists for the project"],
      422: [
        "project not found",
        "availability zone not found",
        "changes in the zone are forbidden",
        "disk not found, not bootable, in use by a VM that is not stopped, or busy",
        "the minimum disk size is below the disk's size",
        "validation failure",
      ],
    },
  }),
  updateImage: images.update({
    summary: "Change a private image: names, minimums, template and the zones it is offered in",
    body: ImageUpdateRequest,
    response: ImageResponse,
    errors: {
      403: [FOREIGN],
      404: ["image not found"],
      422: [
        "availability zone not found",
        "the image's status does not permit the change",
        "a built-in (public or marketplace) image cannot be changed",
        "an image of this name exists for the project",
        "the minimum disk size is below the size of the disk the image was made from",
        "validation failure",
      ],
    },
  }),
  deleteImage: images.delete({
    summary: "Delete a private image no VM or disk uses (it is `deleting`, then gone)",
    errors: {
      403: [FOREIGN],
      404: ["image not found"],
      405: ["a VM or a disk uses the image"],
      422: [
        "the image's status does not permit deletion",
        "a built-in (public or marketplace) image cannot be deleted",
      ],
    },
  }),
  getVmParams: params("vm", VmParamType, "a VM's states"),
  getDiskParams: params("disk", DiskParamType, "a disk's states"),
  getSubnetParams: params("subnet", SubnetParamType, "a subnet's states"),
  getFlavorParams: params("flavor", FlavorParamType, "the flavors' vCPU shares and types"),
  getOrganization: organizations.get({
    summary: "Read an organization with its quotas and their current use",
    response: OrganizationResponse,
    errors: {
      403: ["the token may not use the organization"],
      404: ["organization not found"],
      422: ["validation failure"],
    },
  }),
  getProject: projects.get({
    summary: "Read a project",
    response: ProjectResponse,
    errors: { 403: [FOREIGN], 404: ["project not found"], 422: ["validation failure"] },
  }),
  getProjectPermissions: projects.getAt("permissions", {
    summary: "Read the caller's roles in a project",
    response: ProjectPermissionsResponse,
    errors: { 403: [FOREIGN], 404: ["project not found"], 422: ["validation failure"] },
  }),
  validateProjectName: endpoint({
    ...VM_SERVICE,
    id: "vm.projects.validate-name",
    method: "GET",
    path: "/api/v1/projects/{project_id}/validate_name",
    summary:
      "Check names against those the project's live objects of one kind have: each is free or taken",
    params: ProjectIdParams,
    query: ValidateNameQuery,
    response: { status: 200, schema: ValidateNameResponse },
    errors: { 403: [FOREIGN], 422: ["project not found", "validation failure"] },
  }),
  listTasks: tasks.list({
    summary: "List a project's tasks, newest first, filtered by status, resource, user and time",
    query: TaskListQuery,
    response: TaskPage,
    errors: { 403: [FOREIGN], 404: ["project not found"], 422: ["validation failure"] },
  }),
  getTask: tasks.get({
    summary: "Read one task and its status",
    response: TaskResponse,
    errors: { 403: [FOREIGN], 404: ["task not found"], 422: ["validation failure"] },
  }),
  getFreeTierAvailability: endpoint({
    ...VM_SERVICE,
    id: "vm.freeTier.check",
    method: "GET",
    path: "/api/v1/free-tier",
    summary: "Tell whether the project's organization may still create its free-tier VM",
    query: FreeTierCheckQuery,
    response: { status: 200, schema: FreeTierCheckResponse },
    errors: { 403: [FOREIGN], 422: ["project not found", "validation failure"] },
  }),
} as const;
