/**
 * Schemas of VM creation: the legacy `POST /api/v1/vms` body (interfaces through `subnets`)
 * and the current `POST /api/v1.1/vms` body (`interfaces`, including direct external IPs).
 * Both bodies are arrays of VM specifications; every rule the service checks without looking
 * at state (id-or-name pairs, base64 user data, interface options) is checked here.
 */
import { z } from "zod";
import { Description, Name, Uuid, exclusivePairs, issueAt } from "../common";
import { InterfaceTypeForVmCreation } from "./enums";
import { Ipv4Address } from "./subnets";
import { DiskSize } from "./disks";

/** How many VMs one create request may ask for. */
export const MAX_VMS_PER_REQUEST = 10;
/** How many interfaces a VM may have. */
export const MAX_INTERFACES_PER_VM = 8;
/** The longest value of one image metadata field. */
export const METADATA_VALUE_MAX = 3072;

/** Base64 text (padding optional per line breaks); cloud-init user data must be sent so. */
export function isBase64(text: string): boolean {
  const compact = text.replace(/\s+/g, "");
  return compact.length % 4 === 0 && /^[A-Za-z0-9+/]*={0,2}$/.test(compact);
}

/** Cloud-init user data, base64-encoded. Some images refuse it. */
export const CloudInit = z
  .string()
  .refine(isBase64, { message: "must be base64-encoded cloud-init user data" })
  .describe(
    "Cloud-init user data, base64-encoded (images that do not support cloud-init refuse it)",
  );

/**
 * Image metadata as `{"<field name>": "<value>"}`, e.g. `{"user_name": "admin"}`. The field
 * names are those of `GET /api/v1/images/{image_id}`; a required field left out takes the
 * image's default value, or is refused when the image has none.
 */
export const ImageMetadataMap = z
  .record(z.string().min(1), z.string().max(METADATA_VALUE_MAX))
  .describe("Image metadata: field name → value (at most 3072 characters each)");

/** `VmCreateMetadataByIdSection`: one image metadata value given by the field's id. */
export const MetadataById = z.strictObject({
  image_metadata_id: Uuid.describe("Id of the image metadata field"),
  value: z.string().max(METADATA_VALUE_MAX).describe("Value (at most 3072 characters)"),
});
/** Parsed {@link MetadataById}. */
export type MetadataById = z.output<typeof MetadataById>;

/** `ExistingDisk`: an existing disk to attach, by id or by name. */
export const ExistingDiskItem = z
  .strictObject({
    disk_id: Uuid.optional().describe("Existing disk by id (or give disk_name)"),
    disk_name: Name.optional().describe("Existing disk by name (or give disk_id)"),
  })
  .superRefine(exclusivePairs([["disk_id", "disk_name", "required"]]))
  .describe("Existing disk");
/** Parsed {@link ExistingDiskItem}. */
export type ExistingDiskItem = z.output<typeof ExistingDiskItem>;

/** `NewDisk`: a disk created with the VM; its type is given by id or by name. */
export const NewDiskItem = z
  .strictObject({
    disk_type_id: Uuid.optional().describe("Disk type by id (or give disk_type_name)"),
    disk_type_name: Name.optional().describe("Disk type by name (or give disk_type_id)"),
    name: Name.describe("Disk name"),
    size: DiskSize,
  })
  .superRefine(exclusivePairs([["disk_type_id", "disk_type_name", "required"]]))
  .describe("New disk");
/** Parsed {@link NewDiskItem}. */
export type NewDiskItem = z.output<typeof NewDiskItem>;

/**
 * `VmCreateDiskSection`: the VM's disks, boot disk first. With an image, the first item is a
 * new disk the image is written to; without one, it is an existing bootable disk.
 */
export const VmCreateDisks = z
  .array(
    z.union([ExistingDiskItem, NewDiskItem], {
      error:
        "each disk is either an existing disk {disk_id | disk_name} or a new disk {name, size, disk_type_id | disk_type_name}",
    }),
  )
  .min(1)
  .describe(
    "Disks, boot disk first: new disks {name, size, disk_type_id|disk_type_name} or existing {disk_id|disk_name}",
  );
