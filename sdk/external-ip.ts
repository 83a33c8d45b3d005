/**
 * `ExternalIp`: a public IPv4 address of one availability zone that outlives the VMs it is
 * bound to. See docs/resources/external-ip.md.
 */
import type * as pulumi from "@pulumi/pulumi";
import type { Timeouts } from "../provider/resources/inputs/common";
import { ExternalIpInputs } from "../provider/resources/inputs/external-ip";
import { ExternalIpOutputs } from "../provider/resources/outputs/external-ip";
import { CloudObjectResource, cloudObject } from "./cloud-resource";
import type { OutputProperties } from "./output-properties";

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
// eslint-disable-next-line @typescript-eslint/no-unsafe-declaration-merging -- see the interface below
export class ExternalIp extends CloudObjectResource {
  /**
   * @param name  the Pulumi resource name (not the address's name: set `args.name`)
   * @param args  the address's inputs
   * @param opts  resource options
   */
  constructor(name: string, args: ExternalIpArgs, opts: pulumi.CustomResourceOptions = {}) {
    super(EXTERNAL_IP, name, args, opts);
  }
}

// The output properties, documented where the provider makes them; the base constructor sets them.
// eslint-disable-next-line @typescript-eslint/no-empty-object-type, @typescript-eslint/no-unsafe-declaration-merging
export interface ExternalIp extends OutputProperties<ExternalIpOutputs> {}

/** Its input and outputs schemas: each input and output is an output property (see cloudObject). */
const EXTERNAL_IP = cloudObject<typeof ExternalIp>()({
  typeName: "ExternalIp",
  inputs: ExternalIpInputs,
  outputs: ExternalIpOutputs,
  required: "name at least",
});
