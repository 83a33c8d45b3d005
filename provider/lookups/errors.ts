/**
 * The one error type of lookups: it names the lookup, and the argument at fault when there is
 * one. Failures of the service keep the client's typed error (`NotFoundError`, `AuthError`, …)
 * as `cause`, so programs can still branch on it; credentials never appear in the message.
 *
 * A lookup's error often ends a program: a plain lookup awaited at the top, or the Output form
 * given to a resource input, whose rejection Pulumi reports as the program's failure. So the
 * message must stand alone. It is a `pulumi.RunError`, which the Node.js language host prints
 * as its message only (any other error is printed with `util.inspect`: colours, stack frames
 * into our compiled sources, and the `<ref *1>` of the `promise` property Pulumi hangs on it).
 */
import { inspect } from "node:util";
import * as pulumi from "@pulumi/pulumi";
import { causeOption, serviceFailure } from "../framework/service-failure";

/** What a {@link LookupError} knows. */
export interface LookupErrorInit {
  /** The lookup that failed, e.g. `getFlavor`. */
  lookup: string;
  /** What went wrong and what to do, without the lookup's name. */
  detail: string;
  /** The argument at fault (camelCase, as the program passes it), when one is. */
  argument?: string;
  /** The underlying error, e.g. the client's `ApiError`. */
  cause?: unknown;
}

/** How Pulumi prefixes the message of an input that failed to serialize. */
const SERIALIZING = /^error serializing property "([^"]*)": ([\s\S]*)$/;

/**
 * A lookup that failed: `"<lookup>: <detail>"`, or `"<lookup> (input "<name>"): <detail>"`
 * once Pulumi has said which resource input the Output form was given to.
 */
export class LookupError extends pulumi.RunError {
  override name = "LookupError";
  /** The lookup that failed, e.g. `getFlavor`. */
  readonly lookup: string;
  /** The argument at fault, when the failure is about one. */
  readonly argument: string | undefined;
  /** HTTP status of the service's answer; 0 when nothing was answered or nothing was sent. */
  readonly status: number;
  /** The service's error code (e.g. `task_not_found`), when it gave one. */
  readonly code: string | undefined;
  /** What went wrong and what to do, without the lookup's name. */
  readonly detail: string;
  // Set through `message` (see the constructor); undefined until Pulumi names an input.
  #input: string | undefined;
  // A message the program set outright, which then wins.
  #replaced: string | undefined;

  constructor(init: LookupErrorInit) {
    super(`${init.lookup}: ${init.detail}`, causeOption(init.cause));
    this.lookup = init.lookup;
    this.argument = init.argument;
    this.detail = init.detail;
    ({ status: this.status, code: this.code } = serviceFailure(init.cause));
    // Pulumi prepends `error serializing property "<k>": ` to a failed input's message, once
    // per resource the rejection passes through (a Vm's `flavor`, then a DiskAttachment's
    // `vmId` that waits for the Vm). Only the first is the input the lookup was given to; the
    // rest would read as if the lookup belonged to the later resources.
    Object.defineProperty(this, "message", {
      configurable: true,
      enumerable: false,
      get: (): string => this.#replaced ?? this.#text(),
      set: (value: unknown) => {
        const text = String(value);
        const serializing = SERIALIZING.exec(text);
        if (serializing !== null && serializing[2] === this.message) {
          this.#input ??= serializing[1];
          return;
        }
        this.#replaced = text;
      },
    });
  }

  /**
   * The resource input the Output form of the lookup was given to, when Pulumi said so (e.g.
   * `flavor`); undefined for a plain lookup.
   */
  get input(): string | undefined {
    return this.#input;
  }

  /** The message alone: no stack, no colours, no nested objects (the fields stay readable). */
  [inspect.custom](): string {
    return `${this.name}: ${this.message}`;
  }

  #text(): string {
    const where = this.#input === undefined ? "" : ` (input "${this.#input}")`;
    return `${this.lookup}${where}: ${this.detail}`;
  }
}

/**
 * `error` as a {@link LookupError} of `lookup`: unchanged when it is one, else wrapped with its
 * message (the client's messages are already redacted) and kept as `cause`.
 */
export function asLookupError(lookup: string, error: unknown): LookupError {
  if (error instanceof LookupError) return error;
  return new LookupError({
    lookup,
    detail: error instanceof Error ? error.message : String(error),
    cause: error,
  });
}
