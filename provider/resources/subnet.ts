/**
 * The `Subnet` resource: a private IPv4 network in one zone of the project's virtual network.
 * Name, description, DNS servers, tags, routing (isolated → routed only) and the default flag
 * change in place; the address, zone, network, gateway and project replace it (deleting the
 * old one first, since the new one would clash with it on name and address). A create that
 * meets an untracked subnet of its name or address is refused with what to do (see
 * subnet/untracked.ts).
 */
import type { CallInput } from "../client";
import { computeEndpoints } from "../../api/vm/endpoints/compute";
import { networkEndpoints } from "../../api/vm/endpoints/network";
import type { SubnetListItemResponse, SubnetResponse } from "../../api/vm/subnets";
import { NETWORK_STATES } from "../../api/vm/states";
import { dynamicProvider } from "../framework/dynamic-provider";
import { defineResource, type ResourceContext } from "./framework/define-resource";
import { sameNameOrId, sameNamesOrIds } from "./framework/references";
import { SubnetInputs } from "./inputs/subnet";
import { SubnetOutputs } from "./outputs/subnet";
import { normalizeSubnetAddress } from "./subnet/address";
import { deleteNetworkObject } from "./network/delete";
import { networkPoll, SUBNET_SOURCE } from "./network/batched-reads";
import { getOrGone } from "./framework/get-or-gone";
import { readThroughList } from "./framework/batched-refresh";
import { withAdvice, type AdviceTable } from "./framework/with-advice";
import { tagFields } from "./framework/tag-fields";
import { zoneFields } from "./network/zone-fields";
import { NETWORK_SETTLED, NETWORK_TIMEOUT_MS, waitCreated } from "./network/states";
import { waitSettled } from "./framework/wait-for-state";
import { refuseUntrackedSubnet, subnetsAt } from "./subnet/untracked";
import { subnetCatalogFailures } from "./subnet/catalog-check";
import { NetworkLookups } from "./network/network-lookups";
import { isUnknown } from "../framework/unknowns";

/** What to do when the service refuses a create for one of these reasons. */
const CREATE_ADVICE = {
  default_subnet_exists:
    "isDefault: the project already has a default subnet in this zone; create this subnet with isDefault false, " +
    "then set isDefault true in a later update to move the flag here",
  subnet_cidr_already_exists:
    "address: the network overlaps another subnet of the virtual network (subnets of every zone count); choose a free range",
  subnet_with_this_data_already_exists:
    "name: a subnet with this name already exists in this project and zone; choose another name, or adopt it with " +
    "`pulumi import` (its id is in the message)",
} as const;

/** What to do when the service refuses an update for one of these reasons. */
const UPDATE_ADVICE = {
  routed_subnet_can_not_be_changed:
    "routedNetwork: the subnet is routed and the service cannot make it isolated; keep routedNetwork true, or create " +
    "a new Subnet with routedNetwork false and move the VMs to it",
  default_subnet_required:
    "isDefault: this is the zone's default subnet and cannot give up the flag by itself; set isDefault true on " +
    "another Subnet of the zone instead (the flag moves), and make this one depend on it so that it goes first",
  subnet_with_this_data_already_exists:
    "name: a subnet with this name already exists in this project and zone; choose another name",
} as const;

/** What to do when the service refuses to delete subnet `id` (of `projectId`, when known). */
function deleteAdvice(
  ctx: ResourceContext,
  id: string,
  projectId: string | undefined,
): AdviceTable {
  return { 405: () => stillUsedBy(ctx, id, projectId) };
}

/**
 * The advice for a subnet that network interfaces still use, naming their VMs. The service
 * only says that the subnet has references, and the VMs may be outside the program: they are
 * found in the project's VM list, by the subnet of their interfaces.
 */
async function stillUsedBy(
  ctx: ResourceContext,
  id: string,
  projectId: string | undefined,
): Promise<string> {
  const orderFirst =
    "a Vm of this stack that uses the subnet should reference it (e.g. `subnet.id`) so that it is deleted first";
  const vms =
    projectId === undefined
      ? []
      : await ctx.client
          .listAll(computeEndpoints.listVms, { query: { project_id: projectId } })
          .then((all) => all.filter((vm) => vm.interfaces.some((iface) => iface.subnet?.id === id)))
          // The refusal is what matters: without the list, the advice names no VM.
          .catch(() => []);
  if (vms.length === 0) {
    return (
      "the subnet still has network interfaces: delete the VMs that use it (or move their interfaces to another " +
      `subnet) first; ${orderFirst}`
    );
  }
  const named = vms.map((vm) => `VM "${vm.name}" (${vm.id})`).join(", ");
  const [them, their] = vms.length === 1 ? ["it", "its interface"] : ["them", "their interfaces"];
  return `the subnet is still used by ${named}: delete ${them} or move ${their} to another subnet first; ${orderFirst}`;
}

function getSubnet(ctx: ResourceContext, id: string): Promise<SubnetResponse> {
  return ctx.client.call(networkEndpoints.getSubnet, { params: { subnet_id: id } });
}

