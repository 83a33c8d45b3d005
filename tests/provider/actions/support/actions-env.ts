/**
 * What the action suites share: their set-up, an emulator with the operations fixtures, the action
 * providers loaded as the dynamic-provider host loads them, a REST client for the function
 * forms, request-log counting, the operations state, and a preview switch for the functions.
 */
import * as pulumi from "@pulumi/pulumi";
import type { OperationsFixtures } from "../../../../emulator/operations/fixtures";
import type { OperationsState } from "../../../../emulator/operations/state";
import { createClient, type VmCloudClient } from "../../../../provider/client";
import {
  startTestEmulator,
  useTestEmulator,
  type SuiteEmulatorOptions,
  type TestEmulator,
} from "../../../support/emulator";
import { suiteValue } from "../../../support/suite-value";
import {
  loadProvider,
  type LoggedRequest,
  type ProviderHarness,
} from "../../support/provider-harness";

/** An emulator for the action suites, with helpers. */
export interface ActionsEnv {
  emu: TestEmulator;
  ops: OperationsFixtures;
  /** A client with the emulator's URL and token, for the function forms. */
  client: VmCloudClient;
  /** The emulator's request log (service requests only). */
  requests(): Promise<LoggedRequest[]>;
  clearRequests(): Promise<void>;
  /** Requests whose method is `method` and whose path (without query) matches `path`. */
  count(method: string, path: RegExp): Promise<number>;
  /** The operations state, settled to now. */
  state(): Promise<OperationsState>;
  /** Resets the emulator to its fixtures. */
  reset(): Promise<void>;
  /** Loads the provider of an action kind, configured for this emulator. */
  provider(kind: string, config?: Record<string, string>): Promise<ProviderHarness>;
  close(): Promise<void>;
}

/** Starts the emulator (speed 50 unless told) for one suite. */
export async function startActionsEnv(
  options: { speed?: number; restoreJobId?: boolean } = {},
): Promise<ActionsEnv> {
  return actionsEnv(await startTestEmulator(options));
}

/**
 * The set-up of an action suite: {@link useTestEmulator} (speed 50 unless told) seen through
 * {@link ActionsEnv}, to use by name in hooks and tests; its client is closed after the suite.
 */
export function useActionsEnv(options: SuiteEmulatorOptions = {}): ActionsEnv {
  const emu = useTestEmulator(options);
  return suiteValue(
    "the actions environment",
    async () => actionsEnv(emu),
    async (env) => env.client.close(),
  );
}

/**
 * The provider of `kind` loaded against `env` in `beforeAll`, to use by name in hooks and
 * tests.
 */
export function useActionProvider(env: ActionsEnv, kind: string): ProviderHarness {
  return suiteValue(`the ${kind} provider`, () => env.provider(kind));
}

/** `emu` seen through {@link ActionsEnv}; `close` closes the client and the emulator. */
function actionsEnv(emu: TestEmulator): ActionsEnv {
  const ops = emu.fixtures.operations as OperationsFixtures;
  const client = createClient({ endpoint: emu.url, token: emu.token, retry: { limit: 0 } });
  const requests = async () =>
    ((await (await fetch(`${emu.url}/_emulator/requests`)).json()) as { requests: LoggedRequest[] })
      .requests;
  return {
    emu,
    ops,
    client,
    requests,
    clearRequests: async () => {
      await fetch(`${emu.url}/_emulator/requests`, { method: "DELETE" });
    },
    count: async (method, path) =>
      (await requests()).filter((r) => r.method === method && path.test(r.url.split("?")[0]!))
        .length,
    state: async () =>
      (
        (await (await fetch(`${emu.url}/_emulator/state`)).json()) as {
          operations: OperationsState;
        }
      ).operations,
    reset: async () => {
      await fetch(`${emu.url}/_emulator/reset`, { method: "POST" });
    },
    provider: (kind, config = {}) => loadProvider(kind, emu, config),
    close: async () => {
      client.close();
      await emu.close();
    },
  };
}

/** The fixture with this name; fails the test when absent. */
export function named<T extends { name: string }>(items: readonly T[], name: string): T {
  const item = items.find((i) => i.name === name);
  if (item === undefined) throw new Error(`no fixture named ${name}`);
  return item;
}

/** Runs `work` as if in `pulumi preview` (the runtime's dry-run flag set), then restores it. */
export async function inPreview<T>(work: () => Promise<T>): Promise<T> {
  const mocks: pulumi.runtime.Mocks = {
    newResource: (args) => ({ id: `${args.name}-id`, state: args.inputs }),
    call: (args) => args.inputs,
  };
  pulumi.runtime.setMocks(mocks, "project", "stack", true);
  try {
    return await work();
  } finally {
    pulumi.runtime.setMocks(mocks, "project", "stack", false);
  }
}

/** Every string inside `value` (deeply), for "the secret appears nowhere" checks. */
export function jsonText(value: unknown): string {
  return JSON.stringify(value) ?? "";
}
