/**
 * The base of every vmcloud resource class. It registers a dynamic-provider resource (the
 * engine runs it through Pulumi's Node.js dynamic-provider host) whose `__provider` is the
 * small shim of provider/shim.ts, not a closure-serialized copy of the implementation.
 */
import * as pulumi from "@pulumi/pulumi";
import { providerShim } from "../provider/shim";
import { VMCLOUD_TYPES, type VmCloudTypeName } from "../provider/type-tokens";
import { secretInputs } from "../provider/resources/framework/input-fields";
import {
  outputProperties,
  secretOutputs,
  type OutputSchema,
} from "../provider/framework/output-fields";
import { PROGRAM_INPUT } from "../provider/resources/program/program-input";
import { declareResource, programInput } from "./program-facts";
import { lazyOutputProperties } from "./lazy-output-properties";
import { registrationStacks } from "./registration-stacks";

/** What a resource class declares: its inputs and its outputs, and which of those are secret. */
export interface DeclaredProperties {
  /**
   * The resource's input schema: its keys are the inputs, its field facts say which are
   * secret (the action resources give a plain `{ shape }` of their inputs).
   */
  inputs: { readonly shape: Readonly<Record<string, unknown>> };
  /**
   * The schema of what the provider records: its keys (but the provider's internal ones) are
   * the class's output properties, its field facts say which are secret.
   */
  outputs: OutputSchema;
  /** Inputs that hold secrets, besides those the input schema marks secret. */
  secretInputs?: readonly string[];
}

/** Base class: `new Disk(...)` etc. extend it. */
export abstract class VmCloudResource extends pulumi.CustomResource {
  /**
   * @param typeName  the class name (its type token and the module its shim loads are its
   *                  entry of `VMCLOUD_TYPES`)
   * @param name      the Pulumi resource name
   * @param declared  the resource's input schema (its keys are the inputs) and outputs schema:
   *                  every input and output (but the provider's internal ones) becomes an
   *                  output property of the class (for a cloud object, each but the inputs
   *                  given is made on its first read: see lazy-output-properties.ts). Inputs
   *                  the schema marks secret are always wrapped in `pulumi.secret` (so a
   *                  plain-text value never lands in the state's inputs), and they and the
   *                  secret outputs are always added to `additionalSecretOutputs`
   * @param args      the program's inputs (undefined when reading an existing resource by id);
   *                  keys the schema does not name (a misspelt `flavr`, from JavaScript or a
   *                  cast) are passed on, so the provider's `check` rejects them by name
   * @param opts      resource options
   */
  protected constructor(
    typeName: VmCloudTypeName,
    name: string,
    declared: DeclaredProperties,
    args: object | undefined,
    opts: pulumi.CustomResourceOptions | undefined,
  ) {
    if (args !== undefined && "__provider" in args) throw new Error("__provider is reserved");
    const keys = [
      ...new Set([...Object.keys(declared.inputs.shape), ...outputProperties(declared.outputs)]),
    ];
    const secretKeys = [...secretInputs(declared.inputs), ...(declared.secretInputs ?? [])];
    const given = (args ?? {}) as Record<string, unknown>;
    const secrets = [...secretKeys, ...secretOutputs(declared.outputs)];
    // The resources' checks learn about the rest of the program (program-facts.ts); actions
    // take no such input, and a resource read by id declares nothing.
    const isResource = VMCLOUD_TYPES[typeName].module.startsWith("resources/");
    const program = isResource && args !== undefined ? programInput(name, given) : undefined;
    // A cloud object registers only the inputs given (the spread of `args` below); its other
    // properties are made when the program reads them (lazy-output-properties.ts). An action's
    // run and wait register every property: the action's component reads them all.
    const unset = isResource ? [] : keys;
    // Pulumi's stacks during the registration: see registration-stacks.ts.
    const restoreStacks = registrationStacks();
    try {
      super(
        VMCLOUD_TYPES[typeName].token,
        name,
        {
          ...Object.fromEntries(unset.map((key) => [key, undefined])),
          ...args,
          ...Object.fromEntries(
            secretKeys
              .filter((key) => given[key] !== undefined)
              .map((key) => [key, pulumi.secret(given[key])]),
          ),
          ...(program === undefined ? {} : { [PROGRAM_INPUT]: program }),
          __provider: providerShim(VMCLOUD_TYPES[typeName].module),
        },
        secrets.length === 0
          ? opts
          : {
              ...opts,
              additionalSecretOutputs: [
                ...new Set([...(opts?.additionalSecretOutputs ?? []), ...secrets]),
              ],
            },
      );
    } catch (error) {
      // An error of Pulumi's own checks gets the stack of the program's `new …` line instead.
      restoreStacks();
      if (error instanceof Error) Error.captureStackTrace(error, VmCloudResource);
      throw error;
    } finally {
      restoreStacks();
    }
    if (isResource) {
      const unregistered = keys.filter((key) => !Object.hasOwn(given, key));
      lazyOutputProperties(this, VMCLOUD_TYPES[typeName].token, name, unregistered);
    }
    if (program !== undefined) declareResource(this.id, typeName, name, given);
  }
}
