/**
 * Schemas of `POST /api/v1/free-tier`: the one free-tier VM an organization may have. The
 * service picks the free-tier flavor, a free-tier disk type and (unless given) the free-tier
 * zone; the caller names the project, the VM, a free-tier image and its metadata.
 */
import { z } from "zod";
import { Name, Uuid } from "../common";
import { InterfaceType, NetworkStatus } from "./enums";
import { idName } from "./fields";
import { ExternalIpMini, SecurityGroupMini } from "./minis";
import { ImageMetadataMap, MetadataById } from "./vm-create";
import { VmResponse } from "./vms";

/**
 * `FreetierVmCreateRequest`: a free-tier VM. Metadata may be given by field id
 * (`metadata_fields`, which wins) or by name (`image_metadata`).
 */
export const FreeTierVmCreateRequest = z.strictObject({
  project_id: Uuid.describe("Project of the VM"),
  availability_zone_id: Uuid.optional().describe(
    "Availability zone (default: the zone where free-tier resources are created)",
  ),
  name: Name.describe("VM name"),
  image_id: Uuid.describe("Image id; the image must allow the free tier (free_tier_enabled)"),
  metadata_fields: z
    .array(MetadataById)
    .optional()
    .describe("Image metadata by field id (wins over image_metadata)"),
  image_metadata: ImageMetadataMap.optional(),
  new_floating_ip: z
    .boolean()
    .default(false)
    .describe("Give the VM a new external IP (default false)"),
});
/** Parsed {@link FreeTierVmCreateRequest}. */
export type FreeTierVmCreateRequest = z.output<typeof FreeTierVmCreateRequest>;

/** `VmResponseFreeTierInterfaceSection`: an interface of a free-tier VM (no subnet shown). */
export const FreeTierVmInterface = z
  .object({
    ...idName("Interface"),
    ip_address: z.string().describe("IPv4 address"),
    security_groups: z.array(SecurityGroupMini).describe("Security groups"),
    floating_ip: ExternalIpMini.optional(),
    primary: z.boolean().describe("true for the main interface"),
    type: InterfaceType,
    interface_security_enabled: z.boolean().describe("true when security groups apply"),
    state: NetworkStatus,
  })
  .describe("Network interface of a free-tier VM");
/** A value of {@link FreeTierVmInterface}. */
export type FreeTierVmInterface = z.infer<typeof FreeTierVmInterface>;

/** `FreeTierVmResponse`: a free-tier VM, shaped like `PublicVmResponse`. */
export const FreeTierVmResponse = VmResponse.extend({
  interfaces: z.array(FreeTierVmInterface).describe("Network interfaces"),
  is_serial_ready: z.boolean().describe("true when the serial console can be used"),
}).describe("Free-tier virtual machine");
/** A value of {@link FreeTierVmResponse}. */
export type FreeTierVmResponse = z.infer<typeof FreeTierVmResponse>;
