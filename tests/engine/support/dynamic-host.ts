/**
 * Starts Pulumi's real Node.js dynamic-provider host (`@pulumi/pulumi/cmd/dynamic-provider`)
 * the way the engine starts it, and drives it over gRPC with the stubs `@pulumi/pulumi` ships.
 *
 * What the engine does, and this module copies (measured with `PULUMI_DEBUG_GRPC` under
 * CLI v3.259, the project's build at the time):
 * - it runs the launcher with the Pulumi project's directory as working directory and its
 *   own gRPC address as the last argument; the host prints the port it listens on;
 * - it calls `Configure` with the whole stack config: `args` holds every `<namespace>:<key>`
 *   as a string, secrets wrapped in the secret signature object
 *   (`{"4dabf18193072939515e22adb298388d": "1b47061264138c4ac30d75fd1eb44270", value}`), and
 *   `variables` repeats them, plain, as `pulumi-nodejs:config:<namespace>:<key>`;
 * - every resource call carries the resource's `urn`, `name` and `type`, and its properties
 *   with the serialized provider as `__provider`.
 *
 * The host is given the address of a fake engine that records `Log` calls, so a test can see
 * whether anything is logged through the engine (nothing is: the host never connects to it)
 * and what the provider writes to the host's stdout and stderr, which the engine shows.
 *
 * Every message class, `google-protobuf` and `@grpc/grpc-js` are loaded from the location of
 * `@pulumi/pulumi`: a second copy of `google-protobuf` breaks message serialization.
 *
 * The provider plugin (`plugin/pulumi-resource-vmcloud`) is started and driven the same way,
 * the engine starting it alike (`script`).
 */
import { spawn, type ChildProcess } from "node:child_process";
import { createRequire } from "node:module";
import { join, resolve } from "node:path";
import type * as grpcTypes from "@grpc/grpc-js";
import type * as engineGrpcTypes from "@pulumi/pulumi/proto/engine_grpc_pb";
import type * as engineTypes from "@pulumi/pulumi/proto/engine_pb";
import type * as pluginTypes from "@pulumi/pulumi/proto/plugin_pb";
import type * as providerGrpcTypes from "@pulumi/pulumi/proto/provider_grpc_pb";
import type * as providerTypes from "@pulumi/pulumi/proto/provider_pb";
import type * as statusTypes from "@pulumi/pulumi/proto/status_pb";
import type * as emptyTypes from "google-protobuf/google/protobuf/empty_pb";
import type * as structTypes from "google-protobuf/google/protobuf/struct_pb";

/** The repository root: the default working directory of the host (a project inside the repo). */
export const repo = resolve(__dirname, "../../..");

const pulumiRequire = createRequire(
  createRequire(join(repo, "package.json")).resolve("@pulumi/pulumi/package.json"),
);
const grpc = pulumiRequire("@grpc/grpc-js") as typeof grpcTypes;
const providerGrpc = pulumiRequire("./proto/provider_grpc_pb") as typeof providerGrpcTypes;
const provider = pulumiRequire("./proto/provider_pb") as typeof providerTypes;
const engineGrpc = pulumiRequire("./proto/engine_grpc_pb") as typeof engineGrpcTypes;
const engine = pulumiRequire("./proto/engine_pb") as typeof engineTypes;
const status = pulumiRequire("./proto/status_pb") as typeof statusTypes;
const { Struct } = pulumiRequire("google-protobuf/google/protobuf/struct_pb") as typeof structTypes;
const { Empty } = pulumiRequire("google-protobuf/google/protobuf/empty_pb") as typeof emptyTypes;

/** The version of the `@pulumi/pulumi` whose host is started. */
export const pulumiVersion = (pulumiRequire("./package.json") as { version: string }).version;

/** The signature the engine puts on a secret value (`sig` key and value of `resource.SecretSig`). */
export const SECRET_SIG = {
  key: "4dabf18193072939515e22adb298388d",
  value: "1b47061264138c4ac30d75fd1eb44270",
} as const;

