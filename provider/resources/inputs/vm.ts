/**
 * Inputs of the `Vm` and `FreeTierVm` resources. Limits come from the API schemas (names,
 * descriptions, disk sizes, addresses, passwords, metadata values); the rules that tie fields
 * together (a direct-IP interface takes no subnet, tags all by name or all by id, ...) are
 * checked here too, so bad input fails in `check`, before anything is sent. Values that are
 * not known yet (preview) are never judged.
 */
import { z } from "zod";
import { Name, Uuid } from "../../../api/common";
import { DiskSize } from "../../../api/vm/disks";
import { Ipv4Address } from "../../../api/vm/subnets";
import { VmPassword } from "../../../api/vm/vm-actions";
import { MAX_INTERFACES_PER_VM, METADATA_VALUE_MAX } from "../../../api/vm/vm-create";
import { containsUnknown, isUnknown } from "../../framework/unknowns";
import { local, replaces, resourceInputs, updates } from "../framework/input-fields";
import { isId, NameOrId, TimeoutsInput, fields } from "./common";

/** Extra disks a VM may be created with: the service allows 9 disks, the boot disk included. */
export const MAX_EXTRA_DISKS = 8;

/** The boot disk made with the VM. */
export const BootDiskSpec = z.strictObject({
  size: DiskSize.describe(
    "Size in GB, at least the image's minimum (e.g. 10 for ubuntu-22.04); a larger size grows the disk in place, " +
      "a smaller one is refused (disks never shrink; a boot disk grown outside the program is not a change)",
  ),
  diskType: NameOrId.optional().describe(
    "Disk type name (e.g. SSD) or id (default: the zone's first general-purpose type); changing it replaces the VM",
  ),
  name: Name.optional().describe(
    "Disk name (default: <vm name>-boot); changing it replaces the VM",
  ),
});

/** An extra disk: a new one (name + size) or an existing one (diskId). */
export const VmDiskSpec = z.union(
  [
    z.strictObject({
      name: Name.describe("New disk name, unique in the project and zone"),
      size: DiskSize.describe("New disk size in GB"),
      diskType: NameOrId.optional().describe(
        "Disk type name or id (default: the zone's first general-purpose type)",
      ),
    }),
    z.strictObject({
      diskId: Uuid.describe("Existing disk (available, same zone) to attach at creation"),
    }),
  ],
  { error: "each disk is either a new disk {name, size, diskType?} or an existing one {diskId}" },
);

/** The parsed value of {@link VmDiskSpec}. */
export type VmDiskSpec = z.output<typeof VmDiskSpec>;

/** A network interface. */
export const InterfaceSpec = z
  .strictObject({
    subnet: NameOrId.optional().describe(
      "Subnet name or id in the VM's zone (default: the zone's default subnet); not for directIp",
    ),
    securityGroups: z
      .array(NameOrId)
      .max(16)
      .optional()
      .describe(
        "Security groups by name or id, in the VM's zone (default: the zone's default group)",
      ),
    securityEnabled: z
      .boolean()
      .optional()
      .describe(
        "Filter traffic with security groups (default true); false takes no securityGroups",
      ),
    ipAddress: Ipv4Address.optional().describe(
      "Fixed private address, a free host address of the subnet (default: the next free one); not for directIp",
    ),
    externalIp: z
      .boolean()
      .optional()
      .describe("Give the interface a new external IP (default false); not for directIp"),
    externalIpId: Uuid.optional().describe(
      "An existing external IP (an ExternalIp's id) of the VM's zone to bind; it outlives the VM, " +
        "is moved here from another VM that holds it, and is never deleted with the VM; not with externalIp or directIp",
    ),
    directIp: z
      .boolean()
      .optional()
      .describe(
        "An external IP on the interface itself, with no subnet (API v1.1 only; default false)",
      ),
    interfaceId: Uuid.optional().describe(
      "An existing free network interface (a NetworkInterface's id) of the VM's zone: the VM takes it with its " +
        "subnet, address, groups and external IP; it outlives the VM and is never deleted with it; nothing else on " +
        "the item (API v1.1 only)",
    ),
  })
  .superRefine((spec, ctx) => {
    const fail = (path: string, message: string) =>
      ctx.addIssue({ code: "custom", path: [path], message });
    if (spec.interfaceId !== undefined) {
      for (const key of Object.keys(spec) as Array<keyof typeof spec>) {
        if (key !== "interfaceId" && spec[key] !== undefined) {
          fail(
            key,
            `an existing interface (interfaceId) keeps its own ${key}; leave ${key} out, or change it on the NetworkInterface`,
          );
        }
      }
      return;
    }
    if (spec.directIp === true) {
      for (const key of ["subnet", "ipAddress"] as const) {
        if (spec[key] !== undefined) {
          fail(
            key,
            `a directIp interface takes no ${key}: it sits in no subnet; remove ${key} or directIp`,
          );
        }
      }
      for (const key of ["externalIp", "externalIpId"] as const) {
        if (spec[key] !== undefined && spec[key] !== false) {
          fail(key, `a directIp interface already has its external IP; remove ${key}`);
        }
      }
    }
    if (spec.externalIp === true && spec.externalIpId !== undefined) {
      fail(
        "externalIpId",
        "give externalIp (a new address) or externalIpId (an existing one), not both",
      );
    }
    if (
      spec.securityEnabled === false &&
      spec.securityGroups !== undefined &&
      !isUnknown(spec.securityGroups)
    ) {
      fail(
        "securityGroups",
        "securityGroups need securityEnabled: true (or leave securityEnabled unset)",
      );
    }
  });

