/**
 * The one error type emulator models throw. Routes never build error bodies themselves:
 * the registrar renders a ServiceError in the error shape of the endpoint that failed.
 */

/** One failed field of a validation failure. */
export interface FieldDetail {
  /** The field's path, with dots (`0.disks.0.bootable`). */
  field: string;
  message: string;
  code: string;
  /** FastAPI's location: where (`body`, `query`, `path`), then the path; default body + field. */
  loc?: ReadonlyArray<string | number>;
}

/** A failure with an HTTP status, the service's code and message, and optionally a field. */
export class ServiceError extends Error {
  /** HTTP status answered. */
  readonly status: number;
  /** The service's machine-readable code, e.g. `disk_not_found`. */
  readonly code: string;
  /** The request field at fault, for validation failures. */
  readonly field: string | undefined;
  /** Extra headers to send (e.g. `Retry-After`). */
  readonly headers: Readonly<Record<string, string>>;
  /** Every failed field, for validation failures that list several. */
  readonly details: ReadonlyArray<FieldDetail>;

  constructor(
    status: number,
    code: string,
    message: string,
    options: {
      field?: string;
      headers?: Record<string, string>;
      details?: ReadonlyArray<FieldDetail>;
    } = {},
  ) {
    super(message);
    this.name = "ServiceError";
    this.status = status;
    this.code = code;
    this.field = options.field;
    this.headers = options.headers ?? {};
    this.details = options.details ?? [];
  }
}

/** 404: the named kind of resource with this id does not exist. */
export function notFound(kind: string, id: string): ServiceError {
  return new ServiceError(404, `${kind}_not_found`, `${kind.replace(/_/g, " ")} ${id} not found`);
}

/** 422: a business rule refused the request. */
export function unprocessable(code: string, message: string, field?: string): ServiceError {
  return new ServiceError(422, code, message, field === undefined ? {} : { field });
}

/** 409: a resource with the same parameters exists. */
export function conflict(code: string, message: string, field?: string): ServiceError {
  return new ServiceError(409, code, message, field === undefined ? {} : { field });
}

/** 405: deletion refused because other resources still refer to this one. */
export function hasReferences(code: string, message: string): ServiceError {
  return new ServiceError(405, code, message);
}

/** 400: the request is malformed (operations services). */
export function badRequest(code: string, message: string, field?: string): ServiceError {
  return new ServiceError(400, code, message, field === undefined ? {} : { field });
}

/** 403: the caller may not do this. */
export function forbidden(code: string, message: string): ServiceError {
  return new ServiceError(403, code, message);
}

/**
 * 429: too many requests, with the Retry-After the client should wait (a rate-limit fault and
 * the per-credential limit answer alike).
 */
export function tooManyRequests(retryAfterSeconds: number): ServiceError {
  return new ServiceError(
    429,
    "rate_limited",
    "too many requests; retry after the Retry-After delay",
    {
      headers: { "retry-after": String(retryAfterSeconds) },
    },
  );
}
