/**
 * Reads the exchange logs the emulators of a test run wrote (`VMCLOUD_EXCHANGE_LOG_DIR`, one
 * JSON-lines file per emulator) and keeps those the conformance check judges: what the
 * provider's own client sent (its user agent, `vmcloud-pulumi/…`) to the VM service, with the
 * emulator's answer, faults the tests injected left out (they are not the service's answers).
 */
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import type { LoggedExchange } from "../../emulator/core/exchange-log";

/** The user agent of the provider's client. */
export const PROVIDER_USER_AGENT = /^vmcloud-pulumi\//;

/** Every exchange of every log in `dir`, with the file it came from. */
export function readExchanges(dir: string): Array<LoggedExchange & { file: string }> {
  const all: Array<LoggedExchange & { file: string }> = [];
  for (const file of readdirSync(dir)
    .filter((f) => f.endsWith(".jsonl"))
    .sort()) {
    for (const line of readFileSync(join(dir, file), "utf8").split("\n")) {
      if (line.trim() === "") continue;
      all.push({ ...(JSON.parse(line) as LoggedExchange), file });
    }
  }
  return all;
}

/** True for an exchange the provider's client had with the service (no injected fault). */
export function isProviderExchange(exchange: LoggedExchange): boolean {
  return exchange.fault === undefined && PROVIDER_USER_AGENT.test(exchange.userAgent ?? "");
}
