/** Inputs of the `NatGateway` resource. */
import type { z } from "zod";
import { Name, Uuid } from "../../../api/common";
import { replaces, resourceInputs, updates } from "../framework/input-fields";
import { fields } from "./common";

/** What a program gives a `NatGateway`. */
export const NatGatewayInputs = resourceInputs({
  name: updates(Name.describe("Gateway name, unique in the project")),
  description: fields.description,
  availabilityZone: fields.zone(
    "Zone name (e.g. ru.AZ-1) or id (default: the default zone): the gateway serves every routed subnet of the " +
      "zone, one gateway per zone; changing it replaces the gateway",
  ),
  vpcId: replaces(
    Uuid.optional().describe(
      "Virtual network (default: the project's); changing it replaces the gateway",
    ),
    { cloudDefault: true },
  ),
  projectId: fields.projectId("gateway"),
  timeouts: fields.timeouts,
  adoptId: fields.adoptId("SNAT gateway"),
});

/** The parsed inputs of a NatGateway. */
export type NatGatewayInputs = z.output<typeof NatGatewayInputs>;
