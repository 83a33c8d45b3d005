/**
 * The client's debug log: one line per HTTP attempt with method, path, status, duration and
 * retry count. Lines are built from already-redacted values, never from raw headers or bodies.
 */

/** What one attempt reports. */
export interface LogEntry {
  /** `request` for an answered or failed attempt, `retry` before waiting to retry. */
  event: "request" | "retry";
  method: string;
  /** Path without the query. */
  path: string;
  /** HTTP status; 0 when no answer arrived. */
  status: number;
  /** Duration of the attempt in ms. */
  durationMs: number;
  /** 0 for the first attempt of a call, 1 for its first retry, and so on. */
  retry: number;
  /** The call's `X-Request-Id`, the same for every attempt. */
  requestId: string;
  /** The service (`vm`, `iam`, …). */
  service: string;
  /** Why the attempt failed (already redacted), when it did. */
  error?: string;
  /** For `retry`: how long the client waits before the next attempt. */
  delayMs?: number;
}

/** Receives debug entries. */
export interface Logger {
  debug(message: string, entry: LogEntry): void;
}

/** A one-line text form of an entry. */
export function formatEntry(entry: LogEntry): string {
  const status = entry.status === 0 ? "---" : String(entry.status);
  const parts = [
    `vmcloud ${entry.event === "retry" ? "retry" : "http"}`,
    entry.method,
    entry.path,
    status,
    `${Math.round(entry.durationMs)}ms`,
    `retry=${entry.retry}`,
    `id=${entry.requestId}`,
  ];
  if (entry.delayMs !== undefined) parts.push(`wait=${Math.round(entry.delayMs)}ms`);
  if (entry.error !== undefined) parts.push(`error="${entry.error}"`);
  return parts.join(" ");
}

/** A logger writing each entry as a line to stderr. */
export const stderrLogger: Logger = {
  debug(message) {
    process.stderr.write(`${message}\n`);
  },
};

/** {@link stderrLogger} when `VMCLOUD_LOG=debug`, otherwise undefined (no logging). */
export function envLogger(env: NodeJS.ProcessEnv = process.env): Logger | undefined {
  return env.VMCLOUD_LOG?.trim().toLowerCase() === "debug" ? stderrLogger : undefined;
}