/** The parsed value of {@link InterfaceSpec}. */
export type InterfaceSpec = z.output<typeof InterfaceSpec>;

/** Image metadata values by field name, e.g. `{license_key: "…"}`. */
export const ImageMetadataInput = z
  .record(
    z.string().min(1, { message: "metadata field names are not empty" }),
    z.string().max(METADATA_VALUE_MAX),
  )
  .optional();

/**
 * A host name (RFC 1123): dot-separated labels of letters, digits and inner hyphens. The
 * length comes last: a property keeps its last failure (check-inputs.ts), and a name too long
 * is told its length, not its shape.
 */
const HostnameInput = z
  .string()
  .regex(
    /^[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?)*$/,
    {
      message:
        "must be a host name: labels of letters, digits and inner hyphens (at most 63 each), separated by dots",
    },
  )
  .max(253, { message: "must be at most 253 characters" });

/** A Linux login name. */
const UserNameInput = z.string().regex(/^[a-z_][a-z0-9_-]{0,31}$/, {
  message:
    "must be a Linux login: a lower-case letter or _ first, then lower-case letters, digits, _ or -, at most 32 characters",
});

/** One SSH public key in OpenSSH form (`<type> <base64> [comment]`), on one line. */
const SshPublicKey = z
  .string()
  .regex(/^(ssh|ecdsa|sk)-[\w@.-]+ [A-Za-z0-9+/]+={0,3}( [^\r\n]*)?$/, {
    message:
      'must be an OpenSSH public key on one line: "<type> <base64> [comment]", e.g. "ssh-ed25519 AAAA… ops@example.com"',
  });

/** SSH public keys: sent one per line in one metadata value of at most 3072 characters. */
const SshPublicKeysInput = z
  .array(SshPublicKey)
  .min(1, { message: "give at least one key, or leave sshPublicKeys unset" })
  .refine((keys) => keys.join("\n").length <= METADATA_VALUE_MAX, {
    message: `the keys, one per line, must fit in ${METADATA_VALUE_MAX} characters (the service's limit of one metadata value)`,
  });

/** The typed metadata inputs both VM kinds take, filled into the image's fields by type. */
// Unset, each takes whatever the image fills in, and is not compared (cloudDefault).
const typedMetadataInputs = {
  hostname: replaces(
    HostnameInput.optional().describe(
      "Host name of the VM, given to the image's hostname field (default: the image's); changing it replaces the VM",
    ),
    { cloudDefault: true },
  ),
  userName: replaces(
    UserNameInput.optional().describe(
      "Login of the image's user, given to the image's linux_login field (default: the image's, e.g. ubuntu); changing it replaces the VM",
    ),
    { cloudDefault: true },
  ),
  sshPublicKeys: replaces(
    SshPublicKeysInput.optional().describe(
      "SSH public keys of the login, given to the image's public_key field (default none); changing them replaces the VM",
    ),
    { cloudDefault: true },
  ),
};

/** A VM password as the service accepts it, and at most 72 characters. */
const PasswordInput = VmPassword.pipe(
  z.string().max(72, { message: "must be at most 72 characters" }),
);

