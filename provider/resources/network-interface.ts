/**
 * The `NetworkInterface` resource: a port of its own in a subnet, with a fixed private address
 * and security groups, that outlives the VMs it is given to (Vm `interfaces: [{ interfaceId }]`):
 * replace the VM, keep the address other systems know. Name, description and security groups
 * change in place; the zone, subnet, address and project replace it. The service refuses to
 * delete an interface that is on a VM, so a Vm that takes it must go first (it references the
 * interface's id). A same-named interface the stack does not track is never taken over:
 * `check` and create say what resolves it.
 */
import { interfacesEndpoints as api } from "../../api/vm/endpoints/interfaces";
import { networkEndpoints } from "../../api/vm/endpoints/network";
import type { InterfaceResponse } from "../../api/vm/interfaces";
import { NETWORK_STATES } from "../../api/vm/states";
import type { SubnetListItemResponse } from "../../api/vm/subnets";
import type { ZoneResponse } from "../../api/vm/zones";
import type { CheckFailure } from "../framework/check-failures";
import { dynamicProvider } from "../framework/dynamic-provider";
import { containsUnknown, isUnknown } from "../framework/unknowns";
import { addressInUse, addressOutsideSubnet } from "../rules/addresses";
import { serviceObject } from "../rules/parties";
import { refuseUntracked } from "./framework/refuse-untracked";
import { takenNameFailures } from "./framework/taken-names";
import { defineResource, type ResourceContext } from "./framework/define-resource";
import { getOrGone } from "./framework/get-or-gone";
import { failuresOf } from "./framework/input-error";
import { sameNameOrId, sameNamesOrIds } from "./framework/references";
import { withAdvice } from "./framework/with-advice";
import { NetworkInterfaceInputs } from "./inputs/network-interface";
import { NetworkInterfaceOutputs } from "./outputs/network-interface";
import { INTERFACE_SOURCE } from "./network/batched-reads";
import { batchedWaits } from "./network/batched-waits";
import { detailsUpdate } from "./network/details-update";
import { INTERFACE_HOLDER, NetworkLookups } from "./network/network-lookups";
import { NETWORK_TIMEOUT_MS } from "./network/states";
import { referTo } from "../rules/fix-words";

const CREATE_ADVICE = {
  ip_address_unavailable:
    "ipAddress: another interface of the subnet has this address; choose another one, or leave ipAddress out for " +
    "the next free one",
  ip_address_not_in_subnet:
    "ipAddress: the address is not a host address of the subnet; choose one of its range",
  no_free_ip_address:
    "subnet: the subnet has no free address left; use a larger subnet or free an address",
  subnet_unavailable:
    "subnet: the subnet is not in the interface's zone or not ready; use a subnet of the interface's zone",
} as const;

const DELETE_ADVICE = {
  vm_state_blocks_interface_deletion:
    "the interface is on a VM, and an interface leaves a VM only when the VM is deleted: delete that VM first " +
    `(${referTo("interfaces[i].interfaceId", "NetworkInterface")} in a Vm of this stack that takes it, so that the Vm goes first)`,
} as const;

const { get, settled, deleted } = batchedWaits({
  what: "network interface",
  source: INTERFACE_SOURCE,
  get: (ctx, id) => ctx.client.call(api.getInterface, { params: { interface_id: id } }),
  busy: NETWORK_STATES.changing,
  failed: NETWORK_STATES.failed,
  remove: (ctx, id) => ctx.client.call(api.deleteInterface, { params: { interface_id: id } }),
  deleteAdvice: DELETE_ADVICE,
});

/**
 * The zone of the subnet `id`: the answer names no zone, its subnet's does. Read from the
 * project's subnet list shared by the process (an id's zone never changes), else by id.
 */
async function zoneOfSubnet(
  ctx: ResourceContext,
  projectId: string,
  id: string,
): Promise<{ id: string; name: string }> {
  const listed = await new NetworkLookups(ctx.client, projectId, "shared")
    .allSubnets((subnets) => subnets.some((s) => s.id === id), true)
    .then((subnets) => subnets.find((s) => s.id === id));
  const subnet =
    listed ?? (await ctx.client.call(networkEndpoints.getSubnet, { params: { subnet_id: id } }));
  return subnet.availability_zone;
}