/** Parsed {@link VmCreateDisks}. */
export type VmCreateDisks = z.output<typeof VmCreateDisks>;

/** The security groups of a new interface, by id or by name; default: the zone's default group. */
const securityGroups = {
  security_groups: z
    .array(Uuid)
    .optional()
    .describe("Security groups by id (default: the zone's default group)"),
  security_group_names: z
    .array(Name)
    .optional()
    .describe("Security groups by name (default: the zone's default group)"),
};

/** Whether the security groups filter a new interface's traffic (default true). */
export const interfaceSecurity = {
  interface_security_enabled: z
    .boolean()
    .default(true)
    .describe("Filter traffic with security groups (default true)"),
};

/**
 * What a request calls a new interface's external IP: `external` (VM create v1.1) or
 * `floating` (VM create v1 and `POST /api/v1/interfaces`).
 */
export type IpWord = "external" | "floating";

/** The external-IP fields of a new interface: a new address, or a free one by id or by name. */
type ExternalIpFields<W extends IpWord> = Record<`new_${W}_ip`, z.ZodDefault<z.ZodBoolean>> &
  Record<`attach_${W}_ip_id`, z.ZodOptional<typeof Uuid>> &
  Record<`attach_${W}_ip_name`, z.ZodOptional<typeof Name>>;

/** {@link ExternalIpFields} under the request's word. */
export function externalIpFields<W extends IpWord>(word: W): ExternalIpFields<W> {
  return {
    [`new_${word}_ip`]: z
      .boolean()
      .default(false)
      .describe("Give the interface a new external IP (default false)"),
    [`attach_${word}_ip_id`]: Uuid.optional().describe("Bind this free external IP, by id"),
    [`attach_${word}_ip_name`]: Name.optional().describe("Bind this free external IP, by name"),
  } as ExternalIpFields<W>;
}

/**
 * The checks both versions (and `POST /api/v1/interfaces`) make of a new interface: a new
 * external IP or an existing one, not both; security groups only on an interface whose traffic
 * they filter.
 */
export function checkIpAndGroups(
  word: IpWord,
  value: Partial<Record<string, unknown>> & {
    interface_security_enabled: boolean;
    security_groups?: string[] | undefined;
    security_group_names?: string[] | undefined;
  },
  ctx: z.RefinementCtx,
): void {
  const fresh = `new_${word}_ip`;
  if (
    value[fresh] === true &&
    (value[`attach_${word}_ip_id`] ?? value[`attach_${word}_ip_name`]) !== undefined
  ) {
    issueAt(ctx, fresh, `give ${fresh} or attach_${word}_ip_id/name, not both`);
  }
  checkGroupsFilter(
    value.interface_security_enabled,
    value.security_groups ?? value.security_group_names,
    ctx,
  );
}

/**
 * Security groups only on an interface whose traffic they filter: refuses `groups` (by id or
 * by name) with `interface_security_enabled` false. A partial update that leaves the setting
 * as it is (`undefined`) passes.
 */
export function checkGroupsFilter(
  securityEnabled: boolean | undefined,
  groups: readonly string[] | undefined,
  ctx: z.RefinementCtx,
): void {
  if (securityEnabled === false && groups !== undefined) {
    issueAt(ctx, "security_groups", "security groups need interface_security_enabled: true");
  }
}

/**
 * The check of a new `direct_ip` interface: it takes no subnet, address or external-IP field,
 * as its address is an external IP of its own.
 */
export function checkDirectIp(
  word: IpWord,
  value: Partial<Record<string, unknown>>,
  ctx: z.RefinementCtx,
): void {
  for (const key of [
    "subnet_id",
    "subnet_name",
    "ip_address",
    `attach_${word}_ip_id`,
    `attach_${word}_ip_name`,
  ]) {
    if (value[key] !== undefined) {
      issueAt(ctx, key, `a direct_ip interface takes no ${key}: its external IP is allocated`);
    }
  }
  if (value[`new_${word}_ip`] === true) {
    issueAt(ctx, `new_${word}_ip`, "a direct_ip interface already has an external IP");
  }
}

