/**
 * The `Vm` resource: a virtual machine of the VM service. Create resolves every name first
 * (so a wrong one fails with the valid choices), sends one create request that is never
 * repeated blindly (a lost answer is looked up by the VM's name among VMs that did not exist
 * before), waits until the VM runs, sets its password, powers it off when asked, and opens
 * its consoles when `consoleLinks` asks for them. Name, description, tags, flavor (resize), power state and password change in
 * place; the image too when `allowRebuild`, and the boot disk's size (it grows, never shrinks);
 * the rest replaces the VM. Delete takes the boot disk, the disks made with the VM and its
 * external IPs along unless told otherwise; disks attached by a DiskAttachment stay.
 */
import { computeEndpoints } from "../../api/vm/endpoints/compute";
import type { VmDeleteAttachments, VmResponse } from "../../api/vm/vms";
import { dynamicProvider } from "../framework/dynamic-provider";
import { defineResource, type ResourceContext } from "./framework/define-resource";
import { sameNameOrId, sameNamesOrIds } from "./framework/references";
import { isUnknown } from "../framework/unknowns";
import { VmInputs, type VmDiskSpec } from "./inputs/vm";
import {
  applyPowerState,
  deletePassword,
  deleteVm,
  growBootDisk,
  growExtraDisks,
  refreshConsoles,
  setPassword,
  settledVm,
  startCreatedVm,
  type StartProgress,
} from "./vm/steps";
import {
  bootDiskOnlyResized,
  disksOnlyResized,
  disksToGrow,
  optionalRef,
  sameBootDisk,
  sameDisks,
  sameImageMetadata,
  sameInterfaces,
  takesInterfaces,
  writeOnly,
  writeOnlyInPlace,
} from "./vm/diff";
import { vmCatalogFailures } from "./vm/catalog-check";
import { InputError } from "./framework/input-error";
import { takenNameFailures } from "./framework/taken-names";
import { VmLookups } from "./vm/lookups";
import {
  carriedForRead,
  carriedFrom,
  madeExternalIpIds,
  vmInputsOf,
  vmOutputs,
  type VmView,
} from "./vm/outputs";
import { VmOutputs, type VmCarried } from "./outputs/vm";
import { createRequestV1, createRequestV11, resolveVm, updateRequest } from "./vm/requests";
import {
  findCreatedVm,
  refuseUntrackedVm,
  imageDefaultsOf,
  isWaitFailure,
  knownDefaultsOf,
  type KnownImageDefaults,
  vmIdsNamed,
  liveVmsNamed,
  vmIfReadable,
} from "./vm/state";
import { freeExternalIps } from "./vm/external-ips";
import { getVm, waitForSettled } from "./vm/waits";
import { readVm } from "./vm/listed-read";
import { checkImageMetadata, metadataBody, sameTyped } from "./vm/typed-metadata";
import { shrinkFailures } from "./disk/no-shrink";
import type { CheckFailure } from "./framework/check-inputs";

/** Default wait of create, update and delete: 20 minutes (a real VM boots in about 1.5 min). */
export const VM_DEFAULT_TIMEOUT_MS = 20 * 60_000;

/**
 * The outputs of `vm` with `carried` inputs and its image's metadata defaults (`known`'s when
 * they are for the VM's image, else read from the catalog).
 */
async function outputsOf(
  ctx: ResourceContext,
  vm: VmView,
  carried: VmCarried,
  powerStateFallback: "running" | "stopped",
  known: KnownImageDefaults | undefined,
): Promise<VmOutputs> {
  const image = await imageDefaultsOf(ctx.client, vm.image.id, known);
  return vmOutputs(vm, carried, { image, powerStateFallback });
}

/** Outputs for an error's record: the VM as it is now, else as last seen; never throws. */
async function outputsForError(
  ctx: ResourceContext,
  id: string,
  lastSeen: VmResponse,
  carried: VmCarried,
  powerState: "running" | "stopped",
  known: KnownImageDefaults | undefined,
): Promise<VmOutputs> {
  const vm = (await vmIfReadable(ctx.client, id)) ?? lastSeen;
  try {
    return await outputsOf(ctx, vm, carried, powerState, known);
  } catch {
    return vmOutputs(vm, carried, {
      image: { defaults: {}, types: {} },
      powerStateFallback: powerState,
    });
  }
}

/** What a VM holds that destroy may delete with it: its disks and its external IPs' ids. */
export interface VmHoldings {
  disks: ReadonlyArray<{ id: string; name: string; primary: boolean }>;
  externalIpIds: readonly string[];
}

