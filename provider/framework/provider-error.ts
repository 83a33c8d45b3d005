/**
 * Errors the provider throws to the engine. Each names the resource, the operation, the
 * service's own code and message, and what to do; the client has already redacted secrets.
 * When the cloud resource exists but did not become usable, the error carries its id and
 * outputs, so the engine keeps it in the stack (nothing is orphaned) and the next `up` can
 * fix or replace it.
 */
import { ApiError, RouteNotFoundError } from "../client";

/**
 * What a 401 asks of the user. `refresh` and `destroy` configure the provider with the settings
 * stored at the last `up`, not the stack's current config, so a token changed since reaches
 * them only through `--run-program` (or an `up` first); and the stack's `vmcloud:token` wins
 * over `VMCLOUD_TOKEN` (docs/client.md, "Credentials").
 */
export const TOKEN_HINT =
  "check the token: `pulumi config set --secret vmcloud:token <token>` (the stack's setting wins " +
  "over VMCLOUD_TOKEN, which counts only when the stack sets none); `pulumi refresh` and " +
  "`pulumi destroy` use the settings stored at the last `pulumi up`, so after a change run " +
  "`pulumi refresh --run-program` (or `pulumi up`) once, or give `pulumi destroy --run-program`";

/** What to tell the user to do, by HTTP status, where the status alone says it. */
const HINTS: Record<number, string> = {
  401: TOKEN_HINT,
  403: "the token may not use this project: check vmcloud:projectId or the resource's projectId",
  405: "other resources still use it: detach or delete them first (e.g. its DiskAttachment)",
  409: "one with the same parameters already exists: choose another name, or adopt it with the `import` resource option",
  429: "the service is rate limiting: retry later or lower --parallel",
};

/** Operations that act on the resource's own id (and so can find it gone). */
const ON_EXISTING = new Set(["read", "update", "delete"]);

/**
 * What to do about `error`, or undefined when the message already says it (an unreachable
 * endpoint, an unknown path) or nothing useful can be added. A 404 means different things:
 * only one for the resource's own id after create is "gone from the cloud"; one during create
 * names something the inputs refer to.
 */
function hintFor(typeName: string, operation: string, error: ApiError): string | undefined {
  // The client's message already names the URL and the setting to fix.
  if (error instanceof RouteNotFoundError) return undefined;
  if (error.status === 404) return notFoundHint(typeName, operation, error);
  if (error.status === 422) {
    // Only an error that names a field can be fixed by "the named field".
    return error.fields.length > 0
      ? "the service refused the values: fix the named field"
      : undefined;
  }
  return HINTS[error.status];
}

function notFoundHint(typeName: string, operation: string, error: ApiError): string {
  // "create", or "update (wait)" for a step of one.
  const verb = operation.split(/[\s(]/, 1)[0] ?? operation;
  const kind = /^(.+)_not_found$/.exec(error.code ?? "")?.[1];
  const own = kind === undefined || snakeCase(typeName).endsWith(kind);
  if (ON_EXISTING.has(verb) && own) {
    return "it no longer exists in the cloud: run `pulumi refresh` to drop it from the stack";
  }
  if (kind === "project") {
    return "the project it names was not found: check vmcloud:projectId or the resource's projectId";
  }
  const what =
    kind === undefined ? "something it refers to" : `the ${kind.replace(/_/g, " ")} it refers to`;
  return `${what} was not found: check the input that names it, or create that first`;
}

/** `SecurityGroupRule` → `security_group_rule`, to compare with the service's codes. */
function snakeCase(name: string): string {
  return name.replace(/(?<=[a-z0-9])([A-Z])/g, "_$1").toLowerCase();
}

/**
 * A failure of a resource's operation, `<who>: <what>`, in the form the dynamic-provider host
 * shows as its message alone. The host prints an error that check, diff, read or delete throw
 * as `${error}: ${error.stack}` on its stderr, which the engine repeats under the Stack: a plain
 * Error there reads `Error: X: Error: X` followed by frames of the provider's own files. This
 * one's string form is `who` and its stack `what`, so that line is exactly the message. The
 * error it explains is its `cause`, with that error's own stack.
 */
export class ProviderError extends Error {
  override name = "ProviderError";
  /** The resource, e.g. `Disk "data"`: what the message starts with. */
  readonly who: string;

  constructor(who: string, what: string, options?: ErrorOptions) {
    super(`${who}: ${what}`, options);
    this.who = who;
    Object.defineProperty(this, "stack", {
      value: what,
      writable: true,
      configurable: true,
      enumerable: false,
    });
  }

  override toString(): string {
    return this.who;
  }
}

/** A resource that exists but failed to initialize: the engine records it with these outputs. */
export class ResourceInitError extends Error {
  /** Read by the dynamic-provider host. */
  readonly id: string;
  readonly properties: Record<string, unknown>;
  readonly reasons: string[];

  constructor(message: string, id: string, properties: Record<string, unknown>) {
    super(message);
    this.name = "ResourceInitError";
    this.id = id;
    this.properties = properties;
    this.reasons = [message];
  }
}

/** How messages name a resource: `Vm "web"`, or the type alone when it has no name. */
export function resourceLabel(typeName: string, name: string | undefined): string {
  return name === undefined ? typeName : `${typeName} "${name}"`;
}

/** `<Type> "<name>": <operation> failed: <cause>. <hint>` */
export function describeFailure(
  typeName: string,
  name: string | undefined,
  operation: string,
  error: unknown,
): string {
  return `${resourceLabel(typeName, name)}: ${whatFailed(typeName, operation, error)}`;
}

/** `<operation> failed: <cause>. <hint>`: {@link describeFailure} without the resource. */
function whatFailed(typeName: string, operation: string, error: unknown): string {
  if (error instanceof ApiError) {
    const hint = hintFor(typeName, operation, error);
    const named = error.status === 422 ? unshownFields(error) : "";
    return `${operation} failed: ${error.message}${named}${hint === undefined ? "" : ` (${hint})`}`;
  }
  const message = error instanceof Error ? error.message : String(error);
  return `${operation} failed: ${message}`;
}

/** `; field x, y` for fields the message does not name yet, so "the named field" is named. */
function unshownFields(error: ApiError): string {
  const names = [...new Set(error.fields.map((f) => f.field))].filter(
    (name) => !error.message.includes(name),
  );
  return names.length === 0 ? "" : `; field ${names.join(", ")}`;
}

/**
 * Wraps any failure of `operation` in a {@link ProviderError} that says which resource failed
 * and why.
 */
export async function explained<T>(
  typeName: string,
  name: string | undefined,
  operation: string,
  work: () => Promise<T>,
): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof ResourceInitError) throw error;
    throw new ProviderError(
      resourceLabel(typeName, name),
      whatFailed(typeName, operation, error),
      error instanceof Error ? { cause: error } : undefined,
    );
  }
}
