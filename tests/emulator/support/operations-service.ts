/**
 * What the operations suites share: their emulator set-up, the operations fixtures, a caller
 * that authenticates with X-Auth-Token, and a reader of the operations state.
 */
import type { OperationsFixtures } from "../../../emulator/operations/fixtures";
import type { OperationsState } from "../../../emulator/operations/state";
import {
  useTestEmulator,
  type Reply,
  type SuiteEmulatorOptions,
  type TestEmulator,
} from "../../support/emulator";
import { suiteValue } from "../../support/suite-value";

/** An emulator with the operations fixtures and helpers. */
export interface OpsEmulator {
  emu: TestEmulator;
  ops: OperationsFixtures;
  /** Sends a request with `X-Auth-Token` (unless `token: false`), never a bearer token. */
  call(
    method: string,
    path: string,
    options?: {
      body?: unknown;
      rawBody?: string;
      headers?: Record<string, string>;
      token?: boolean;
    },
  ): Promise<Reply>;
  /** The operations state, settled to now. */
  state(): Promise<OperationsState>;
  /** Resets the emulator to its fixtures. */
  reset(): Promise<void>;
  /** Polls until `done` holds for the operations state. */
  waitForState(
    done: (state: OperationsState) => boolean,
    timeoutMs?: number,
  ): Promise<OperationsState>;
  close(): Promise<void>;
}

/**
 * The set-up of an operations suite: {@link useTestEmulator} (speed 50 unless told) seen
 * through {@link OpsEmulator}, to use by name in hooks and tests.
 */
export function useOpsEmulator(options: SuiteEmulatorOptions = {}): OpsEmulator {
  const emu = useTestEmulator(options);
  return suiteValue("the operations emulator", async () => opsEmulator(emu));
}

/** `emu` with the operations fixtures and helpers. */
function opsEmulator(emu: TestEmulator): OpsEmulator {
  const ops = emu.fixtures.operations as OperationsFixtures;
  const call: OpsEmulator["call"] = (method, path, opts = {}) =>
    emu.call(method, path, {
      auth: false,
      ...(opts.body === undefined ? {} : { body: opts.body }),
      ...(opts.rawBody === undefined ? {} : { rawBody: opts.rawBody }),
      headers: {
        ...(opts.token === false ? {} : { "x-auth-token": emu.token }),
        ...(opts.headers ?? {}),
      },
    });
  const state = async () =>
    ((await (await fetch(`${emu.url}/_emulator/state`)).json()) as { operations: OperationsState })
      .operations;
  const waitForState: OpsEmulator["waitForState"] = async (done, timeoutMs = 10_000) => {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const current = await state();
      if (done(current)) return current;
      if (Date.now() > deadline) throw new Error("timed out waiting on the operations state");
      await new Promise((r) => setTimeout(r, 20));
    }
  };
  return {
    emu,
    ops,
    call,
    state,
    waitForState,
    reset: async () => {
      await fetch(`${emu.url}/_emulator/reset`, { method: "POST" });
    },
    close: () => emu.close(),
  };
}

/** The fixture with this name; fails the test when absent. */
export function named<T extends { name: string }>(items: readonly T[], name: string): T {
  const item = items.find((i) => i.name === name);
  if (item === undefined) throw new Error(`no fixture named ${name}`);
  return item;
}

/** Polls `path` with X-Auth-Token until `done` holds for its body. */
export async function pollUntil(
  env: OpsEmulator,
  path: string,
  done: (body: unknown) => boolean,
  timeoutMs = 10_000,
): Promise<unknown[]> {
  const seen: unknown[] = [];
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const reply = await env.call("GET", path);
    if (reply.status !== 200) throw new Error(`GET ${path} answered ${reply.status} ${reply.text}`);
    seen.push(reply.body);
    if (done(reply.body)) return seen;
    if (Date.now() > deadline) throw new Error(`timed out waiting on ${path}: last ${reply.text}`);
    await new Promise((r) => setTimeout(r, 15));
  }
}