/** What `vm`, as the service answers it now, holds. */
export function holdingsOf(vm: VmResponse): VmHoldings {
  return {
    disks: vm.disks,
    externalIpIds: vm.interfaces.flatMap((i) =>
      i.floating_ip === undefined ? [] : [i.floating_ip.id],
    ),
  };
}

/**
 * What the VM held when it was last read, as its outputs record it; undefined when they do not
 * say (outputs of an older version, or of a VM never read whole).
 */
export function recordedHoldings(olds: Partial<VmOutputs>): VmHoldings | undefined {
  if (olds.attachedDisks === undefined || olds.interfaces === undefined) return undefined;
  return {
    disks: olds.attachedDisks.map((d) => ({ id: d.id, name: d.name, primary: d.boot })),
    externalIpIds: olds.interfaces.flatMap((i) =>
      i.externalIpId === undefined ? [] : [i.externalIpId],
    ),
  };
}

/**
 * What destroy deletes with the VM: the boot disk and the extra disks the program had the VM
 * make (by their names in `disks`), unless `deleteDisksOnDestroy` is false; the external
 * IPs the VM made itself, unless `deleteExternalIpsOnDestroy` is false. Existing disks
 * given by id, disks attached later (DiskAttachment), addresses given by id (an ExternalIp)
 * and addresses an import found are detached and survive.
 */
export function attachmentsToDelete(
  held: VmHoldings,
  olds: Partial<VmOutputs>,
): VmDeleteAttachments {
  const made = new Set(
    ((olds.disks ?? []) as VmDiskSpec[]).flatMap((d) => ("name" in d ? [d.name] : [])),
  );
  const disks =
    olds.deleteDisksOnDestroy === false
      ? []
      : held.disks.filter((d) => d.primary || made.has(d.name)).map((d) => d.id);
  const madeIps = olds.madeExternalIpIds;
  const ips =
    olds.deleteExternalIpsOnDestroy === false
      ? []
      : held.externalIpIds.filter((id) => madeIps === undefined || madeIps.includes(id));
  return { disk_ids: disks, external_ips: [...new Set(ips)] };
}

/**
 * Checks of a change against the previous inputs: the boot disk and the disks made with the VM
 * may not shrink. Against the
 * last outputs (`diff`) nothing is checked: they hold the boot disk as it is, which may have
 * grown outside the program, and a smaller size than that is no change (see `sameBootDisk`).
 */
export function checkVmChange(
  olds: Partial<VmInputs>,
  news: VmInputs,
  from: "inputs" | "outputs",
): CheckFailure[] {
  if (from === "outputs") return [];
  const replace =
    "the VM (`pulumi up --replace <urn>`) to start over with a new boot disk written from the image";
  const boot = shrinkFailures({
    property: "bootDisk.size",
    disk: "the boot disk",
    from: olds.bootDisk?.size,
    to: (news.bootDisk as Partial<VmInputs["bootDisk"]> | undefined)?.size,
    replace,
  });
  // A disk made with the VM keeps its name: the same name with a smaller size is a shrink.
  const before = new Map(
    (olds.disks ?? []).flatMap((d) => ("name" in d ? [[d.name, d.size] as const] : [])),
  );
  const extra = ((news.disks ?? []) as VmDiskSpec[]).flatMap((d, i) =>
    "name" in d
      ? shrinkFailures({
          property: `disks[${i}].size`,
          disk: `disk ${d.name}`,
          from: before.get(d.name),
          to: d.size,
          replace: "the VM (`pulumi up --replace <urn>`), which makes its disks anew, empty",
        })
      : [],
  );
  return [...boot, ...extra];
}

