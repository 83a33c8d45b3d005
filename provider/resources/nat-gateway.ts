/**
 * The `NatGateway` resource: an SNAT gateway in one zone of the project's virtual network. It
 * sends the outbound traffic of every routed subnet of the zone from an external IP of its
 * own, so VMs without public addresses reach the internet. Name and description change in
 * place; the zone, network and project replace it. A zone has one gateway and names are
 * unique in the project, so a replacement deletes the old gateway first (unless both the name
 * and the zone change). A gateway of its name the stack does not track is never taken over
 * (create and `check` say what resolves it); `check` also refuses a zone another gateway serves and a name another has.
 */
import { natGatewaysEndpoints as api } from "../../api/vm/endpoints/nat-gateways";
import type { NatGatewayResponse } from "../../api/vm/nat-gateways";
import { NAT_GATEWAY_STATES } from "../../api/vm/states";
import type { ZoneResponse } from "../../api/vm/zones";
import { dynamicProvider } from "../framework/dynamic-provider";
import type { CheckFailure } from "../framework/check-failures";
import { isUnknown } from "../framework/unknowns";
import { natGatewayZoneTaken } from "../rules/nat-gateways";
import { nameTaken } from "../rules/names";
import { serviceObject } from "../rules/parties";
import { currentResourceUrn } from "../runtime/engine-log";
import { refuseUntracked } from "./framework/refuse-untracked";
import { defineResource } from "./framework/define-resource";
import { getOrGone } from "./framework/get-or-gone";
import { failuresOf } from "./framework/input-error";
import { sameNameOrId } from "./framework/references";
import { withAdvice } from "./framework/with-advice";
import { NatGatewayInputs } from "./inputs/nat-gateway";
import { NatGatewayOutputs } from "./outputs/nat-gateway";
import { NAT_GATEWAY_SOURCE } from "./network/batched-reads";
import { batchedWaits } from "./network/batched-waits";
import { detailsUpdate } from "./network/details-update";
import { NetworkLookups } from "./network/network-lookups";
import { zoneFields } from "./network/zone-fields";
import { NETWORK_TIMEOUT_MS } from "./network/states";

const CREATE_ADVICE = {
  nat_gateway_already_exists_in_availability_zone:
    "availabilityZone: another SNAT gateway serves this zone of the network, and a zone has one; keep using it " +
    "(adopt it with `pulumi import`), delete it first, or choose another zone",
  nat_gateway_with_this_data_already_exists:
    "name: an SNAT gateway with this name exists in the project (names are unique there); choose another name, " +
    "or adopt it with `pulumi import`",
  public_ip_unavailable:
    "the gateway needs an external IP of its own and none is left in the zone: free one (delete an unused " +
    "ExternalIp) or ask for a larger quota",
} as const;

const UPDATE_ADVICE = {
  nat_gateway_with_this_data_already_exists:
    "name: an SNAT gateway with this name exists in the project (names are unique there); choose another name",
} as const;

const DELETE_ADVICE = {} as const;

const { get, settled, deleted } = batchedWaits({
  what: "SNAT gateway",
  source: NAT_GATEWAY_SOURCE,
  get: (ctx, id) => ctx.client.call(api.getNatGateway, { params: { nat_gateway_id: id } }),
  busy: NAT_GATEWAY_STATES.changing,
  failed: NAT_GATEWAY_STATES.failed,
});

/** Every output of `gateway`. */
function outputsOf(gateway: NatGatewayResponse): NatGatewayOutputs {
  return {
    name: gateway.name,
    description: gateway.description,
    availabilityZone: gateway.availability_zone.name,
    availabilityZoneId: gateway.availability_zone.id,
    ...(gateway.vpc_id === undefined ? {} : { vpcId: gateway.vpc_id }),
    state: gateway.state,
    address: gateway.floating_ip?.ip_address ?? "",
    ...(gateway.floating_ip === undefined ? {} : { externalIpId: gateway.floating_ip.id }),
    subnetIds: gateway.nat_rules.map((rule) => rule.subnet_id),
    projectId: gateway.project.id,
    createdTime: gateway.created_time,
  };
}

/** True when `gateway` is what a create of `inputs` in `zone` would make (for the refusal). */
function matchesInputs(gateway: NatGatewayResponse, inputs: NatGatewayInputs, zone: ZoneResponse) {
  return (
    gateway.name === inputs.name &&
    gateway.availability_zone.id === zone.id &&
    gateway.description === (inputs.description ?? "") &&
    (inputs.vpcId === undefined || gateway.vpc_id === inputs.vpcId)
  );
}

/**
 * The failures of a new gateway's zone and name against the project's gateways: another
 * serving the zone (of the same network), another holding the name. The one `adoptId` names
 * (create judges it) and the gateway this resource holds (`olds` in the same zone, of the same
 * name) are no conflict; any other gateway is, even one that matches the inputs exactly.
 */