/**
 * `VmCreateInterfaceSection` (v1.1): one interface. `regular` interfaces sit in a subnet
 * (by id or name) and may ask for a fixed `ip_address`, a new external IP or an existing one;
 * `direct_ip` interfaces get an external IP directly and take no subnet. With
 * `interface_security_enabled` (default true) and no groups named, the zone's default
 * security group applies. Or the item gives an existing free interface (`interface_id`, made
 * with `POST /api/v1/interfaces`) and nothing of its own: the interface keeps its subnet,
 * address, groups and external IP, and outlives the VM. `interface_id` is not in the real
 * document's schema (see docs/api-decisions/interfaces.md).
 */
export const VmCreateInterface = z
  .strictObject({
    type: InterfaceTypeForVmCreation,
    interface_id: Uuid.optional().describe(
      "An existing free interface of the project to give the VM (then nothing else but type regular)",
    ),
    subnet_id: Uuid.optional().describe("Subnet by id (regular interfaces; or give subnet_name)"),
    subnet_name: z
      .string()
      .min(1)
      .max(64)
      .optional()
      .describe("Subnet by name (regular interfaces; or give subnet_id)"),
    ...interfaceSecurity,
    ...securityGroups,
    ...externalIpFields("external"),
    ip_address: Ipv4Address.optional().describe(
      "Fixed private address in the subnet (regular interfaces; default: the next free one)",
    ),
  })
  .superRefine(
    exclusivePairs([
      ["subnet_id", "subnet_name"],
      ["security_groups", "security_group_names"],
      ["attach_external_ip_id", "attach_external_ip_name"],
    ]),
  )
  .superRefine((value, ctx) => {
    if (value.interface_id !== undefined) {
      if (value.type !== "regular")
        issueAt(ctx, "type", "an existing interface is given as type regular");
      for (const key of [
        "subnet_id",
        "subnet_name",
        "ip_address",
        "security_groups",
        "security_group_names",
        "attach_external_ip_id",
        "attach_external_ip_name",
      ] as const) {
        if (value[key] !== undefined)
          issueAt(
            ctx,
            key,
            `an existing interface (interface_id) keeps its own ${key}; leave it out`,
          );
      }
      if (value.new_external_ip)
        issueAt(
          ctx,
          "new_external_ip",
          "an existing interface (interface_id) keeps its own external IP",
        );
      if (!value.interface_security_enabled)
        issueAt(
          ctx,
          "interface_security_enabled",
          "an existing interface keeps its own setting; change it with PUT /api/v1/interfaces/{id}",
        );
      return;
    }
    if (
      value.type === "regular" &&
      value.subnet_id === undefined &&
      value.subnet_name === undefined
    ) {
      issueAt(ctx, "subnet_id", "a regular interface needs subnet_id or subnet_name");
    }
    if (value.type === "direct_ip") checkDirectIp("external", value, ctx);
    checkIpAndGroups("external", value, ctx);
  })
  .describe("Network interface of a new VM");
/** Parsed {@link VmCreateInterface}. */
export type VmCreateInterface = z.output<typeof VmCreateInterface>;

/**
 * `VmCreateSubnetSection` (legacy v1): one interface in a subnet (by id or name), with
 * optional fixed address, security groups and external IP (new or existing).
 */
export const VmCreateSubnet = z
  .strictObject({
    subnet_id: Uuid.optional().describe("Subnet by id (or give subnet_name)"),
    subnet_name: Name.optional().describe("Subnet by name (or give subnet_id)"),
    ...securityGroups,
    ...interfaceSecurity,
    ...externalIpFields("floating"),
    ip_address: Ipv4Address.optional().describe(
      "Fixed private address in the subnet (default: the next free one)",
    ),
  })
  .superRefine(
    exclusivePairs([
      ["subnet_id", "subnet_name", "required"],
      ["security_groups", "security_group_names"],
      ["attach_floating_ip_id", "attach_floating_ip_name"],
    ]),
  )
  .superRefine((value, ctx) => checkIpAndGroups("floating", value, ctx))
  .describe("Subnet connection of a new VM (legacy)");
/** Parsed {@link VmCreateSubnet}. */
export type VmCreateSubnet = z.output<typeof VmCreateSubnet>;

