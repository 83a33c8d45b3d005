/**
 * What a `PlacementGroup` records: every input as the service reports it (the tags by name),
 * the zones its VMs joined it in with their VM counts, and what the cloud computed.
 */
import { z } from "zod";
import { PlacementGroupPolicy, PlacementGroupState } from "../../../api/vm/enums";
import { output, resourceOutputs } from "../../framework/output-fields";
import { fields } from "./common";

/** A placement group in one zone, as last read. */
export const PlacementGroupZoneSchema = z.strictObject({
  /** Zone name. */
  availabilityZone: z.string().describe("Zone name"),
  /** Zone id. */
  availabilityZoneId: z.string().describe("Zone id"),
  /** VMs of the group in the zone. */
  vmCount: z.number().describe("VMs of the group in the zone"),
  /** How many VMs of the group the zone can hold on distinct hosts. */
  maxVmCount: z.number().describe("How many VMs of the group the zone can hold on distinct hosts"),
  /** The group's state in the zone. */
  state: PlacementGroupState.describe("The group's state in the zone"),
});

/** A placement group in one zone, as last read. */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- an interface, so that TypeDoc lists its fields
export interface PlacementGroupZone extends z.output<typeof PlacementGroupZoneSchema> {}

// Typed with the interface's name, so that the SDK's docs link to it.
const zoneList: z.ZodType<PlacementGroupZone[]> = z.array(PlacementGroupZoneSchema);

/** Every output of a PlacementGroup (each one an output property of the SDK's `PlacementGroup`). */
export const PlacementGroupOutputs = resourceOutputs({
  /** Group name. */
  name: output(z.string().describe("Group name")),
  ...fields.description,
  /** The placement policy. */
  policy: output(PlacementGroupPolicy.describe("The placement policy")),
  /** The zones VMs joined the group in (none for a new group), with their VM counts. */
  zones: output(
    zoneList.describe(
      "The zones VMs joined the group in (none for a new group), with their VM counts",
    ),
  ),
  /** `created` once every zone is (a group in no zone yet is `created`). */
  state: output(
    PlacementGroupState.describe(
      "`created` once every zone is (a group in no zone yet is `created`)",
    ),
  ),
  ...fields.tags,
  ...fields.project,
  ...fields.created,
  ...fields.timeouts,
});

/** Every output of a PlacementGroup. */
export type PlacementGroupOutputs = z.output<typeof PlacementGroupOutputs>;
