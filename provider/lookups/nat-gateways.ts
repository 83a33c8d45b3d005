/**
 * SNAT gateway lookups: `getNatGateways` lists the project's gateways matching every filter
 * given, `getNatGateway` finds exactly one (by id, by exact name, or by filters).
 */
import { natGatewaysEndpoints } from "../../api/vm/endpoints/nat-gateways";
import {
  NatGatewayListQuery,
  NatGatewayParams,
  NatGatewayResponse,
} from "../../api/vm/nat-gateways";
import { argsFrom, projectArg, toQuery } from "./args";
import { camelSchema } from "./camelize";
import { byId, defineLookup, listedAs, singleArgs } from "./define-lookup";
import { projectZoneQuery, ZoneRef } from "./zone-ref";

const FIELDS = { projectId: "project_id", name: "name" } as const;

/** The filters of `getNatGateways`; they combine with AND. */
export const NatGatewaysArgs = argsFrom(NatGatewayListQuery, FIELDS).extend({
  projectId: projectArg(NatGatewayListQuery),
  availabilityZone: ZoneRef.optional(),
});

/** The arguments of `getNatGateway`: an id, or an exact name and/or the filters of `getNatGateways`. */
export const NatGatewayArgs = singleArgs(
  NatGatewaysArgs,
  NatGatewayParams.shape.nat_gateway_id,
  "gateway",
);

/** An SNAT gateway, as the lookups answer it. */
export const NatGatewayInfo = camelSchema(NatGatewayResponse);

/** `getNatGateways` and `getNatGateway`. */
export const natGateways = defineLookup({
  list: {
    name: "getNatGateways",
    description:
      "Lists the project's SNAT gateways that match every filter given, following every page",
    args: NatGatewaysArgs,
    async items(run, args) {
      const query = {
        ...toQuery(FIELDS, args),
        ...(await projectZoneQuery(run, args, NatGatewayListQuery)),
      };
      return run.readAll(natGatewaysEndpoints.listNatGateways, { query });
    },
    ...listedAs("natGateways", NatGatewayInfo, "Every matching gateway, newest first (all pages)"),
  },
  single: {
    name: "getNatGateway",
    description:
      "Finds exactly one SNAT gateway: by id, or by exact name and/or the filters of getNatGateways; fails when none or several match",
    kind: "SNAT gateway",
    args: NatGatewayArgs,
    result: NatGatewayInfo,
    read: byId(natGatewaysEndpoints.getNatGateway),
  },
});
