/**
 * A bounded log of the requests the emulator answered, so tests can count attempts, see the
 * exact query on the wire, and check that no retry came before its Retry-After.
 */

/** One answered (or dropped) request. */
export interface LoggedRequest {
  /** Epoch ms when the request arrived. */
  at: number;
  method: string;
  /** Path and query as sent. */
  url: string;
  /** Status answered; 0 when the connection was dropped. */
  status: number;
  /** The client's X-Request-Id, when it sent one. */
  requestId: string | undefined;
  /** The injected fault, if any. */
  fault: string | undefined;
  /** True when this request repeated a request id before the Retry-After it was given. */
  early: boolean;
}

/** The request log. */
export class RequestLog {
  private entries: LoggedRequest[] = [];
  private notBefore = new Map<string, number>();
  /** How many retries came before their Retry-After. */
  earlyRetries = 0;

  constructor(private readonly capacity = 20_000) {}

  /** True if a request with this id arrives before the Retry-After it was given. */
  isEarly(requestId: string | undefined, now: number): boolean {
    if (requestId === undefined) return false;
    const limit = this.notBefore.get(requestId);
    return limit !== undefined && now < limit;
  }

  /** Remembers that `requestId` was told to wait `seconds`. */
  rateLimited(requestId: string | undefined, now: number, seconds: number): void {
    if (requestId !== undefined) this.notBefore.set(requestId, now + seconds * 1000);
  }

  /** Records a request. */
  add(entry: LoggedRequest): void {
    if (entry.early) this.earlyRetries += 1;
    this.entries.push(entry);
    if (this.entries.length > this.capacity)
      this.entries.splice(0, this.entries.length - this.capacity);
  }

  /** Every entry, oldest first. */
  list(): readonly LoggedRequest[] {
    return this.entries;
  }

  /** Forgets every entry. */
  clear(): void {
    this.entries = [];
    this.notBefore.clear();
    this.earlyRetries = 0;
  }
}
