/** Inputs of the `Vm` and `FreeTierVm` resources. */
import { z } from "zod";
import { Description, Name, Uuid } from "../../api/common";
import { DiskSize } from "../../api/vm/disks";
import { Ipv4Address } from "../../api/vm/subnets";
import { NameOrId, ProjectIdInput, TagsInput, TimeoutsInput, ZoneInput } from "./common";

/** The boot disk made with the VM. */
export const BootDiskSpec = z.strictObject({
  size: DiskSize.describe("Size in GB (at least the image's minimum)"),
  diskType: NameOrId.optional().describe("Disk type name or id (default: the service's default)"),
  name: Name.optional().describe("Disk name (default: <vm name>-boot)"),
});

/** An extra disk: a new one (name + size) or an existing one (diskId). */
export const VmDiskSpec = z.union([
  z.strictObject({
    name: Name.describe("New disk name"),
    size: DiskSize.describe("New disk size in GB"),
    diskType: NameOrId.optional().describe("Disk type name or id"),
  }),
  z.strictObject({ diskId: Uuid.describe("Existing disk to attach at creation") }),
]);

/** A network interface. */
export const InterfaceSpec = z.strictObject({
  subnet: NameOrId.optional().describe("Subnet name or id (default: the zone's default subnet)"),
  securityGroups: z.array(NameOrId).optional().describe("Security groups by name or id (default: the zone's default group)"),
  securityEnabled: z.boolean().optional().describe("Apply security groups on this interface (default true)"),
  ipAddress: Ipv4Address.optional().describe("Fixed private address (default: the next free one)"),
  externalIp: z.boolean().optional().describe("Give the interface a new public address (default false)"),
  directIp: z.boolean().optional().describe("A direct public address on the interface itself (API v1.1 only; default false)"),
});

/** What a program gives a `Vm`. */
export const VmInputs = z.strictObject({
  name: Name.describe("VM name; updates in place"),
  description: Description.optional().describe("Description; updates in place"),
  flavor: NameOrId.describe("Flavor name (e.g. gen-2-4) or id; changing it resizes in place"),
  image: NameOrId.describe("Image name or id; changing it replaces the VM, or rebuilds it when allowRebuild"),
  availabilityZone: ZoneInput.describe("Zone; changing it replaces the VM"),
  bootDisk: BootDiskSpec.describe("The boot disk; changing it replaces the VM"),
  disks: z.array(VmDiskSpec).max(15).optional().describe("Extra disks made or attached at creation; changing them replaces the VM (use DiskAttachment for disks that outlive the VM)"),
  interfaces: z.array(InterfaceSpec).max(8).optional().describe("Network interfaces (default: one in the zone's default subnet); changing them replaces the VM"),
  imageMetadata: z.record(z.string(), z.string()).optional().describe("Values of the image's metadata fields, e.g. {user_name: \"ops\"}; changing them replaces the VM"),
  cloudInit: z.string().max(65536).optional().describe("cloud-init user data as plain text (base64-encoded for you); changing it replaces the VM"),
  tags: TagsInput,
  placementGroup: NameOrId.optional().describe("Placement group name or id; changing it replaces the VM"),
  powerState: z.enum(["running", "stopped"]).optional().describe("Desired power state (default running); changes in place"),
  password: z.string().min(8).max(72).optional().describe("Password of the image's login user (secret); changes in place"),
  passwordLogin: z.string().min(1).max(64).optional().describe("Login whose password is set (default: the image's user)"),
  allowRebuild: z.boolean().optional().describe("Rebuild in place instead of replacing when only the image changes (default false)"),
  deleteDisksOnDestroy: z.boolean().optional().describe("Delete the boot disk and the extra new disks with the VM (default true)"),
  deleteExternalIpsOnDestroy: z.boolean().optional().describe("Release the VM's public addresses with it (default true)"),
  apiVersion: z.enum(["v1.1", "v1"]).optional().describe("Creation path: v1.1 (default) or the legacy v1"),
  projectId: ProjectIdInput,
  timeouts: TimeoutsInput,
});

/** The parsed inputs of a Vm. */
export type VmInputs = z.output<typeof VmInputs>;

/** What a program gives a `FreeTierVm` (one per organization). */
export const FreeTierVmInputs = z.strictObject({
  name: Name.describe("VM name; updates in place"),
  image: NameOrId.describe("Free-tier image name or id; changing it replaces the VM"),
  availabilityZone: ZoneInput.describe("A zone where free-tier resources can be created; changing it replaces the VM"),
  imageMetadata: z.record(z.string(), z.string()).optional().describe("Values of the image's metadata fields; changing them replaces the VM"),
  externalIp: z.boolean().optional().describe("Give the VM a public address (default false); changing it replaces the VM"),
  powerState: z.enum(["running", "stopped"]).optional().describe("Desired power state (default running); changes in place"),
  projectId: ProjectIdInput,
  timeouts: TimeoutsInput,
});

/** The parsed inputs of a FreeTierVm. */
export type FreeTierVmInputs = z.output<typeof FreeTierVmInputs>;
