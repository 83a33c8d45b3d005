/**
 * Test support: starts a real emulator on a free port and gives a tiny fetch-based caller.
 * Suites that test the emulator itself use `call`; provider suites use the real client.
 */
import { join, relative } from "node:path";
import { afterEach, beforeEach, expect } from "vitest";
import { startEmulator, type EmulatorOptions, type RunningEmulator } from "../../emulator";
import { suiteValue } from "./suite-value";

/** The fixture ids the emulator reports at `GET /_emulator/fixtures`. */
export interface Fixtures {
  token: string;
  signingKeys: Array<{ accessKey: string; secretKey: string }>;
  vm: {
    organizationId: string;
    projectId: string;
    foreignProjectId: string;
    zones: Array<{ id: string; name: string; changesForbidden: boolean }>;
    flavors: Array<{ id: string; name: string }>;
    diskTypes: Array<{ id: string; name: string }>;
    images: Array<{ id: string; name: string }>;
    tags: Array<{ id: string; name: string }>;
    placementGroups: Array<{ id: string; name: string }>;
    defaultSubnets: Array<{ id: string; name: string; zoneId: string; address: string }>;
    defaultSecurityGroups: Array<{ id: string; name: string; zoneId: string }>;
  };
  [service: string]: unknown;
}

/**
 * One entry of `GET /_emulator/requests` as a test reads it (JSON: the fields with no value
 * left out).
 */
export interface LoggedRequest {
  at: number;
  method: string;
  url: string;
  status: number;
  requestId?: string;
  fault?: string;
  early: boolean;
}

/**
 * A caller of the admin API of the emulator at `url` (no auth): sends `body` as JSON, fails on
 * a status that is not 2xx, and returns the parsed answer.
 */
export function adminCaller(
  url: string,
): (method: string, path: string, body?: unknown) => Promise<unknown> {
  return async (method, path, body) => {
    const response = await fetch(`${url}${path}`, {
      method,
      ...(body === undefined
        ? {}
        : { body: JSON.stringify(body), headers: { "content-type": "application/json" } }),
    });
    if (!response.ok)
      throw new Error(`${method} ${path}: ${response.status} ${await response.text()}`);
    return response.json() as Promise<unknown>;
  };
}

/** An HTTP answer as tests see it. */
export interface Reply {
  status: number;
  headers: Headers;
  /** Parsed JSON body, or undefined when empty. */
  body: unknown;
  /** The raw body text. */
  text: string;
}

/** A running emulator plus helpers. */
export interface TestEmulator {
  emulator: RunningEmulator;
  url: string;
  token: string;
  fixtures: Fixtures;
  /** Sends a request with the bearer token (override headers to change auth). */
  call(
    method: string,
    path: string,
    options?: {
      body?: unknown;
      rawBody?: string;
      headers?: Record<string, string>;
      auth?: boolean;
    },
  ): Promise<Reply>;
  /** Polls `path` until `done(body)` holds (or fails after `timeoutMs`). */
  waitFor(
    path: string,
    done: (body: unknown, status: number) => boolean,
    timeoutMs?: number,
  ): Promise<Reply>;
  close(): Promise<void>;
}

/**
 * Where this emulator appends its exchanges: a file of its own in `VMCLOUD_EXCHANGE_LOG_DIR`
 * (set by `.ci/run` for the conformance check), named after the test file; none when unset.
 */
function exchangeLogFile(): string | undefined {
  const dir = process.env.VMCLOUD_EXCHANGE_LOG_DIR;
  if (dir === undefined || dir === "") return undefined;
  const testPath = expect.getState().testPath ?? "unknown";
  const suite = relative(join(__dirname, "..", ".."), testPath).replace(/[^\w.-]+/g, "_");
  return join(dir, `${suite}-${process.pid}-${++started}.jsonl`);
}
let started = 0;

/** Starts an emulator for a suite; defaults to speed 50 so state changes take milliseconds. */
export async function startTestEmulator(options: EmulatorOptions = {}): Promise<TestEmulator> {
  const exchangeLog = exchangeLogFile();
  const emulator = await startEmulator({
    speed: 50,
    ...(exchangeLog === undefined ? {} : { exchangeLog }),
    ...options,
  });
  const fixtures = (await (await fetch(`${emulator.url}/_emulator/fixtures`)).json()) as Fixtures;
  const call: TestEmulator["call"] = async (method, path, opts = {}) => {
    const headers: Record<string, string> = {};
    if (opts.auth !== false) headers.authorization = `Bearer ${emulator.token}`;
    let body: string | undefined;
    if (opts.rawBody !== undefined) body = opts.rawBody;
    else if (opts.body !== undefined) body = JSON.stringify(opts.body);
    if (body !== undefined) headers["content-type"] = "application/json";
    Object.assign(headers, opts.headers ?? {});
    const response = await fetch(`${emulator.url}${path}`, {
      method,
      headers,
      ...(body === undefined ? {} : { body }),
    });
    const text = await response.text();
    let parsed: unknown;
    try {
      parsed = text === "" ? undefined : JSON.parse(text);
    } catch {
      parsed = undefined;
    }
    return { status: response.status, headers: response.headers, body: parsed, text };
  };
  const waitFor: TestEmulator["waitFor"] = async (path, done, timeoutMs = 10_000) => {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const reply = await call("GET", path);
      if (done(reply.body, reply.status)) return reply;
      if (Date.now() > deadline)
        throw new Error(`timed out waiting on ${path}: last ${reply.status} ${reply.text}`);
      await new Promise((r) => setTimeout(r, 20));
    }
  };
  return {
    emulator,
    url: emulator.url,
    token: emulator.token,
    fixtures,
    call,
    waitFor,
    close: () => emulator.close(),
  };
}

/** Options of {@link useTestEmulator}. */
export interface SuiteEmulatorOptions extends EmulatorOptions {
  /**
   * When the suite's tests start again from the fixtures (`POST /_emulator/reset`): before
   * each test (they need the fixtures as they are), or after each (a test changed the state).
   */
  reset?: "beforeEach" | "afterEach";
}

/**
 * The one set-up of an emulator suite: starts a test emulator in `beforeAll` of the enclosing
 * suite (or file), closes it in `afterAll`, resets it around each test as `options.reset`
 * says, and returns it to use by name in hooks and tests.
 */
export function useTestEmulator(options: SuiteEmulatorOptions = {}): TestEmulator {
  const { reset, ...emulatorOptions } = options;
  const emu = suiteValue(
    "the suite's emulator",
    () => startTestEmulator(emulatorOptions),
    (started) => started.close(),
  );
  if (reset !== undefined) {
    (reset === "beforeEach" ? beforeEach : afterEach)(async () => {
      const reply = await emu.call("POST", "/_emulator/reset", { auth: false });
      expect(reply.status, reply.text).toBe(200);
    });
  }
  return emu;
}