/** Every output of `nic`; the answer names no project, so it is given. */
async function outputsOf(
  ctx: ResourceContext,
  nic: InterfaceResponse,
  projectId: string,
): Promise<NetworkInterfaceOutputs> {
  const zone =
    nic.subnet === undefined
      ? { id: "", name: "" }
      : await zoneOfSubnet(ctx, projectId, nic.subnet.id);
  return {
    name: nic.name,
    description: nic.description,
    availabilityZone: zone.name,
    availabilityZoneId: zone.id,
    subnet: nic.subnet?.name ?? "",
    subnetId: nic.subnet?.id ?? "",
    subnetAddress: nic.subnet?.subnet_address ?? "",
    ipAddress: nic.ip_address,
    securityGroups: nic.security_groups.map((g) => g.name),
    securityGroupIds: nic.security_groups.map((g) => g.id),
    securityEnabled: nic.interface_security_enabled,
    ...(nic.vm === undefined ? {} : { vmId: nic.vm.id }),
    ...(nic.floating_ip === undefined
      ? {}
      : {
          externalIpId: nic.floating_ip.id,
          ...(nic.floating_ip.ip_address === undefined
            ? {}
            : { externalAddress: nic.floating_ip.ip_address }),
        }),
    state: nic.state,
    projectId,
    createdTime: nic.created_time,
  };
}

/** The references of `inputs` resolved: the zone, the subnet and the security groups' ids. */
async function resolve(lookups: NetworkLookups, inputs: NetworkInterfaceInputs) {
  const zone = await lookups.zone(inputs.availabilityZone);
  const subnet = await lookups.subnet(zone, inputs.subnet, "subnet", INTERFACE_HOLDER);
  const groupIds =
    inputs.securityGroups === undefined
      ? undefined
      : await Promise.all(
          inputs.securityGroups.map(
            async (ref, i) =>
              (await lookups.securityGroup(zone, ref, `securityGroups[${i}]`, INTERFACE_HOLDER)).id,
          ),
        );
  return { zone, subnet, groupIds };
}

/**
 * The failure of a fixed address outside `subnet`, or (unless `held`: this resource has it
 * already) that another interface has there; `isLeftover` tells the interface create adopts.
 */
async function addressFailures(
  ctx: ResourceContext,
  projectId: string,
  subnet: SubnetListItemResponse,
  ipAddress: string,
  held: boolean,
  /** True for a holder judged elsewhere: the object `adoptId` names, or a same-named one. */
  judgedElsewhere: (nic: InterfaceResponse) => boolean,
): Promise<CheckFailure[]> {
  const party = serviceObject("subnet", subnet.name, subnet.id);
  const outside = addressOutsideSubnet(
    "ipAddress",
    { ...party, cidr: subnet.subnet_address, gateway: subnet.default_gateway },
    ipAddress,
  );
  if (outside !== undefined) return [outside];
  if (held) return [];
  const holders = await ctx.client.listAll(api.listInterfaces, {
    query: { project_id: projectId, subnet_id: subnet.id, ip_address: ipAddress },
  });
  const holder = holders.find(
    (nic) => nic.ip_address === ipAddress && nic.state !== "deleting" && !judgedElsewhere(nic),
  );
  if (holder === undefined) return [];
  const who =
    holder.vm === undefined
      ? serviceObject("interface", holder.name, holder.id)
      : serviceObject("the interface of VM", holder.vm.name, holder.vm.id);
  return [addressInUse("ipAddress", ipAddress, party, who)];
}

/** True when `nic` is what a create of `inputs` would make (for the refusal's words). */
function matchesInputs(nic: InterfaceResponse, inputs: NetworkInterfaceInputs): boolean {
  return (
    nic.vm === undefined &&
    nic.name === inputs.name &&
    nic.description === (inputs.description ?? "") &&
    (inputs.ipAddress === undefined || nic.ip_address === inputs.ipAddress)
  );
}

