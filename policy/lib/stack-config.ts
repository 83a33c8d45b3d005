/**
 * The config of the stack under analysis, as the engine gives it to the policy pack, so that
 * the cost and quota policies read the same `vmcloud:*` settings as the program.
 *
 * The engine sends the stack's whole config, secrets decrypted, in the analyzer's
 * `ConfigureStack` call, before any analysis (Pulumi CLI 3.259: `config` and
 * `config_secret_keys` of `AnalyzerStackConfigureRequest`). `@pulumi/policy` 1.21 reads only
 * that call's tags and offers policies no way to see the config, so the pack records it as the
 * request is decoded: the `vmcloud:*` keys only, since nothing else is the pack's business. The
 * values live in this process's memory only and are never printed.
 */
import { createRequire } from "node:module";
import { CONFIG_NAMESPACE, type ConfigReader } from "../../provider/runtime/settings";

let config: ReadonlyMap<string, string> = new Map();

/** The stack's `vmcloud:*` config keyed by full key (`vmcloud:endpoint`); empty until the engine sends it. */
export function stackConfig(): ConfigReader {
  return { get: (key) => config.get(key) };
}

/** Replaces the recorded stack config (the engine's `ConfigureStack`; tests). */
export function useStackConfig(entries: Iterable<readonly [string, string]>): void {
  config = new Map(entries);
}

/** The part of the generated request message this module reads. */
interface StackConfigureRequest {
  getConfigMap(): { forEach(each: (value: string, key: string) => void): void };
}

/** The part of a generated gRPC method definition that decodes its request. */
interface MethodDefinition {
  requestDeserialize: (bytes: Buffer) => unknown;
}

/**
 * Records the stack config of every `ConfigureStack` call the pack's analyzer server receives.
 * Must run before the `PolicyPack` is constructed, since the server takes the decoder when it
 * registers the service. Returns why it could not, or undefined.
 */
export function readStackConfigFromEngine(): string | undefined {
  // The definition @pulumi/policy's server registers: the generated module, resolved from
  // @pulumi/policy's own location so it is the same module object.
  let method: Partial<MethodDefinition> | undefined;
  try {
    const fromPolicy = createRequire(require.resolve("@pulumi/policy/server"));
    const services = fromPolicy("@pulumi/pulumi/proto/analyzer_grpc_pb") as {
      AnalyzerService?: { configureStack?: Partial<MethodDefinition> };
    };
    method = services.AnalyzerService?.configureStack;
  } catch (error) {
    return `the analyzer's service definition could not be loaded (${error instanceof Error ? error.message : String(error)})`;
  }
  const decode = method?.requestDeserialize;
  if (method === undefined || typeof decode !== "function") {
    return "this @pulumi/pulumi has no ConfigureStack call in its analyzer service";
  }
  method.requestDeserialize = (bytes: Buffer) => {
    const request = decode(bytes) as Partial<StackConfigureRequest>;
    if (typeof request.getConfigMap === "function") {
      const entries: Array<[string, string]> = [];
      request.getConfigMap().forEach((value, key) => {
        if (key.startsWith(`${CONFIG_NAMESPACE}:`)) entries.push([key, value]);
      });
      useStackConfig(entries);
    }
    return request;
  };
  return undefined;
}
