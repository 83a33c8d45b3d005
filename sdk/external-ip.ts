/**
 * `ExternalIp`: a public IPv4 address of one availability zone that outlives the VMs it is
 * bound to. See docs/resources/external-ip.md.
 */
import type * as pulumi from "@pulumi/pulumi";
import type { ExternalIpStatus } from "../api/vm/enums";
import type { Timeouts } from "../provider/resources/inputs/common";
import { ExternalIpInputs } from "../provider/resources/inputs/external-ip";
import { CloudObjectResource, cloudObject } from "./cloud-resource";

/** The inputs of an {@link ExternalIp}. */
export interface ExternalIpArgs {
  /**
   * Address name: 1–64 characters, a letter first, then letters, digits, `.`, `-`, `_` (need
   * not be unique). Changing it renames the address in place.
   */
  name: pulumi.Input<string>;
  /** Free text, at most 255 characters. Default empty. Updates in place. */
  description?: pulumi.Input<string>;
  /**
   * Availability zone by name (e.g. `ru.AZ-1`) or id. Default: the default zone. Only VMs of
   * this zone can take the address. Changing it replaces the address (a new IP).
   */
  availabilityZone?: pulumi.Input<string>;
  /** Tags by name or id, at most 50. Default none. Updates in place. */
  tags?: pulumi.Input<pulumi.Input<string>[]>;
  /**
   * Project id. Default: the provider's `vmcloud:projectId` (or `VMCLOUD_PROJECT_ID`).
   * Changing it replaces the address.
   */
  projectId?: pulumi.Input<string>;
  /**
   * Longest waits, e.g. `{ create: "5m" }`: create until `available`, update until settled,
   * delete until gone. Default 10m each. Changing them touches nothing in the cloud.
   */
  timeouts?: pulumi.Input<Timeouts>;
}

/**
 * A stable external IP. Give it to a VM with `interfaces: [{ externalIpId: ip.id }]`:
 * the address stays when the VM is replaced or deleted, and can move to another VM. Import an
 * existing one with `ExternalIp.get(name, id)` or the `import` resource option.
 */
export class ExternalIp extends CloudObjectResource {
  // `declare`: the base constructor sets these; a class field would reset them to undefined.
  /** Address name. */
  declare public readonly name: pulumi.Output<string>;
  /** Description ("" when none). */
  declare public readonly description: pulumi.Output<string>;
  /** The public IPv4 address, e.g. `203.0.113.7`: what DNS points at. */
  declare public readonly address: pulumi.Output<string>;
  /** Availability zone name. */
  declare public readonly availabilityZone: pulumi.Output<string>;
  /** Availability zone id. */
  declare public readonly availabilityZoneId: pulumi.Output<string>;
  /** `available` (free) or `in_use` (bound to an interface) once settled. */
  declare public readonly state: pulumi.Output<ExternalIpStatus>;
  /** The interface the address was bound to when last read, if any. */
  declare public readonly interfaceId: pulumi.Output<string | undefined>;
  /** The VM the address was bound to when last read, if any. */
  declare public readonly vmId: pulumi.Output<string | undefined>;
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
   * @param name  the Pulumi resource name (not the address's name: set `args.name`)
   * @param args  the address's inputs
   * @param opts  resource options
   */
  constructor(name: string, args: ExternalIpArgs, opts: pulumi.CustomResourceOptions = {}) {
    super(EXTERNAL_IP, name, args, opts);
  }
}

/** The inputs and the outputs besides them, each registered as an output property (see cloudObject). */
const EXTERNAL_IP = cloudObject<typeof ExternalIp>()({
  typeName: "ExternalIp",
  inputs: ExternalIpInputs,
  outputs: [
    "address",
    "availabilityZoneId",
    "state",
    "interfaceId",
    "vmId",
    "tagIds",
    "createdTime",
  ],
  required: "name at least",
});
