/**
 * Starts a provider plugin executable as the engine does (its engine address as the last
 * argument), reads the port it prints, and asks it over gRPC what the engine asks first:
 * GetPluginInfo and GetSchema. For the release's standalone executables
 * (tests/package/release.test.ts), run directly or through qemu.
 */
import { spawn } from "node:child_process";
import { createRequire } from "node:module";

// The protocol and gRPC copies of @pulumi/pulumi, as the plugin's own server uses.
const fromPulumi = createRequire(require.resolve("@pulumi/pulumi/provider"));
const grpc = fromPulumi("@grpc/grpc-js") as {
  credentials: { createInsecure(): unknown };
};
type Callback<T> = (error: Error | null, response: T) => void;
interface ProviderClient {
  getPluginInfo(request: unknown, callback: Callback<{ getVersion(): string }>): void;
  getSchema(request: unknown, callback: Callback<{ getSchema(): string }>): void;
  close(): void;
}
const services = fromPulumi("@pulumi/pulumi/proto/provider_grpc_pb") as {
  ResourceProviderClient: new (address: string, credentials: unknown) => ProviderClient;
};
const messages = fromPulumi("@pulumi/pulumi/proto/provider_pb") as {
  GetSchemaRequest: new () => unknown;
};
const { Empty } = fromPulumi("google-protobuf/google/protobuf/empty_pb") as {
  Empty: new () => unknown;
};

/** What the plugin answered, and how long each step took from the process's start. */
export interface PluginAnswers {
  version: string;
  schema: { name: string; version: string; pluginDownloadURL?: string };
  /** Milliseconds from spawn to the printed port. */
  portMs: number;
  /** Milliseconds from spawn to the answered GetSchema. */
  schemaMs: number;
}

function call<T>(send: (callback: Callback<T>) => void): Promise<T> {
  return new Promise((resolve, reject) =>
    send((error, response) => (error === null ? resolve(response) : reject(error))),
  );
}

/**
 * Runs `command args… 127.0.0.1:1` (no engine listens there; the plugin does not need one to
 * answer these calls), asks GetPluginInfo and GetSchema, then stops it. Fails with the
 * process's standard error if it exits first or prints no port within `timeoutMs`.
 */
export async function askPlugin(
  command: string,
  args: string[],
  options: { env?: NodeJS.ProcessEnv; timeoutMs?: number } = {},
): Promise<PluginAnswers> {
  const started = performance.now();
  const child = spawn(command, [...args, "127.0.0.1:1"], {
    env: options.env ?? process.env,
    stdio: ["ignore", "pipe", "pipe"],
  });
  let stderr = "";
  child.stderr.on("data", (chunk: Buffer) => (stderr += chunk.toString()));
  try {
    const port = await new Promise<string>((resolve, reject) => {
      let stdout = "";
      const timer = setTimeout(
        () => reject(new Error(`${command}: no port within ${options.timeoutMs} ms\n${stderr}`)),
        options.timeoutMs ?? 30_000,
      );
      child.stdout.on("data", (chunk: Buffer) => {
        stdout += chunk.toString();
        const line = /^(\d+)\n/.exec(stdout);
        if (line !== null) {
          clearTimeout(timer);
          resolve(line[1] as string);
        }
      });
      child.on("error", reject);
      child.on("exit", (code) => {
        clearTimeout(timer);
        reject(new Error(`${command} exited ${code} before printing a port:\n${stderr}`));
      });
    });
    const portMs = performance.now() - started;
    const client = new services.ResourceProviderClient(
      `127.0.0.1:${port}`,
      grpc.credentials.createInsecure(),
    );
    try {
      const info = await call<{ getVersion(): string }>((cb) =>
        client.getPluginInfo(new Empty(), cb),
      );
      const schema = await call<{ getSchema(): string }>((cb) =>
        client.getSchema(new messages.GetSchemaRequest(), cb),
      );
      const schemaMs = performance.now() - started;
      return {
        version: info.getVersion(),
        schema: JSON.parse(schema.getSchema()) as PluginAnswers["schema"],
        portMs,
        schemaMs,
      };
    } finally {
      client.close();
    }
  } finally {
    child.kill();
  }
}
