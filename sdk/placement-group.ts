/**
 * `PlacementGroup`: a project's rule that puts its VMs on distinct hosts of each zone. See
 * docs/resources/placement-group.md.
 */
import type * as pulumi from "@pulumi/pulumi";
import type { PlacementGroupPolicy } from "../api/vm/placement-groups";
import type { Timeouts } from "../provider/resources/inputs/common";
import { PlacementGroupInputs } from "../provider/resources/inputs/placement-group";
import {
  PlacementGroupOutputs,
  type PlacementGroupZone,
} from "../provider/resources/outputs/placement-group";
import { CloudObjectResource, cloudObject } from "./cloud-resource";
import type { OutputProperties } from "./output-properties";

export type { PlacementGroupZone };

/** The inputs of a {@link PlacementGroup}. */
export interface PlacementGroupArgs {
  /**
   * Group name: 1–64 characters, a letter first, then letters, digits, `.`, `-`, `_`; unique
   * in the project. Changing it renames the group in place.
   */
  name: pulumi.Input<string>;
  /** Free text, at most 255 characters. Default empty. Updates in place. */
  description?: pulumi.Input<string>;
  /**
   * `anti-affinity`: every VM of the group on its own host, so a zone holds at most as many
   * of its VMs as it has hosts (more are refused). `soft-anti-affinity`: spread as far as the
   * hosts allow, then shared. Changing it replaces the group.
   */
  policy: pulumi.Input<PlacementGroupPolicy>;
  /** Tags by name or id, at most 50. Default none. Updates in place. */
  tags?: pulumi.Input<pulumi.Input<string>[]>;
  /**
   * Project id. Default: the provider's `vmcloud:projectId` (or `VMCLOUD_PROJECT_ID`).
   * Changing it replaces the group.
   */
  projectId?: pulumi.Input<string>;
  /**
   * Longest waits, e.g. `{ delete: "5m" }`: create until `created`, update until settled,
   * delete until gone. Default 10m each. Changing them touches nothing in the cloud.
   */
  timeouts?: pulumi.Input<Timeouts>;
}

/**
 * A placement group. VMs join it with `placementGroup: group.id` (or its name). Import an
 * existing one with `PlacementGroup.get(name, id)` or the `import` resource option.
 */
// eslint-disable-next-line @typescript-eslint/no-unsafe-declaration-merging -- see the interface below
export class PlacementGroup extends CloudObjectResource {
  /**
   * @param name  the Pulumi resource name (not the group's name: set `args.name`)
   * @param args  the group's inputs
   * @param opts  resource options
   */
  constructor(name: string, args: PlacementGroupArgs, opts: pulumi.CustomResourceOptions = {}) {
    super(PLACEMENT_GROUP, name, args, opts);
  }
}

// The output properties, documented where the provider makes them; the base constructor sets them.
// eslint-disable-next-line @typescript-eslint/no-empty-object-type, @typescript-eslint/no-unsafe-declaration-merging
export interface PlacementGroup extends OutputProperties<PlacementGroupOutputs> {}

/** Its input and outputs schemas: each input and output is an output property (see cloudObject). */
const PLACEMENT_GROUP = cloudObject<typeof PlacementGroup>()({
  typeName: "PlacementGroup",
  inputs: PlacementGroupInputs,
  outputs: PlacementGroupOutputs,
  required: "name and policy at least",
});
