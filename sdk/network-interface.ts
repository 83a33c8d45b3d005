/**
 * `NetworkInterface`: a port with its own fixed private address and security groups that
 * outlives the VMs it is given to. See docs/resources/network-interface.md.
 */
import type * as pulumi from "@pulumi/pulumi";
import type { Timeouts } from "../provider/resources/inputs/common";
import { NetworkInterfaceInputs } from "../provider/resources/inputs/network-interface";
import { NetworkInterfaceOutputs } from "../provider/resources/outputs/network-interface";
import { CloudObjectResource, cloudObject } from "./cloud-resource";
import type { OutputProperties } from "./output-properties";

/** The inputs of a {@link NetworkInterface}. */
export interface NetworkInterfaceArgs {
  /**
   * Interface name: 1–64 characters, a letter first, then letters, digits, `.`, `-`, `_` (need
   * not be unique). Changing it renames the interface in place.
   */
  name: pulumi.Input<string>;
  /** Free text, at most 255 characters. Default empty. Updates in place. */
  description?: pulumi.Input<string>;
  /**
   * Availability zone by name (e.g. `ru.AZ-1`) or id. Default: the default zone. Only VMs of
   * this zone can take the interface. Changing it replaces the interface.
   */
  availabilityZone?: pulumi.Input<string>;
  /**
   * Subnet by name or id (e.g. `subnet.id`), in the interface's zone. Default: the zone's
   * default subnet. Changing it replaces the interface.
   */
  subnet?: pulumi.Input<string>;
  /**
   * Fixed private address, a free host address of the subnet. Default: the next free one. The
   * interface keeps it across the VMs that take it. Changing it replaces the interface.
   */
  ipAddress?: pulumi.Input<string>;
  /**
   * Security groups by name or id, in the interface's zone. Default: the zone's default group.
   * Updates in place.
   */
  securityGroups?: pulumi.Input<pulumi.Input<string>[]>;
  /** Filter traffic with security groups. Default true; false takes no `securityGroups`. */
  securityEnabled?: pulumi.Input<boolean>;
  /**
   * Project id. Default: the provider's `vmcloud:projectId` (or `VMCLOUD_PROJECT_ID`).
   * Changing it replaces the interface.
   */
  projectId?: pulumi.Input<string>;
  /**
   * Longest waits, e.g. `{ create: "5m" }`: create until `created`, update until settled,
   * delete until gone. Default 10m each. Changing them touches nothing in the cloud.
   */
  timeouts?: pulumi.Input<Timeouts>;
  /**
   * Id of an existing free interface to adopt instead of creating one: create checks that it
   * matches the other inputs and records it, sending nothing but reads. Used at create only.
   */
  adoptId?: pulumi.Input<string>;
}

/**
 * A network interface of its own. Give it to a VM with `interfaces: [{ interfaceId: nic.id }]`:
 * the interface, its address and its security groups stay when the VM is replaced or deleted.
 * Import an existing one with `NetworkInterface.get(name, id)` or the `import` resource option.
 */
// eslint-disable-next-line @typescript-eslint/no-unsafe-declaration-merging -- see the interface below
export class NetworkInterface extends CloudObjectResource {
  /**
   * @param name  the Pulumi resource name (not the interface's name: set `args.name`)
   * @param args  the interface's inputs
   * @param opts  resource options
   */
  constructor(name: string, args: NetworkInterfaceArgs, opts: pulumi.CustomResourceOptions = {}) {
    super(NETWORK_INTERFACE, name, args, opts);
  }
}

// The output properties, documented where the provider makes them; the base constructor sets them.
// eslint-disable-next-line @typescript-eslint/no-empty-object-type, @typescript-eslint/no-unsafe-declaration-merging
export interface NetworkInterface extends OutputProperties<NetworkInterfaceOutputs> {}

/** Its input and outputs schemas: each input and output is an output property (see cloudObject). */
const NETWORK_INTERFACE = cloudObject<typeof NetworkInterface>()({
  typeName: "NetworkInterface",
  inputs: NetworkInterfaceInputs,
  outputs: NetworkInterfaceOutputs,
  required: "name at least",
});