/** Diff's answer: whether anything changed. */
export const DiffChanges = provider.DiffResponse.DiffChanges;

/** Properties as they cross the wire (a JSON-like object). */
export type Props = Record<string, unknown>;

/** A log call the fake engine received. */
export interface EngineLog {
  severity: string;
  message: string;
  urn: string;
  /** True for a status message that the engine does not keep among the diagnostics. */
  ephemeral: boolean;
}

/** An error the host answered with. */
export type HostError = grpcTypes.ServiceError;

/** The `ErrorResourceInitFailed` detail of an error: the resource exists but is not usable. */
export interface InitFailure {
  id: string;
  properties: Props;
  reasons: string[];
}

/** Diff's answer, decoded. */
export interface DiffAnswer {
  /** `DiffChanges.DIFF_UNKNOWN` (0), `DIFF_NONE` (1) or `DIFF_SOME` (2). */
  changes: number;
  replaces: string[];
  stables: string[];
  deleteBeforeReplace: boolean;
}

/** What `Invoke` answered: the function's outputs, or the failures of its arguments. */
export interface InvokeAnswer {
  outputs: Props;
  failures: Array<{ property: string; reason: string }>;
}

/** Calls for one resource (its URN, name and type are sent with every call, as the engine does). */
export interface HostedResource {
  urn: string;
  /** `Check(olds, news)`; olds default to `{}` as on create. */
  check(
    news: Props,
    olds?: Props,
  ): Promise<{ inputs: Props; failures: Array<{ property: string; reason: string }> }>;
  /** `Diff(id, olds = previous outputs, news = checked inputs)`. */
  diff(id: string, olds: Props, news: Props, oldInputs?: Props): Promise<DiffAnswer>;
  /** `Create(properties)`; `timeoutSeconds` is the custom timeout the engine would send. */
  create(properties: Props, timeoutSeconds?: number): Promise<{ id: string; properties: Props }>;
  /**
   * `Read(id, properties, inputs)`: a refresh sends the previous outputs (and inputs); a
   * `get`/import sends no properties and inputs holding only `__provider`.
   */
  read(
    id: string,
    properties: Props,
    inputs?: Props,
  ): Promise<{ id: string; properties: Props; inputs: Props | undefined }>;
  /** `Update(id, olds = previous outputs, news = checked inputs)`. */
  update(id: string, olds: Props, news: Props, oldInputs?: Props): Promise<{ properties: Props }>;
  /** `Delete(id, properties = previous outputs)`. */
  delete(id: string, properties: Props, oldInputs?: Props): Promise<void>;
}

/** A running host and its client. */
export interface DynamicHost {
  /** The host's process id. */
  pid: number;
  /** The port the host printed. */
  port: number;
  /** The address the host was given as the engine's. */
  engineAddress: string;
  /** The typed gRPC client of the host. */
  client: providerGrpcTypes.ResourceProviderClient;
  /** `Log` calls the fake engine received. */
  engineLogs: EngineLog[];
  /** Everything the host printed after its port, stdout and stderr interleaved. */
  output(): string;
  /** `Configure` as the engine sends it: the stack config, `secretKeys` wrapped as secrets. */
  configure(
    config: Record<string, string>,
    secretKeys?: readonly string[],
  ): Promise<providerTypes.ConfigureResponse>;
  /** `GetPluginInfo`: the host's version. */
  pluginInfo(): Promise<string>;
  /** Calls for resource `name` of type `type` (a `pulumi-nodejs:dynamic/...` token). */
  resource(type: string, name: string): HostedResource;
  /** `Invoke` of the function `token`, as the engine sends it during a preview or an update. */
  invoke(token: string, args: Props, preview?: boolean): Promise<InvokeAnswer>;
  /** Kills the host and the fake engine; resolves once the process has exited. */
  stop(): Promise<void>;
}