/** Fields both create versions share. */
const commonFields = {
  project_id: Uuid.describe("Project of the VM"),
  availability_zone_id: Uuid.optional().describe(
    "Availability zone by id (or give availability_zone_name)",
  ),
  availability_zone_name: Name.optional().describe(
    "Availability zone by name (or give availability_zone_id)",
  ),
  name: Name.describe("VM name"),
  description: Description.default("").describe("VM description (default empty)"),
  flavor_id: Uuid.optional().describe("Flavor by id (or give flavor_name)"),
  flavor_name: Name.optional().describe("Flavor by name (or give flavor_id)"),
  image_id: Uuid.optional().describe(
    "Image by id (or image_name); leave both out to boot from an existing bootable disk",
  ),
  image_name: Name.optional().describe("Image by name (or image_id)"),
  placement_group_id: Uuid.optional().describe("Placement group by id (or placement_group_name)"),
  placement_group_name: Name.optional().describe("Placement group by name (or placement_group_id)"),
  disks: VmCreateDisks,
  image_metadata: ImageMetadataMap.optional(),
  tag_ids: z.array(Uuid).optional().describe("Tags by id (or give tag_names)"),
  tag_names: z.array(Name).optional().describe("Tags by name (or give tag_ids)"),
  cloud_init: CloudInit.optional(),
};

const commonPairs = [
  ["availability_zone_id", "availability_zone_name", "required"],
  ["flavor_id", "flavor_name", "required"],
  ["image_id", "image_name"],
  ["placement_group_id", "placement_group_name"],
  ["tag_ids", "tag_names"],
] as const;

/** One VM of either create version: the shared fields and `extra`, with the id-or-name checks. */
function vmCreateItem<S extends z.ZodRawShape>(extra: S) {
  return z.strictObject({ ...commonFields, ...extra }).superRefine(exclusivePairs(commonPairs));
}

/** A create body of either version: 1–10 VM specifications, created all or none. */
function vmCreateRequest<T extends z.ZodType>(item: T) {
  return z
    .array(item)
    .min(1)
    .max(MAX_VMS_PER_REQUEST)
    .describe("VMs to create (1–10; usually one)");
}

/**
 * `api__models__vm_schemas__PublicVmCreateRequest` (legacy v1): one VM. Interfaces come from
 * `subnets` (default: one interface in the zone's default subnet); image metadata may also be
 * given by field id in `metadata_fields`, which wins over `image_metadata`.
 */
export const VmCreateV1Item = vmCreateItem({
  subnets: z
    .array(VmCreateSubnet)
    .min(1)
    .max(MAX_INTERFACES_PER_VM)
    .optional()
    .describe("Subnets to connect, 1–8 (default: the zone's default subnet)"),
  metadata_fields: z
    .array(MetadataById)
    .optional()
    .describe("Image metadata by field id (wins over image_metadata)"),
});
/** Parsed {@link VmCreateV1Item}. */
export type VmCreateV1Item = z.output<typeof VmCreateV1Item>;

/**
 * `api__models__v1_1__vm_schemas__PublicVmCreateRequest`: one VM. Without `interfaces` the
 * VM gets one regular interface in the zone's default subnet with the default group.
 */
export const VmCreateV11Item = vmCreateItem({
  interfaces: z
    .array(VmCreateInterface)
    .min(1)
    .max(MAX_INTERFACES_PER_VM)
    .optional()
    .describe("Interfaces, 1–8, primary first (default: one in the zone's default subnet)"),
});
/** Parsed {@link VmCreateV11Item}. */
export type VmCreateV11Item = z.output<typeof VmCreateV11Item>;

/** The legacy create body: 1–10 VM specifications, created all or none. */
export const VmCreateV1Request = vmCreateRequest(VmCreateV1Item);
/** Parsed {@link VmCreateV1Request}. */
export type VmCreateV1Request = z.output<typeof VmCreateV1Request>;

/** The v1.1 create body: 1–10 VM specifications, created all or none. */
export const VmCreateV11Request = vmCreateRequest(VmCreateV11Item);
/** Parsed {@link VmCreateV11Request}. */
export type VmCreateV11Request = z.output<typeof VmCreateV11Request>;
