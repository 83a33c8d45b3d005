/**
 * Access-key/secret-key request signing, algorithm `SDK-HMAC-SHA256`, as the operations
 * services verify it. The emulator verifies with the same functions, so both sides agree by
 * construction and the published test vector pins them to the real services.
 */
import { createHash, createHmac, timingSafeEqual } from "node:crypto";

/** The algorithm name that prefixes the string to sign and the Authorization header. */
export const SIGNING_ALGORITHM = "SDK-HMAC-SHA256";

/** The parts of a request that the signature covers. */
export interface SignableRequest {
  /** HTTP method, any case. */
  method: string;
  /** The request path, percent-encoded or not (segments are decoded, then re-encoded). */
  path: string;
  /** Query pairs, in any order. */
  query: ReadonlyArray<readonly [string, string]>;
  /** Headers to sign (names in any case). */
  headers: Readonly<Record<string, string>>;
  /** The body exactly as sent. */
  body: string | Buffer;
}

/** A key pair. */
export interface SigningKey {
  accessKey: string;
  secretKey: string;
}

/** Percent-encodes all but the unreserved characters `A-Za-z0-9-_.~`, with uppercase hex. */
export function encodeComponent(value: string): string {
  return Array.from(Buffer.from(value, "utf8"))
    .map((byte) => {
      const c = String.fromCharCode(byte);
      return /[A-Za-z0-9\-_.~]/.test(c)
        ? c
        : `%${byte.toString(16).toUpperCase().padStart(2, "0")}`;
    })
    .join("");
}

/** The canonical URI: each segment encoded, ending in `/`. */
export function canonicalUri(path: string): string {
  const encoded = path
    .split("/")
    .map((segment) => encodeComponent(safeDecode(segment)))
    .join("/");
  return encoded.endsWith("/") ? encoded : `${encoded}/`;
}

/** The canonical query: pairs sorted by key then value, each encoded, joined by `&`. */
export function canonicalQuery(query: SignableRequest["query"]): string {
  return [...query]
    .map(([k, v]) => [encodeComponent(k), encodeComponent(v)] as const)
    .sort(([ak, av], [bk, bv]) => (ak === bk ? compare(av, bv) : compare(ak, bk)))
    .map(([k, v]) => `${k}=${v}`)
    .join("&");
}

/** The canonical request text that is hashed into the string to sign. */
export function canonicalRequest(request: SignableRequest): string {
  const headers = Object.entries(request.headers)
    .map(([name, value]) => [name.toLowerCase(), value.trim()] as const)
    .sort(([a], [b]) => compare(a, b));
  return [
    request.method.toUpperCase(),
    canonicalUri(request.path),
    canonicalQuery(request.query),
    headers.map(([name, value]) => `${name}:${value}\n`).join(""),
    headers.map(([name]) => name).join(";"),
    sha256Hex(request.body),
  ].join("\n");
}

/** The signature of a request whose headers include `X-Sdk-Date`. */
export function signature(secretKey: string, request: SignableRequest): string {
  const date = headerValue(request.headers, "x-sdk-date");
  if (date === undefined) throw new Error("X-Sdk-Date must be among the signed headers");
  const toSign = `${SIGNING_ALGORITHM}\n${date}\n${sha256Hex(canonicalRequest(request))}`;
  return createHmac("sha256", secretKey).update(toSign).digest("hex");
}

/** `YYYYMMDDTHHMMSSZ` in UTC. */
export function sdkDate(at: Date): string {
  return at
    .toISOString()
    .replace(/[-:]/g, "")
    .replace(/\.\d{3}/, "");
}

/**
 * Signs a request: returns the `X-Sdk-Date` and `Authorization` headers to add. Every header
 * in `request.headers` is signed; `X-Sdk-Date` is added to them.
 */
export function signRequest(
  key: SigningKey,
  request: SignableRequest,
  at: Date = new Date(),
): { "X-Sdk-Date": string; Authorization: string } {
  const date = sdkDate(at);
  const headers = { ...request.headers, "X-Sdk-Date": date };
  const sig = signature(key.secretKey, { ...request, headers });
  const signed = Object.keys(headers)
    .map((h) => h.toLowerCase())
    .sort(compare)
    .join(";");
  return {
    "X-Sdk-Date": date,
    Authorization: `${SIGNING_ALGORITHM} Access=${key.accessKey}, SignedHeaders=${signed}, Signature=${sig}`,
  };
}

/** The parts of an `SDK-HMAC-SHA256` Authorization header, or undefined if it is not one. */
export function parseAuthorization(
  value: string,
): { accessKey: string; signedHeaders: string[]; signature: string } | undefined {
  const match =
    /^SDK-HMAC-SHA256\s+Access=([^,\s]+),\s*SignedHeaders=([^,\s]+),\s*Signature=([0-9a-f]+)$/.exec(
      value.trim(),
    );
  if (match === null) return undefined;
  return { accessKey: match[1]!, signedHeaders: match[2]!.split(";"), signature: match[3]! };
}

/** Why a signed request was refused, or undefined when it verifies. */
export function verifySignature(
  keys: ReadonlyArray<SigningKey>,
  request: Omit<SignableRequest, "headers"> & {
    headers: Readonly<Record<string, string | string[] | undefined>>;
  },
  now: Date = new Date(),
  maxSkewMs = 15 * 60 * 1000,
): string | undefined {
  const auth = parseAuthorization(headerValue(request.headers, "authorization") ?? "");
  if (auth === undefined) return "Authorization is not an SDK-HMAC-SHA256 signature";
  const key = keys.find((k) => k.accessKey === auth.accessKey);
  if (key === undefined) return "unknown access key";
  if (!auth.signedHeaders.includes("x-sdk-date")) return "X-Sdk-Date is not signed";
  const headers: Record<string, string> = {};
  for (const name of auth.signedHeaders) {
    const value = headerValue(request.headers, name);
    if (value === undefined) return `signed header ${name} is missing`;
    headers[name] = value;
  }
  const date = parseSdkDate(headers["x-sdk-date"]!);
  if (date === undefined) return "X-Sdk-Date is not YYYYMMDDTHHMMSSZ";
  if (Math.abs(now.getTime() - date.getTime()) > maxSkewMs)
    return "X-Sdk-Date is more than 15 minutes from server time";
  const expected = Buffer.from(signature(key.secretKey, { ...request, headers }), "hex");
  const given = Buffer.from(auth.signature, "hex");
  if (expected.length !== given.length || !timingSafeEqual(expected, given))
    return "signature does not match";
  return undefined;
}

function parseSdkDate(value: string): Date | undefined {
  const m = /^(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})Z$/.exec(value);
  if (m === null) return undefined;
  return new Date(Date.UTC(+m[1]!, +m[2]! - 1, +m[3]!, +m[4]!, +m[5]!, +m[6]!));
}

function headerValue(
  headers: Readonly<Record<string, string | string[] | undefined>>,
  name: string,
): string | undefined {
  const key = Object.keys(headers).find((k) => k.toLowerCase() === name);
  const value = key === undefined ? undefined : headers[key];
  return Array.isArray(value) ? value.join(",") : value;
}

function sha256Hex(data: string | Buffer): string {
  return createHash("sha256").update(data).digest("hex");
}

function safeDecode(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

function compare(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}
