/**
 * The base of every vmcloud resource class. It registers a dynamic-provider resource (the
 * engine runs it through Pulumi's Node.js dynamic-provider host) whose `__provider` is the
 * small shim of provider/shim.ts, not a closure-serialized copy of the implementation.
 */
import * as pulumi from "@pulumi/pulumi";
import { providerShim } from "../provider/shim";
import { TYPE_MODULES, TYPE_TOKENS, type VmCloudTypeName } from "../provider/type-tokens";

/** Base class: `new Disk(...)` etc. extend it. */
export abstract class VmCloudResource extends pulumi.CustomResource {
  /**
   * @param typeName  the class name (its type token is `TYPE_TOKENS[typeName]`, and the shim
   *                  loads `TYPE_MODULES[typeName]`)
   * @param name      the Pulumi resource name
   * @param props     inputs, plus every output property set to `undefined`
   * @param opts      resource options
   * @param args      the program's arguments as given: keys `props` does not name (a misspelt
   *                  `flavr`, from JavaScript or a cast) are passed through, so the provider's
   *                  `check` rejects them by name instead of them being silently dropped
   */
  protected constructor(
    typeName: VmCloudTypeName,
    name: string,
    props: pulumi.Inputs,
    opts: pulumi.CustomResourceOptions | undefined,
    args?: object,
  ) {
    if ("__provider" in props || (args !== undefined && "__provider" in args)) {
      throw new Error("__provider is reserved");
    }
    const unknown = Object.fromEntries(
      Object.entries(args ?? {}).filter(([key]) => !(key in props)),
    );
    super(
      TYPE_TOKENS[typeName],
      name,
      { ...unknown, ...props, __provider: providerShim(TYPE_MODULES[typeName]) },
      opts,
    );
  }
}