/** What {@link startDynamicHost} accepts. */
export interface HostOptions {
  /** The Pulumi project's directory; default the repository root. */
  cwd?: string;
  /** Environment of the host; default this process's. */
  env?: NodeJS.ProcessEnv;
  /** How long to wait for the port; default 20 s. */
  startTimeoutMs?: number;
  /**
   * The provider to run with `node` instead of the dynamic-provider host, e.g. the plugin's
   * launcher; it gets the engine's address as its argument, as from the engine.
   */
  script?: string;
}

/** The secret form the engine sends: `{<sig>: <secret sig>, value}`. */
export function secretValue(value: unknown): Props {
  return { [SECRET_SIG.key]: SECRET_SIG.value, value };
}

/** The `ErrorResourceInitFailed` detail of a host error, or undefined when it has none. */
export function initFailureOf(error: unknown): InitFailure | undefined {
  const metadata = (error as Partial<HostError> | undefined)?.metadata;
  const [raw] = metadata?.get("grpc-status-details-bin") ?? [];
  if (raw === undefined) return undefined;
  const bytes = typeof raw === "string" ? Buffer.from(raw, "base64") : raw;
  for (const detail of status.Status.deserializeBinary(bytes).getDetailsList()) {
    const failed = detail.unpack(
      provider.ErrorResourceInitFailed.deserializeBinary,
      "pulumirpc.ErrorResourceInitFailed",
    );
    if (failed !== null) {
      return {
        id: failed.getId(),
        properties: failed.getProperties()?.toJavaScript() ?? {},
        reasons: failed.getReasonsList(),
      };
    }
  }
  return undefined;
}

/** The error `work` rejects with (fails when it resolves). */
export async function hostError(work: Promise<unknown>): Promise<HostError> {
  try {
    await work;
  } catch (error) {
    return error as HostError;
  }
  throw new Error("expected the host to answer with an error");
}

function struct(value: Props): structTypes.Struct {
  return Struct.fromJavaScript(value as Record<string, structTypes.JavaScriptValue>);
}

/** Starts a fake engine: a gRPC Engine service that records `Log` calls. */
async function startFakeEngine(
  logs: EngineLog[],
): Promise<{ address: string; server: grpcTypes.Server }> {
  const server = new grpc.Server();
  const severities = Object.fromEntries(
    Object.entries(engine.LogSeverity).map(([name, value]) => [value, name]),
  );
  const unimplemented = (_call: unknown, callback: grpcTypes.sendUnaryData<never>) =>
    callback({ code: grpc.status.UNIMPLEMENTED, details: "not in the fake engine" });
  server.addService(engineGrpc.EngineService, {
    log(
      call: grpcTypes.ServerUnaryCall<engineTypes.LogRequest, emptyTypes.Empty>,
      callback: grpcTypes.sendUnaryData<emptyTypes.Empty>,
    ) {
      logs.push({
        severity: severities[call.request.getSeverity()] ?? String(call.request.getSeverity()),
        message: call.request.getMessage(),
        urn: call.request.getUrn(),
        ephemeral: call.request.getEphemeral(),
      });
      callback(null, new Empty());
    },
    getRootResource: unimplemented,
    setRootResource: unimplemented,
    startDebugging: unimplemented,
    requirePulumiVersion: unimplemented,
  });
  const port = await new Promise<number>((resolvePort, reject) =>
    server.bindAsync("127.0.0.1:0", grpc.ServerCredentials.createInsecure(), (error, p) =>
      error ? reject(error) : resolvePort(p),
    ),
  );
  return { address: `127.0.0.1:${port}`, server };
}

