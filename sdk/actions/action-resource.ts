/**
 * The base of the action resource classes (`BackupRestore`, `NodeMigration`, …): each runs
 * its operation once when created and again only when `triggers` change (see
 * provider/actions/framework/define-action.ts). An action is a component of two records the
 * engine writes one after the other: its run, which sends the operation and records that it
 * started (the resource of the action's own type, as before), then, for an operation that goes
 * on after its request, an `ActionWait` that waits for its end. An `up` killed during the wait
 * leaves the run recorded, so the next `up` waits for that same job and never sends the
 * operation again. The component's outputs are the run's inputs and the outcome of the run.
 */
import * as pulumi from "@pulumi/pulumi";
import type { z } from "zod";
import { VmCloudResource } from "../resource-base";
import { pluginToken, type VmCloudTypeName } from "../../provider/type-tokens";
import { resourceFields } from "../../provider/actions/common/inputs";
import { actionOutputs, ActionWaitOutputs } from "../../provider/actions/framework/action-outputs";
import type { OutputSchema } from "../../provider/framework/output-fields";
import {
  componentOptions,
  registerActionRecords,
  runOptions,
  type Registered,
} from "../../provider/actions/framework/action-records";
import { registrationStacks } from "../registration-stacks";

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

/** What an action resource class registers with the engine. */
export interface ActionDeclaration {
  /** The class name (its type token and provider module follow from it). */
  readonly typeName: VmCloudTypeName;
  /**
   * The operation it runs: its argument schema (with `triggers` and `timeouts`, the inputs),
   * its result's schema, whether there is an end to wait for (`wait`), and whether the service
   * gives a job (`resume`): what the action's outputs follow from (action-outputs.ts).
   */
  readonly operation: {
    readonly args: z.ZodObject;
    readonly result?: z.ZodType;
    readonly wait?: unknown;
    readonly resume?: unknown;
  };
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

/** The run of an action: the resource of the action's own type, which sends the operation. */
class ActionRun extends VmCloudResource {
  constructor(
    declared: ActionDeclaration,
    name: string,
    inputs: Record<string, unknown>,
    outputs: OutputSchema,
    opts: pulumi.CustomResourceOptions,
  ) {
    super(
      declared.typeName,
      name,
      {
        inputs: { shape: inputs },
        outputs,
        ...(declared.secretInputs === undefined ? {} : { secretInputs: declared.secretInputs }),
      },
      inputs,
      opts,
    );
  }
}

/** The wait of an action: waits for the end of the run it is given. */
class ActionWait extends VmCloudResource {
  constructor(
    name: string,
    inputs: { action: string; triggers: pulumi.Input<unknown>; run: pulumi.Input<unknown> },
    opts: pulumi.CustomResourceOptions,
  ) {
    super(
      "ActionWait",
      name,
      { inputs: { shape: inputs }, outputs: ActionWaitOutputs },
      inputs,
      opts,
    );
  }
}

/**
 * Base class of the action resources whose operation starts no job (`QueueManagerRestart`
 * answers at once): they have no `jobId`, since an output that is never set only shows as
 * `[unknown]` in every preview. `R` is the operation's result.
 */
export abstract class ActionResourceBase<R> extends pulumi.ComponentResource {
  // `declare`: the base constructor sets these; a class field would reset them to undefined.
  /**
   * The id of the run's record in the stack: the job id where the service gave one.
   */
  declare public readonly id: pulumi.Output<string>;
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
   * @param declared  the class's type name, its operation and the secret inputs: those are
   *                  sent as secrets whatever the program passed, so the inputs in state are
   *                  encrypted (and added to `additionalSecretOutputs`)
   * @param name      the Pulumi resource name (of the component, its run and its wait)
   * @param args      the program's inputs; only those the class declares are sent
   * @param opts      resource options: `parent`, `aliases`, `protect` and transformations
   *                  are the component's, the others its run's
   */
  protected constructor(
    declared: ActionDeclaration,
    name: string,
    args: object,
    opts: pulumi.CustomResourceOptions = {},
  ) {
    const given = args as Record<string, unknown>;
    const inputKeys = [
      ...Object.keys(declared.operation.args.shape),
      ...Object.keys(resourceFields),
    ];
    const inputs = Object.fromEntries(inputKeys.map((key) => [key, given[key]]));
    const restoreStacks = registrationStacks();
    try {
      super(pluginToken(declared.typeName), name, {}, componentOptions(opts));
    } finally {
      restoreStacks();
    }
    const properties = registerActionRecords(
      this,
      {
        typeName: declared.typeName,
        inputs,
        outputs: actionOutputs(declared.operation, declared.secretInputs),
        waits: declared.operation.wait !== undefined,
        runOptions: runOptions(this, opts, true),
      },
      {
        run: (runInputs, outputs, runOpts) =>
          new ActionRun(declared, name, runInputs, outputs, runOpts) as unknown as Registered,
        wait: (waitInputs, waitOpts) =>
          new ActionWait(name, waitInputs, waitOpts) as unknown as Registered,
      },
    );
    Object.assign(this, properties);
    this.registerOutputs(properties);
  }
}

/**
 * Base class of the action resources whose operation may start a job (its service gives one,
 * so the outputs, and the properties the base class sets, have `jobId`). `R` is its result.
 */
export abstract class ActionResource<R> extends ActionResourceBase<R> {
  /** The job id, when the service gave one (also the resource id then). */
  declare public readonly jobId: pulumi.Output<string | undefined>;
}
