/**
 * Errors the provider throws to the engine. Each names the resource, the operation, the
 * service's own code and message, and what to do; the client has already redacted secrets.
 * When the cloud resource exists but did not become usable, the error carries its id and
 * outputs, so the engine keeps it in the stack (nothing is orphaned) and the next `up` can
 * fix or replace it.
 */
import { ApiError } from "../../client";

/** What to tell the user to do, by HTTP status. */
const HINTS: Record<number, string> = {
  401: "check the token: `pulumi config set --secret vmcloud:token <token>` or VMCLOUD_TOKEN",
  403: "the token may not use this project: check vmcloud:projectId or the resource's projectId",
  404: "it no longer exists in the cloud: run `pulumi refresh` to drop it from the stack",
  405: "other resources still use it: detach or delete them first (e.g. its DiskAttachment)",
  409: "one with the same parameters already exists: choose another name, or adopt it with the `import` resource option",
  422: "the service refused the values: fix the named field",
  429: "the service is rate limiting: retry later or lower --parallel",
};

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

/** `<Type> "<name>": <operation> failed: <cause>. <hint>` */
export function describeFailure(
  typeName: string,
  name: string | undefined,
  operation: string,
  error: unknown,
): string {
  const who = name === undefined ? typeName : `${typeName} "${name}"`;
  if (error instanceof ApiError) {
    const hint = HINTS[error.status];
    return `${who}: ${operation} failed: ${error.message}${hint === undefined ? "" : ` (${hint})`}`;
  }
  const message = error instanceof Error ? error.message : String(error);
  return `${who}: ${operation} failed: ${message}`;
}

/** Wraps any failure of `operation` in an error that says which resource failed and why. */
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
    const wrapped = new Error(describeFailure(typeName, name, operation, error));
    if (error instanceof Error) (wrapped as Error & { cause?: unknown }).cause = error;
    throw wrapped;
  }
}
