/**
 * Progress of long waits, shown on the resource in `pulumi up` instead of as lines on the
 * Stack that stay in Diagnostics.
 *
 * The dynamic-provider host has no connection to the engine (`pulumi.log` there only writes
 * to the console, which the engine shows as the Stack's diagnostics). But the engine's address
 * is the host's last argument, and the engine's `Log` call takes a URN and an `ephemeral`
 * flag: an ephemeral message is the resource's status line while it works and is not kept
 * among the diagnostics. Our wrapper of the host (provider/host/dynamic-provider-host.ts)
 * runs each provider call inside {@link withResourceUrn}, so messages name their resource;
 * under a host that does not (the stock launcher), they are ephemeral Stack messages.
 * Anything that fails here falls back to a line on stderr: progress is never worth a failure.
 */
import { AsyncLocalStorage } from "node:async_hooks";
import { createRequire } from "node:module";

interface LogRequest {
  setSeverity(value: number): LogRequest;
  setMessage(value: string): LogRequest;
  setUrn(value: string): LogRequest;
  setEphemeral(value: boolean): LogRequest;
}
interface EngineClient {
  log(request: LogRequest, callback: (error: Error | null) => void): void;
}
interface Engine {
  client: EngineClient;
  LogRequest: new () => LogRequest;
}

/** `LogSeverity.INFO` of the engine's protocol. */
const INFO = 1;

/**
 * The URN of the resource whose provider call is running. Kept on `globalThis` so that the
 * host wrapper and the provider modules share it even if they were loaded as two copies.
 */
const CALLS_KEY = Symbol.for("vmcloud.provider-call");
const calls: AsyncLocalStorage<{ urn: string }> = ((globalThis as Record<symbol, unknown>)[
  CALLS_KEY
] ??= new AsyncLocalStorage<{ urn: string }>()) as AsyncLocalStorage<{ urn: string }>;

/** Runs `work` as a provider call of the resource `urn` (its progress is shown on it). */
export function withResourceUrn<T>(urn: string, work: () => T): T {
  return urn === "" ? work() : calls.run({ urn }, work);
}

/**
 * The URN of the resource whose provider call is running, when the host that runs it says
 * (our wrapper of the dynamic-provider host and the provider plugin do; the stock host does not).
 */
export function currentResourceUrn(): string | undefined {
  return calls.getStore()?.urn;
}

/** The engine's address: the host's last argument (`127.0.0.1:port`), if there is one. */
export function engineAddressOf(argv: readonly string[]): string | undefined {
  const last = argv[argv.length - 1];
  return last !== undefined && /^[\w.-]+:\d+$/.test(last) ? last : undefined;
}

let engine: Engine | null | undefined;

/** A client of the engine's Log call, through the host's own gRPC and protocol modules. */
function connect(): Engine | null {
  if (engine !== undefined) return engine;
  engine = null;
  const address = engineAddressOf(process.argv);
  if (address === undefined) return engine;
  try {
    // The host's copies: messages of a second protobuf copy would not serialize. The
    // dynamic-provider host is the project's @pulumi/pulumi; the provider plugin, which serves
    // programs of any language, runs on this package's own.
    const fromProject = createRequire(`${process.cwd()}/`);
    let host: string;
    try {
      host = fromProject.resolve("@pulumi/pulumi/cmd/dynamic-provider");
    } catch {
      host = createRequire(__filename).resolve("@pulumi/pulumi/cmd/dynamic-provider");
    }
    const fromHost = createRequire(host);
    const grpc = fromHost("@grpc/grpc-js") as {
      credentials: { createInsecure(): unknown };
    };
    const services = fromHost("@pulumi/pulumi/proto/engine_grpc_pb") as {
      EngineClient: new (address: string, credentials: unknown) => EngineClient;
    };
    const messages = fromHost("@pulumi/pulumi/proto/engine_pb") as {
      LogRequest: new () => LogRequest;
    };
    engine = {
      client: new services.EngineClient(address, grpc.credentials.createInsecure()),
      LogRequest: messages.LogRequest,
    };
  } catch {
    engine = null;
  }
  return engine;
}

/**
 * Shows `message` as the status of the resource `label` names (e.g. `Vm "web"`): on the
 * resource when the call's URN is known, else on the Stack with the label in front.
 */
export function showProgress(label: string, message: string): void {
  log(label, message, true);
}

/**
 * Tells `message` about the resource `label` names as a line that stays in the output (among
 * the resource's diagnostics), unlike progress: for what the user must be able to read after
 * the run, such as a wait resumed for a job an earlier run started.
 */
export function noteOnResource(label: string, message: string): void {
  log(label, message, false);
}

function log(label: string, message: string, ephemeral: boolean): void {
  const target = connect();
  const urn = currentResourceUrn();
  const labelled = `${label}: ${message}`;
  if (target === null) {
    process.stderr.write(`vmcloud: ${labelled}\n`);
    return;
  }
  const request = new target.LogRequest()
    .setSeverity(INFO)
    .setMessage(urn === undefined ? labelled : message)
    .setUrn(urn ?? "")
    .setEphemeral(ephemeral);
  target.client.log(request, (error) => {
    if (error !== null) process.stderr.write(`vmcloud: ${labelled}\n`);
  });
}