/** Resolves once `child` has printed its port; rejects if it exits or times out first. */
function portOf(child: ChildProcess, output: () => string, timeoutMs: number): Promise<number> {
  return new Promise((resolvePort, reject) => {
    let stdout = "";
    const timer = setTimeout(
      () => fail(new Error(`the provider printed no port in ${timeoutMs} ms: ${output()}`)),
      timeoutMs,
    );
    const onData = (chunk: Buffer) => {
      stdout += chunk.toString();
      const line = /^(\d+)\r?\n/.exec(stdout);
      if (line === null) return;
      cleanup();
      resolvePort(Number(line[1]));
    };
    const onExit = (code: number | null, signal: string | null) =>
      fail(
        new Error(`the provider exited (${code ?? signal}) before printing its port: ${output()}`),
      );
    const fail = (error: Error) => {
      cleanup();
      reject(error);
    };
    const cleanup = () => {
      clearTimeout(timer);
      child.stdout!.off("data", onData);
      child.off("exit", onExit);
    };
    child.stdout!.on("data", onData);
    child.on("exit", onExit);
  });
}

function unary<Req, Res>(
  method: (
    request: Req,
    metadata: grpcTypes.Metadata,
    options: Partial<grpcTypes.CallOptions>,
    callback: (error: grpcTypes.ServiceError | null, response: Res) => void,
  ) => unknown,
  request: Req,
  timeoutMs = 60_000,
): Promise<Res> {
  return new Promise((resolveCall, reject) => {
    method(request, new grpc.Metadata(), { deadline: Date.now() + timeoutMs }, (error, response) =>
      error ? reject(error) : resolveCall(response),
    );
  });
}

/**
 * Starts the host as the engine does: `node <@pulumi/pulumi>/cmd/dynamic-provider <engine>`,
 * with `@pulumi/pulumi` resolved from the working directory as the launcher resolves it.
 */
