/**
 * Schemas of the VM actions: rebuild (a new image on the same VM), the virtual and remote
 * consoles, power, the user password and its removal.
 */
import { z } from "zod";
import { Name, Uuid, Uuid4, exclusivePairs } from "../common";
import {
  RemoteConsoleProtocol,
  VmGuestAgentState,
  VmPowerAction,
  VmRemoteConsoleProtocol,
  VmStatus,
} from "./enums";
import { ImageMetadataMap } from "./vm-create";
import { VmDiskType, VmIdParams } from "./vms";

/** Path parameters of rebuild: the reference types the id as uuid4. */
export const RebuildParams = z.object({ vm_id: Uuid4.describe("VM id") });
/** Parsed {@link RebuildParams}. */
export type RebuildParams = z.output<typeof RebuildParams>;

export { VmIdParams };

/**
 * `RebuildVmRequestSchemaBody`: the image to write to the VM's boot disk, by id or by name
 * (neither: the VM's current image), and its metadata (as at creation: required fields
 * default to the image's values). Everything on the boot disk is replaced.
 */
export const RebuildVmRequest = z
  .strictObject({
    image_id: Uuid4.nullable()
      .optional()
      .describe("New image by id (or image_name; default: the current image)"),
    image_name: Name.nullable().optional().describe("New image by name (or image_id)"),
    image_metadata: ImageMetadataMap.nullable().optional(),
  })
  .superRefine(exclusivePairs([["image_id", "image_name"]]));
/** Parsed {@link RebuildVmRequest}. */
export type RebuildVmRequest = z.output<typeof RebuildVmRequest>;

const LiteId = Uuid.describe("Id");

/** `VmDiskLiteSchema`: a disk in the rebuild answer. */
export const RebuildDisk = z.object({
  id: LiteId,
  serial_id: z.string().nullable().describe("Serial number the guest sees"),
  name: z.string().describe("Disk name"),
  size: z.number().int().describe("Size in GB"),
  state: z.string().describe("Disk state"),
  limit_bw: z.number().int().describe("Bandwidth limit in Mbit/s"),
  limit_rate: z.number().int().describe("I/O rate limit"),
  limit_lock: z.boolean().describe("true keeps the limits fixed when the disk grows"),
  primary: z.boolean().describe("true for the boot disk"),
  disk_type: VmDiskType.extend({ free_tier: z.boolean().describe("Free-tier disk type") }),
});

/** `InterfaceExtendedLiteSchema`: an interface in the rebuild answer. */
export const RebuildInterface = z.object({
  id: LiteId,
  name: z.string().describe("Interface name"),
  ip_address: z.string().describe("IPv4 address"),
  primary: z.boolean().describe("true for the main interface"),
  type: z.string().describe("Interface type"),
  state: z.string().describe("Interface state"),
  interface_security_enabled: z.boolean().describe("true when security groups apply"),
  subnet: z
    .object({
      id: LiteId,
      name: z.string(),
      state: z.string(),
      routed_network: z.boolean(),
      subnet_address: z.string(),
      vpc_id: Uuid.nullable(),
    })
    .nullable()
    .describe("Subnet of the interface (none for direct_ip)"),
  floating_ip: z
    .object({ id: LiteId, name: z.string(), ip_address: z.string(), state: z.string() })
    .nullable()
    .describe("External IP bound to the interface"),
  security_groups: z
    .array(z.object({ id: LiteId, name: z.string(), state: z.string() }))
    .describe("Security groups"),
});