/** What the provider-only settings are when the program leaves them unset. */
export const CARRIED_DEFAULTS = {
  allowRebuild: false,
  deleteDisksOnDestroy: true,
  deleteExternalIpsOnDestroy: true,
  apiVersion: "v1.1",
} as const;

/** `powerState`: the power state a VM is kept in. */
const PowerStateInput = z.enum(["running", "stopped"]).optional();

/** Tags all by name or all by id: the service takes one list or the other, never both. */
function checkTags(tags: unknown, ctx: z.RefinementCtx): void {
  if (!Array.isArray(tags) || containsUnknown(tags)) return;
  const ids = tags.filter((t) => typeof t === "string" && isId(t));
  if (ids.length > 0 && ids.length < tags.length) {
    ctx.addIssue({
      code: "custom",
      path: ["tags"],
      message:
        "give every tag by name or every tag by id, not a mix: the service takes one list or the other",
    });
  }
}

/** The `timeouts` of both VM kinds, with what each wait waits for. */
const vmTimeoutsField = local(
  TimeoutsInput.describe(
    "Longest waits (default 20m each): create until running, update until settled, delete until gone",
  ),
);

/** What a program gives a `Vm`. */
export const VmInputs = resourceInputs({
  name: updates(Name.describe("VM name, unique in the project; renames in place")),
  description: fields.description,
  flavor: updates(
    NameOrId.describe("Flavor name (e.g. gen-2-4) or id; changing it resizes the VM in place"),
  ),
  // Replaces unless the new inputs allow a rebuild (see `inPlaceWhen` in vm.ts).
  image: replaces(
    NameOrId.describe(
      "Image name (e.g. ubuntu-22.04) or id; changing it replaces the VM, or rebuilds it in place when allowRebuild",
    ),
  ),
  availabilityZone: fields.zone(
    "Availability zone name (e.g. ru.AZ-1) or id (default: the project's default zone); changing it replaces the VM",
  ),
  // Replaces unless only the size grew (see `inPlaceWhen` in vm.ts): the service grows a disk
  // in place, but cannot change its type or name.
  bootDisk: replaces(
    BootDiskSpec.describe(
      "The boot disk the image is written to; a larger size grows it in place, a new type or name replaces the VM",
    ),
  ),
  disks: replaces(
    z
      .array(VmDiskSpec)
      .max(MAX_EXTRA_DISKS, {
        message: `at most ${MAX_EXTRA_DISKS} extra disks (the service allows 9 disks with the boot disk); attach more with DiskAttachment`,
      })
      .optional()
      .describe(
        "Extra disks made or attached at creation (default none); adding, removing, renaming or retyping one replaces the VM (use DiskAttachment for disks that outlive the VM); a larger size of a disk made with the VM grows it in place",
      ),
  ),
  interfaces: replaces(
    z
      .array(InterfaceSpec)
      .min(1)
      .max(MAX_INTERFACES_PER_VM)
      .optional()
      .describe(
        "Network interfaces, primary first (default: one in the zone's default subnet); changing them replaces the VM",
      ),
  ),
  ...typedMetadataInputs,
  imageMetadata: replaces(
    ImageMetadataInput.describe(
      "Values of the image's other metadata fields by name (those hostname, userName, sshPublicKeys and password do not fill; default: the image's defaults); changing them replaces the VM",
    ),
  ),
  cloudInit: replaces(
    z
      .string()
      .max(65536)
      .optional()
      .describe(
        "cloud-init user data as plain text (base64-encoded for you; the service never returns it); changing it replaces the VM",
      ),
  ),
  tags: fields.tags("Tags, all by name or all by id (default none)"),
  placementGroup: replaces(
    NameOrId.optional().describe(
      "Placement group name or id; a VM of any zone of the project may join it (checked at preview; default none); changing it replaces the VM",
    ),
  ),
  powerState: updates(
    PowerStateInput.describe(
      "Desired power state (default running); changes in place with set-power",
    ),
    { default: "running" },
  ),
  password: updates(
    PasswordInput.optional().describe(
      "Password of the image's login user (needs a guest agent and a running VM); set and removed in place",
    ),
    { secret: true },
  ),
  passwordLogin: updates(
    z
      .string()
      .min(1)
      .max(64)
      .optional()
      .describe(
        "Login whose password is removed when password is unset (default: the image's user); set-password always sets the image user's",
      ),
  ),
  // The provider-only settings below are carried into the outputs by the VM's own code
  // (which `read` and `import` fill too), so they go through `update`, which sends nothing
  // for them.
  allowRebuild: updates(
    z
      .boolean()
      .optional()
      .describe("Rebuild in place instead of replacing when the image changes (default false)"),
    { default: CARRIED_DEFAULTS.allowRebuild },
  ),
  // Unset, it is not compared: stacks made before it existed show no change.
  consoleLinks: updates(
    z
      .boolean()
      .optional()
      .describe(
        "Make console links (vncUrl, remoteConsoleUrl) when the VM starts (default false: two requests per start saved); updates in place",
      ),
    { cloudDefault: true },
  ),
  deleteDisksOnDestroy: updates(
    z
      .boolean()
      .optional()
      .describe("Delete the boot disk and the extra new disks with the VM (default true)"),
    { default: CARRIED_DEFAULTS.deleteDisksOnDestroy },
  ),
  deleteExternalIpsOnDestroy: updates(
    z
      .boolean()
      .optional()
      .describe(
        "Delete the external IPs the VM made (externalIp: true) with it (default true); addresses given by externalIpId are always kept",
      ),
    { default: CARRIED_DEFAULTS.deleteExternalIpsOnDestroy },
  ),
  apiVersion: updates(
    z
      .enum(["v1.1", "v1"])
      .optional()
      .describe(
        "Creation path: v1.1 (default) or the legacy v1 (no directIp); it only affects creation, so changing it replaces nothing",
      ),
    { default: CARRIED_DEFAULTS.apiVersion },
  ),
  projectId: fields.projectId("VM"),
  timeouts: vmTimeoutsField,
  adoptId: fields.adoptId("VM"),
}).superRefine((vm, ctx) => {
  checkTags(vm.tags, ctx);
  if (vm.apiVersion === "v1" && Array.isArray(vm.interfaces)) {
    vm.interfaces.forEach((spec, i) => {
      if (
        spec !== null &&
        typeof spec === "object" &&
        (spec as { directIp?: unknown }).directIp === true
      ) {
        ctx.addIssue({
          code: "custom",
          path: ["interfaces", i, "directIp"],
          message:
            'directIp needs apiVersion "v1.1": the legacy v1 path has no direct external IPs',
        });
      }
      if (
        spec !== null &&
        typeof spec === "object" &&
        (spec as { interfaceId?: unknown }).interfaceId !== undefined
      ) {
        ctx.addIssue({
          code: "custom",
          path: ["interfaces", i, "interfaceId"],
          message:
            'interfaceId needs apiVersion "v1.1": the legacy v1 path cannot take an existing interface',
        });
      }
    });
  }
});

