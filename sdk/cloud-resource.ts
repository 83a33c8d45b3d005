/**
 * The base of the resource classes of cloud objects (disks, VMs, subnets, ...), which the
 * provider can read from an id alone: `get` reads an existing one, and a constructor without
 * `opts.id` needs its args.
 */
import type * as pulumi from "@pulumi/pulumi";
import type { z } from "zod";
import type {
  ArgsMatchSchema,
  OutputsMatchClass,
} from "../provider/resources/framework/args-match";
import type { OutputPropertyKeys, OutputSchema } from "../provider/framework/output-fields";
import type { VmCloudTypeName } from "../provider/type-tokens";
import { VmCloudResource, type DeclaredProperties } from "./resource-base";

/** What a cloud object's class registers with the engine, made by {@link cloudObject}. */
export interface CloudObjectDeclaration extends DeclaredProperties {
  /** The class name (its type token and provider module follow from it). */
  readonly typeName: VmCloudTypeName;
  /** What the args must hold at least, for the error when they are missing. */
  readonly required: string;
}

/**
 * `unknown` when the class fits its declaration, else what differs: its `Args` must describe
 * exactly the inputs the provider checks (`Inputs`, the zod input schema), and its output
 * properties must be exactly the inputs and the outputs the provider records (`Outputs`, the
 * zod outputs schema, but its internal outputs).
 */
type Fits<Class, Args, Inputs extends z.ZodType, Outputs extends OutputSchema> =
  ArgsMatchSchema<Args, z.input<Inputs>> extends true
    ? OutputsMatchClass<Class, keyof z.input<Inputs>, OutputPropertyKeys<Outputs>> extends true
      ? unknown
      : { outputs: OutputsMatchClass<Class, keyof z.input<Inputs>, OutputPropertyKeys<Outputs>> }
    : { inputs: ArgsMatchSchema<Args, z.input<Inputs>> };

/**
 * The declaration of the class `Class` (`typeof` the class), checked when it compiles: the
 * class's args must describe exactly the inputs the provider checks, and its output properties
 * must be exactly the inputs and the outputs of the provider's outputs schema (but the internal
 * ones). The object has only the properties of its declaration (the inputs given, and the
 * others made on their first read), so a property the class lists beyond them would stay
 * undefined, and an output the class lacks would be one no program could read.
 */
export function cloudObject<Class extends new (name: string, args: never) => object>() {
  return <Inputs extends z.ZodType & DeclaredProperties["inputs"], Outputs extends OutputSchema>(
    declaration: CloudObjectDeclaration & { inputs: Inputs; outputs: Outputs } & Fits<
        InstanceType<Class>,
        ConstructorParameters<Class>[1],
        Inputs,
        Outputs
      >,
  ): CloudObjectDeclaration => declaration;
}

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
   * @param declared  the class's declaration: its inputs and other outputs (see
   *                  {@link VmCloudResource}), and what the args must hold at least
   * @param name      the Pulumi resource name
   * @param args      the program's inputs; ignored when `opts.id` reads an existing object
   * @param opts      resource options
   */
  protected constructor(
    declared: CloudObjectDeclaration,
    name: string,
    args: object | undefined,
    opts: pulumi.CustomResourceOptions,
  ) {
    const { typeName } = declared;
    if (args === undefined && opts.id === undefined) {
      throw new Error(`${typeName} "${name}": args are required (${declared.required})`);
    }
    super(typeName, name, declared, opts.id === undefined ? args : undefined, opts);
  }
}
