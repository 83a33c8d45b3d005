/**
 * The base of every vmcloud resource class. It registers a dynamic-provider resource (the
 * engine runs it through Pulumi's Node.js dynamic-provider host) whose `__provider` is the
 * small shim of provider/shim.ts, not a closure-serialized copy of the implementation.
 */
import * as pulumi from "@pulumi/pulumi";
import { providerShim } from "../provider/shim";
import { TYPE_MODULES, TYPE_TOKENS, type VmCloudTypeName } from "../provider/type-tokens";

/** A resource's input schema: its top-level keys are the resource's inputs. */
export interface InputSchema {
  readonly shape: Readonly<Record<string, unknown>>;
}

/** Base class: `new Disk(...)` etc. extend it. */
export abstract class VmCloudResource extends pulumi.CustomResource {
  /**
   * @param typeName  the class name (its type token is `TYPE_TOKENS[typeName]`, and the shim
   *                  loads `TYPE_MODULES[typeName]`)
   * @param name      the Pulumi resource name
   * @param declared  the resource's input schema (its keys are the inputs) and the names of its
   *                  other outputs: every one becomes an output property of the class
   * @param args      the program's inputs (undefined when reading an existing resource by id);
   *                  keys the schema does not name (a misspelt `flavr`, from JavaScript or a
   *                  cast) are passed on, so the provider's `check` rejects them by name
   * @param opts      resource options
   */
  protected constructor(
    typeName: VmCloudTypeName,
    name: string,
    declared: { inputs: InputSchema; outputs: readonly string[] },
    args: object | undefined,
    opts: pulumi.CustomResourceOptions | undefined,
  ) {
    if (args !== undefined && "__provider" in args) throw new Error("__provider is reserved");
    const keys = [...Object.keys(declared.inputs.shape), ...declared.outputs];
    super(
      TYPE_TOKENS[typeName],
      name,
      {
        ...Object.fromEntries(keys.map((key) => [key, undefined])),
        ...args,
        __provider: providerShim(TYPE_MODULES[typeName]),
      },
      opts,
    );
  }
}
