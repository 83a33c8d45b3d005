/**
 * External IP lookups: `getExternalIps` lists the project's external IPs matching
 * every filter given, `getExternalIp` finds exactly one (by id, by exact name, or by filters).
 */
import { externalIpsEndpoints } from "../../api/vm/endpoints/external-ips";
import {
  ExternalIpListQuery,
  ExternalIpParams,
  ExternalIpResponse,
} from "../../api/vm/external-ips";
import { argsFrom, projectArg, toQuery } from "./args";
import { camelSchema } from "./camelize";
import { byId, defineLookup, listedAs, singleArgs } from "./define-lookup";
import { projectZoneQuery, ZoneRef } from "./zone-ref";

const FIELDS = {
  projectId: "project_id",
  name: "name",
  free: "free",
  interfaceId: "interface_id",
} as const;

/** The filters of `getExternalIps`; they combine with AND. */
export const ExternalIpsArgs = argsFrom(ExternalIpListQuery, FIELDS).extend({
  projectId: projectArg(ExternalIpListQuery),
  availabilityZone: ZoneRef.optional(),
});

/** The arguments of `getExternalIp`: an id, or an exact name and/or the filters of `getExternalIps`. */
export const ExternalIpArgs = singleArgs(
  ExternalIpsArgs,
  ExternalIpParams.shape.floating_ip_id,
  "address",
);

/** An external IP, as the lookups answer it. */
export const ExternalIpInfo = camelSchema(ExternalIpResponse);

/** `getExternalIps` and `getExternalIp`. */
export const externalIps = defineLookup({
  list: {
    name: "getExternalIps",
    description:
      "Lists the project's external IPs that match every filter given, following every page",
    args: ExternalIpsArgs,
    async items(run, args) {
      const query = {
        ...toQuery(FIELDS, args),
        ...(await projectZoneQuery(run, args, ExternalIpListQuery)),
      };
      return run.readAll(externalIpsEndpoints.listExternalIps, { query });
    },
    ...listedAs(
      "externalIps",
      ExternalIpInfo,
      "Every matching address, newest first (all pages)",
      " (what a Vm interface takes as externalIpId)",
    ),
  },
  single: {
    name: "getExternalIp",
    description:
      "Finds exactly one external IP: by id, or by exact name and/or the filters of getExternalIps; fails when none or several match",
    kind: "external IP",
    args: ExternalIpArgs,
    result: ExternalIpInfo,
    read: byId(externalIpsEndpoints.getExternalIp),
  },
});
