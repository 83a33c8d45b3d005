/**
 * The `FreeTierVm` resource: the one free-tier VM an organization may have, created through
 * `POST /api/v1/free-tier` (the service picks the free-tier flavor, disk type and, unless
 * given, zone). Create first refuses when a VM of its name exists that the stack does not
 * track (an interrupted `up`'s, or anyone's: it says what resolves it); then it asks whether
 * the organization may still have one, so a second one fails with a clear message naming the existing VM, before
 * anything is sent; the service's 422 `free_tier_vm_already_exists` (a race) gets the same
 * message. The name and the power state change in place; the rest replaces the VM, deleting
 * the old one first. Delete takes the boot disk and the external IP along.
 */
import { catalogEndpoints } from "../../api/vm/endpoints/catalog";
import { computeEndpoints } from "../../api/vm/endpoints/compute";
import type { FreeTierVmResponse } from "../../api/vm/free-tier";
import type { ImageResponse } from "../../api/vm/images";
import type { VmResponse } from "../../api/vm/vms";
import type { ZoneResponse } from "../../api/vm/zones";
import { ValidationError, type VmCloudClient } from "../client";
import { dynamicProvider } from "../framework/dynamic-provider";
import { defineResource, type ResourceContext } from "./framework/define-resource";
import { sameNameOrId } from "./framework/references";
import { FreeTierVmInputs } from "./inputs/vm";
import {
  applyPowerState,
  deletePassword,
  deleteVm,
  refreshConsoles,
  setPassword,
  settledVm,
  startCreatedVm,
  type StartProgress,
} from "./vm/steps";
import { sameImageMetadata, writeOnlyInPlace } from "./vm/diff";
import { failuresOf } from "./framework/input-error";
import { refuseUntracked } from "./framework/refuse-untracked";
import { takenNameFailures } from "./framework/taken-names";
import { isUnknown } from "../framework/unknowns";
import { InputError, matches } from "./framework/input-error";
import { cachedCatalog } from "./framework/catalog-cache";
import { CatalogLookups } from "./catalog/catalog-lookups";
import { interfaceOutput, metadataOf, powerStateOf } from "./vm/outputs";
import { FreeTierVmOutputs } from "./outputs/free-tier-vm";
import { checkPasswordTaken } from "./vm/requests";
import { freeTierSlotTaken } from "../rules/free-tier";
import {
  checkImageMetadata,
  metadataBody,
  sameTyped,
  splitMetadata,
  metadataInputsOf,
} from "./vm/typed-metadata";
import {
  findCreatedVm,
  imageDefaultsOf,
  isWaitFailure,
  knownDefaultsOf,
  type KnownImageDefaults,
  vmIdsNamed,
  liveVmsNamed,
  vmIfReadable,
} from "./vm/state";
import { getVm, waitForSettled } from "./vm/waits";

/** Default wait of create, update and delete: 20 minutes. */
export const FREE_TIER_VM_DEFAULT_TIMEOUT_MS = 20 * 60_000;

/**
 * The outputs of a free-tier `vm`; `known` spares re-reading the image's defaults, and
 * carries `consoleLinks` (an input the service does not know); `password` is the one the
 * program gave (the service never returns it; undefined: unknown, after an import).
 */