/** The lifecycle of `Vm` (served by the dynamic provider and the plugin). */
export const definition = defineResource<VmInputs, VmOutputs>({
  typeName: "Vm",
  inputs: VmInputs,
  outputs: VmOutputs,
  diff: {
    inPlaceWhen: {
      // An image change replaces the VM unless the new inputs allow a rebuild in place.
      image: (news) => news.allowRebuild === true,
      // The service grows a disk in place: only a new type or name replaces the VM.
      bootDisk: (news, olds) => bootDiskOnlyResized(news.bootDisk, olds),
      // So do the disks the VM was made with: a larger size alone grows them in place.
      disks: (news, olds) => disksOnlyResized(news.disks, olds),
    },
    // A replacement that keeps the name deletes the old VM first: two VMs of one name would
    // be ambiguous, and the create's check for untracked VMs (refuseUntrackedVm) would meet it.
    // Renaming while replacing keeps Pulumi's create-first order, unless the VM takes existing
    // interfaces: the old VM holds them until it is deleted.
    deleteBeforeReplace: (changed, news) => !changed.includes("name") || takesInterfaces(news),
    compare: {
      flavor: sameNameOrId("flavor", "flavorId"),
      image: sameNameOrId("image", "imageId"),
      availabilityZone: sameNameOrId("availabilityZone", "availabilityZoneId"),
      bootDisk: sameBootDisk,
      disks: sameDisks,
      interfaces: sameInterfaces,
      hostname: sameTyped("hostname"),
      userName: sameTyped("userName"),
      sshPublicKeys: sameTyped("sshPublicKeys"),
      imageMetadata: sameImageMetadata(),
      cloudInit: writeOnly("cloudInit"),
      password: writeOnlyInPlace("password"),
      tags: sameNamesOrIds("tags", "tagIds"),
      placementGroup: optionalRef("placementGroup", "placementGroupId"),
    },
  },

  checkChange: checkVmChange,

  async checkCatalog(ctx, inputs, olds) {
    if (isUnknown(inputs.projectId)) return [];
    const projectId = ctx.projectId(inputs);
    const lookups = new VmLookups(ctx.client, projectId, "shared");
    const [catalog, names] = await Promise.all([
      vmCatalogFailures(lookups, inputs, olds),
      takenNameFailures(ctx.client, {
        typeName: "Vm",
        projectId,
        name: inputs.name,
        oldName: olds.name,
        adoptId: inputs.adoptId,
        adoptable: true,
        askFirst: false,
        holders: (name) => liveVmsNamed(ctx.client, projectId, name),
      }),
    ]);
    return [...catalog, ...names];
  },

  async create(ctx, inputs) {
    const remaining = ctx.deadline(VM_DEFAULT_TIMEOUT_MS);
    const projectId = ctx.projectId(inputs);
    const resolved = await resolveVm(new VmLookups(ctx.client, projectId), projectId, inputs);
    const known = knownDefaultsOf(resolved.image);
    const before = await vmIdsNamed(ctx.client, projectId, inputs.name);
    await refuseUntrackedVm(ctx.client, {
      name: inputs.name,
      ids: before,
      flavorId: resolved.flavor.id,
      imageId: resolved.image.id,
      zoneId: resolved.zone.id,
    });
    const findExisting = () => findCreatedVm(ctx.client, { projectId, name: inputs.name, before });
    await freeExternalIps(ctx, resolved, remaining);
    const created =
      inputs.apiVersion === "v1"
        ? await ctx.client.call(
            computeEndpoints.createVmLegacy,
            { body: createRequestV1(inputs, resolved) },
            { findExisting },
          )
        : await ctx.client.call(
            computeEndpoints.createVm,
            { body: createRequestV11(inputs, resolved) },
            { findExisting },
          );
    const first = created[0];
    if (first === undefined) throw new Error("the service answered the create with no VM");
    const id = first.id;
    ctx.progress(`created VM ${id}; waiting until it runs`);
    const carried = { ...carriedFrom(inputs), madeExternalIpIds: madeExternalIpIds(first, inputs) };
    const desired = inputs.powerState ?? "running";
    const progress: StartProgress = {
      step: "waiting until it runs",
      passwordSet: false,
      running: undefined,
    };
    try {
      // The VM as the last wait read it is current (setting the password changes nothing the
      // service shows); only new console links call for another read.
      const current = await startCreatedVm(
        ctx,
        id,
        projectId,
        inputs,
        desired,
        remaining,
        progress,
      );
      return { id, outs: await outputsOf(ctx, current, carried, desired, known) };
    } catch (error) {
      // The VM exists: it is recorded with what was done (a password not set is null, so
      // the next update sets it), never left untracked.
      const done: VmCarried = {
        ...carried,
        password: progress.passwordSet ? (inputs.password ?? null) : null,
      };
      const vm = progress.running ?? first;
      const outs = await outputsForError(ctx, id, vm, done, desired, known);
      throw ctx.notReady(id, outs, error, progress.step);
    }
  },

  async read(ctx, id, previous) {
    const vm = await readVm(ctx, id, previous);
    if (vm === undefined) return undefined;
    return outputsOf(
      ctx,
      vm,
      carriedForRead(previous, vm),
      previous.powerState ?? "running",
      previous,
    );
  },

  async update(ctx, id, olds, news, diff) {
    const remaining = ctx.deadline(VM_DEFAULT_TIMEOUT_MS);
    const changed = diff.changed;
    const desired = news.powerState ?? "running";
    const carried: VmCarried = {
      ...carriedFrom(news),
      ...(olds.madeExternalIpIds === undefined
        ? {}
        : { madeExternalIpIds: olds.madeExternalIpIds }),
    };
    let vm = await getVm(ctx.client, id);
    if (vm === undefined) {
      throw new Error(
        `VM ${id} no longer exists; run \`pulumi refresh\` to drop it from the stack, then \`pulumi up\` to create it again`,
      );
    }
    let step = "waiting for the VM to settle";
    let passwordDone = !changed.includes("password");
    try {
      vm = await settledVm(ctx, vm, remaining());
      const lookups = new VmLookups(ctx.client, vm.project.id);
      // The zone is looked up only when a name must be resolved in it.
      const zoneId = vm.availability_zone.id;
      const zone = () => lookups.zone(zoneId);

      // First, so that a rebuild from an image that needs a larger disk finds it grown.
      if (changed.includes("bootDisk")) {
        step = "growing the boot disk";
        await growBootDisk(ctx, vm, news.bootDisk.size, remaining);
      }
      if (changed.includes("disks")) {
        step = "growing the disks";
        await growExtraDisks(ctx, vm, disksToGrow(news.disks, olds), remaining);
      }

      let rebuilt = false;
      if (changed.includes("image")) {
        if (news.allowRebuild !== true) {
          throw new InputError(
            "image",
            "changing the image replaces the VM unless allowRebuild is true",
          );
        }
        step = "rebuilding";
        const image = await lookups.image(await zone(), news.image);
        checkImageMetadata(image, news);
        const metadata = metadataBody(image, news);
        ctx.progress(`rebuilding VM ${id} from image ${image.name}`);
        await ctx.client.call(computeEndpoints.rebuildVm, {
          params: { vm_id: id },
          body: {
            image_id: image.id,
            ...(metadata === undefined ? {} : { image_metadata: metadata }),
          },
        });
        vm = await waitForSettled(ctx, id, "to finish the rebuild", remaining(), vm.project.id);
        rebuilt = true;
      }

      const flavorId = changed.includes("flavor")
        ? (await lookups.flavor(await zone(), news.flavor)).id
        : undefined;
      const body = updateRequest(news, changed, flavorId);
      if (Object.keys(body).length > 0) {
        step = "updating";
        await ctx.client.call(computeEndpoints.updateVm, { params: { vm_id: id }, body });
        vm = await waitForSettled(ctx, id, "to finish the update", remaining(), vm.project.id);
      }

      // A rebuild forgets the password, so it is set again.
      const setting = news.password !== undefined && (changed.includes("password") || rebuilt);
      const removing =
        news.password === undefined &&
        changed.includes("password") &&
        typeof olds.password === "string";
      passwordDone = !setting && !removing;
      const applyPassword = async () => {
        step = setting ? "setting the password" : "removing the password";
        if (setting) await setPassword(ctx, vm!, news.password!);
        else if (removing) await deletePassword(ctx, vm!, news.passwordLogin ?? olds.passwordLogin);
        passwordDone = true;
      };
      if (desired === "running") {
        step = "powering on";
        const wasStopped = vm.state === "stopped";
        vm = await applyPowerState(ctx, vm, "running", remaining());
        await applyPassword();
        const linksAsked = news.consoleLinks === true;
        if (linksAsked && (wasStopped || rebuilt || changed.includes("consoleLinks"))) {
          await refreshConsoles(ctx, vm);
        }
      } else {
        await applyPassword();
        step = "powering off";
        vm = await applyPowerState(ctx, vm, "stopped", remaining());
      }
      step = "reading the VM";
      const current = (await getVm(ctx.client, id)) ?? vm;
      return outputsOf(ctx, current, carried, desired, olds);
    } catch (error) {
      if (!isWaitFailure(error)) throw error;
      const done: VmCarried = {
        ...carried,
        password: passwordDone ? carried.password : (olds.password ?? null),
      };
      const outs = await outputsForError(ctx, id, vm, done, desired, olds);
      throw ctx.notReady(id, outs, error, step);
    }
  },

  async delete(ctx, id, olds) {
    const recorded = recordedHoldings(olds);
    await deleteVm(
      ctx,
      id,
      (vm) => attachmentsToDelete(holdingsOf(vm), olds),
      ctx.timeoutMs(olds, "delete", VM_DEFAULT_TIMEOUT_MS),
      // What the outputs record serves the first attempt, in a bulk request with no read first.
      recorded === undefined
        ? undefined
        : { attachments: attachmentsToDelete(recorded, olds), projectId: olds.projectId },
    );
  },

  inputsOf: vmInputsOf,
});

/** The dynamic provider of `Vm`. */
export const provider = dynamicProvider(definition);
