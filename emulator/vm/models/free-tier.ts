/**
 * The free-tier VM: one per organization, made of the free-tier flavor, a boot disk of a
 * free-tier disk type (as large as that type allows) and one interface in the zone's
 * default subnet. `state.freeTierVms` remembers each organization's VM until it is gone.
 */
import type { FreeTierVmCreateRequest } from "../../../api/vm/free-tier";
import { ServiceError, notFound, unprocessable } from "../../core/service-error";
import type { Clock } from "../../core/service-module";
import { GONE, type VmRecord, type VmState, type ZoneRecord } from "../records";
import { defaultSpec } from "./interfaces";
import { requireProject, requireZone } from "./shared";
import { requireImageInZone, resolveImage } from "./images";
import { createVmRecord, requireBootDiskFits } from "./vm-create";
import { atomically } from "./vms";

/** The zone a free-tier VM goes to: the one given (422 unless free-tier) or the first free-tier zone. */
function freeTierZone(state: VmState, zoneId: string | undefined): ZoneRecord {
  if (zoneId !== undefined) {
    const zone = requireZone(state, zoneId);
    if (!zone.free_tier) {
      throw unprocessable(
        "project_unavailable_in_availability_zone",
        `availability zone ${zone.name} offers no free-tier resources; leave availability_zone_id out to use the free-tier zone`,
        "availability_zone_id",
      );
    }
    return zone;
  }
  const zone = Object.values(state.zones).find((z) => z.free_tier && z.enabled);
  if (zone === undefined) {
    throw new ServiceError(
      500,
      "free_tier_availability_zone_not_found",
      "no availability zone offers free-tier resources",
    );
  }
  return zone;
}

/**
 * `POST /api/v1/free-tier`: creates the organization's free-tier VM. A second one while the
 * first exists is 422 `free_tier_vm_already_exists`; the slot frees once that VM is gone.
 */
export function createFreeTierVm(
  state: VmState,
  clock: Clock,
  body: FreeTierVmCreateRequest,
): VmRecord {
  const project = requireProject(state, body.project_id);
  const organizationId = project.organization_id;
  const existing = state.freeTierVms[organizationId];
  if (
    existing !== undefined &&
    state.vms[existing] !== undefined &&
    state.vms[existing].status !== GONE
  ) {
    throw unprocessable(
      "free_tier_vm_already_exists",
      `organization ${organizationId} already has its free-tier VM (${existing}); delete it before creating another`,
    );
  }
  const zone = freeTierZone(state, body.availability_zone_id);
  const image = resolveImage(state, body.project_id, body)!;
  requireImageInZone(image, zone, "image_id");
  if (!image.free_tier_enabled) {
    throw unprocessable(
      "image_not_free_tier",
      `image ${image.name} is not available for free-tier VMs; list them with GET /api/v1/images?free_tier_enabled=true`,
      "image_id",
    );
  }
  const flavor = Object.values(state.flavors).find(
    (f) => f.free_tier && f.zone_ids.includes(zone.id),
  );
  if (flavor === undefined) throw notFound("flavor", `(free tier, zone ${zone.name})`);
  const diskType = Object.values(state.diskTypes).find(
    (t) => t.free_tier && t.zone_ids.includes(zone.id),
  );
  if (diskType === undefined) throw notFound("disk_type", `(free tier, zone ${zone.name})`);
  requireBootDiskFits(image, diskType.max_size, "image_id");
  return atomically(state, () => {
    const vm = createVmRecord(
      state,
      clock,
      {
        project_id: project.id,
        availability_zone_id: zone.id,
        name: body.name,
        description: "",
        flavor_id: flavor.id,
        image_id: image.id,
        disks: [
          {
            disk_type_id: diskType.id,
            name: `${body.name}-boot`.slice(0, 64),
            size: diskType.max_size,
          },
        ],
        image_metadata: body.image_metadata,
        metadata_fields: body.metadata_fields,
        interfaces: [defaultSpec(body.new_floating_ip)],
      },
      { legacy: false, freeTier: true },
    );
    state.freeTierVms[organizationId] = vm.id;
    return vm;
  });
}