/** The lifecycle of `NetworkInterface` (served by the dynamic provider and the plugin). */
export const definition = defineResource<NetworkInterfaceInputs, NetworkInterfaceOutputs>({
  typeName: "NetworkInterface",
  inputs: NetworkInterfaceInputs,
  outputs: NetworkInterfaceOutputs,
  diff: {
    compare: {
      availabilityZone: sameNameOrId("availabilityZone", "availabilityZoneId"),
      subnet: sameNameOrId("subnet", "subnetId"),
      securityGroups: sameNamesOrIds("securityGroups", "securityGroupIds"),
    },
    // A replacement that keeps the fixed address or the name (unique in the project) needs
    // the old interface gone first.
    deleteBeforeReplace: (changed) => !(changed.includes("ipAddress") && changed.includes("name")),
  },
  async checkCatalog(ctx, inputs, olds) {
    if (isUnknown(inputs.projectId) || isUnknown(inputs.availabilityZone)) return [];
    const projectId = ctx.projectId(inputs);
    const lookups = new NetworkLookups(ctx.client, projectId, "shared");
    let zone: ZoneResponse | undefined;
    let subnet: SubnetListItemResponse | undefined;
    const failures = await failuresOf(async () => {
      zone = await lookups.zone(inputs.availabilityZone);
      if (!isUnknown(inputs.subnet))
        subnet = await lookups.subnet(zone, inputs.subnet, "subnet", INTERFACE_HOLDER);
    });
    if (zone === undefined) return failures;
    if (inputs.securityGroups !== undefined && !containsUnknown(inputs.securityGroups)) {
      for (const [i, ref] of inputs.securityGroups.entries()) {
        failures.push(
          ...(await failuresOf(() =>
            lookups.securityGroup(zone!, ref, `securityGroups[${i}]`, INTERFACE_HOLDER),
          )),
        );
      }
    }
    if (subnet !== undefined && inputs.ipAddress !== undefined && !isUnknown(inputs.ipAddress)) {
      // The address this resource already holds is no conflict.
      const held = olds.ipAddress === inputs.ipAddress && olds.subnet === inputs.subnet;
      failures.push(
        // A same-named holder is the name check's: one failure for one object.
        ...(await addressFailures(
          ctx,
          projectId,
          subnet,
          inputs.ipAddress,
          held,
          (nic) => nic.id === inputs.adoptId || nic.name === inputs.name,
        )),
      );
    }
    failures.push(
      ...(await takenNameFailures(ctx.client, {
        typeName: "NetworkInterface",
        projectId,
        name: inputs.name,
        oldName: olds.name,
        adoptId: inputs.adoptId,
        adoptable: true,
        // The list has no name filter: read only when the name is taken.
        holders: async (name) =>
          (
            await ctx.client.listAll(api.listInterfaces, { query: { project_id: projectId } })
          ).filter((nic) => nic.name === name && nic.state !== "deleting"),
      })),
    );
    return failures;
  },
  async create(ctx, inputs) {
    const remaining = ctx.deadline(NETWORK_TIMEOUT_MS);
    const projectId = ctx.projectId(inputs);
    const { zone, subnet, groupIds } = await resolve(
      new NetworkLookups(ctx.client, projectId),
      inputs,
    );
    const find = async () =>
      (
        await ctx.client.listAll(api.listInterfaces, {
          query: {
            project_id: projectId,
            subnet_id: subnet.id,
            ...(inputs.ipAddress === undefined ? {} : { ip_address: inputs.ipAddress }),
          },
        })
      ).filter(
        (nic) => nic.name === inputs.name && nic.vm === undefined && nic.state !== "deleting",
      );
    refuseUntracked({
      clashing: await find(),
      matches: (nic) => matchesInputs(nic, inputs),
      clash: `a free interface named "${inputs.name}" already exists in subnet ${subnet.name}`,
      describe: (nic) => `${nic.id}: ${nic.ip_address}, ${nic.state}`,
      adoptable: true,
    });
    const created = await withAdvice(CREATE_ADVICE, () =>
      ctx.client.call(
        api.createInterface,
        {
          body: {
            project_id: projectId,
            availability_zone_id: zone.id,
            subnet_id: subnet.id,
            name: inputs.name,
            description: inputs.description ?? "",
            type: "regular",
            new_floating_ip: false,
            interface_security_enabled: inputs.securityEnabled ?? true,
            ...(inputs.ipAddress === undefined ? {} : { ip_address: inputs.ipAddress }),
            ...(groupIds === undefined || inputs.securityEnabled === false
              ? {}
              : { security_groups: groupIds }),
          },
        },
        { findExisting: async () => (await find())[0] },
      ),
    );
    try {
      const ready = await settled(ctx, created.id, remaining(), projectId);
      return { id: created.id, outs: await outputsOf(ctx, ready, projectId) };
    } catch (error) {
      throw ctx.notReady(created.id, await outputsOf(ctx, created, projectId), error);
    }
  },
  async read(ctx, id, previous) {
    const nic = await getOrGone(() => get(ctx, id));
    const projectId = previous.projectId ?? ctx.settings.projectId ?? "";
    return nic === undefined ? undefined : outputsOf(ctx, nic, projectId);
  },
  async update(ctx, id, olds, news, diff) {
    const remaining = ctx.deadline(NETWORK_TIMEOUT_MS);
    await settled(ctx, id, remaining(), olds.projectId);
    const { name, description } = detailsUpdate(diff.changed, news);
    const groupsChanged = diff.changed.includes("securityGroups");
    const enabledChanged = diff.changed.includes("securityEnabled");
    const groupIds =
      groupsChanged && news.securityGroups !== undefined && news.securityEnabled !== false
        ? (await resolve(new NetworkLookups(ctx.client, olds.projectId), news)).groupIds
        : undefined;
    const body = {
      ...(name === undefined ? {} : { name }),
      ...(description === undefined ? {} : { description }),
      ...(enabledChanged ? { interface_security_enabled: news.securityEnabled ?? true } : {}),
      ...(groupIds === undefined ? {} : { security_groups: groupIds }),
    };
    if (Object.keys(body).length > 0) {
      await ctx.client.call(api.updateInterface, { params: { interface_id: id }, body });
    }
    return outputsOf(ctx, await settled(ctx, id, remaining(), olds.projectId), olds.projectId);
  },
  delete: deleted,
});

/** The dynamic provider of `NetworkInterface`. */
export const provider = dynamicProvider(definition);
