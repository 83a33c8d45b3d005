/**
 * `Subnet`: a private IPv4 network in one availability zone of the project's virtual network;
 * VM interfaces take their addresses from it. See docs/resources/subnet.md.
 */
import type * as pulumi from "@pulumi/pulumi";
import type { Timeouts } from "../provider/resources/inputs/common";
import { SubnetInputs } from "../provider/resources/inputs/subnet";
import { SubnetOutputs } from "../provider/resources/outputs/subnet";
import { CloudObjectResource, cloudObject } from "./cloud-resource";
import type { OutputProperties } from "./output-properties";

/** The inputs of a {@link Subnet}. */
export interface SubnetArgs {
  /**
   * Subnet name: 1–64 characters, a letter first, then letters, digits, `.`, `-`, `_`; unique
   * in the project and zone. Changing it renames the subnet in place.
   */
  name: pulumi.Input<string>;
  /** Free text, at most 255 characters. Default empty. Updates in place. */
  description?: pulumi.Input<string>;
  /**
   * The network: a CIDR such as `10.1.0.0/24`, or a bare network address (`10.1.0.0`) whose
   * mask is `prefixLength`. It must lie in 10.0.0.0/8, 172.16.0.0/12 or 192.168.0.0/16, have
   * no host bits set, use a mask from /8 to /29, and overlap no other subnet of the virtual
   * network. Changing it replaces the subnet.
   */
  address: pulumi.Input<string>;
  /**
   * Mask length, 8–29, for a bare `address`; with a CIDR it must match the CIDR's mask.
   * Default 24. Changing it replaces the subnet.
   */
  prefixLength?: pulumi.Input<number>;
  /**
   * Availability zone by name (e.g. `ru.AZ-1`) or id. Default: the default zone. Changing it
   * replaces the subnet.
   */
  availabilityZone?: pulumi.Input<string>;
  /** Virtual network id. Default: the project's network. Changing it replaces the subnet. */
  vpcId?: pulumi.Input<string>;
  /**
   * Routed to the other subnets and the internet (true) or isolated (false). Default true.
   * An isolated subnet can be made routed in place; a routed one can never be made isolated
   * (the change is refused before anything is sent: create a new subnet instead).
   */
  routedNetwork?: pulumi.Input<boolean>;
  /**
   * Gateway: a host address of the subnet. Default: the first host (e.g. `10.1.0.1`).
   * Changing it replaces the subnet.
   */
  defaultGateway?: pulumi.Input<string>;
  /** DNS servers given to the subnet's hosts (IPv4 or IPv6). Default none. Updates in place. */
  dnsServers?: pulumi.Input<pulumi.Input<string>[]>;
  /**
   * The project's default subnet in its zone (one per zone; VMs without a subnet go there).
   * Default false. Setting it moves the flag here in place; the current default cannot give
   * it up by itself (set it on another subnet instead). Creating a second default fails.
   */
  isDefault?: pulumi.Input<boolean>;
  /** Tags by name or id, at most 50. Default none. Updates in place (replaces the tag list). */
  tags?: pulumi.Input<pulumi.Input<string>[]>;
  /**
   * Project id. Default: the provider's `vmcloud:projectId` (or `VMCLOUD_PROJECT_ID`).
   * Changing it replaces the subnet.
   */
  projectId?: pulumi.Input<string>;
  /**
   * Longest waits, e.g. `{ create: "20m" }`: create until `created`, update until the change
   * is done, delete until gone. Default 10m each. Changing them touches nothing in the cloud.
   */
  timeouts?: pulumi.Input<Timeouts>;
  /**
   * Id of an existing subnet to bring under management instead of creating one, with any Pulumi
   * CLI (the `import` resource option needs the package's own dynamic-provider launcher).
   * `create` reads it, refuses (changing nothing) unless the other inputs describe it as it is,
   * and records it as this resource, as an import would; `destroy` then deletes it. Read at
   * create only: changing or removing it later changes nothing.
   */
  adoptId?: pulumi.Input<string>;
}

/**
 * A subnet. Replacing one deletes the old subnet first (the new one would clash with it on
 * name and address), so VMs must leave it before. Import an existing one with
 * `Subnet.get(name, id)` or the `import` resource option.
 */
// eslint-disable-next-line @typescript-eslint/no-unsafe-declaration-merging -- see the interface below
export class Subnet extends CloudObjectResource {
  /**
   * @param name  the Pulumi resource name (not the subnet's name: set `args.name`)
   * @param args  the subnet's inputs
   * @param opts  resource options
   */
  constructor(name: string, args: SubnetArgs, opts: pulumi.CustomResourceOptions = {}) {
    super(SUBNET, name, args, opts);
  }
}

// The output properties, documented where the provider makes them (its outputs schema); the
// base constructor sets them all.
// eslint-disable-next-line @typescript-eslint/no-empty-object-type, @typescript-eslint/no-unsafe-declaration-merging
export interface Subnet extends OutputProperties<SubnetOutputs> {}

/** Its input and outputs schemas: each input and output is an output property (see cloudObject). */
const SUBNET = cloudObject<typeof Subnet>()({
  typeName: "Subnet",
  inputs: SubnetInputs,
  outputs: SubnetOutputs,
  required: "name and address at least",
});
