/**
 * The `__provider` text of every SDK class, as the class registers it with the engine (see
 * capture-sdk-providers.cjs): from the SDK's sources in this process, or from the built
 * package (`dist/`) in a separate Node.js process.
 */
import { execFile } from "node:child_process";
import { existsSync } from "node:fs";
import { join } from "node:path";
import { promisify } from "node:util";
import * as pulumi from "@pulumi/pulumi";
import * as sdk from "../../../sdk";
import { TYPE_TOKENS, type VmCloudTypeName } from "../../../provider/type-tokens";
import { repo } from "./dynamic-host";

/** What one class registered. */
export interface Registered {
  /** The type token. */
  type: string;
  /** The `__provider` input. */
  provider: string;
  /** Every input it registered (with `__provider`). */
  inputs: Record<string, unknown>;
}

/** Registrations by class name. */
export type Captured = Record<VmCloudTypeName, Registered>;

interface CaptureModule {
  captureProviders(
    p: typeof pulumi,
    s: unknown,
    tokens: typeof TYPE_TOKENS,
    token: string,
  ): Promise<Captured>;
}

// eslint-disable-next-line @typescript-eslint/no-require-imports
const capture = require("./capture-sdk-providers.cjs") as CaptureModule;

/** The built SDK the separate process loads. */
export const builtSdk = join(repo, "dist", "sdk", "index.js");

const inProcess = new Map<string, Promise<Captured>>();

/**
 * Registers one resource of every class from the SDK's sources under Pulumi's mocks, with
 * `token` as the stack's `vmcloud:token` (and `VMCLOUD_TOKEN`); memoized per token.
 */
export function sdkProviders(token: string): Promise<Captured> {
  let found = inProcess.get(token);
  if (found === undefined) {
    found = capture.captureProviders(pulumi, sdk, TYPE_TOKENS, token);
    inProcess.set(token, found);
  }
  return found;
}

/** The same from the built package, in a new Node.js process (run `npm run build` first). */
export async function builtSdkProviders(token: string): Promise<Captured> {
  if (!existsSync(builtSdk)) {
    throw new Error(`${builtSdk} is missing: build first with \`npx tsc -p tsconfig.json\``);
  }
  const { stdout } = await promisify(execFile)(
    process.execPath,
    [join(__dirname, "capture-sdk-providers.cjs"), builtSdk, token],
    { cwd: repo, maxBuffer: 10 * 1024 * 1024 },
  );
  return JSON.parse(stdout) as Captured;
}
