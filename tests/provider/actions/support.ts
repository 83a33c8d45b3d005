/**
 * Shared set-up of the action suites: an emulator with the operations fixtures, the action
 * providers loaded as the dynamic-provider host loads them, a REST client for the function
 * forms, request-log counting, the operations state, and a preview switch for the functions.
 */
import * as pulumi from "@pulumi/pulumi";
import type { OperationsFixtures } from "../../../emulator/operations/fixtures";
import type { OperationsState } from "../../../emulator/operations/state";
import { createClient, type VmCloudClient } from "../../../provider/client";
import { startTestEmulator, type TestEmulator } from "../../support/emulator";
import {
  loadProvider,
  type LoggedRequest,
  type ProviderHarness,
} from "../support/provider-harness";

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
  const emu = await startTestEmulator(options);
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
