/**
 * What an action resource registers under its component, whichever way it is served (the
 * TypeScript SDK's dynamic resources, or the provider plugin's `construct` for programs of any
 * language): its run, the resource of the action's own type, which sends the operation and is
 * recorded as soon as the service accepted it; then, where the operation goes on after its
 * request, its `ActionWait`, given everything the run recorded, which waits for the job. An `up`
 * killed during the wait leaves the run recorded, so the next `up` waits for that same job and
 * never sends the operation again (docs/actions.md, "Exactly once").
 */
import * as pulumi from "@pulumi/pulumi";
import { outputProperties, type OutputSchema } from "../../framework/output-fields";

/** A registered resource, with its output properties. */
export type Registered = pulumi.Resource & {
  readonly id: pulumi.Output<string>;
} & Record<string, pulumi.Output<unknown>>;

/** How the records are made: the serving way's resource classes. */
export interface RecordMakers {
  /** The run: `inputs` as the program gave them, `outputs` what it records. */
  run(
    inputs: Record<string, unknown>,
    outputs: OutputSchema,
    opts: pulumi.CustomResourceOptions,
  ): Registered;
  /** The wait of the run. */
  wait(
    inputs: { action: string; triggers: pulumi.Input<unknown>; run: pulumi.Input<unknown> },
    opts: pulumi.CustomResourceOptions,
  ): Registered;
}

/** What {@link registerActionRecords} needs of the action. */
export interface ActionRecordsSpec {
  /** The action's class name, e.g. `BackupRestore`. */
  typeName: string;
  /** The run's inputs, as the program gave them (every input key present). */
  inputs: Record<string, unknown>;
  /** What the run records (its non-secret inputs and the outcome). */
  outputs: OutputSchema;
  /** Whether the operation goes on after its request (it has a wait). */
  waits: boolean;
  /** The run's options (the component's children inherit the component's own). */
  runOptions: pulumi.CustomResourceOptions;
}

/**
 * Registers the run and, for an operation that goes on, the wait of an action, under
 * `component`; answers the component's output properties: the run's recorded inputs and id, and
 * the outcome (the wait's where there is one, else the run's).
 */
export function registerActionRecords(
  component: pulumi.Resource,
  spec: ActionRecordsSpec,
  makers: RecordMakers,
): Record<string, pulumi.Output<unknown>> {
  const run = makers.run(spec.inputs, spec.outputs, spec.runOptions);
  const inputKeys = Object.keys(spec.inputs);
  // The run records its inputs but the secret ones, and the outcome of the run.
  const recorded = outputProperties(spec.outputs).filter((key) => inputKeys.includes(key));
  const outcome = outputProperties(spec.outputs).filter((key) => !inputKeys.includes(key));
  // The wait gets everything the run recorded: unknown as a whole in a preview.
  const wait = spec.waits
    ? makers.wait(
        {
          action: spec.typeName,
          // The program's (the run's output would be unknown in every preview when unset).
          triggers: spec.inputs.triggers,
          run: pulumi.all(
            Object.fromEntries([...recorded, ...outcome].map((key) => [key, run[key]!])),
          ),
        },
        { parent: component },
      )
    : undefined;
  const properties: Record<string, pulumi.Output<unknown>> = { id: run.id };
  for (const key of recorded) properties[key] = run[key]!;
  for (const key of outcome) properties[key] = (wait ?? run)[key]!;
  return properties;
}

/** The options that are the component's own; its children inherit them. */
const COMPONENT_OPTIONS: readonly string[] = [
  "parent",
  "aliases",
  "protect",
  "transformations",
  "transforms",
];

/** The program's options that apply to the component: `parent`, `aliases`, `protect`, transformations. */
export function componentOptions(
  opts: pulumi.CustomResourceOptions,
): pulumi.ComponentResourceOptions {
  return Object.fromEntries(
    Object.entries(opts).filter(([key]) => COMPONENT_OPTIONS.includes(key)),
  ) as pulumi.ComponentResourceOptions;
}

/**
 * The program's options that apply to the run, the resource of the action's type: all but the
 * component's (`dependsOn`, `ignoreChanges`, `retainOnDelete`, …). With `oldPlace`, the run
 * keeps the identity the action had before it became a component: an alias to its old place (no
 * parent, or the program's `parent`) keeps existing runs in the state, so upgrading never runs
 * an operation again.
 */
export function runOptions(
  component: pulumi.Resource,
  opts: pulumi.CustomResourceOptions,
  oldPlace: boolean,
): pulumi.CustomResourceOptions {
  const run = Object.fromEntries(
    Object.entries(opts).filter(([key]) => !COMPONENT_OPTIONS.includes(key)),
  ) as pulumi.CustomResourceOptions;
  if (!oldPlace) return { ...run, parent: component };
  // `parent` must be an own property even when undefined: that is "no parent" to Pulumi.
  const before = { parent: opts.parent ?? pulumi.rootStackResource };
  const aliases: pulumi.Input<pulumi.URN | pulumi.Alias>[] = [before];
  for (const alias of opts.aliases ?? []) {
    aliases.push(
      pulumi.output(alias).apply((a) => (typeof a === "string" ? a : { ...before, ...a })),
    );
  }
  return { ...run, parent: component, aliases };
}
