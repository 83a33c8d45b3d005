/**
 * The base of the resource classes of cloud objects (disks, VMs, subnets, ...), which the
 * provider can read from an id alone: `get` reads an existing one, and a constructor without
 * `opts.id` needs its args.
 */
import type * as pulumi from "@pulumi/pulumi";
import type { VmCloudTypeName } from "../provider/type-tokens";
import { VmCloudResource, type DeclaredProperties } from "./resource-base";

/** A cloud object's resource class: {@link VmCloudResource} plus reading by id. */
export abstract class CloudObjectResource extends VmCloudResource {
  /**
   * The state of an existing object, by id (`pulumi import` style: the provider reads every
   * property from the id alone), e.g. `Disk.get("data", "<disk id>")`.
   */
  public static get<T>(
    this: new (name: string, args: never, opts: pulumi.CustomResourceOptions) => T,
    name: string,
    id: pulumi.Input<pulumi.ID>,
    opts?: pulumi.CustomResourceOptions,
  ): T {
    // With `id` set the engine reads the object; args are ignored.
    return new this(name, undefined as never, { ...opts, id });
  }

  /**
   * @param typeName  the class name
   * @param name      the Pulumi resource name
   * @param declared  the inputs and other outputs (see {@link VmCloudResource}), and what the
   *                  args must hold at least, for the error when they are missing
   * @param args      the program's inputs; ignored when `opts.id` reads an existing object
   * @param opts      resource options
   */
  protected constructor(
    typeName: VmCloudTypeName,
    name: string,
    declared: DeclaredProperties & { required: string },
    args: object | undefined,
    opts: pulumi.CustomResourceOptions,
  ) {
    if (args === undefined && opts.id === undefined) {
      throw new Error(`${typeName} "${name}": args are required (${declared.required})`);
    }
    super(typeName, name, declared, opts.id === undefined ? args : undefined, opts);
  }
}
