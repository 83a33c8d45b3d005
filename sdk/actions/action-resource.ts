/**
 * The base of the action resource classes (`BackupRestore`, `NodeMigration`, …): each runs
 * its operation once when created and again only when `triggers` change (see
 * provider/actions/framework/define-action.ts). It declares the outputs they share: the
 * outcome of the run, plus `jobId` on the actions whose operation can start a job.
 */
import type * as pulumi from "@pulumi/pulumi";
import { VmCloudResource } from "../resource-base";
import type { VmCloudTypeName } from "../../provider/type-tokens";
import { resourceFields } from "../../provider/actions/common/inputs";

/** A JSON value: what triggers, annotations and other free-form inputs may hold. */
export type JsonValue =
  string | number | boolean | null | JsonValue[] | { [key: string]: JsonValue };

/**
 * `triggers`: any JSON values, or outputs of other resources. When they change (compared as JSON with object keys sorted; array
 * order counts; unset, `[]` and `{}` are the same) the resource is replaced, which runs the
 * operation again. Use e.g. a version number, a timestamp you bump, or outputs of other
 * resources.
 */
export type Triggers = pulumi.Input<JsonValue>[] | Record<string, pulumi.Input<JsonValue>>;

/** `timeouts` of an action resource: `create`, the longest wait for the job (default `20m`). */
export interface ActionTimeouts {
  /** Longest wait for the job on create, e.g. `"30m"`. Default 20m. */
  create?: string;
}

/** The inputs every action resource has, besides its operation's arguments. */
export interface ActionArgs {
  /** Operations project id. Default: `vmcloud:operationsProjectId`, else `vmcloud:projectId` without dashes. */
  projectId?: pulumi.Input<string>;
  /**
   * Values whose change runs the operation again (the resource is replaced). A change of any
   * other input is only recorded: the operation does not run again.
   */
  triggers?: pulumi.Input<Triggers>;
  /**
   * Longest wait for the job on create, e.g. `{ create: "30m" }`. Default 20m. An action
   * whose operation starts no job accepts it for symmetry.
   */
  timeouts?: pulumi.Input<ActionTimeouts>;
}

/** The inputs of the action resources whose operation starts a job that can be waited for. */
export interface JobActionArgs extends ActionArgs {
  /**
   * Wait on create until the job ends, and fail when it fails. Default true. With false,
   * `status` stays `accepted`; setting it to true later waits for that same job.
   */
  waitForCompletion?: pulumi.Input<boolean>;
}

/** The outputs every action resource has, besides its inputs: the outcome of its run. */
const RUN_OUTPUTS = ["status", "finished", "startedAt", "finishedAt", "result", "error"] as const;

/** What an action resource class registers with the engine. */
export interface ActionDeclaration {
  /** The class name (its type token and provider module follow from it). */
  readonly typeName: VmCloudTypeName;
  /** The operation's argument schema: with `triggers` and `timeouts`, the inputs. */
  readonly args: { readonly shape: Readonly<Record<string, unknown>> };
  /** Inputs that hold secrets: always sent as secrets, and never among the outputs. */
  readonly secretInputs?: readonly string[];
}

/** An input as the outputs record it: the value a `pulumi.Input` (of inputs) stands for. */
export type Recorded<T> =
  T extends pulumi.OutputInstance<infer U>
    ? Recorded<U>
    : T extends Promise<infer U>
      ? Recorded<U>
      : T extends readonly (infer E)[]
        ? Recorded<E>[]
        : T;

/**
 * The output properties of an action resource whose inputs are `Args`: each input as the
 * provider recorded it, documented by the input, but those of {@link ActionArgs} (the base
 * class declares them) and the `Secret` ones (never recorded). `Defaulted` are the inputs the
 * provider fills in when unset. A class merges it in with an interface of its name.
 */
export type ActionOutputProperties<
  Args,
  Defaulted extends keyof Args = never,
  Secret extends keyof Args = never,
> = {
  readonly [K in keyof Omit<Args, keyof ActionArgs | Secret>]-?: pulumi.Output<
    K extends Defaulted ? Recorded<NonNullable<Args[K]>> : Recorded<Args[K]>
  >;
};

/**
 * Base class of the action resources whose operation starts no job (`QueueManagerRestart`
 * answers at once): they have no `jobId`, since an output that is never set only shows as
 * `[unknown]` in every preview. `R` is the operation's result.
 */
export abstract class ActionResourceBase<R> extends VmCloudResource {
  // `declare`: the base constructor sets these; a class field would reset them to undefined.
  /**
   * The status in the service's words when the run ended (`success`, `Success`, `restored`,
   * …), or `accepted` when it was not waited for.
   */
  declare public readonly status: pulumi.Output<string>;
  /** True when `status` is final. */
  declare public readonly finished: pulumi.Output<boolean>;
  /** When the request was sent (ISO 8601). */
  declare public readonly startedAt: pulumi.Output<string>;
  /** When the end was seen (ISO 8601); undefined when not waited for. */
  declare public readonly finishedAt: pulumi.Output<string | undefined>;
  /** The operation's own result. */
  declare public readonly result: pulumi.Output<R>;
  /** Why the run failed or did not end in time; undefined after a successful run. */
  declare public readonly error: pulumi.Output<string | undefined>;
  /** The project id given (undefined: the provider's). */
  declare public readonly projectId: pulumi.Output<string | undefined>;
  /** The triggers of the last run. */
  declare public readonly triggers: pulumi.Output<
    JsonValue[] | Record<string, JsonValue> | undefined
  >;
  /** The waits in force. */
  declare public readonly timeouts: pulumi.Output<ActionTimeouts | undefined>;

  /**
   * @param declared  the class's type name, its operation's argument schema and the secret
   *                  inputs: those are sent as secrets whatever the program passed, so the
   *                  inputs in state are encrypted (and added to `additionalSecretOutputs`)
   * @param name      the Pulumi resource name
   * @param args      the program's inputs; only those the class declares are sent
   * @param opts      resource options
   * @param outputs   outputs beyond the outcome's (e.g. `jobId`)
   */
  protected constructor(
    declared: ActionDeclaration,
    name: string,
    args: object,
    opts: pulumi.CustomResourceOptions | undefined,
    outputs: readonly string[] = [],
  ) {
    const given = args as Record<string, unknown>;
    const inputs = Object.fromEntries(
      [...Object.keys(declared.args.shape), ...Object.keys(resourceFields)].map((key) => [
        key,
        given[key],
      ]),
    );
    super(
      declared.typeName,
      name,
      {
        inputs: { shape: inputs },
        outputs: [...RUN_OUTPUTS, ...outputs],
        ...(declared.secretInputs === undefined ? {} : { secretInputs: declared.secretInputs }),
      },
      inputs,
      opts,
    );
  }
}

/** Base class of the action resources whose operation may start a job. `R` is its result. */
export abstract class ActionResource<R> extends ActionResourceBase<R> {
  /** The job id, when the service gave one (also the resource id then). */
  declare public readonly jobId: pulumi.Output<string | undefined>;

  /** @param params  those of {@link ActionResourceBase}, which registers `jobId` too */
  protected constructor(
    ...params: [
      declared: ActionDeclaration,
      name: string,
      args: object,
      opts: pulumi.CustomResourceOptions | undefined,
    ]
  ) {
    super(...params, ["jobId"]);
  }
}
