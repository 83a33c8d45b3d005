/**
 * `pulumi-resource-vmcloud`: the provider plugin that serves every resource kind to programs of
 * any language, from the same lifecycles the dynamic providers serve (kinds.ts). It runs
 * `@pulumi/pulumi`'s provider server and fills its gaps (reference/pulumi-provider-plugins.md):
 * - Configure keeps the provider's configuration (the stock server drops it); CheckConfig names a
 *   setting that cannot be used (`endpoint`, `token`, …) at preview, before anything is sent;
 * - secrets arrive wrapped (a provider that constructs components must accept them): the
 *   lifecycles get plain values, and what leaves secret is wrapped again (secrets.ts);
 * - the action resources are components it constructs (actions.ts);
 * - Invoke serves every lookup and action function as `vmcloud:index:<name>` (functions.ts), and
 *   tells an action function whether this is a preview (the stock server drops that flag);
 * - Diff answers a detailed diff (each changed property, and whether it replaces);
 * - every call of a resource runs with its URN, so progress of long waits shows on it.
 * The launcher `plugin/pulumi-resource-vmcloud` of the package starts it with the engine's
 * address; it prints the port it serves on.
 */
import { createRequire } from "node:module";
import type * as pulumi from "@pulumi/pulumi";
import { withResourceUrn } from "../runtime/engine-log";
import { configureRuntime } from "../runtime/context";
import { configFailures, pluginConfig } from "./config";
import { detailedDiff } from "./detailed-diff";
import { constructAction } from "./actions";
import { invokeFunction } from "./functions";
import { lifecycleOf, typeOfUrn } from "./kinds";
import {
  camelNamesOf,
  failuresInProgramSpelling,
  inProgramSpelling,
  noteProgramLanguage,
} from "./program-language";
import { packageSchema } from "./schema/package-schema";
import { secretKeys, unwrapSecrets, wrapSecrets } from "./secrets";
import type { Lifecycle } from "../framework/lifecycle";
import { secretOutputs } from "../framework/output-fields";
import { ResourceInitError } from "../framework/provider-error";
import { runImportTerraform } from "../terraform/cli";

/** The plugin's subcommand that runs `vmcloud-import-terraform`. */
const IMPORT_TERRAFORM = "import-terraform";

/** A request's getters this file calls (each request type has some of them). */
interface Request {
  getUrn(): string;
  getId(): string;
  getTok?(): string;
  getPreview?(): boolean;
  getArgs?(): Struct | undefined;
  getNews?(): Struct | undefined;
  getOlds?(): Struct | undefined;
}
type Call = { request: Request };
type Callback = (error: unknown, response?: unknown) => void;
type Handler = (call: Call, callback: Callback) => unknown;

interface Struct {
  toJavaScript(): Record<string, unknown>;
}

// The provider server's own copies of grpc and the protocol: a second copy would not match.
const fromPulumi = createRequire(require.resolve("@pulumi/pulumi/provider"));
const grpc = fromPulumi("@grpc/grpc-js") as {
  Server: { prototype: { addService(service: unknown, impl: Record<string, Handler>): void } };
};
/** The protocol messages this file builds, with the setters it calls. */
interface ProviderMessages {
  ConfigureResponse: new () => {
    setAcceptsecrets(value: boolean): void;
    setAcceptresources(value: boolean): void;
    setAcceptoutputs(value: boolean): void;
    setSupportspreview(value: boolean): void;
  };
  CheckResponse: new () => {
    setInputs(value: unknown): void;
    setFailuresList(value: unknown[]): void;
  };
  CheckFailure: new () => { setProperty(value: string): void; setReason(value: string): void };
  DiffResponse: (new () => {
    setChanges(value: number): void;
    setReplacesList(value: string[]): void;
    setStablesList(value: string[]): void;
    setDiffsList(value: string[]): void;
    setDeletebeforereplace(value: boolean): void;
    getDetaileddiffMap(): Map<string, unknown>;
    setHasdetaileddiff(value: boolean): void;
  }) & { DiffChanges: { DIFF_NONE: number; DIFF_SOME: number } };
  PropertyDiff: new () => { setKind(value: number): void; setInputdiff(value: boolean): void };
  InvokeResponse: new () => {
    setReturn(value: unknown): void;
    setFailuresList(value: unknown[]): void;
  };
}
const proto = fromPulumi("@pulumi/pulumi/proto/provider_pb") as ProviderMessages;
const { Struct: StructClass } = fromPulumi("google-protobuf/google/protobuf/struct_pb") as {
  Struct: { fromJavaScript(value: Record<string, unknown>): unknown };
};
const server = fromPulumi("@pulumi/pulumi/provider") as {
  main(provider: pulumi.provider.Provider, args: string[]): Promise<void>;
};
// The package's own manifest, through its self-reference (the same from dist/ and installed).
const { version } = createRequire(__filename)("@vmcloud/pulumi/package.json") as {
  version: string;
};

