/**
 * Endpoints of the VM service: the catalog — flavors, availability zones and their settings,
 * disk types, images, organizations, projects and their permissions, tasks, and the
 * free-tier check. All are reads. The error conditions are those of the service's API
 * reference, worded for people.
 */
import { endpoint } from "../../endpoint";
import { DiskTypeIdParams, DiskTypeList, DiskTypeListQuery, DiskTypeResponse } from "../disk-types";
import { FlavorIdParams, FlavorListQuery, FlavorPage, FlavorResponse } from "../flavors";
import { FreeTierCheckQuery, FreeTierCheckResponse } from "../free-tier-check";
import { ImageIdParams, ImageListQuery, ImagePage, ImageResponse } from "../images";
import { OrganizationIdParams, OrganizationResponse } from "../organizations";
import { ProjectIdParams, ProjectPermissionsResponse, ProjectResponse } from "../projects";
import { TaskIdParams, TaskListQuery, TaskPage, TaskResponse } from "../tasks";
import {
  ZoneIdParams,
  ZoneList,
  ZoneListQuery,
  ZoneResponse,
  ZoneSettingsList,
  ZoneSettingsQuery,
} from "../zones";

const common = { service: "vm", auth: "bearer", errorShape: "vm" } as const;
const FOREIGN = "the token may not use the project";

/** The catalog endpoints of the VM service, keyed by short name. */
export const catalogEndpoints = {
  listFlavors: endpoint({
    ...common,
    id: "vm.flavors.list",
    method: "GET",
    path: "/api/v1/flavors",
    summary: "List flavors, filtered by zone, project, name, cpu, ram, gpu, type and share",
    query: FlavorListQuery,
    response: { status: 200, schema: FlavorPage },
    errors: {
      403: [FOREIGN],
      404: ["availability zone not found"],
      422: ["project not found", "validation failure"],
    },
  }),
  getFlavor: endpoint({
    ...common,
    id: "vm.flavors.get",
    method: "GET",
    path: "/api/v1/flavors/{flavor_id}",
    summary: "Read one flavor",
    params: FlavorIdParams,
    response: { status: 200, schema: FlavorResponse },
    errors: { 404: ["flavor not found"], 422: ["validation failure"] },
  }),
  listAvailabilityZones: endpoint({
    ...common,
    id: "vm.availabilityZones.list",
    method: "GET",
    path: "/api/v1/availability-zones",
    summary: "List availability zones (a plain array), optionally only free-tier ones",
    query: ZoneListQuery,
    response: { status: 200, schema: ZoneList },
    errors: { 403: [FOREIGN], 422: ["project not found", "validation failure"] },
  }),
  listAvailabilityZoneSettings: endpoint({
    ...common,
    id: "vm.availabilityZones.settings",
    method: "GET",
    path: "/api/v1/availability-zones/settings",
    summary: "List the console settings of a project's availability zones",
    query: ZoneSettingsQuery,
    response: { status: 200, schema: ZoneSettingsList },
    errors: {
      403: [FOREIGN],
      422: ["project not found", "availability zone not found", "validation failure"],
    },
  }),
  getAvailabilityZone: endpoint({
    ...common,
    id: "vm.availabilityZones.get",
    method: "GET",
    path: "/api/v1/availability-zones/{availability_zone_id}",
    summary: "Read one availability zone",
    params: ZoneIdParams,
    response: { status: 200, schema: ZoneResponse },
    errors: { 404: ["availability zone not found"], 422: ["validation failure"] },
  }),
  listDiskTypes: endpoint({
    ...common,
    id: "vm.diskTypes.list",
    method: "GET",
    path: "/api/v1/disk-types",
    summary: "List disk types (a plain array), optionally of one zone or project",
    query: DiskTypeListQuery,
    response: { status: 200, schema: DiskTypeList },
    errors: {
      403: [FOREIGN],
      422: ["availability zone not found", "project not found", "validation failure"],
    },
  }),
  getDiskType: endpoint({
    ...common,
    id: "vm.diskTypes.get",
    method: "GET",
    path: "/api/v1/disk-types/{disk_type_id}",
    summary: "Read one disk type",
    params: DiskTypeIdParams,
    response: { status: 200, schema: DiskTypeResponse },
    errors: { 404: ["disk type not found"], 422: ["validation failure"] },
  }),
  listImages: endpoint({
    ...common,
    id: "vm.images.list",
    method: "GET",
    path: "/api/v1/images",
    summary: "List images, filtered by zone, name, type, free tier and project, newest first",
    query: ImageListQuery,
    response: { status: 200, schema: ImagePage },
    errors: {
      403: [FOREIGN],
      422: ["availability zone not found", "project not found", "validation failure"],
    },
  }),
  getImage: endpoint({
    ...common,
    id: "vm.images.get",
    method: "GET",
    path: "/api/v1/images/{image_id}",
    summary: "Read one image with its metadata fields",
    params: ImageIdParams,
    response: { status: 200, schema: ImageResponse },
    errors: { 404: ["image not found"], 422: ["validation failure"] },
  }),
  getOrganization: endpoint({
    ...common,
    id: "vm.organizations.get",
    method: "GET",
    path: "/api/v1/organizations/{organization_id}",
    summary: "Read an organization with its quotas and their current use",
    params: OrganizationIdParams,
    response: { status: 200, schema: OrganizationResponse },
    errors: {
      403: ["the token may not use the organization"],
      404: ["organization not found"],
      422: ["validation failure"],
    },
  }),
  getProject: endpoint({
    ...common,
    id: "vm.projects.get",
    method: "GET",
    path: "/api/v1/projects/{project_id}",
    summary: "Read a project",
    params: ProjectIdParams,
    response: { status: 200, schema: ProjectResponse },
    errors: { 403: [FOREIGN], 404: ["project not found"], 422: ["validation failure"] },
  }),
  getProjectPermissions: endpoint({
    ...common,
    id: "vm.projects.permissions",
    method: "GET",
    path: "/api/v1/projects/{project_id}/permissions",
    summary: "Read the caller's roles in a project",
    params: ProjectIdParams,
    response: { status: 200, schema: ProjectPermissionsResponse },
    errors: { 403: [FOREIGN], 404: ["project not found"], 422: ["validation failure"] },
  }),
  listTasks: endpoint({
    ...common,
    id: "vm.tasks.list",
    method: "GET",
    path: "/api/v1/tasks",
    summary: "List a project's tasks, newest first, filtered by status, resource, user and time",
    query: TaskListQuery,
    response: { status: 200, schema: TaskPage },
    errors: { 403: [FOREIGN], 404: ["project not found"], 422: ["validation failure"] },
  }),
  getTask: endpoint({
    ...common,
    id: "vm.tasks.get",
    method: "GET",
    path: "/api/v1/tasks/{task_id}",
    summary: "Read one task and its status",
    params: TaskIdParams,
    response: { status: 200, schema: TaskResponse },
    errors: { 403: [FOREIGN], 404: ["task not found"], 422: ["validation failure"] },
  }),
  getFreeTierAvailability: endpoint({
    ...common,
    id: "vm.freeTier.check",
    method: "GET",
    path: "/api/v1/free-tier",
    summary: "Tell whether the project's organization may still create its free-tier VM",
    query: FreeTierCheckQuery,
    response: { status: 200, schema: FreeTierCheckResponse },
    errors: { 403: [FOREIGN], 422: ["project not found", "validation failure"] },
  }),
} as const;
