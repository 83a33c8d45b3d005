/**
 * The plugin's action resources: `vmcloud:index:BackupRestore` and the others are components
 * that the plugin makes with `construct`, registering the same two records as the TypeScript
 * SDK (provider/actions/framework/action-records.ts): the run (`vmcloud:index:<Action>Run`),
 * recorded as soon as the service accepted the operation, then its wait
 * (`vmcloud:index:ActionWait`). Both are then served by the plugin like any resource.
 */
import * as pulumi from "@pulumi/pulumi";
import {
  registerActionRecords,
  runOptions,
  type Registered,
} from "../actions/framework/action-records";
import type { ActionLifecycle } from "../actions/framework/define-action";
import { outputProperties, type OutputSchema } from "../framework/output-fields";
import type { VmCloudTypeName } from "../type-tokens";
import { definitionOf, PLUGIN_ACTIONS, pluginToken, runToken, WAIT_TOKEN } from "./kinds";

/** A record of an action (its run or its wait), served by this plugin. */
class ActionRecord extends pulumi.CustomResource {
  constructor(
    token: string,
    name: string,
    props: Record<string, unknown>,
    opts: pulumi.CustomResourceOptions,
  ) {
    super(token, name, props, opts);
  }
}

/** The component of an action, whose outputs are its records'. */
class ActionComponent extends pulumi.ComponentResource {
  constructor(type: string, name: string, opts: pulumi.ComponentResourceOptions) {
    super(type, name, {}, opts);
  }

  /** Records the component's outputs. */
  publish(outputs: Record<string, pulumi.Output<unknown>>): void {
    this.registerOutputs(outputs);
  }
}

/** A custom resource of token `token` whose `outputs` are its output properties. */
function record(
  token: string,
  name: string,
  inputs: Record<string, unknown>,
  outputs: OutputSchema,
  opts: pulumi.CustomResourceOptions,
): Registered {
  const props = {
    ...Object.fromEntries(outputProperties(outputs).map((key) => [key, undefined])),
    ...inputs,
  };
  return new ActionRecord(token, name, props, opts) as unknown as Registered;
}

/** Makes the action component `type` named `name` from the program's `inputs`. */
export async function constructAction(
  name: string,
  type: string,
  inputs: pulumi.Inputs,
  options: pulumi.ComponentResourceOptions,
): Promise<{ urn: pulumi.Output<pulumi.URN>; state: pulumi.Inputs }> {
  const typeName = PLUGIN_ACTIONS.find((action) => pluginToken(action) === type);
  if (typeName === undefined) {
    throw new Error(
      `vmcloud: no component type ${type}; the plugin makes ${PLUGIN_ACTIONS.map(pluginToken).join(", ")}`,
    );
  }
  const run = definitionOf<ActionLifecycle<never>>(typeName as VmCloudTypeName);
  const wait = definitionOf("ActionWait");
  const secrets = run.kit.def.secrets ?? [];
  const given = Object.fromEntries(
    Object.keys(run.inputs.shape).map((key) => [
      key,
      // A secret argument is sent as a secret whatever the program passed.
      secrets.includes(key) && inputs[key] !== undefined ? pulumi.secret(inputs[key]) : inputs[key],
    ]),
  );
  const component = new ActionComponent(type, name, options);
  const properties = registerActionRecords(
    component,
    {
      typeName,
      inputs: given,
      outputs: run.outputs,
      waits: run.kit.op.wait !== undefined,
      runOptions: runOptions(component, {}, false),
    },
    {
      run: (runInputs, outputs, opts) =>
        record(runToken(typeName), name, runInputs, outputs, {
          ...opts,
          additionalSecretOutputs: [...secrets],
        }),
      wait: (waitInputs, opts) => record(WAIT_TOKEN, name, waitInputs, wait.outputs, opts),
    },
  );
  // The run's id is no output of the schema's component (its jobId is, where there is one).
  const { id: _runId, ...state } = properties;
  component.publish(state);
  return { urn: component.urn, state };
}
