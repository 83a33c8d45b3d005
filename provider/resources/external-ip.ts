/**
 * The `ExternalIp` resource: a public IPv4 address of one zone that outlives the VMs it is
 * bound to (a Vm interface takes it with `externalIpId`), so DNS can point at it across VM
 * replacements. Name, description and tags change in place; the zone and project replace it.
 * Names are unique in the project: `check` and create refuse one another address has, even a
 * same-named address an interrupted `up` left, saying what resolves it.
 */
import { externalIpsEndpoints as api } from "../../api/vm/endpoints/external-ips";
import type { ExternalIpStatus } from "../../api/vm/enums";
import type { ExternalIpResponse } from "../../api/vm/external-ips";
import { EXTERNAL_IP_STATES } from "../../api/vm/states";
import { isUnknown } from "../framework/unknowns";
import { CatalogLookups } from "./catalog/catalog-lookups";
import { refuseUntracked } from "./framework/refuse-untracked";
import { dynamicProvider } from "../framework/dynamic-provider";
import { defineResource, type ResourceContext } from "./framework/define-resource";
import { getOrGone } from "./framework/get-or-gone";
import { failuresOf } from "./framework/input-error";
import { takenNameFailures } from "./framework/taken-names";
import { sameNameOrId, sameNamesOrIds } from "./framework/references";
import { ExternalIpInputs } from "./inputs/external-ip";
import { ExternalIpOutputs } from "./outputs/external-ip";
import { EXTERNAL_IP_SOURCE } from "./network/batched-reads";
import { batchedWaits } from "./network/batched-waits";
import { detailsUpdate } from "./network/details-update";
import { tagFields } from "./framework/tag-fields";

const TIMEOUT_MS = 10 * 60_000;
const DELETE_ADVICE = {
  floating_ip_in_use:
    "the address is bound to a VM's interface: delete that VM, or drop externalIpId from its interface, first " +
    "(a Vm of this stack that takes the address should reference it, so that it goes first)",
} as const;

const { get, settled, deleted } = batchedWaits({
  what: "external IP",
  source: EXTERNAL_IP_SOURCE,
  get: (ctx, id) => ctx.client.call(api.getExternalIp, { params: { floating_ip_id: id } }),
  busy: EXTERNAL_IP_STATES.changing,
  failed: EXTERNAL_IP_STATES.failed,
});

/** The outputs of `ip`; the answer names no project, so it is given. */
function outputsOf(ip: ExternalIpResponse, projectId: string) {
  return {
    name: ip.name,
    description: ip.description,
    address: ip.ip_address ?? "",
    availabilityZone: ip.availability_zone?.name ?? "",
    availabilityZoneId: ip.availability_zone?.id ?? "",
    state: ip.state as ExternalIpStatus,
    ...(ip.interface === undefined ? {} : { interfaceId: ip.interface.id }),
    ...(ip.vm === undefined ? {} : { vmId: ip.vm.id }),
    tags: ip.tags.map((t) => t.name),
    tagIds: ip.tags.map((t) => t.id),
    projectId,
    createdTime: ip.created_time,
  };
}

/** The project's addresses named exactly `name`, not being deleted. */
async function ipsNamed(
  ctx: ResourceContext,
  projectId: string,
  name: string,
): Promise<ExternalIpResponse[]> {
  const ips = await ctx.client.listAll(api.listExternalIps, {
    query: { project_id: projectId, name },
  });
  return ips.filter((ip) => ip.name === name && ip.state !== "deleting");
}

/** True when `ip` (of the zone asked for) is what a create of `inputs` makes (for the refusal). */
function matchesInputs(ip: ExternalIpResponse, inputs: ExternalIpInputs): boolean {
  return ip.interface === undefined && ip.description === (inputs.description ?? "");
}

/** The lifecycle of `ExternalIp` (served by the dynamic provider and the plugin). */
export const definition = defineResource<ExternalIpInputs, ExternalIpOutputs>({
  typeName: "ExternalIp",
  inputs: ExternalIpInputs,
  outputs: ExternalIpOutputs,
  diff: {
    compare: {
      availabilityZone: sameNameOrId("availabilityZone", "availabilityZoneId"),
      tags: sameNamesOrIds("tags", "tagIds"),
    },
    // Names are unique in the project: a replacement that keeps the name deletes the old
    // address first.
    deleteBeforeReplace: (changed) => !changed.includes("name"),
  },
  async checkCatalog(ctx, inputs, olds) {
    if (isUnknown(inputs.projectId) || isUnknown(inputs.availabilityZone)) return [];
    const projectId = ctx.projectId(inputs);
    const lookups = new CatalogLookups(ctx.client, projectId);
    let zoneId: string | undefined;
    const failures = await failuresOf(async () => {
      zoneId = (await lookups.zone(inputs.availabilityZone)).id;
    });
    if (zoneId === undefined) return failures;
    return takenNameFailures(ctx.client, {
      typeName: "ExternalIp",
      projectId,
      name: inputs.name,
      oldName: olds.name,
      adoptable: false,
      holders: (name) => ipsNamed(ctx, projectId, name),
    });
  },
  async create(ctx, inputs) {
    const remaining = ctx.deadline(TIMEOUT_MS);
    const projectId = ctx.projectId(inputs);
    const zone = await new CatalogLookups(ctx.client, projectId).zone(inputs.availabilityZone);
    const find = async () =>
      (await ipsNamed(ctx, projectId, inputs.name)).filter(
        (ip) => ip.availability_zone?.id === zone.id,
      );
    refuseUntracked({
      clashing: await find(),
      matches: (ip) => matchesInputs(ip, inputs),
      clash: `an external IP named "${inputs.name}" already exists in zone ${zone.name}`,
      describe: (ip) => `${ip.id}: ${ip.ip_address ?? "?"}, ${ip.state}`,
      adoptable: false,
    });
    const created = await ctx.client.call(
      api.createExternalIp,
      {
        body: {
          project_id: projectId,
          availability_zone_id: zone.id,
          name: inputs.name,
          description: inputs.description ?? "",
          ...tagFields(inputs.tags),
        },
      },
      { findExisting: async () => (await find())[0] },
    );
    try {
      return {
        id: created.id,
        outs: outputsOf(await settled(ctx, created.id, remaining(), projectId), projectId),
      };
    } catch (error) {
      throw ctx.notReady(created.id, outputsOf(created, projectId), error);
    }
  },
  async read(ctx, id, previous) {
    const ip = await getOrGone(() => get(ctx, id));
    return ip === undefined
      ? undefined
      : outputsOf(ip, previous.projectId ?? ctx.settings.projectId ?? "");
  },
  async update(ctx, id, olds, news, diff) {
    const remaining = ctx.deadline(TIMEOUT_MS);
    await settled(ctx, id, remaining(), olds.projectId);
    const body = detailsUpdate(diff.changed, news);
    if (Object.keys(body).length > 0) {
      await ctx.client.call(api.updateExternalIp, { params: { floating_ip_id: id }, body });
    }
    return outputsOf(await settled(ctx, id, remaining(), olds.projectId), olds.projectId);
  },
  async delete(ctx, id, olds) {
    await deleted(
      ctx,
      id,
      olds,
      () => ctx.client.call(api.deleteExternalIp, { params: { floating_ip_id: id } }),
      DELETE_ADVICE,
    );
  },
});

/** The dynamic provider of `ExternalIp`. */
export const provider = dynamicProvider(definition);
