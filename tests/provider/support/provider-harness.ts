/**
 * Drives one resource's dynamic provider the way Pulumi's dynamic-provider host does, against
 * a test emulator: the `__provider` shim text our SDK stores is loaded with the host's own
 * `require-from-string` and `.handler()`, `configure` gets the host's config reader holding
 * `vmcloud:*` keys, every call carries `__provider` in its properties, and every argument and
 * result crosses a protobuf Struct as on the gRPC wire (so an `undefined` output fails here as
 * it would in the host). The shim loads the built code: run `npx tsc -p tsconfig.json` first.
 */
import { existsSync, realpathSync } from "node:fs";
import { createRequire } from "node:module";
import { join, resolve } from "node:path";
import type * as pulumi from "@pulumi/pulumi";
import {
  adminCaller,
  useTestEmulator,
  type LoggedRequest,
  type SuiteEmulatorOptions,
  type TestEmulator,
} from "../../support/emulator";
import { suiteValue } from "../../support/suite-value";
import { failureLine } from "./failures";

const repo = resolve(__dirname, "../../..");
const repoRequire = createRequire(join(repo, "package.json"));
// The host's own copies, so loading and wire conversion match it exactly.
const pulumiRequire = createRequire(repoRequire.resolve("@pulumi/pulumi/package.json"));
const requireFromString = pulumiRequire("require-from-string") as (code: string) => {
  handler(): unknown;
};
const { Config: HostConfig } = pulumiRequire("./cmd/dynamic-provider/config.js") as {
  Config: new (
    raw: Record<string, string>,
    project: string,
  ) => { get(key: string): string | undefined };
};
const { Struct } = pulumiRequire("google-protobuf/google/protobuf/struct_pb") as {
  Struct: {
    fromJavaScript(value: Record<string, unknown>): { toJavaScript(): Record<string, unknown> };
  };
};

/** Properties as they cross the wire (a JSON-like object). */
export type Props = Record<string, unknown>;

/** One entry of the emulator's request log. */
export type { LoggedRequest } from "../../support/emulator";

/** The provider methods, as the host calls them. */
type HostedProvider = Required<pulumi.dynamic.ResourceProvider> & {
  configure(req: { config: { get(key: string): string | undefined } }): Promise<void>;
};

/** One resource kind's provider, loaded like the host loads it, plus emulator helpers. */
export interface ProviderHarness {
  /** The emulator the provider talks to. */
  emu: TestEmulator;
  /** The `__provider` text the engine stores with each resource. */
  shim: string;
  /** `check(olds, news)`; olds default to `{}` as on create. Inputs come back without `__provider`. */
  check(
    news: Props,
    olds?: Props,
  ): Promise<{ inputs: Props; failures: pulumi.dynamic.CheckFailure[] }>;
  diff(id: string, olds: Props, news: Props): Promise<pulumi.dynamic.DiffResult>;
  create(inputs: Props): Promise<{ id: string; outs: Props }>;
  /** `read(id, props)`: props `{}` is an import. */
  read(id: string, props?: Props): Promise<{ id?: string; props?: Props; inputs?: Props }>;
  update(id: string, olds: Props, news: Props): Promise<{ outs: Props }>;
  delete(id: string, props: Props): Promise<void>;
  /** `check` that must pass, then `create`: what `pulumi up` does for a new resource. */
  up(news: Props): Promise<{ id: string; inputs: Props; outs: Props }>;
  /** The emulator's request log (service requests only). */
  requests(): Promise<LoggedRequest[]>;
  clearRequests(): Promise<void>;
  /** Replaces the emulator's fault rules (an empty list turns them off). */
  setFaults(rules: unknown[], seed?: number): Promise<void>;
  /**
   * What the next `pulumi up` or `preview` is: a new provider process. The process's client
   * and all it keeps per client (catalog cache, the names read for leftovers and taken names,
   * the waits' pace) are made afresh, for every provider loaded in this test file.
   */
  newProcess(): Promise<void>;
}

/**
 * Checks that the shim resolves `@vmcloud/pulumi` to this repository from the working
 * directory, exactly as the host will (no file name, resolution anchored at the cwd).
 */
function ensurePackageResolvable(): void {
  const found = requireFromString(
    `exports.handler=()=>require("module").createRequire(process.cwd()+"/").resolve("@vmcloud/pulumi/package.json")`,
  ).handler() as string;
  if (realpathSync(found) !== realpathSync(join(repo, "package.json"))) {
    throw new Error(`@vmcloud/pulumi resolves to ${found}, not to this repository (${repo})`);
  }
}

/** A Struct round trip, as every gRPC message makes. */
function wire(value: Props): Props {
  return Struct.fromJavaScript(value).toJavaScript();
}