async function freeTierOutputs(
  client: VmCloudClient,
  vm: VmResponse,
  powerStateFallback: "running" | "stopped",
  known: (KnownImageDefaults & { consoleLinks?: boolean | undefined }) | undefined,
  password: string | null | undefined,
): Promise<FreeTierVmOutputs> {
  const image = await imageDefaultsOf(client, vm.image.id, known);
  const metadata = splitMetadata(metadataOf(vm), image.types);
  const interfaces = vm.interfaces.map(interfaceOutput);
  const primary = interfaces.find((i) => i.primary) ?? interfaces[0];
  const address = interfaces.find((i) => i.externalIpAddress !== undefined)?.externalIpAddress;
  const boot = vm.disks.find((d) => d.primary) ?? vm.disks[0];
  return {
    name: vm.name,
    image: vm.image.name,
    imageId: vm.image.id,
    availabilityZone: vm.availability_zone.name,
    availabilityZoneId: vm.availability_zone.id,
    ...metadata.typed,
    imageMetadata: metadata.other,
    imageMetadataDefaults: image.defaults,
    imageMetadataTypes: image.types,
    // No password is recorded as none at all, as after an import: either way a password the
    // program sets is a change, which the next update applies.
    ...(password === undefined || password === null ? {} : { password }),
    externalIp: address !== undefined,
    powerState: powerStateOf(vm.state, powerStateFallback),
    ...(known?.consoleLinks === undefined ? {} : { consoleLinks: known.consoleLinks }),
    projectId: vm.project.id,
    vmId: vm.id,
    state: vm.state,
    flavor: vm.flavor.name,
    flavorId: vm.flavor.id,
    bootDiskId: boot?.id ?? "",
    bootDiskSize: boot?.size ?? 0,
    interfaces,
    privateIp: primary?.ipAddress ?? "",
    ...(address === undefined ? {} : { externalIpAddress: address }),
    ...(vm.vnc_url === undefined ? {} : { vncUrl: vm.vnc_url }),
    ...(vm.remote_console_url === undefined ? {} : { remoteConsoleUrl: vm.remote_console_url }),
    createdTime: vm.created_time,
  };
}

/** A full VM answer in the free-tier create's shape (for a create found after a lost answer). */
function asFreeTier(vm: VmResponse): FreeTierVmResponse {
  return {
    ...vm,
    is_serial_ready: vm.is_serial_ready ?? false,
    interfaces: vm.interfaces.map(({ subnet: _subnet, ...rest }) => rest),
  };
}

/** The message for an organization that already has its free-tier VM. */
async function alreadyHasOne(
  ctx: ResourceContext,
  projectId: string,
  organizationId: string | undefined,
): Promise<Error> {
  const vms = await ctx.client.listAll(computeEndpoints.listVms, {
    query: { project_id: projectId, free_tier: true },
  });
  const existing = vms.find((v) => v.state !== "deleting");
  const holder = {
    label:
      existing === undefined
        ? "(in another project of the organization)"
        : `"${existing.name}" (${existing.id}, project ${projectId})`,
    declared: false,
  };
  return new Error(freeTierSlotTaken(holder, organizationId).reason);
}

/**
 * Refuses the create when a VM of this name (not being deleted) exists in the project: it may
 * be what an interrupted `pulumi up` of this resource left, another stack's, or one a person
 * made, and it is never taken over (framework/refuse-untracked.ts). A replacement deletes its
 * predecessor first (the organization may have only one), so that one is never met here.
 * `FreeTierVm` takes no `adoptId`: `pulumi import` (or `FreeTierVm.get`) brings one in.
 */
async function refuseUntrackedFreeTierVm(
  ctx: ResourceContext,
  want: { projectId: string; name: string; imageId: string; zone: ZoneResponse | undefined },
): Promise<void> {
  const existing: VmResponse[] = [];
  for (const id of await vmIdsNamed(ctx.client, want.projectId, want.name)) {
    const vm = await getVm(ctx.client, id);
    if (vm !== undefined && vm.state !== "deleting") existing.push(vm);
  }
  refuseUntracked({
    clashing: existing,
    matches: (vm) =>
      vm.flavor.free_tier &&
      vm.image?.id === want.imageId &&
      (want.zone === undefined || vm.availability_zone.id === want.zone.id),
    clash: `a VM named "${want.name}" already exists in project ${want.projectId}`,
    describe: (vm) =>
      `${vm.id}: ${vm.flavor.free_tier ? "free-tier" : "paid"}, image ${vm.image?.name ?? "none"}, zone ${vm.availability_zone.name}`,
    adoptable: false,
  });
}

/**
 * Checks the organization's slot, then sends the one create request (a lost answer is looked
 * up by name among free-tier VMs that did not exist before, so a retry never makes a second
 * VM). A full slot, found first or by the service's 422, fails with a message naming the VM.
 */