/** `RebuildVmResponseSchema`: the VM as the rebuild leaves it (state `updating`). */
export const RebuildVmResponse = z.object({
  id: LiteId,
  name: z.string().describe("VM name"),
  description: z.string().describe("VM description"),
  state: VmStatus,
  locked: z.boolean().describe("true when the VM is locked against changes"),
  is_serial_ready: z.boolean().describe("true when the serial console can be used"),
  guest_agent_state: VmGuestAgentState.optional(),
  additional_properties: z
    .record(z.string(), z.unknown())
    .nullable()
    .describe("Additional properties"),
  created_time: z.string().describe("Creation time (ISO 8601)"),
  modified_time: z.string().nullable().describe("Time of the last change (ISO 8601)"),
  vnc_url: z.string().nullable().describe("Virtual console URL"),
  vnc_ws: z.string().nullable().describe("Virtual console WebSocket URL"),
  remote_console_url: z.string().nullable().describe("Remote console URL"),
  remote_console_ws: z.string().nullable().describe("Remote console WebSocket URL"),
  remote_console_protocol: RemoteConsoleProtocol.nullable(),
  project: z.object({ id: LiteId, product_instance_id: LiteId }),
  availability_zone: z.object({ id: LiteId, name: z.string(), enabled: z.boolean() }),
  flavor: z.object({
    id: LiteId,
    name: z.string(),
    cpu: z.number().int(),
    ram: z.number().int(),
    gpu: z.number().int(),
    oversubscription: z.string(),
    free_tier: z.boolean(),
  }),
  image: z
    .object({
      id: LiteId,
      name: z.string(),
      free_tier_enabled: z.boolean(),
      type: z.string().nullable(),
      display_name: z.string().nullable(),
      icon: z.string(),
    })
    .nullable(),
  image_metadata: z.array(
    z.object({
      id: LiteId,
      metadata_id: LiteId,
      name: z.string(),
      display_name: z.string(),
      value: z.string(),
    }),
  ),
  placement_group: z.object({ id: LiteId, name: z.string() }).nullable(),
  tags: z.array(z.object({ id: LiteId, name: z.string(), color: z.string() })),
  disks: z.array(RebuildDisk),
  interfaces: z.array(RebuildInterface),
});
/** A value of {@link RebuildVmResponse}. */
export type RebuildVmResponse = z.infer<typeof RebuildVmResponse>;

/** `PublicVmCreateRemoteConsoleRequest`: which console to open. */
export const RemoteConsoleRequest = z.strictObject({
  protocol: VmRemoteConsoleProtocol,
});
/** Parsed {@link RemoteConsoleRequest}. */
export type RemoteConsoleRequest = z.output<typeof RemoteConsoleRequest>;

/** `VmSetPowerRequest`: power the VM on, off, or reboot it. */
export const SetPowerRequest = z.strictObject({ state: VmPowerAction });
/** Parsed {@link SetPowerRequest}. */
export type SetPowerRequest = z.output<typeof SetPowerRequest>;

/** `VmSetStateRequest`: the state one VM of a bulk change is to reach. */
export const VmSetStateItem = z.strictObject({
  id: Uuid.describe("VM id"),
  state: z
    .enum(["stopped", "running"])
    .describe("State to reach: stopped (power off) or running (power on)"),
});
/** Parsed {@link VmSetStateItem}. */
export type VmSetStateItem = z.output<typeof VmSetStateItem>;

/** Body of `PUT /api/v1/vms`: the VMs to start or stop, all or none. */
export const VmSetStatesRequest = z
  .array(VmSetStateItem)
  .describe("VMs and the state each is to reach");
/** Parsed {@link VmSetStatesRequest}. */
export type VmSetStatesRequest = z.output<typeof VmSetStatesRequest>;

/** Special characters a VM password may use (and needs at least one of). */
export const PASSWORD_SPECIALS = "!\"#$%&'()*+,-./:;<=>?@[\\]^_`{|}~";

/**
 * A VM user password: at least 8 printable ASCII characters with an upper-case and a
 * lower-case Latin letter, a digit and one of {@link PASSWORD_SPECIALS}; no spaces.
 */
export const VmPassword = z
  .string()
  .min(8)
  .refine((v) => /^[\x21-\x7e]*$/.test(v), {
    message: "may hold only Latin letters, digits and special characters (no spaces)",
  })
  .refine((v) => /[A-Z]/.test(v), { message: "needs an upper-case Latin letter" })
  .refine((v) => /[a-z]/.test(v), { message: "needs a lower-case Latin letter" })
  .refine((v) => /[0-9]/.test(v), { message: "needs a digit" })
  .refine((v) => [...v].some((c) => PASSWORD_SPECIALS.includes(c)), {
    message: `needs a special character (one of ${PASSWORD_SPECIALS})`,
  })
  .describe(
    "Password: ≥8 characters with upper- and lower-case letters, a digit and a special character",
  );

/** `VmSetPasswordRequest`: the new password of the image's user. */
export const SetPasswordRequest = z.strictObject({ password: VmPassword });
/** Parsed {@link SetPasswordRequest}. */
export type SetPasswordRequest = z.output<typeof SetPasswordRequest>;

/** `VmDeletePasswordRequest`: whose password to remove (default: the image's user). */
export const DeletePasswordRequest = z.strictObject({
  login: z
    .string()
    .min(1)
    .optional()
    .describe("Login whose password is removed (default: the image's user)"),
});
/** Parsed {@link DeletePasswordRequest}. */
export type DeletePasswordRequest = z.output<typeof DeletePasswordRequest>;
