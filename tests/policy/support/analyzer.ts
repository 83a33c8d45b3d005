/**
 * Starts the built policy pack (policy/index.js → dist/policy/pack.js) the way the engine's
 * launcher starts it (`node <@pulumi/pulumi>/cmd/run-policy-pack <engine> .` in the pack's
 * directory) and drives its analyzer server over gRPC with the stubs `@pulumi/pulumi` ships:
 * `ConfigureStack` with a stack's config, as the engine sends it before any analysis, then
 * `AnalyzeStack`. Messages, `@grpc/grpc-js` and `google-protobuf` come from the location of
 * the `@pulumi/pulumi` that the pack's `@pulumi/policy` uses (a second copy of
 * `google-protobuf` breaks message serialization).
 */
import { spawn, type ChildProcess } from "node:child_process";
import { createRequire } from "node:module";
import { join, resolve } from "node:path";
import type * as grpcTypes from "@grpc/grpc-js";
import type * as analyzerGrpcTypes from "@pulumi/pulumi/proto/analyzer_grpc_pb";
import type * as analyzerTypes from "@pulumi/pulumi/proto/analyzer_pb";
import type * as structTypes from "google-protobuf/google/protobuf/struct_pb";

const repo = resolve(__dirname, "../../..");
const packDir = join(repo, "policy");
const fromPolicy = createRequire(
  createRequire(join(packDir, "index.js")).resolve("@pulumi/policy"),
);
const pulumiRequire = createRequire(fromPolicy.resolve("@pulumi/pulumi/package.json"));
const grpc = pulumiRequire("@grpc/grpc-js") as typeof grpcTypes;
const analyzerGrpc = pulumiRequire("./proto/analyzer_grpc_pb") as typeof analyzerGrpcTypes;
const analyzer = pulumiRequire("./proto/analyzer_pb") as typeof analyzerTypes;
const { Struct } = pulumiRequire("google-protobuf/google/protobuf/struct_pb") as typeof structTypes;

/** One resource of the stack, as the engine sends it to `AnalyzeStack`. */
export interface StackResource {
  type: string;
  name: string;
  /** Its properties, as plain JSON. */
  props: Record<string, unknown>;
}

/** One diagnostic the pack answered. */
export interface Diagnostic {
  policyName: string;
  message: string;
  enforcementLevel: "advisory" | "mandatory" | "disabled" | "remediate";
}

/** What `AnalyzeStack` answered. */
export interface StackAnalysis {
  diagnostics: Diagnostic[];
  /** Policy name → why it did not apply. */
  notApplicable: Record<string, string>;
}

/** A running policy pack. */
export interface RunningPack {
  /** Sends `ConfigureStack` with the stack's config (full keys, secrets decrypted). */
  configureStack(config: Record<string, string>, secretKeys?: string[]): Promise<void>;
  /** Sends `AnalyzeStack` with the stack's resources. */
  analyzeStack(resources: StackResource[]): Promise<StackAnalysis>;
  /** Everything the pack printed so far, stdout and stderr. */
  output(): string;
  /** Stops the pack's process. */
  stop(): Promise<void>;
}

const LEVELS = ["advisory", "mandatory", "disabled", "remediate"] as const;

function unary<Req, Res>(
  call: (
    request: Req,
    callback: (error: grpcTypes.ServiceError | null, response: Res) => void,
  ) => unknown,
  request: Req,
): Promise<Res> {
  return new Promise((resolvePromise, reject) => {
    call(request, (error, response) => (error ? reject(error) : resolvePromise(response)));
  });
}

/** Starts the pack with `env` as its whole environment and waits for the port it prints. */
export async function startPack(env: NodeJS.ProcessEnv): Promise<RunningPack> {
  const runner = pulumiRequire.resolve("./cmd/run-policy-pack");
  const child: ChildProcess = spawn(process.execPath, [runner, "127.0.0.1:1", "."], {
    cwd: packDir,
    env,
    stdio: ["ignore", "pipe", "pipe"],
  });
  let stdout = "";
  let stderr = "";
  child.stderr!.setEncoding("utf8").on("data", (chunk: string) => (stderr += chunk));
  const port = await new Promise<number>((resolvePromise, reject) => {
    const timer = setTimeout(
      () => reject(new Error(`the pack printed no port:\n${stderr}`)),
      60_000,
    );
    child.stdout!.setEncoding("utf8").on("data", (chunk: string) => {
      stdout += chunk;
      const match = /^(\d+)\s*$/m.exec(stdout);
      if (match !== null) {
        clearTimeout(timer);
        resolvePromise(Number(match[1]));
      }
    });
    child.on("exit", (code) => {
      clearTimeout(timer);
      reject(new Error(`the pack exited (${code}):\n${stdout}${stderr}`));
    });
  });
  const client = new analyzerGrpc.AnalyzerClient(
    `127.0.0.1:${port}`,
    grpc.credentials.createInsecure(),
  );
  return {
    async configureStack(config, secretKeys = []) {
      const request = new analyzer.AnalyzerStackConfigureRequest();
      request.setStack("dev");
      request.setProject("policy-tests");
      request.setOrganization("organization");
      request.setDryRun(true);
      for (const [key, value] of Object.entries(config)) request.getConfigMap().set(key, value);
      request.setConfigSecretKeysList(secretKeys);
      await unary(client.configureStack.bind(client), request);
    },
    async analyzeStack(resources) {
      const request = new analyzer.AnalyzeStackRequest();
      request.setResourcesList(
        resources.map((r) => {
          const resource = new analyzer.AnalyzerResource();
          resource.setType(r.type);
          resource.setName(r.name);
          resource.setUrn(`urn:pulumi:dev::policy-tests::${r.type}::${r.name}`);
          resource.setProperties(Struct.fromJavaScript(r.props as never));
          // The engine always sends options (the library refuses a resource without them).
          resource.setOptions(new analyzer.AnalyzerResourceOptions());
          return resource;
        }),
      );
      const response = await unary(client.analyzeStack.bind(client), request);
      return {
        diagnostics: response.getDiagnosticsList().map((d) => ({
          policyName: d.getPolicyname(),
          message: d.getMessage(),
          enforcementLevel: LEVELS[d.getEnforcementlevel()]!,
        })),
        notApplicable: Object.fromEntries(
          response.getNotApplicableList().map((n) => [n.getPolicyName(), n.getReason()]),
        ),
      };
    },
    output: () => stdout + stderr,
    async stop() {
      client.close();
      if (child.exitCode !== null) return;
      const exited = new Promise((resolvePromise) => child.once("exit", resolvePromise));
      child.kill("SIGTERM");
      await exited;
    },
  };
}
