/**
 * `NatGateway`: an SNAT gateway that gives the routed subnets of one availability zone
 * outbound internet access from an external IP of its own. See docs/resources/nat-gateway.md.
 */
import type * as pulumi from "@pulumi/pulumi";
import type { Timeouts } from "../provider/resources/inputs/common";
import { NatGatewayInputs } from "../provider/resources/inputs/nat-gateway";
import { NatGatewayOutputs } from "../provider/resources/outputs/nat-gateway";
import { CloudObjectResource, cloudObject } from "./cloud-resource";
import type { OutputProperties } from "./output-properties";

/** The inputs of a {@link NatGateway}. */
export interface NatGatewayArgs {
  /**
   * Gateway name: 1–64 characters, a letter first, then letters, digits, `.`, `-`, `_`; unique
   * in the project. Changing it renames the gateway in place.
   */
  name: pulumi.Input<string>;
  /** Free text, at most 255 characters. Default empty. Updates in place. */
  description?: pulumi.Input<string>;
  /**
   * Availability zone by name (e.g. `ru.AZ-1`) or id. Default: the default zone. The gateway
   * serves every routed subnet of the zone; a zone has one gateway. Changing it replaces the
   * gateway.
   */
  availabilityZone?: pulumi.Input<string>;
  /** Virtual network id. Default: the project's. Changing it replaces the gateway. */
  vpcId?: pulumi.Input<string>;
  /**
   * Project id. Default: the provider's `vmcloud:projectId` (or `VMCLOUD_PROJECT_ID`).
   * Changing it replaces the gateway.
   */
  projectId?: pulumi.Input<string>;
  /**
   * Longest waits, e.g. `{ create: "5m" }`: create until `created`, update until settled,
   * delete until gone. Default 10m each. Changing them touches nothing in the cloud.
   */
  timeouts?: pulumi.Input<Timeouts>;
  /**
   * Id of an existing gateway to adopt instead of creating one: create checks that it matches
   * the other inputs and records it, sending nothing but reads. Used at create only.
   */
  adoptId?: pulumi.Input<string>;
}

/**
 * An SNAT gateway: VMs without public addresses in the routed subnets of its zone reach the
 * internet (package mirrors, updates) through it, from its own external IP (`address`). Import
 * an existing one with `NatGateway.get(name, id)` or the `import` resource option.
 */
// eslint-disable-next-line @typescript-eslint/no-unsafe-declaration-merging -- see the interface below
export class NatGateway extends CloudObjectResource {
  /**
   * @param name  the Pulumi resource name (not the gateway's name: set `args.name`)
   * @param args  the gateway's inputs
   * @param opts  resource options
   */
  constructor(name: string, args: NatGatewayArgs, opts: pulumi.CustomResourceOptions = {}) {
    super(NAT_GATEWAY, name, args, opts);
  }
}

// The output properties, documented where the provider makes them; the base constructor sets them.
// eslint-disable-next-line @typescript-eslint/no-empty-object-type, @typescript-eslint/no-unsafe-declaration-merging
export interface NatGateway extends OutputProperties<NatGatewayOutputs> {}

/** Its input and outputs schemas: each input and output is an output property (see cloudObject). */
const NAT_GATEWAY = cloudObject<typeof NatGateway>()({
  typeName: "NatGateway",
  inputs: NatGatewayInputs,
  outputs: NatGatewayOutputs,
  required: "name at least",
});
