/**
 * One example of examples/ as a Pulumi stack for an end-to-end suite: a local file backend in
 * a temporary directory, a passphrase secrets provider, the emulator's endpoint, token (as a
 * secret) and project in the stack config, driven through the Automation API.
 */
import { mkdir, mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import {
  type ConfigMap,
  type EngineEvent,
  LocalWorkspace,
  type OpMap,
  type Stack,
} from "@pulumi/pulumi/automation";
import { afterAll, beforeAll } from "vitest";
import type { EmulatorOptions } from "../../../emulator";
import { startTestEmulator, type TestEmulator } from "../../support/emulator";
import { lateBound } from "../../support/suite-value";
import {
  ENGINE_TIMEOUT_MS,
  type Engine,
  type EngineOptions,
  type Launcher,
  prepareEngine,
  repo,
} from "./engine";
import { stockProject } from "./stock-project";

/** The passphrase of every test stack (its secrets are encrypted with it). */
export const TEST_PASSPHRASE = "vmcloud-e2e-passphrase";

/** A resource step as the engine reported it. */
export interface Step {
  op: string;
  type: string;
  urn: string;
}

/** Collects the steps and diagnostics of one operation. */
export interface Recorder {
  /** Every step that is not `same`. */
  steps: Step[];
  /** Diagnostic messages (warnings, errors and the provider's stderr lines). */
  diagnostics: string[];
  onEvent(event: EngineEvent): void;
}

/**
 * A fresh recorder for `stack.up({ onEvent })` and friends. A refresh announces every resource
 * as `refresh` and reports the ones that changed as `update`; quiet ops are left out, and so is
 * the engine's default provider.
 */
export function recorder(): Recorder {
  const seen = new Set<string>();
  const steps: Step[] = [];
  const diagnostics: string[] = [];
  return {
    steps,
    diagnostics,
    onEvent(event) {
      if (event.diagnosticEvent !== undefined) diagnostics.push(event.diagnosticEvent.message);
      const meta = event.resourcePreEvent?.metadata ?? event.resOutputsEvent?.metadata;
      if (meta === undefined || meta.type.startsWith("pulumi:providers:")) return;
      if (QUIET_OPS.has(meta.op) || seen.has(`${meta.op} ${meta.urn}`)) return;
      seen.add(`${meta.op} ${meta.urn}`);
      steps.push({ op: meta.op, type: meta.type, urn: meta.urn });
    },
  };
}

/** Ops that change nothing. */
const QUIET_OPS = new Set(["same", "read", "refresh"]);

/** The change counts without `same`, e.g. `{ update: 1 }`. */
export function changes(summary: OpMap | undefined): Record<string, number> {
  const result: Record<string, number> = {};
  for (const [op, count] of Object.entries(summary ?? {})) {
    if (op !== "same" && count !== undefined && count > 0) result[op] = count;
  }
  return result;
}

/** The text of the error `work` rejects with (the CLI's output, for a failed command). */
export async function failureText(work: Promise<unknown>): Promise<string> {
  try {
    await work;
  } catch (error) {
    return String(error);
  }
  throw new Error("expected the command to fail");
}

/** An example's stack in a temporary backend. */
export interface ExampleStack {
  stack: Stack;
  stackName: string;
  /** The example's directory (the Pulumi project). */
  workDir: string;
  /** The file backend's directory. */
  backendDir: string;
  /** The stack settings file `pulumi stack init` wrote (`Pulumi.<stack>.yaml`). */
  settingsFile: string;
  /** The environment the engine runs with (for running the CLI directly). */
  env: Record<string, string>;
  /** Removes the stack (forced), its settings file and the temporary directory. */
  close(): Promise<void>;
}

/** Options of {@link openExampleStack}. */
export interface ExampleStackOptions {
  /** Project config besides the provider's (keys without the project prefix are the project's). */
  config?: Record<string, string>;
  /** Project config stored as secrets. */
  secrets?: Record<string, string>;
  /**
   * The Pulumi project's directory, when it is not `examples/<example>`. Under the stock
   * launcher the stack runs in a copy of the project with its own node_modules
   * (stock-project.ts).
   */
  workDir?: string;
  /**
   * Directories to put first on the engine's PATH, e.g. the `bin` of a Python environment that
   * holds the program's packages (the Python language host runs the first `python3` on PATH).
   */
  binPath?: string;
}

let opened = 0;

/**
 * Creates a stack of `examples/<example>` (or of `options.workDir`) configured for `emulator`:
 * `vmcloud:endpoint`, `vmcloud:token` (secret) and `vmcloud:projectId` of the fixture project,
 * plus `options`. With no emulator (a program that makes no vmcloud resource), only `options`.
 * Every end-to-end and reliability stack is made here.
 */
export async function openExampleStack(
  engine: Engine,
  emulator: TestEmulator | undefined,
  example: string,
  options: ExampleStackOptions = {},
): Promise<ExampleStack> {
  const scratch = await mkdtemp(join(tmpdir(), `vmcloud-e2e-${example}-`));
  const backendDir = join(scratch, "state");
  await mkdir(backendDir);
  const source = options.workDir ?? join(repo, "examples", example);
  const workDir =
    engine.launcher === "stock" ? await stockProject(source, join(scratch, "project")) : source;
  // Stacks of one program share its directory, where each one's settings file is named after it.
  const stackName = `e2e-${process.pid}-${++opened}-${Date.now().toString(36)}`;
  const env: Record<string, string> = {
    PATH: `${options.binPath === undefined ? "" : `${options.binPath}:`}${engine.enginePath}:${process.env.PATH ?? ""}`,
    PULUMI_BACKEND_URL: `file://${backendDir}`,
    PULUMI_CONFIG_PASSPHRASE: TEST_PASSPHRASE,
    PULUMI_SKIP_UPDATE_CHECK: "true",
    PULUMI_HOME: join(scratch, "home"),
    // The provider must take its settings from the stack config, not from a developer's shell.
    VMCLOUD_ENDPOINT: "",
    VMCLOUD_TOKEN: "",
    VMCLOUD_PROJECT_ID: "",
  };
  const stack = await LocalWorkspace.createStack(
    { stackName, workDir },
    { pulumiCommand: engine.pulumiCommand, pulumiHome: env.PULUMI_HOME, envVars: env },
  );
  const config: ConfigMap =
    emulator === undefined
      ? {}
      : {
          "vmcloud:endpoint": { value: emulator.url },
          "vmcloud:token": { value: emulator.token, secret: true },
          "vmcloud:projectId": { value: emulator.fixtures.vm.projectId },
        };
  for (const [key, value] of Object.entries(options.config ?? {})) config[key] = { value };
  for (const [key, value] of Object.entries(options.secrets ?? {})) {
    config[key] = { value, secret: true };
  }
  await stack.setAllConfig(config);
  const settingsFile = join(workDir, `Pulumi.${stackName}.yaml`);
  return {
    stack,
    stackName,
    workDir,
    backendDir,
    settingsFile,
    env,
    async close() {
      await stack.workspace.removeStack(stackName, { force: true }).catch(() => undefined);
      // `stack rm` deletes the settings file; make sure none is left in the example.
      await rm(settingsFile, { force: true });
      await rm(scratch, { recursive: true, force: true });
    },
  };
}

/** Options of {@link useExampleStack}. */
export interface ExampleSuiteOptions {
  /** The engine's dynamic-provider launcher; `ours` unless told. */
  launcher?: Launcher;
  /** The engine's other options (the language hosts). */
  engine?: EngineOptions;
  /** The emulator's options; speed 20 unless told, so the engine's waits take milliseconds. */
  emulator?: EmulatorOptions;
  /**
   * The stack's options, or what makes them once the emulator runs: what a program's config
   * names (ids of objects made through the API first, fresh name prefixes) is known only then.
   * `scratch` is a temporary directory for what the program needs (a copy of it, a Python
   * environment), removed after the suite.
   */
  stack?:
    | ExampleStackOptions
    | ((
        emulator: TestEmulator,
        engine: Engine,
        scratch: string,
      ) => ExampleStackOptions | Promise<ExampleStackOptions>);
  /** Runs before the stack is closed, e.g. a destroy of what the tests left up. */
  beforeClose?: (example: ExampleStack) => Promise<void>;
  /** How long `afterAll` may take to close the stack and the emulator; 120 s unless told. */
  closeTimeoutMs?: number;
}

/** What {@link useExampleStack} sets up, to use by name in hooks and tests. */
export interface ExampleSuite {
  engine: Engine;
  emulator: TestEmulator;
  example: ExampleStack;
  /** The ids the emulator held when it started (its fixtures), for what `destroy` must leave. */
  fixtureIds: Record<string, string[]>;
}

/**
 * The one set-up of an end-to-end suite of an example or fixture program: in `beforeAll` of
 * the enclosing suite, the engine, an emulator, its fixture ids and the program's stack
 * ({@link openExampleStack}); in `afterAll`, the stack closed, then the emulator.
 */
export function useExampleStack(name: string, options: ExampleSuiteOptions = {}): ExampleSuite {
  const made: Partial<ExampleSuite> = {};
  let scratch: string | undefined;
  beforeAll(async () => {
    const engine = (made.engine = await prepareEngine(options.launcher, options.engine));
    const emulator = (made.emulator = await startTestEmulator({ speed: 20, ...options.emulator }));
    made.fixtureIds = await resourceIds(emulator);
    scratch = await mkdtemp(join(tmpdir(), `vmcloud-e2e-${name}-scratch-`));
    const stack =
      typeof options.stack === "function"
        ? await options.stack(emulator, engine, scratch)
        : (options.stack ?? {});
    made.example = await openExampleStack(engine, emulator, name, stack);
  }, ENGINE_TIMEOUT_MS);
  afterAll(async () => {
    const { example, emulator } = made;
    if (example !== undefined) await options.beforeClose?.(example);
    await example?.close();
    await emulator?.close();
    if (scratch !== undefined) await rm(scratch, { recursive: true, force: true });
    for (const key of Object.keys(made)) delete made[key as keyof ExampleSuite];
  }, options.closeTimeoutMs ?? 120_000);
  // Each value is usable as soon as it is made: `stack` may call the emulator by its name.
  const value = <Key extends keyof ExampleSuite>(key: Key) =>
    lateBound((): ExampleSuite[Key] => {
      const found = made[key];
      if (found === undefined) throw new Error(`the ${name} suite makes its ${key} in beforeAll`);
      return found as ExampleSuite[Key];
    });
  return {
    engine: value("engine"),
    emulator: value("emulator"),
    example: value("example"),
    fixtureIds: value("fixtureIds"),
  };
}

/** The emulator's collections of things programs create (not catalog fixtures, not tasks). */
const RESOURCE_COLLECTIONS = [
  "vms",
  "freeTierVms",
  "disks",
  "subnets",
  "securityGroups",
  "securityGroupRules",
  "interfaces",
  "externalIps",
  "placementGroups",
  "natGateways",
  "images",
  "backups",
] as const;

/** Ids of every program-made kind of record in the emulator, by collection, sorted. */
export async function resourceIds(emulator: TestEmulator): Promise<Record<string, string[]>> {
  const reply = await emulator.call("GET", "/_emulator/state");
  const vm = (reply.body as { vm: Record<string, Record<string, unknown>> }).vm;
  const ids: Record<string, string[]> = {};
  for (const name of RESOURCE_COLLECTIONS) ids[name] = Object.keys(vm[name] ?? {}).sort();
  return ids;
}

/**
 * Waits until the emulator holds exactly `expected` (records being deleted disappear after
 * their delay), then returns what it holds.
 */
export async function waitForResourceIds(
  emulator: TestEmulator,
  expected: Record<string, string[]>,
  timeoutMs = 10_000,
): Promise<Record<string, string[]>> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const ids = await resourceIds(emulator);
    if (JSON.stringify(ids) === JSON.stringify(expected) || Date.now() > deadline) return ids;
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** One resource of an exported deployment. */
export interface StateResource {
  urn: string;
  type: string;
  id?: string;
  inputs?: Record<string, unknown>;
  outputs?: Record<string, unknown>;
  /** Where the program declared the resource: `project:///<file>#<line>,<column>`. */
  sourcePosition?: string;
  /** The stack of that declaration, one frame each (empty for a frame with no position). */
  stackTrace?: { sourcePosition?: string }[];
  /** The resources each input depends on, by input. */
  propertyDependencies?: Record<string, string[]>;
}

/** The resources of the stack's current state. */
export async function stateResources(stack: Stack): Promise<StateResource[]> {
  const state = await stack.exportStack();
  return (state.deployment as { resources?: StateResource[] }).resources ?? [];
}

/**
 * The one resource of `type` named `name`: `type` is a vmcloud class name (`Vm`, a dynamic
 * provider's resource) or a whole type token (`vmcloud:index:Vm`, the provider plugin's).
 */
export async function stateResource(
  stack: Stack,
  type: string,
  name: string,
): Promise<StateResource> {
  const resources = await stateResources(stack);
  const token = type.includes(":") ? type : `pulumi-nodejs:dynamic/vmcloud:${type}`;
  const found = resources.find((r) => r.type === token && r.urn.endsWith(`::${name}`));
  if (found === undefined) {
    throw new Error(
      `no ${type} "${name}" in the state; it has: ${resources.map((r) => r.urn).join(", ")}`,
    );
  }
  return found;
}
