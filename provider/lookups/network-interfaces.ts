/**
 * Network interface lookups: `getNetworkInterfaces` lists the project's interfaces (VMs' and
 * free ones) matching every filter given, `getNetworkInterface` finds exactly one (by id, by
 * exact name, or by filters).
 */
import { z } from "zod";
import { Name } from "../../api/common";
import { interfacesEndpoints } from "../../api/vm/endpoints/interfaces";
import { InterfaceListQuery, InterfaceParams, InterfaceResponse } from "../../api/vm/interfaces";
import { argsFrom, projectArg, toQuery } from "./args";
import { camelSchema } from "./camelize";
import { byId, defineLookup, listedAs, singleArgs } from "./define-lookup";

const FIELDS = {
  projectId: "project_id",
  vmId: "vm_id",
  subnetId: "subnet_id",
  securityGroupId: "security_group_id",
  ipAddress: "ip_address",
} as const;

/** The filters of `getNetworkInterfaces`; they combine with AND. */
export const NetworkInterfacesArgs = argsFrom(InterfaceListQuery, FIELDS).extend({
  projectId: projectArg(InterfaceListQuery),
  // The service's list has no name filter: it is applied to what the list answers.
  name: Name.optional().describe("Only interfaces whose name contains this text (any case)"),
  free: z
    .boolean()
    .optional()
    .describe("true: only interfaces on no VM (what a Vm can take); false: only those on a VM"),
});

/** The arguments of `getNetworkInterface`: an id, or an exact name and/or the filters of `getNetworkInterfaces`. */
export const NetworkInterfaceArgs = singleArgs(
  NetworkInterfacesArgs,
  InterfaceParams.shape.interface_id,
  "interface",
);

/** A network interface, as the lookups answer it. */
export const NetworkInterfaceInfo = camelSchema(InterfaceResponse);

/** `getNetworkInterfaces` and `getNetworkInterface`. */
export const networkInterfaces = defineLookup({
  list: {
    name: "getNetworkInterfaces",
    description:
      "Lists the project's network interfaces (VMs' and free ones) that match every filter given, following every page",
    args: NetworkInterfacesArgs,
    async items(run, args) {
      const query = {
        ...toQuery(FIELDS, args),
        project_id: run.projectId(args.projectId, InterfaceListQuery.shape.project_id),
      };
      const all = await run.readAll(interfacesEndpoints.listInterfaces, { query });
      const name = args.name?.toLowerCase();
      return all.filter(
        (nic) =>
          (name === undefined || nic.name.toLowerCase().includes(name)) &&
          (args.free === undefined || (nic.vm === undefined) === args.free),
      );
    },
    ...listedAs(
      "networkInterfaces",
      NetworkInterfaceInfo,
      "Every matching interface, newest first (all pages)",
      " (what a Vm interface takes as interfaceId)",
    ),
  },
  single: {
    name: "getNetworkInterface",
    description:
      "Finds exactly one network interface: by id, or by exact name and/or the filters of getNetworkInterfaces; fails when none or several match",
    kind: "network interface",
    args: NetworkInterfaceArgs,
    result: NetworkInterfaceInfo,
    read: byId(interfacesEndpoints.getInterface),
  },
});