/** The parsed inputs of a Vm. */
export type VmInputs = z.output<typeof VmInputs>;

/** What a program gives a `FreeTierVm` (one per organization). */
export const FreeTierVmInputs = resourceInputs({
  name: updates(Name.describe("VM name, unique in the project; renames in place")),
  image: replaces(
    NameOrId.describe(
      "Free-tier image name (e.g. ubuntu-22.04) or id; changing it replaces the VM",
    ),
  ),
  availabilityZone: fields.zone(
    "A zone offering free-tier resources (default: the service picks the free-tier zone); changing it replaces the VM",
  ),
  ...typedMetadataInputs,
  imageMetadata: replaces(
    ImageMetadataInput.describe(
      "Values of the image's other metadata fields by name (default: the image's defaults); changing them replaces the VM",
    ),
  ),
  password: updates(
    PasswordInput.optional().describe(
      "Password of the image's login user (needs a guest agent and a running VM); set and removed in place",
    ),
    { secret: true },
  ),
  externalIp: replaces(
    z
      .boolean()
      .optional()
      .describe("Give the VM an external IP (default false); changing it replaces the VM"),
    { default: false },
  ),
  powerState: updates(
    PowerStateInput.describe(
      "Desired power state (default running); changes in place with set-power",
    ),
    { default: "running" },
  ),
  consoleLinks: updates(
    z
      .boolean()
      .optional()
      .describe(
        "Make console links (vncUrl, remoteConsoleUrl) when the VM starts (default false); updates in place",
      ),
    { cloudDefault: true },
  ),
  projectId: fields.projectId("VM"),
  timeouts: vmTimeoutsField,
});

/** The parsed inputs of a FreeTierVm. */
export type FreeTierVmInputs = z.output<typeof FreeTierVmInputs>;