async function createFreeTierVm(
  ctx: ResourceContext,
  projectId: string,
  inputs: FreeTierVmInputs,
  zone: ZoneResponse | undefined,
  image: ImageResponse,
): Promise<FreeTierVmResponse[]> {
  const availability = await ctx.client.call(catalogEndpoints.getFreeTierAvailability, {
    query: { project_id: projectId },
  });
  if (!availability.free_tier_enabled)
    throw await alreadyHasOne(ctx, projectId, availability.organization_id);
  const before = await vmIdsNamed(ctx.client, projectId, inputs.name);
  try {
    return await ctx.client.call(
      computeEndpoints.createFreeTierVm,
      {
        body: {
          project_id: projectId,
          ...(zone === undefined ? {} : { availability_zone_id: zone.id }),
          name: inputs.name,
          image_id: image.id,
          ...withMetadata(metadataBody(image, inputs)),
          new_floating_ip: inputs.externalIp ?? false,
        },
      },
      {
        findExisting: async () => {
          const found = await findCreatedVm(ctx.client, {
            projectId,
            name: inputs.name,
            before,
            freeTier: true,
          });
          return found?.map(asFreeTier);
        },
      },
    );
  } catch (error) {
    if (error instanceof ValidationError && error.code === "free_tier_vm_already_exists") {
      throw await alreadyHasOne(ctx, projectId, availability.organization_id);
    }
    throw error;
  }
}

/** `image_metadata` when there is some. */
function withMetadata(body: Record<string, string> | undefined): {
  image_metadata?: Record<string, string>;
} {
  return body === undefined ? {} : { image_metadata: body };
}

/** The zone `ref` names among the zones that offer free-tier resources to the project. */
async function freeTierZone(
  ctx: ResourceContext,
  projectId: string,
  ref: string,
): Promise<ZoneResponse> {
  const zones = await cachedCatalog(ctx.client, `${projectId}:free-tier-zones`, () =>
    ctx.client.call(catalogEndpoints.listAvailabilityZones, {
      query: { project_id: projectId, free_tier_default: true },
    }),
  );
  const found = zones.find((z) => matches(ref, z));
  if (found !== undefined) return found;
  throw new InputError(
    "availabilityZone",
    `"${ref}" does not offer free-tier resources to project ${projectId}; use one of: ${zones.map((z) => z.name).join(", ") || "none"}, or leave it unset`,
  );
}

/** The image `ref` names among the images a free-tier VM may use (in `zone`, when given). */
async function freeTierImage(
  ctx: ResourceContext,
  projectId: string,
  zone: ZoneResponse | undefined,
  ref: string,
): Promise<ImageResponse> {
  const allowed = await cachedCatalog(
    ctx.client,
    `${projectId}:free-tier-images:${zone?.id ?? "*"}`,
    () =>
      ctx.client.listAll(catalogEndpoints.listImages, {
        query: {
          project_id: projectId,
          free_tier_enabled: true,
          ...(zone === undefined ? {} : { availability_zone_id: zone.id }),
        },
      }),
  );
  const found = allowed.find((i) => matches(ref, i));
  if (found !== undefined) return found;
  const image = await new CatalogLookups(ctx.client, projectId).image(zone, ref);
  throw new InputError(
    "image",
    `image ${image.name} is not available for free-tier VMs; use one of: ${allowed.map((i) => i.name).join(", ") || "none"}`,
  );
}