/** The configuration a Configure or CheckConfig request carries, keyed without namespace. */
function configOf(request: Call["request"]): Record<string, unknown> {
  const args = request.getArgs?.()?.toJavaScript() ?? {};
  const news = request.getNews?.()?.toJavaScript() ?? {};
  return { ...news, ...args };
}

let schemaNames: ReadonlySet<string> | undefined;

/** The schema's property names a program may spell otherwise (program-language.ts). */
function camelNames(): ReadonlySet<string> {
  return (schemaNames ??= camelNamesOf(packageSchema(version)));
}

/** `error` with its message in the program's spelling, for the engine to show. */
function spoken(error: unknown): unknown {
  if (error instanceof Error) error.message = inProgramSpelling(error.message, camelNames);
  return error;
}

/** Runs `work`; what it throws is said in the program's spelling. */
async function speaking<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    throw spoken(error);
  }
}

/** `failures` as the protocol's check failures, in the program's spelling. */
function checkFailures(failures: ReadonlyArray<{ property: string; reason: string }>): unknown[] {
  return failuresInProgramSpelling(failures, camelNames).map((failure) => {
    const item = new proto.CheckFailure();
    item.setProperty(failure.property);
    item.setReason(failure.reason);
    return item;
  });
}

/** The provider calls that name a resource: run with its URN (progress shows on it). */
const CALLS_WITH_URN = ["check", "diff", "create", "read", "update", "delete"];

const overrides: Record<string, Handler> = {
  configure(call, callback) {
    const config = configOf(call.request);
    const failures = configFailures(config);
    if (failures.length > 0) {
      callback(new Error(failures.map((f) => f.reason).join("; ")));
      return;
    }
    configureRuntime(pluginConfig(config));
    const response = new proto.ConfigureResponse();
    // A provider that constructs components must accept secrets (the engine refuses one that
    // does not); the calls unwrap them and wrap what leaves secret (secrets.ts).
    response.setAcceptsecrets(true);
    response.setAcceptresources(false);
    response.setAcceptoutputs(false);
    response.setSupportspreview(false);
    callback(undefined, response);
  },
  checkConfig(call, callback) {
    const config = configOf(call.request);
    const response = new proto.CheckResponse();
    response.setInputs(call.request.getNews?.() ?? StructClass.fromJavaScript({}));
    response.setFailuresList(checkFailures(configFailures(config)));
    callback(undefined, response);
  },
  diff(call, callback) {
    const request = call.request;
    const olds = unwrapSecrets(request.getOlds?.()?.toJavaScript() ?? {});
    const news = unwrapSecrets(request.getNews?.()?.toJavaScript() ?? {});
    lifecycleOf(typeOfUrn(request.getUrn()))
      .diff(request.getId(), olds, news)
      .then((outcome) => {
        const response = new proto.DiffResponse();
        response.setChanges(
          outcome.changes
            ? proto.DiffResponse.DiffChanges.DIFF_SOME
            : proto.DiffResponse.DiffChanges.DIFF_NONE,
        );
        response.setReplacesList(outcome.replaces);
        response.setStablesList(outcome.stables);
        response.setDiffsList(outcome.changed);
        response.setDeletebeforereplace(outcome.deleteBeforeReplace);
        const details = response.getDetaileddiffMap();
        for (const [key, change] of Object.entries(detailedDiff(outcome, olds, news))) {
          const item = new proto.PropertyDiff();
          item.setKind(change.kind);
          item.setInputdiff(change.inputDiff);
          details.set(key, item);
        }
        response.setHasdetaileddiff(true);
        callback(undefined, response);
      })
      .catch((error: unknown) => callback(spoken(error)));
  },
  invoke(call, callback) {
    const request = call.request;
    invokeFunction(
      request.getTok?.() ?? "",
      request.getArgs?.()?.toJavaScript() ?? {},
      request.getPreview?.() === true,
    )
      .then((answer) => {
        const response = new proto.InvokeResponse();
        response.setReturn(StructClass.fromJavaScript(answer.outputs));
        response.setFailuresList(checkFailures(answer.failures));
        callback(undefined, response);
      })
      // The function's message says what failed; the engine shows it (nothing printed here).
      .catch((error: unknown) => callback(spoken(error)));
  },
};

