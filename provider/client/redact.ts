/**
 * Removes credentials and other secrets from text before it reaches an error message or a
 * log line. Two defences, because a service may echo a secret anywhere in its answer:
 * - known values: the client's token, secrets and keys, and every string sent under a
 *   secret-looking field name, are replaced wherever they appear;
 * - patterns: `Bearer …`, signed `Authorization` values, and JSON/query/header values of
 *   secret-looking names are replaced even when the value was never seen.
 */

/** What replaces a secret. */
export const REDACTED = "[REDACTED]";

/** Field and header names whose values are secret. */
export const SECRET_NAME =
  /pass(?:word|wd|phrase)|secret|token|authorization|api[-_]?key|access[-_]?key|private[-_]?key|credential|signature|cookie/i;

/** Header names whose `Name: value` lines are secret in a header dump. */
const SECRET_HEADER =
  /^(\s*(?:authorization|proxy-authorization|x-auth-token|x-subject-token|cookie|set-cookie)\s*:\s*)\S.*$/gim;

/** Values shorter than this are not replaced by value (they would mangle ordinary words). */
const MIN_SECRET_LENGTH = 4;

const PATTERNS: ReadonlyArray<[RegExp, string]> = [
  // Authorization schemes; real credentials are long, so "Bearer token" in prose survives.
  [/\b(Bearer|Basic)\s+[A-Za-z0-9\-._~+/=]{8,}/gi, `$1 ${REDACTED}`],
  [/(SDK-HMAC-SHA256\s+Access=)[^,\s]+/gi, `$1${REDACTED}`],
  [/(Signature=)[0-9a-fA-F]+/g, `$1${REDACTED}`],
  // "password": "…" in JSON text (also with escaped quotes inside a JSON string).
  [
    new RegExp(
      `((?:\\\\?")[^"\\\\]*(?:${SECRET_NAME.source})[^"\\\\]*(?:\\\\?")\\s*:\\s*)(\\\\?")(?:[^"\\\\]|\\\\[^"])*\\2`,
      "gi",
    ),
    `$1$2${REDACTED}$2`,
  ],
  // password=… in query strings and form bodies.
  [
    new RegExp(
      `(\\b[\\w.-]*(?:${SECRET_NAME.source})[\\w.-]*=)(?!${escape(REDACTED)})[^\\s&,;"]+`,
      "gi",
    ),
    `$1${REDACTED}`,
  ],
  // "X-Auth-Token: …" lines of a header dump.
  [SECRET_HEADER, `$1${REDACTED}`],
];

/** A set of secret values to remove, plus the patterns above. */
export class Redactor {
  private readonly secrets = new Set<string>();

  constructor(secrets: Iterable<string | undefined> = []) {
    for (const secret of secrets) this.add(secret);
  }

  /** Remembers a secret value (ignored when shorter than 4 characters). */
  add(secret: string | undefined): void {
    if (secret !== undefined && secret.length >= MIN_SECRET_LENGTH) this.secrets.add(secret);
  }

  /** A copy that also knows `extra` (e.g. the secrets of one request body). */
  with(extra: Iterable<string>): Redactor {
    const copy = new Redactor(this.secrets);
    for (const secret of extra) copy.add(secret);
    return copy;
  }

  /** `text` with every known secret and every secret-looking value replaced. */
  text(text: string): string {
    let result = text;
    // Longest first, so a secret that contains another is replaced whole.
    for (const secret of [...this.secrets].sort((a, b) => b.length - a.length)) {
      result = result.split(secret).join(REDACTED);
    }
    for (const [pattern, replacement] of PATTERNS) result = result.replace(pattern, replacement);
    return result;
  }

  /** Headers with the values of secret-looking names replaced (for logs). */
  headers(
    headers: Readonly<Record<string, string | string[] | undefined>>,
  ): Record<string, string> {
    const out: Record<string, string> = {};
    for (const [name, value] of Object.entries(headers)) {
      if (value === undefined) continue;
      const joined = Array.isArray(value) ? value.join(", ") : value;
      out[name] = SECRET_NAME.test(name) ? REDACTED : this.text(joined);
    }
    return out;
  }
}

/**
 * `value` as text with secrets removed: strings as they are, anything else as JSON with the
 * values of secret-looking keys replaced before serializing.
 */
export function redact(value: unknown, secrets: Iterable<string | undefined> = []): string {
  const redactor = new Redactor(secrets);
  if (typeof value === "string") return redactor.text(value);
  return redactor.text(JSON.stringify(maskSecretFields(value)) ?? String(value));
}

/** A deep copy of `value` in which the values of secret-looking keys are {@link REDACTED}. */
export function maskSecretFields(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(maskSecretFields);
  if (value !== null && typeof value === "object") {
    return Object.fromEntries(
      Object.entries(value).map(([key, v]) => [
        key,
        SECRET_NAME.test(key) && v !== null && typeof v !== "object"
          ? REDACTED
          : maskSecretFields(v),
      ]),
    );
  }
  return value;
}

/** Every string found under a secret-looking key anywhere in `value` (e.g. a request body). */
export function secretValues(value: unknown, found: string[] = []): string[] {
  if (Array.isArray(value)) {
    for (const item of value) secretValues(item, found);
  } else if (value !== null && typeof value === "object") {
    for (const [key, v] of Object.entries(value)) {
      if (SECRET_NAME.test(key) && (typeof v === "string" || typeof v === "number")) {
        found.push(String(v));
      } else {
        secretValues(v, found);
      }
    }
  }
  return found;
}

function escape(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}