/** The lifecycle of `FreeTierVm` (served by the dynamic provider and the plugin). */
export const definition = defineResource<FreeTierVmInputs, FreeTierVmOutputs>({
  typeName: "FreeTierVm",
  inputs: FreeTierVmInputs,
  outputs: FreeTierVmOutputs,
  diff: {
    // The organization may have only one free-tier VM, so a replacement can only be made
    // after its predecessor is gone; so the create's check for untracked VMs
    // (refuseUntrackedFreeTierVm) never meets the predecessor.
    deleteBeforeReplace: true,
    compare: {
      image: sameNameOrId("image", "imageId"),
      availabilityZone: sameNameOrId("availabilityZone", "availabilityZoneId"),
      hostname: sameTyped("hostname"),
      userName: sameTyped("userName"),
      sshPublicKeys: sameTyped("sshPublicKeys"),
      imageMetadata: sameImageMetadata(),
      password: writeOnlyInPlace("password"),
    },
  },

  // What create resolves first (zone, image), what the image's fields say of the metadata
  // inputs and the password, and, for a new VM, the organization's one free-tier slot: taken
  // by a VM of another name, up would be refused.
  async checkCatalog(ctx, inputs, olds) {
    if ([inputs.projectId, inputs.availabilityZone, inputs.image].some(isUnknown)) return [];
    const projectId = ctx.projectId(inputs);
    let image: ImageResponse | undefined;
    let zone: ZoneResponse | undefined;
    const failures = await failuresOf(async () => {
      zone =
        inputs.availabilityZone === undefined
          ? undefined
          : await freeTierZone(ctx, projectId, inputs.availabilityZone);
      image = await freeTierImage(ctx, projectId, zone, inputs.image);
    });
    if (image !== undefined) {
      const known = image;
      failures.push(
        ...(await failuresOf(async () => checkImageMetadata(known, inputs))),
        ...(await failuresOf(async () => checkPasswordTaken(known, inputs.password))),
      );
    }
    failures.push(
      ...(await takenNameFailures(ctx.client, {
        typeName: "FreeTierVm",
        projectId,
        name: inputs.name,
        oldName: olds.name,
        adoptable: false,
        askFirst: false,
        holders: (name) => liveVmsNamed(ctx.client, projectId, name),
      })),
    );
    if (failures.length > 0 || Object.keys(olds).length > 0 || isUnknown(inputs.name)) {
      return failures;
    }
    const slot = await ctx.client.call(catalogEndpoints.getFreeTierAvailability, {
      query: { project_id: projectId },
    });
    if (slot.free_tier_enabled) return [];
    const error = await alreadyHasOne(ctx, projectId, slot.organization_id);
    return [{ property: "name", reason: error.message }];
  },

  async create(ctx, inputs) {
    const remaining = ctx.deadline(FREE_TIER_VM_DEFAULT_TIMEOUT_MS);
    const projectId = ctx.projectId(inputs);
    const zone =
      inputs.availabilityZone === undefined
        ? undefined
        : await freeTierZone(ctx, projectId, inputs.availabilityZone);
    const image = await freeTierImage(ctx, projectId, zone, inputs.image);
    checkImageMetadata(image, inputs);
    checkPasswordTaken(image, inputs.password);
    const known = knownDefaultsOf(image);
    // Looked for before the slot is checked: an untracked VM of this name is the clearer error.
    await refuseUntrackedFreeTierVm(ctx, { projectId, name: inputs.name, imageId: image.id, zone });
    const first = (await createFreeTierVm(ctx, projectId, inputs, zone, image))[0];
    if (first === undefined) throw new Error("the service answered the create with no VM");
    const id = first.id;
    ctx.progress(`created free-tier VM ${id}; waiting until it runs`);
    const desired = inputs.powerState ?? "running";
    const progress: StartProgress = {
      step: "waiting until it runs",
      passwordSet: false,
      running: undefined,
    };
    let vm: VmResponse | undefined;
    try {
      vm = await startCreatedVm(ctx, id, projectId, inputs, desired, remaining, progress);
      const carried = { ...known, consoleLinks: inputs.consoleLinks };
      // After a password is set, the VM's record changes (its password logins): read it again.
      if (progress.passwordSet) {
        progress.step = "reading the VM";
        vm = (await getVm(ctx.client, id)) ?? vm;
      }
      return {
        id,
        outs: await freeTierOutputs(ctx.client, vm, desired, carried, inputs.password ?? null),
      };
    } catch (error) {
      const current = (await vmIfReadable(ctx.client, id)) ?? vm ?? progress.running;
      let outs: Record<string, unknown> = { name: inputs.name, vmId: id, projectId };
      if (current !== undefined) {
        try {
          // A password not set is recorded as none, so the next update sets it.
          const password = progress.passwordSet ? (inputs.password ?? null) : null;
          outs = await freeTierOutputs(
            ctx.client,
            current,
            desired,
            { ...known, consoleLinks: inputs.consoleLinks },
            password,
          );
        } catch {
          // Keep the minimal outputs: the id is what matters to the engine.
        }
      }
      throw ctx.notReady(id, outs, error, progress.step);
    }
  },

  async read(ctx, id, previous) {
    const vm = await getVm(ctx.client, id);
    if (vm === undefined) return undefined;
    if (!vm.flavor.free_tier) {
      throw new Error(
        `VM ${id} is not a free-tier VM (flavor ${vm.flavor.name}); manage it with the Vm resource`,
      );
    }
    return freeTierOutputs(
      ctx.client,
      vm,
      previous.powerState ?? "running",
      previous,
      previous.password,
    );
  },

  async update(ctx, id, olds, news, diff) {
    const remaining = ctx.deadline(FREE_TIER_VM_DEFAULT_TIMEOUT_MS);
    const desired = news.powerState ?? "running";
    let step = "waiting for the VM to settle";
    try {
      let vm = await settledVm(ctx, id, remaining());
      if (diff.changed.includes("name")) {
        step = "renaming";
        await ctx.client.call(computeEndpoints.updateVm, {
          params: { vm_id: id },
          body: { name: news.name },
        });
        vm = await waitForSettled(ctx, id, "to finish the update", remaining(), vm.project.id);
      }
      // The password changes while the VM runs: before powering off, after powering on.
      const applyPassword = async (running: VmResponse) => {
        if (!diff.changed.includes("password")) return;
        step = news.password === undefined ? "removing the password" : "setting the password";
        if (news.password !== undefined) await setPassword(ctx, running, news.password);
        else if (typeof olds.password === "string") await deletePassword(ctx, running, undefined);
      };
      if (desired === "stopped") await applyPassword(vm);
      step = desired === "running" ? "powering on" : "powering off";
      const wasStopped = vm.state === "stopped";
      vm = await applyPowerState(ctx, vm, desired, remaining());
      if (desired === "running") await applyPassword(vm);
      const linksAsked = news.consoleLinks === true;
      if (
        desired === "running" &&
        linksAsked &&
        (wasStopped || diff.changed.includes("consoleLinks"))
      )
        await refreshConsoles(ctx, vm);
      return freeTierOutputs(
        ctx.client,
        (await getVm(ctx.client, id)) ?? vm,
        desired,
        { ...olds, consoleLinks: news.consoleLinks },
        news.password ?? null,
      );
    } catch (error) {
      if (!isWaitFailure(error)) throw error;
      const current = await vmIfReadable(ctx.client, id);
      const outs =
        current === undefined
          ? {}
          : await freeTierOutputs(
              ctx.client,
              current,
              desired,
              { ...olds, consoleLinks: news.consoleLinks },
              olds.password,
            ).catch(() => ({}));
      throw ctx.notReady(id, outs, error, step);
    }
  },

  async delete(ctx, id, olds) {
    // The free-tier boot disk and external IP serve only this VM: they go with it. Disks
    // attached later (DiskAttachment) are detached and survive.
    await deleteVm(
      ctx,
      id,
      (vm) => ({
        disk_ids: vm.disks.filter((d) => d.primary).map((d) => d.id),
        external_ips: vm.interfaces.flatMap((i) =>
          i.floating_ip === undefined ? [] : [i.floating_ip.id],
        ),
      }),
      ctx.timeoutMs(olds, "delete", FREE_TIER_VM_DEFAULT_TIMEOUT_MS),
    );
  },

  inputsOf(outs) {
    return {
      name: outs.name,
      image: outs.image,
      availabilityZone: outs.availabilityZone,
      ...metadataInputsOf(outs),
      externalIp: outs.externalIp,
      powerState: outs.powerState,
      ...(outs.consoleLinks === undefined ? {} : { consoleLinks: outs.consoleLinks }),
      projectId: outs.projectId,
    };
  },
});

/** The dynamic provider of `FreeTierVm`. */
export const provider = dynamicProvider(definition);
