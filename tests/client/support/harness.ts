/**
 * Starts the real emulator (every service, the IAM included) plus the test-only widgets
 * service on a free port, and gives the client tests their admin helpers: faults, the request
 * log and direct access to state.
 */
import type { AddressInfo } from "node:net";
import { buildApp, type EmulatorApp } from "../../../emulator/core/app";
import type { EmulatorSettings } from "../../../emulator/core/service-module";
import { DEFAULT_SIGNING_KEY, DEFAULT_TOKEN } from "../../../emulator";
import type { IamState } from "../../../emulator/iam";
import { allServices } from "../../../emulator/services";
import { createClient, type ClientOptions, type VmCloudClient } from "../../../provider/client";
import { adminCaller, type LoggedRequest } from "../../support/emulator";
import { widgetService, type WidgetState } from "./widgets-service";

/** One entry of `GET /_emulator/requests`. */
export type { LoggedRequest } from "../../support/emulator";

/** A running emulator for client tests. */
export interface Harness extends EmulatorApp {
  url: string;
  token: string;
  settings: EmulatorSettings;
  iam: { keyId: string; secret: string };
  /** The IAM service's live state. */
  iamState(): IamState;
  /** The widgets service's live state. */
  widgets(): WidgetState;
  /** A client for this emulator (token auth unless `options` say otherwise). */
  client(options?: ClientOptions): VmCloudClient;
  /** Replaces the fault rules (`PUT /_emulator/faults`). */
  setFaults(rules: unknown[], seed?: number): Promise<void>;
  /** The request log and its count of early retries. */
  log(): Promise<{ earlyRetries: number; requests: LoggedRequest[] }>;
  /** Clears faults, the request log and every widget. */
  reset(): Promise<void>;
  close(): Promise<void>;
}

/** Starts a harness. */
export async function startHarness(speed = 50): Promise<Harness> {
  const settings: EmulatorSettings = {
    token: DEFAULT_TOKEN,
    speed,
    signingKeys: [{ ...DEFAULT_SIGNING_KEY }],
  };
  const built = buildApp({ settings, services: [...allServices, widgetService] });
  await built.app.listen({ port: 0, host: "127.0.0.1" });
  const { port } = built.app.server.address() as AddressInfo;
  const url = `http://127.0.0.1:${port}`;
  const fixtures = (await (await fetch(`${url}/_emulator/fixtures`)).json()) as {
    iam: { keyId: string; secret: string };
  };
  const clients: VmCloudClient[] = [];
  const admin = adminCaller(url);
  return {
    ...built,
    url,
    token: settings.token,
    settings,
    iam: { keyId: fixtures.iam.keyId, secret: fixtures.iam.secret },
    iamState: () => built.store.state.iam as IamState,
    widgets: () => built.store.state.widgets as WidgetState,
    client(options = {}) {
      const client = createClient({ endpoint: url, token: settings.token, ...options });
      clients.push(client);
      return client;
    },
    async setFaults(rules, seed) {
      await admin("PUT", "/_emulator/faults", { rules, ...(seed === undefined ? {} : { seed }) });
    },
    log: () =>
      admin("GET", "/_emulator/requests") as Promise<{
        earlyRetries: number;
        requests: LoggedRequest[];
      }>,
    async reset() {
      await admin("PUT", "/_emulator/faults", { rules: [] });
      await admin("DELETE", "/_emulator/requests");
      (built.store.state.widgets as WidgetState).widgets = {};
    },
    async close() {
      for (const client of clients) client.close();
      await built.app.close();
    },
  };
}

/** Requests of the log whose path starts with `prefix` (query ignored). */
export function matching(
  requests: LoggedRequest[],
  method: string,
  prefix: string,
): LoggedRequest[] {
  return requests.filter((r) => r.method === method && r.url.split("?")[0]!.startsWith(prefix));
}