/** The subnet as a list item: only list items carry the interface count. */
async function listedSubnet(
  ctx: ResourceContext,
  id: string,
  projectId: string,
  address: string,
): Promise<SubnetListItemResponse | undefined> {
  const page = await ctx.client.call(networkEndpoints.listSubnets, {
    query: { project_id: projectId, subnet_address: address, limit: 100 },
  });
  return page.items.find((item) => item.id === id);
}

/** The subnet's interface count: the list item's, else one list call to find it. */
async function interfaceCount(
  ctx: ResourceContext,
  subnet: SubnetResponse | SubnetListItemResponse,
): Promise<number> {
  if ("interface_count" in subnet) return subnet.interface_count;
  const item = await listedSubnet(ctx, subnet.id, subnet.project.id, subnet.subnet_address);
  return item?.interface_count ?? 0;
}

/**
 * The subnet for a read, or undefined when it is gone: the project's list item (it carries
 * the interface count too), read with the refresh's other subnet reads
 * (framework/batched-refresh.ts) in the project of the last outputs (an import: the
 * provider's); a subnet that list does not show is read by id.
 */
function readSubnet(
  ctx: ResourceContext,
  id: string,
  previous: Partial<SubnetOutputs>,
): Promise<SubnetResponse | SubnetListItemResponse | undefined> {
  return readThroughList(ctx, {
    source: SUBNET_SOURCE,
    id,
    projectId: previous.projectId,
    read: () => getOrGone(() => getSubnet(ctx, id)),
  });
}

/** Every output of `subnet`. */
async function outputsOf(
  ctx: ResourceContext,
  subnet: SubnetResponse | SubnetListItemResponse,
): Promise<SubnetOutputs> {
  const prefix = Number(subnet.subnet_address.split("/")[1]);
  return {
    name: subnet.name,
    description: subnet.description,
    address: subnet.subnet_address,
    prefixLength: prefix,
    availabilityZone: subnet.availability_zone.name,
    availabilityZoneId: subnet.availability_zone.id,
    ...(subnet.vpc_id === undefined ? {} : { vpcId: subnet.vpc_id }),
    routedNetwork: subnet.routed_network,
    defaultGateway: subnet.default_gateway,
    dnsServers: [...subnet.dns_servers],
    isDefault: subnet.default,
    tags: subnet.tags.map((t) => t.name),
    tagIds: subnet.tags.map((t) => t.id),
    projectId: subnet.project.id,
    state: subnet.state,
    interfaceCount: await interfaceCount(ctx, subnet),
    createdTime: subnet.created_time,
  };
}

/**
 * After a lost create answer: the subnet this create made. The untracked check before the
 * create found no subnet at this address, so one there now with this name is this create's.
 */
async function findCreated(
  ctx: ResourceContext,
  projectId: string,
  cidr: string,
  name: string,
): Promise<SubnetResponse | undefined> {
  return (await subnetsAt(ctx.client, projectId, cidr)).find((item) => item.name === name);
}

/** Waits until the subnet is `created`; a subnet that exists but fails stays in the stack. */
async function untilCreated(
  ctx: ResourceContext,
  subnet: SubnetResponse,
  timeoutMs: number,
): Promise<SubnetResponse> {
  try {
    return await waitCreated(
      ctx,
      `subnet ${subnet.id}`,
      networkPoll(ctx, SUBNET_SOURCE, subnet.id, subnet.project.id, () =>
        getSubnet(ctx, subnet.id),
      ),
      timeoutMs,
      true,
    );
  } catch (error) {
    const last =
      (await getOrGone(() => getSubnet(ctx, subnet.id)).catch(() => undefined)) ?? subnet;
    const outs = await outputsOf(ctx, last).catch(() => undefined);
    if (outs === undefined) throw error;
    throw ctx.notReady(subnet.id, outs, error);
  }
}

/** The update body: only what changed. */
function updateBody(
  news: SubnetInputs,
  changed: ReadonlySet<string>,
): CallInput<typeof networkEndpoints.updateSubnet>["body"] {
  return {
    ...(changed.has("name") ? { name: news.name } : {}),
    ...(changed.has("description") ? { description: news.description ?? "" } : {}),
    ...(changed.has("dnsServers") ? { dns_servers: news.dnsServers ?? [] } : {}),
    ...(changed.has("tags") ? tagFields(news.tags ?? []) : {}),
    ...(changed.has("routedNetwork") && news.routedNetwork !== undefined
      ? { routed_network: news.routedNetwork }
      : {}),
    ...(changed.has("isDefault") && news.isDefault !== undefined
      ? { default: news.isDefault }
      : {}),
  };
}