async function gatewayConflicts(
  lookups: NetworkLookups,
  inputs: NatGatewayInputs,
  olds: Partial<NatGatewayInputs>,
  zone: ZoneResponse,
): Promise<CheckFailure[]> {
  const before =
    olds.name === undefined
      ? undefined
      : await lookups.zone(olds.availabilityZone).catch(() => undefined);
  const ours = (g: NatGatewayResponse) => g.id === inputs.adoptId;
  const holdsName = (g: NatGatewayResponse) =>
    olds.name !== inputs.name && g.name === inputs.name && !ours(g);
  // A gateway that also holds the name is the name's failure: one failure for one object.
  const servesZone = (g: NatGatewayResponse) =>
    before?.id !== zone.id &&
    g.availability_zone.id === zone.id &&
    (inputs.vpcId === undefined || g.vpc_id === undefined || g.vpc_id === inputs.vpcId) &&
    !ours(g) &&
    !holdsName(g);
  const gateways = await lookups.natGateways(
    (list) => !list.some((g) => servesZone(g) || holdsName(g)),
  );
  const failures: CheckFailure[] = [];
  const inZone = gateways.find(servesZone);
  if (inZone !== undefined) {
    const holder = serviceObject("SNAT gateway", inZone.name, inZone.id);
    failures.push(natGatewayZoneTaken(zone.name, holder));
  }
  const named = gateways.find(holdsName);
  if (named !== undefined) {
    const holder = serviceObject("SNAT gateway", named.name, named.id);
    failures.push(
      nameTaken("name", "SNAT gateway", inputs.name, "the project", holder, {
        id: named.id,
        adoptable: true,
        urn: currentResourceUrn(),
      }),
    );
  }
  return failures;
}

/** The lifecycle of `NatGateway` (served by the dynamic provider and the plugin). */
export const definition = defineResource<NatGatewayInputs, NatGatewayOutputs>({
  typeName: "NatGateway",
  inputs: NatGatewayInputs,
  outputs: NatGatewayOutputs,
  diff: {
    compare: { availabilityZone: sameNameOrId("availabilityZone", "availabilityZoneId") },
    // One gateway per zone, names unique in the project: the replacement clashes with the old
    // gateway unless it moves to another zone under another name.
    deleteBeforeReplace: (changed) =>
      !(changed.includes("name") && changed.includes("availabilityZone")),
  },
  async checkCatalog(ctx, inputs, olds) {
    if (
      isUnknown(inputs.projectId) ||
      isUnknown(inputs.availabilityZone) ||
      isUnknown(inputs.name) ||
      isUnknown(inputs.vpcId)
    ) {
      return [];
    }
    // The gateways are read fresh: a gateway missing from an older list would pass unseen, and
    // a program has a few gateways at most (one per zone).
    const lookups = new NetworkLookups(ctx.client, ctx.projectId(inputs), "per-operation");
    let zone: ZoneResponse | undefined;
    const failures = await failuresOf(async () => {
      zone = await lookups.zone(inputs.availabilityZone);
    });
    if (zone === undefined) return failures;
    return gatewayConflicts(lookups, inputs, olds, zone);
  },
  async create(ctx, inputs) {
    const remaining = ctx.deadline(NETWORK_TIMEOUT_MS);
    const projectId = ctx.projectId(inputs);
    const zone = await new NetworkLookups(ctx.client, projectId).zone(inputs.availabilityZone);
    const find = async () =>
      (
        await ctx.client.listAll(api.listNatGateways, {
          query: { project_id: projectId, name: inputs.name },
        })
      ).filter((g) => g.name === inputs.name && g.state !== "deleting");
    refuseUntracked({
      clashing: await find(),
      matches: (g) => matchesInputs(g, inputs, zone),
      clash: `an SNAT gateway named "${inputs.name}" already exists in the project`,
      describe: (g) => `${g.id}: ${g.availability_zone.name}, ${g.state}`,
      adoptable: true,
    });
    const created = await withAdvice(CREATE_ADVICE, () =>
      ctx.client.call(
        api.createNatGateway,
        {
          body: {
            project_id: projectId,
            name: inputs.name,
            description: inputs.description ?? "",
            nat_type: "Public sNAT",
            ...zoneFields(zone.id),
            ...(inputs.vpcId === undefined ? {} : { vpc_id: inputs.vpcId }),
          },
        },
        { findExisting: async () => (await find())[0] },
      ),
    );
    try {
      return {
        id: created.id,
        outs: outputsOf(await settled(ctx, created.id, remaining(), projectId)),
      };
    } catch (error) {
      throw ctx.notReady(created.id, outputsOf(created), error);
    }
  },
  async read(ctx, id) {
    const gateway = await getOrGone(() => get(ctx, id));
    return gateway === undefined ? undefined : outputsOf(gateway);
  },
  async update(ctx, id, olds, news, diff) {
    const remaining = ctx.deadline(NETWORK_TIMEOUT_MS);
    await settled(ctx, id, remaining(), olds.projectId);
    const { name, description } = detailsUpdate(diff.changed, news);
    const body = {
      ...(name === undefined ? {} : { name }),
      ...(description === undefined ? {} : { description }),
    };
    if (Object.keys(body).length > 0) {
      await withAdvice(UPDATE_ADVICE, () =>
        ctx.client.call(api.updateNatGateway, { params: { nat_gateway_id: id }, body }),
      );
    }
    return outputsOf(await settled(ctx, id, remaining(), olds.projectId));
  },
  async delete(ctx, id, olds) {
    await deleted(
      ctx,
      id,
      olds,
      () => ctx.client.call(api.deleteNatGateway, { params: { nat_gateway_id: id } }),
      DELETE_ADVICE,
    );
  },
});

/** The dynamic provider of `NatGateway`. */
export const provider = dynamicProvider(definition);
