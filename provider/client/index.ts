/**
 * `@vmcloud/pulumi/client`: the shared REST client of the provider. Every resource and action
 * calls HTTP only through it. Start with {@link createClient} and `client.call(endpoint, input)`.
 */
export { VmCloudClient, createClient } from "./client";
export { type CallInput, type CallOutput, type CallResult, type Caller } from "./call";
export {
  clientOptionsFromEnv,
  normalizeOptions,
  OptionError,
  DEFAULTS,
  type CallOptions,
  type ClientOptions,
  type ConnectionSettings,
  type NormalizedOptions,
  type RetryOptions,
  type TimeoutOptions,
} from "./options";
export {
  ApiError,
  AuthError,
  ConflictError,
  NetworkError,
  NotFoundError,
  RateLimitError,
  ResourceFailedError,
  ResponseShapeError,
  RouteNotFoundError,
  ServerError,
  TimeoutError,
  ValidationError,
  isUnknownRoute,
  type ApiErrorInit,
  type FieldError,
} from "./errors";
export { parseErrorBody, type ParsedErrorBody } from "./parse-error-body";
export { redact, Redactor, REDACTED } from "./redact";
export {
  paginate,
  listAll,
  PAGE_LIMIT,
  type ItemOf,
  type PagedEndpoint,
  type PaginateOptions,
} from "./paginate";
export { type AdaptiveLimiter, type AttemptReport, type Ticket } from "./limiter";
export { LIMITER_DEFAULTS, type LimiterState } from "./limiter-policy";
export { waitUntil, describeState, WAIT_DEFAULTS, type WaitOptions } from "./wait";
export {
  WaitPace,
  SLOW_AFTER_MS,
  COHORT_SPREAD_MS,
  DUE_SOON_BEAT_MS,
  type CohortEnd,
} from "./wait-pace";
export { stderrLogger, formatEntry, type LogEntry, type Logger } from "./log";
export { parseRetryAfter, backoffDelay, type BackoffLimits } from "./retry";
export type { AnyEndpoint, Endpoint, ServiceName } from "../../api/endpoint";
export {
  signRequest,
  verifySignature,
  SIGNING_ALGORITHM,
  type SignableRequest,
  type SigningKey,
} from "../../api/signing";