function withoutProvider(props: Props | undefined): Props | undefined {
  if (props === undefined) return undefined;
  const { __provider: _ignored, ...rest } = props;
  return rest;
}

/**
 * Loads the provider of `kind` (e.g. `resources/disk`) and configures it for `emu`: endpoint,
 * token and the fixture project, unless `config` overrides them (keys like `vmcloud:token`;
 * an empty string removes a key).
 */
export async function loadProvider(
  kind: string,
  emu: TestEmulator,
  config: Record<string, string> = {},
): Promise<ProviderHarness> {
  const module = join(repo, "dist", "provider", `${kind}.js`);
  if (!existsSync(module)) {
    throw new Error(`${module} is missing: build first with \`npx tsc -p tsconfig.json\``);
  }
  ensurePackageResolvable();
  // The shim text exactly as the SDK stores it (built code, like the module it loads).
  const { providerShim } = repoRequire("./dist/provider/shim.js") as {
    providerShim(kind: string): string;
  };
  const shim = providerShim(kind);
  const provider = requireFromString(shim).handler() as HostedProvider;
  const raw: Record<string, string> = {
    "vmcloud:endpoint": emu.url,
    "vmcloud:token": emu.token,
    "vmcloud:projectId": emu.fixtures.vm.projectId,
    ...config,
  };
  for (const [key, value] of Object.entries(raw)) if (value === "") delete raw[key];
  // The host names the project "project" when it runs without one.
  await provider.configure({ config: new HostConfig(raw, "project") });

  const stored = (props: Props) => wire({ ...props, __provider: shim });
  const admin = adminCaller(emu.url);

  const harness: ProviderHarness = {
    emu,
    shim,
    async check(news, olds = {}) {
      const result = await provider.check(wire(olds), stored(news));
      return {
        inputs: withoutProvider(wire(result.inputs ?? {}))!,
        failures: [...(result.failures ?? [])],
      };
    },
    diff: (id, olds, news) => provider.diff(id, stored(olds), stored(news)),
    async create(inputs) {
      const result = await provider.create(stored(inputs));
      return { id: result.id, outs: withoutProvider(wire(result.outs ?? {}))! };
    },
    async read(id, props = {}) {
      // An import sends no properties but `__provider` (the host falls back to the inputs).
      const result = await provider.read(id, stored(props));
      return {
        ...(result.id === undefined ? {} : { id: result.id }),
        ...(result.props === undefined ? {} : { props: withoutProvider(wire(result.props)) }),
        ...(result.inputs === undefined ? {} : { inputs: withoutProvider(wire(result.inputs)) }),
      };
    },
    async update(id, olds, news) {
      const result = await provider.update(id, stored(olds), stored(news));
      return { outs: withoutProvider(wire(result.outs ?? {}))! };
    },
    delete: (id, props) => provider.delete(id, stored(props)),
    async up(news) {
      const checked = await harness.check(news);
      if (checked.failures.length > 0) {
        throw new Error(`check failed: ${checked.failures.map(failureLine).join("; ")}`);
      }
      const created = await harness.create(checked.inputs);
      return { id: created.id, inputs: checked.inputs, outs: created.outs };
    },
    async requests() {
      return ((await admin("GET", "/_emulator/requests")) as { requests: LoggedRequest[] })
        .requests;
    },
    async clearRequests() {
      await admin("DELETE", "/_emulator/requests");
    },
    async setFaults(rules, seed) {
      await admin("PUT", "/_emulator/faults", { rules, ...(seed === undefined ? {} : { seed }) });
    },
    async newProcess() {
      // Other settings drop the process's client; the first operation after the original
      // settings come back makes a new one. No request is sent in between.
      const other = { ...raw, "vmcloud:endpoint": `${emu.url}/another-process` };
      await provider.configure({ config: new HostConfig(other, "project") });
      await provider.configure({ config: new HostConfig(raw, "project") });
    },
  };
  return harness;
}

/**
 * The set-up of a provider suite: {@link useTestEmulator} and, loaded against it in
 * `beforeAll` one after another, the providers `kinds` names (`{ disk: "resources/disk" }`
 * gives `disk`), all to use by name in hooks and tests.
 */
export function useProviders<Name extends string>(
  kinds: Record<Name, string>,
  options: SuiteEmulatorOptions = {},
): { emu: TestEmulator } & Record<Name, ProviderHarness> {
  const emu = useTestEmulator(options);
  const providers = {} as Record<Name, ProviderHarness>;
  for (const [name, kind] of Object.entries(kinds) as Array<[Name, string]>) {
    providers[name] = suiteValue(`the ${kind} provider`, () => loadProvider(kind, emu));
  }
  return { emu, ...providers };
}
