/**
 * `PlacementGroup`: a project's rule that puts its VMs on distinct hosts of each zone. See
 * docs/resources/placement-group.md.
 */
import type * as pulumi from "@pulumi/pulumi";
import type { PlacementGroupPolicy, PlacementGroupState } from "../api/vm/placement-groups";
import type { Timeouts } from "../provider/resources/inputs/common";
import { PlacementGroupInputs } from "../provider/resources/inputs/placement-group";
import { CloudObjectResource, cloudObject } from "./cloud-resource";

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

/** A placement group in one zone, as last read. */
export interface PlacementGroupZone {
  /** Zone name. */
  availabilityZone: string;
  /** Zone id. */
  availabilityZoneId: string;
  /** VMs of the group in the zone. */
  vmCount: number;
  /** How many VMs of the group the zone can hold on distinct hosts. */
  maxVmCount: number;
  /** The group's state in the zone. */
  state: PlacementGroupState;
}

/**
 * A placement group. VMs join it with `placementGroup: group.id` (or its name). Import an
 * existing one with `PlacementGroup.get(name, id)` or the `import` resource option.
 */
export class PlacementGroup extends CloudObjectResource {
  // `declare`: the base constructor sets these; a class field would reset them to undefined.
  /** Group name. */
  declare public readonly name: pulumi.Output<string>;
  /** Description ("" when none). */
  declare public readonly description: pulumi.Output<string>;
  /** The placement policy. */
  declare public readonly policy: pulumi.Output<PlacementGroupPolicy>;
  /** The zones the group spans (only VMs of these zones can join), with their VM counts. */
  declare public readonly zones: pulumi.Output<PlacementGroupZone[]>;
  /** `created` once every zone is. */
  declare public readonly state: pulumi.Output<PlacementGroupState>;
  /** Tag names. */
  declare public readonly tags: pulumi.Output<string[]>;
  /** Tag ids, in the order of `tags`. */
  declare public readonly tagIds: pulumi.Output<string[]>;
  /** Project id. */
  declare public readonly projectId: pulumi.Output<string>;
  /** Creation time (ISO 8601). */
  declare public readonly createdTime: pulumi.Output<string>;
  /** The waits in force. */
  declare public readonly timeouts: pulumi.Output<Timeouts | undefined>;

  /**
   * @param name  the Pulumi resource name (not the group's name: set `args.name`)
   * @param args  the group's inputs
   * @param opts  resource options
   */
  constructor(name: string, args: PlacementGroupArgs, opts: pulumi.CustomResourceOptions = {}) {
    super(PLACEMENT_GROUP, name, args, opts);
  }
}

/** The inputs and the outputs besides them, each registered as an output property (see cloudObject). */
const PLACEMENT_GROUP = cloudObject<typeof PlacementGroup>()({
  typeName: "PlacementGroup",
  inputs: PlacementGroupInputs,
  outputs: ["zones", "state", "tagIds", "createdTime"],
  required: "name and policy at least",
});
