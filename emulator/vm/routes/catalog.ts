/**
 * Route handlers of the VM service's catalog: flavors, availability zones, disk types,
 * images (a project's own images created, changed and deleted too), organizations, projects,
 * tasks and the free-tier check. Each hands its parsed
 * input to a model; the models throw the documented failures.
 */
import type { Handlers } from "../../core/register-endpoints";
import type { catalogEndpoints } from "../../../api/vm/endpoints/catalog";
import type { VmContext } from "../context";
import { getDiskType, listDiskTypes } from "../models/disk-types";
import { getFlavor, listFlavors } from "../models/flavors";
import { checkFreeTier } from "../models/free-tier-check";
import { createImage, deleteImage, updateImage } from "../models/image-changes";
import { getImage, listImages, presentImage } from "../models/images";
import { getOrganization } from "../models/organizations";
import { diskParams, flavorParams, subnetParams, vmParams } from "../models/params";
import { getProject, getProjectPermissions, validateNames } from "../models/projects";
import { getTask, listTasks } from "../models/tasks";
import { getZone, listZoneSettings, listZones } from "../models/zones";

/**
 * One handler per catalog endpoint. The registrar has validated every input the endpoint
 * declares, so the `!` on params and query only drop the "not declared" case.
 */
export const catalogHandlers: Handlers<typeof catalogEndpoints, VmContext> = {
  listFlavors: ({ query, ctx }) => listFlavors(ctx.state, query!),
  getFlavor: ({ params, ctx }) => getFlavor(ctx.state, params!.flavor_id),
  listAvailabilityZones: ({ query, ctx }) => listZones(ctx.state, query!),
  listAvailabilityZoneSettings: ({ query, ctx }) => listZoneSettings(ctx.state, query!),
  getAvailabilityZone: ({ params, ctx }) => getZone(ctx.state, params!.availability_zone_id),
  listDiskTypes: ({ query, ctx }) => listDiskTypes(ctx.state, query!),
  getDiskType: ({ params, ctx }) => getDiskType(ctx.state, params!.disk_type_id),
  listImages: ({ query, ctx }) => listImages(ctx.state, query!),
  getImage: ({ params, ctx }) => getImage(ctx.state, params!.image_id),
  createImage: ({ body, ctx }) => presentImage(ctx.state, createImage(ctx.state, ctx.clock, body!)),
  updateImage: ({ params, body, ctx }) =>
    presentImage(ctx.state, updateImage(ctx.state, ctx.clock, params!.image_id, body!)),
  deleteImage: ({ params, ctx }) => deleteImage(ctx.state, ctx.clock, params!.image_id),
  getVmParams: ({ query }) => vmParams(query!.param_type),
  getDiskParams: ({ query }) => diskParams(query!.param_type),
  getSubnetParams: ({ query }) => subnetParams(query!.param_type),
  getFlavorParams: ({ query, ctx }) => flavorParams(ctx.state, query!.param_type),
  getOrganization: ({ params, ctx }) => getOrganization(ctx.state, params!.organization_id),
  getProject: ({ params, ctx }) => getProject(ctx.state, params!.project_id),
  getProjectPermissions: ({ params, ctx }) => getProjectPermissions(ctx.state, params!.project_id),
  validateProjectName: ({ params, query, ctx }) =>
    validateNames(ctx.state, params!.project_id, query!),
  listTasks: ({ query, ctx }) => listTasks(ctx.state, query!),
  getTask: ({ params, ctx }) => getTask(ctx.state, params!.task_id),
  getFreeTierAvailability: ({ query, ctx }) => checkFreeTier(ctx.state, query!),
};