/** `handler`, whose synchronous failure is answered as an error instead of a bare "Unknown error". */
function answering(handler: Handler): Handler {
  return (call, callback) => {
    try {
      return handler(call, callback);
    } catch (error) {
      callback(spoken(error));
      return undefined;
    }
  };
}

const addService = grpc.Server.prototype.addService;
grpc.Server.prototype.addService = function (service, impl) {
  for (const [name, handler] of Object.entries(overrides)) impl[name] = answering(handler);
  for (const name of CALLS_WITH_URN) {
    const handler = impl[name];
    if (typeof handler !== "function") continue;
    impl[name] = function (this: unknown, call, callback) {
      const urn = call.request.getUrn?.() ?? "";
      return withResourceUrn(urn, () => handler.call(this, call, callback));
    };
  }
  return addService.call(this, service, impl);
};

/** The properties of `lifecycle` that leave secret: those that came secret, and its declared ones. */
function secretsOut(lifecycle: Lifecycle, came: Readonly<Record<string, unknown>>): string[] {
  return [...secretKeys(came), ...lifecycle.secretInputs, ...secretOutputs(lifecycle.outputs)];
}

/** Runs `work`; a resource recorded half made keeps its secrets wrapped. */
async function keepingSecrets<T>(keys: string[], work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (!(error instanceof ResourceInitError)) throw error;
    const recorded = new ResourceInitError(
      error.message,
      error.id,
      wrapSecrets(error.properties, keys),
    );
    recorded.stack = error.stack;
    throw recorded;
  }
}

/** The resources' calls, by the type in their URN: plain values in, secrets wrapped out. */
const provider: pulumi.provider.Provider = {
  version,
  getSchema: async () => JSON.stringify(packageSchema(version)),
  check: (urn, olds, news) =>
    speaking(async () => {
      // The SDK's word on the program's language comes with the inputs (program-language.ts).
      noteProgramLanguage(news);
      const lifecycle = lifecycleOf(typeOfUrn(urn));
      const checked = await lifecycle.check(unwrapSecrets(olds), unwrapSecrets(news));
      const keys = [...secretKeys(news), ...lifecycle.secretInputs];
      return {
        inputs: wrapSecrets(checked.inputs, keys),
        failures: failuresInProgramSpelling(checked.failures, camelNames),
      };
    }),
  create: (urn, inputs) =>
    speaking(async () => {
      const lifecycle = lifecycleOf(typeOfUrn(urn));
      const keys = secretsOut(lifecycle, inputs);
      const made = await keepingSecrets(keys, () => lifecycle.create(unwrapSecrets(inputs)));
      return { id: made.id, outs: wrapSecrets(made.outs, keys) };
    }),
  read: (id, urn, props) =>
    speaking(async () => {
      const lifecycle = lifecycleOf(typeOfUrn(urn));
      const previous = props ?? {};
      const read = await lifecycle.read(id, unwrapSecrets(previous));
      const keys = secretsOut(lifecycle, previous);
      return {
        ...(read.id === undefined ? {} : { id: read.id }),
        ...(read.props === undefined ? {} : { props: wrapSecrets(read.props, keys) }),
        ...(read.inputs === undefined ? {} : { inputs: wrapSecrets(read.inputs, keys) }),
      };
    }),
  update: (id, urn, olds, news) =>
    speaking(async () => {
      const lifecycle = lifecycleOf(typeOfUrn(urn));
      const keys = secretsOut(lifecycle, news);
      const updated = await keepingSecrets(keys, () =>
        lifecycle.update(id, unwrapSecrets(olds), unwrapSecrets(news)),
      );
      return { outs: wrapSecrets(updated.outs, keys) };
    }),
  delete: (id, urn, props) =>
    speaking(() => lifecycleOf(typeOfUrn(urn)).delete(id, unwrapSecrets(props))),
  construct: (name, type, inputs, options) =>
    speaking(() => constructAction(name, type, inputs, options)),
};

// `pulumi-resource-vmcloud import-terraform …`: the Terraform state translator, for users of the
// plugin who have no Node.js of their own (provider/terraform/cli.ts); anything else is the
// engine starting the plugin.
if (process.argv[2] === IMPORT_TERRAFORM) {
  void runImportTerraform(process.argv.slice(3)).then((code) => (process.exitCode = code));
} else {
  void server.main(provider, process.argv.slice(2));
}