/** The dynamic provider of `Subnet` (loaded by the shim `resources/subnet`). */
/** The lifecycle of `Subnet` (served by the dynamic provider and the plugin). */
export const definition = defineResource<SubnetInputs, SubnetOutputs>({
  typeName: "Subnet",
  inputs: SubnetInputs,
  outputs: SubnetOutputs,
  diff: {
    compare: {
      availabilityZone: sameNameOrId("availabilityZone", "availabilityZoneId"),
      tags: sameNamesOrIds("tags", "tagIds"),
    },
    // The replacement would clash with the old subnet on its name and address; deleting first
    // also keeps the create's check for untracked subnets (subnet/untracked.ts) from meeting it.
    deleteBeforeReplace: true,
  },
  // An address with or without its mask is one value (which also decides prefixLength);
  // `diff` compares with the service's spelling, so the inputs take it right after `check`.
  normalize: normalizeSubnetAddress,
  checkChange(olds, news) {
    if (olds.routedNetwork === true && news.routedNetwork === false) {
      return [
        {
          property: "routedNetwork",
          reason:
            "a routed subnet cannot be made isolated (the service refuses it); keep routedNetwork true, or create a " +
            "new Subnet with routedNetwork false (another name and address) and move the VMs to it",
        },
      ];
    }
    return [];
  },
  async checkCatalog(ctx, inputs, olds) {
    if (isUnknown(inputs.projectId)) return [];
    const lookups = new NetworkLookups(ctx.client, ctx.projectId(inputs), "shared");
    return subnetCatalogFailures(lookups, inputs, olds);
  },
  async create(ctx, inputs) {
    const projectId = ctx.projectId(inputs);
    const { address, prefixLength } = normalizeSubnetAddress(inputs) as SubnetInputs;
    const cidr = address.includes("/") ? address : `${address}/${prefixLength ?? 24}`;
    const body: CallInput<typeof networkEndpoints.createSubnet>["body"] = {
      name: inputs.name,
      description: inputs.description ?? "",
      subnet_address: cidr,
      project_id: projectId,
      routed_network: inputs.routedNetwork ?? true,
      default: inputs.isDefault ?? false,
      dns_servers: inputs.dnsServers ?? [],
      ...(inputs.vpcId === undefined ? {} : { vpc_id: inputs.vpcId }),
      ...(inputs.defaultGateway === undefined ? {} : { default_gateway: inputs.defaultGateway }),
      ...zoneFields(inputs.availabilityZone),
      ...tagFields(inputs.tags),
    };
    await refuseUntrackedSubnet(ctx.client, {
      projectId,
      name: inputs.name,
      cidr,
      zone: inputs.availabilityZone,
      vpcId: inputs.vpcId,
      defaultGateway: inputs.defaultGateway,
    });
    const created = await withAdvice(CREATE_ADVICE, () =>
      ctx.client.call(
        networkEndpoints.createSubnet,
        { body },
        { findExisting: () => findCreated(ctx, projectId, cidr, inputs.name) },
      ),
    );
    const ready = await untilCreated(
      ctx,
      created,
      ctx.timeoutMs(inputs, "create", NETWORK_TIMEOUT_MS),
    );
    return { id: ready.id, outs: await outputsOf(ctx, ready) };
  },
  async read(ctx, id, previous) {
    const subnet = await readSubnet(ctx, id, previous);
    return subnet === undefined ? undefined : outputsOf(ctx, subnet);
  },
  async update(ctx, id, _olds, news, diff) {
    const remaining = ctx.deadline(NETWORK_TIMEOUT_MS);
    // A change still running (e.g. an earlier update) must end before the service takes another.
    if (NETWORK_STATES.isChanging((await getSubnet(ctx, id)).state)) {
      await waitSettled(ctx, {
        ...NETWORK_SETTLED,
        what: `subnet ${id}`,
        poll: () => getSubnet(ctx, id),
        timeoutMs: remaining(),
      });
    }
    const body = updateBody(news, new Set(diff.changed));
    if (Object.keys(body).length > 0) {
      await withAdvice(UPDATE_ADVICE, () =>
        ctx.client.call(networkEndpoints.updateSubnet, { params: { subnet_id: id }, body }),
      );
    }
    let subnet: SubnetResponse;
    try {
      subnet = await waitCreated(ctx, `subnet ${id}`, () => getSubnet(ctx, id), remaining());
    } catch (error) {
      const outs = await outputsOf(ctx, await getSubnet(ctx, id)).catch(() => undefined);
      if (outs === undefined) throw error;
      throw ctx.notReady(id, outs, error);
    }
    return outputsOf(ctx, subnet);
  },
  async delete(ctx, id, olds) {
    await deleteNetworkObject(ctx, olds, {
      what: `subnet ${id}`,
      id,
      source: SUBNET_SOURCE,
      read: () => getSubnet(ctx, id),
      remove: () => ctx.client.call(networkEndpoints.deleteSubnet, { params: { subnet_id: id } }),
      advice: deleteAdvice(ctx, id, olds.projectId ?? ctx.settings.projectId),
    });
  },
  inputsOf(outs) {
    return {
      name: outs.name,
      description: outs.description,
      address: outs.address,
      prefixLength: outs.prefixLength,
      availabilityZone: outs.availabilityZone,
      ...(outs.vpcId === undefined ? {} : { vpcId: outs.vpcId }),
      routedNetwork: outs.routedNetwork,
      defaultGateway: outs.defaultGateway,
      dnsServers: outs.dnsServers,
      isDefault: outs.isDefault,
      tags: outs.tags,
      projectId: outs.projectId,
    };
  },
});

/** The dynamic provider of `Subnet`. */
export const provider = dynamicProvider(definition);