export async function startDynamicHost(options: HostOptions = {}): Promise<DynamicHost> {
  const cwd = options.cwd ?? repo;
  const script =
    options.script ??
    createRequire(join(cwd, "noop.js")).resolve("@pulumi/pulumi/cmd/dynamic-provider");
  const engineLogs: EngineLog[] = [];
  const fakeEngine = await startFakeEngine(engineLogs);
  const child = spawn(process.execPath, [script, fakeEngine.address], {
    cwd,
    env: options.env ?? process.env,
    stdio: ["ignore", "pipe", "pipe"],
  });
  // If this process dies first, the host must not outlive it.
  const killOnExit = () => child.kill("SIGKILL");
  process.once("exit", killOnExit);
  let printed = "";
  let portSeen = false;
  child.stdout!.on("data", (chunk: Buffer) => {
    const text = chunk.toString();
    if (portSeen) printed += text;
    else {
      // The first line is the port; keep whatever follows it.
      const newline = text.indexOf("\n");
      if (newline >= 0) {
        portSeen = true;
        printed += text.slice(newline + 1);
      }
    }
  });
  child.stderr!.on("data", (chunk: Buffer) => (printed += chunk.toString()));
  const exited = new Promise<void>((resolveExit) => child.once("exit", () => resolveExit()));

  let port: number;
  try {
    port = await portOf(child, () => printed, options.startTimeoutMs ?? 20_000);
  } catch (error) {
    child.kill("SIGKILL");
    await exited;
    process.off("exit", killOnExit);
    fakeEngine.server.forceShutdown();
    throw error;
  }
  const client = new providerGrpc.ResourceProviderClient(
    `127.0.0.1:${port}`,
    grpc.credentials.createInsecure(),
  );

  const resource = (type: string, name: string): HostedResource => {
    const urn = `urn:pulumi:test::vmcloud-engine-tests::${type}::${name}`;
    const named = <
      T extends { setUrn(v: string): T; setName(v: string): T; setType(v: string): T },
    >(
      req: T,
    ) => req.setUrn(urn).setName(name).setType(type);
    return {
      urn,
      async check(news, olds = {}) {
        const req = named(new provider.CheckRequest()).setOlds(struct(olds)).setNews(struct(news));
        const res = await unary(client.check.bind(client), req);
        return {
          inputs: res.getInputs()?.toJavaScript() ?? {},
          failures: res
            .getFailuresList()
            .map((f) => ({ property: f.getProperty(), reason: f.getReason() })),
        };
      },
      async diff(id, olds, news, oldInputs) {
        const req = named(new provider.DiffRequest())
          .setId(id)
          .setOlds(struct(olds))
          .setNews(struct(news));
        if (oldInputs !== undefined) req.setOldInputs(struct(oldInputs));
        const res = await unary(client.diff.bind(client), req);
        return {
          changes: res.getChanges(),
          replaces: res.getReplacesList(),
          stables: res.getStablesList(),
          deleteBeforeReplace: res.getDeletebeforereplace(),
        };
      },
      async create(properties, timeoutSeconds = 0) {
        const req = named(new provider.CreateRequest())
          .setProperties(struct(properties))
          .setTimeout(timeoutSeconds);
        const res = await unary(client.create.bind(client), req);
        return { id: res.getId(), properties: res.getProperties()?.toJavaScript() ?? {} };
      },
      async read(id, properties, inputs) {
        const req = named(new provider.ReadRequest()).setId(id).setProperties(struct(properties));
        if (inputs !== undefined) req.setInputs(struct(inputs));
        const res = await unary(client.read.bind(client), req);
        return {
          id: res.getId(),
          properties: res.getProperties()?.toJavaScript() ?? {},
          inputs: res.getInputs()?.toJavaScript(),
        };
      },
      async update(id, olds, news, oldInputs) {
        const req = named(new provider.UpdateRequest())
          .setId(id)
          .setOlds(struct(olds))
          .setNews(struct(news));
        if (oldInputs !== undefined) req.setOldInputs(struct(oldInputs));
        const res = await unary(client.update.bind(client), req);
        return { properties: res.getProperties()?.toJavaScript() ?? {} };
      },
      async delete(id, properties, oldInputs) {
        const req = named(new provider.DeleteRequest()).setId(id).setProperties(struct(properties));
        if (oldInputs !== undefined) req.setOldInputs(struct(oldInputs));
        await unary(client.delete.bind(client), req);
      },
    };
  };

  return {
    pid: child.pid!,
    port,
    engineAddress: fakeEngine.address,
    client,
    engineLogs,
    output: () => printed,
    configure(config, secretKeys = []) {
      const args: Props = {};
      const req = new provider.ConfigureRequest();
      const variables = req.getVariablesMap();
      for (const [key, value] of Object.entries(config)) {
        args[key] = secretKeys.includes(key) ? secretValue(value) : value;
        variables.set(`pulumi-nodejs:config:${key}`, value);
      }
      req
        .setArgs(struct(args))
        .setAcceptsecrets(true)
        .setAcceptresources(true)
        .setSendsOldInputs(true)
        .setSendsOldInputsToDelete(true)
        .setName("default")
        .setType("pulumi:providers:pulumi-nodejs")
        .setUrn("urn:pulumi:test::vmcloud-engine-tests::pulumi:providers:pulumi-nodejs::default");
      return unary(client.configure.bind(client), req);
    },
    async pluginInfo() {
      const info = await unary<emptyTypes.Empty, pluginTypes.PluginInfo>(
        client.getPluginInfo.bind(client),
        new Empty(),
      );
      return info.getVersion();
    },
    resource,
    async invoke(token, args, preview = false) {
      const req = new provider.InvokeRequest().setTok(token).setArgs(struct(args));
      req.setPreview(preview);
      const res = await unary(client.invoke.bind(client), req);
      return {
        outputs: res.getReturn()?.toJavaScript() ?? {},
        failures: res
          .getFailuresList()
          .map((f) => ({ property: f.getProperty(), reason: f.getReason() })),
      };
    },
    async stop() {
      client.close();
      if (child.exitCode === null && child.signalCode === null) {
        child.kill("SIGTERM");
        const timer = setTimeout(() => child.kill("SIGKILL"), 5000);
        await exited;
        clearTimeout(timer);
      }
      process.off("exit", killOnExit);
      await new Promise<void>((resolveShutdown) =>
        fakeEngine.server.tryShutdown(() => resolveShutdown()),
      );
    },
  };
}
