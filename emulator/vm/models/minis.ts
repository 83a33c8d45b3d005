/** The small "mini" objects that VM-service responses nest: `{id, name}` of a zone and the like. */
import type {
  FlavorRecord,
  ImageRecord,
  ProjectRecord,
  TagRecord,
  VmState,
  ZoneRecord,
} from "../records";

/** `{id, name}` of a zone. */
export const zoneMini = (zone: ZoneRecord) => ({ id: zone.id, name: zone.name });

/** `{id, product_instance_id}` of a project. */
export const projectMini = (project: ProjectRecord) => ({
  id: project.id,
  product_instance_id: project.product_instance_id,
});

/**
 * The fields a described group (placement or security) shows first, in this order: id, name,
 * description and its project's mini.
 */
export const describedHead = <D>(
  state: VmState,
  group: { id: string; name: string; description: D; project_id: string },
) => ({
  id: group.id,
  name: group.name,
  description: group.description,
  project: projectMini(state.projects[group.project_id]!),
});

/** `{id, name, color}` of a tag. */
export const tagMini = (tag: TagRecord) => ({ id: tag.id, name: tag.name, color: tag.color });

/** Tag minis for a list of ids (unknown ids are skipped). */
export const tagMinis = (state: VmState, ids: string[]) =>
  ids.flatMap((id) => (state.tags[id] === undefined ? [] : [tagMini(state.tags[id])]));

/** The flavor mini object VMs nest. */
export const flavorMini = (flavor: FlavorRecord) => ({
  id: flavor.id,
  name: flavor.name,
  cpu: flavor.cpu,
  ram: flavor.ram,
  gpu: flavor.gpu,
  oversubscription: flavor.oversubscription,
  free_tier: flavor.free_tier,
});

/** The image mini object VMs nest. */
export const imageMini = (image: ImageRecord) => ({
  id: image.id,
  name: image.name,
  free_tier_enabled: image.free_tier_enabled,
  type: image.type,
  display_name: image.display_name,
});
