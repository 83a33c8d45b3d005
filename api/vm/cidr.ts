/**
 * IP address, CIDR and port-range arithmetic for subnets and security group rules. It has no
 * dependencies, so the emulator (business rules), the zod schemas (formats) and the provider's
 * `check` (early failures) all share one implementation.
 */

/** An IPv4 network: its base address as an unsigned 32-bit number and its prefix length. */
export interface Ipv4Network {
  /** The address part as written (host bits may be set). */
  base: number;
  /** Prefix length, 0–32. */
  prefix: number;
}

/** The private IPv4 ranges of RFC 1918, the only ones a subnet may use. */
export const PRIVATE_IPV4_RANGES: readonly string[] = [
  "10.0.0.0/8",
  "172.16.0.0/12",
  "192.168.0.0/16",
];

/** Shortest subnet mask accepted for a subnet (the largest subnet, /8). */
export const MIN_SUBNET_PREFIX = 8;
/** Longest subnet mask accepted for a subnet (/29: six usable host addresses). */
export const MAX_SUBNET_PREFIX = 29;
/** Prefix length of a subnet created without `prefix_length` or a mask in `subnet_address`. */
export const DEFAULT_SUBNET_PREFIX = 24;

const IPV4_PART = /^(0|[1-9]\d{0,2})$/;

/** Parses a dotted-quad IPv4 address (no leading zeros) to an unsigned number, or undefined. */
export function parseIpv4(text: string): number | undefined {
  const parts = text.split(".");
  if (parts.length !== 4) return undefined;
  let value = 0;
  for (const part of parts) {
    if (!IPV4_PART.test(part)) return undefined;
    const octet = Number(part);
    if (octet > 255) return undefined;
    value = value * 256 + octet;
  }
  return value;
}

/** Formats an unsigned 32-bit number as a dotted-quad IPv4 address. */
export function formatIpv4(value: number): string {
  return [24, 16, 8, 0].map((shift) => Math.floor(value / 2 ** shift) % 256).join(".");
}

/** Parses `a.b.c.d/n` to a network, or undefined when either part is malformed. */
export function parseIpv4Cidr(text: string): Ipv4Network | undefined {
  const slash = text.indexOf("/");
  if (slash < 0) return undefined;
  const base = parseIpv4(text.slice(0, slash));
  const prefixText = text.slice(slash + 1);
  if (base === undefined || !/^\d{1,2}$/.test(prefixText)) return undefined;
  const prefix = Number(prefixText);
  return prefix > 32 ? undefined : { base, prefix };
}

/** Number of addresses in a network of this prefix length. */
export function networkSize(prefix: number): number {
  return 2 ** (32 - prefix);
}

/** The network address of `address` under `prefix` (host bits cleared). */
export function networkAddress(address: number, prefix: number): number {
  const size = networkSize(prefix);
  return Math.floor(address / size) * size;
}

/** Whether `network` has host bits set in its base address (e.g. `10.0.0.1/24`). */
export function hasHostBits(network: Ipv4Network): boolean {
  return networkAddress(network.base, network.prefix) !== network.base;
}

/** Whether `address` lies inside `network`. */
export function containsIpv4(network: Ipv4Network, address: number): boolean {
  return networkAddress(address, network.prefix) === networkAddress(network.base, network.prefix);
}

/** Whether two networks share at least one address. */
export function overlapsIpv4(a: Ipv4Network, b: Ipv4Network): boolean {
  const shorter = Math.min(a.prefix, b.prefix);
  return networkAddress(a.base, shorter) === networkAddress(b.base, shorter);
}

/** Whether the whole of `network` lies in one of the RFC 1918 private ranges. */
export function isPrivateIpv4Network(network: Ipv4Network): boolean {
  return PRIVATE_IPV4_RANGES.some((range) => {
    const outer = parseIpv4Cidr(range)!;
    return network.prefix >= outer.prefix && containsIpv4(outer, network.base);
  });
}

/**
 * The first and last host address of a subnet: the network address and the broadcast
 * address are never given to hosts.
 */
export function hostRange(network: Ipv4Network): { first: number; last: number } {
  const start = networkAddress(network.base, network.prefix);
  return { first: start + 1, last: start + networkSize(network.prefix) - 2 };
}

/** Whether `address` is a usable host address of `network` (not network or broadcast). */
export function isHostOf(network: Ipv4Network, address: number): boolean {
  const { first, last } = hostRange(network);
  return address >= first && address <= last;
}

/** Formats a network as `a.b.c.d/n`. */
export function formatIpv4Cidr(network: Ipv4Network): string {
  return `${formatIpv4(network.base)}/${network.prefix}`;
}

/** Parses an IPv6 address (full, `::`-compressed, or with a dotted IPv4 tail) to a bigint. */
export function parseIpv6(text: string): bigint | undefined {
  if (text.length === 0 || text.length > 45) return undefined;
  let hex = text;
  if (text.includes(".")) {
    // A dotted IPv4 tail (`::ffff:10.0.0.1`) stands for the last two 16-bit groups.
    const lastColon = text.lastIndexOf(":");
    const v4 = parseIpv4(text.slice(lastColon + 1));
    if (lastColon < 0 || v4 === undefined) return undefined;
    hex = `${text.slice(0, lastColon + 1)}${Math.floor(v4 / 65536).toString(16)}:${(v4 % 65536).toString(16)}`;
  }
  const halves = hex.split("::");
  if (halves.length > 2) return undefined;
  const parse = (part: string): number[] | undefined => {
    if (part === "") return [];
    const groups = part.split(":");
    return groups.every((g) => /^[0-9a-fA-F]{1,4}$/.test(g))
      ? groups.map((g) => parseInt(g, 16))
      : undefined;
  };
  const left = parse(halves[0]!);
  const right = halves.length === 2 ? parse(halves[1]!) : [];
  if (left === undefined || right === undefined) return undefined;
  const missing = 8 - left.length - right.length;
  if (halves.length === 2 ? missing < 1 : missing !== 0) return undefined;
  const groups = [...left, ...new Array<number>(missing).fill(0), ...right];
  return groups.reduce((acc, g) => (acc << 16n) | BigInt(g), 0n);
}

/** Parses `addr/n` as an IPv6 network (prefix 0–128), or undefined. */
export function parseIpv6Cidr(text: string): { base: bigint; prefix: number } | undefined {
  const slash = text.indexOf("/");
  if (slash < 0) return undefined;
  const base = parseIpv6(text.slice(0, slash));
  const prefixText = text.slice(slash + 1);
  if (base === undefined || !/^\d{1,3}$/.test(prefixText)) return undefined;
  const prefix = Number(prefixText);
  return prefix > 128 ? undefined : { base, prefix };
}

/** Whether `text` is an IP address of either family. */
export function isIpAddress(text: string): boolean {
  return parseIpv4(text) !== undefined || parseIpv6(text) !== undefined;
}

/** Formats a 128-bit number as an IPv6 address, its longest run of zero groups as `::`. */
export function formatIpv6(value: bigint): string {
  const groups = Array.from({ length: 8 }, (_, i) =>
    Number((value >> BigInt(112 - 16 * i)) & 0xffffn),
  );
  // The longest run of two or more zero groups (the first of equal ones) becomes `::`.
  let best = { at: -1, length: 0 };
  for (let i = 0; i < 8;) {
    let j = i;
    while (j < 8 && groups[j] === 0) j++;
    if (j - i > best.length && j - i >= 2) best = { at: i, length: j - i };
    i = j === i ? i + 1 : j;
  }
  const hex = (part: number[]) => part.map((g) => g.toString(16)).join(":");
  if (best.at < 0) return hex(groups);
  return `${hex(groups.slice(0, best.at))}::${hex(groups.slice(best.at + best.length))}`;
}

/**
 * Whether `text` is a CIDR of the given ether type (`IPv4`: `a.b.c.d/n`, `IPv6`: `x::/n`).
 * Whether its host bits are clear is {@link cidrHostBits}'s question.
 */
export function isCidrOf(text: string, etherType: "IPv4" | "IPv6"): boolean {
  return etherType === "IPv4"
    ? parseIpv4Cidr(text) !== undefined
    : parseIpv6Cidr(text) !== undefined;
}

/** A CIDR whose host bits are set: the network it stands for, and its address alone. */
export interface HostBits {
  /** The same network with the host bits clear, e.g. `203.0.113.0/24`. */
  network: string;
  /** The address as one host, e.g. `203.0.113.5/32`. */
  host: string;
}

/**
 * The rule every CIDR the services take keeps, a subnet's address and a security group rule's
 * remote prefix alike: its address is the network address, host bits clear, so that what is
 * stored says what it means. Returns the fixes when `text` (a CIDR of `etherType`) breaks it;
 * undefined when it keeps it, or is no CIDR of that type (which {@link isCidrOf} tells).
 */
export function cidrHostBits(text: string, etherType: "IPv4" | "IPv6"): HostBits | undefined {
  if (etherType === "IPv4") {
    const network = parseIpv4Cidr(text);
    if (network === undefined || !hasHostBits(network)) return undefined;
    return {
      network: formatIpv4Cidr({
        base: networkAddress(network.base, network.prefix),
        prefix: network.prefix,
      }),
      host: `${formatIpv4(network.base)}/32`,
    };
  }
  const network = parseIpv6Cidr(text);
  if (network === undefined) return undefined;
  const hostMask = (1n << BigInt(128 - network.prefix)) - 1n;
  if ((network.base & hostMask) === 0n) return undefined;
  return {
    network: `${formatIpv6(network.base & ~hostMask)}/${network.prefix}`,
    host: `${formatIpv6(network.base)}/128`,
  };
}

/** The message for a CIDR written `cidr` whose host bits are set: what to give instead. */
export function hostBitsMessage(cidr: string, fixes: HostBits): string {
  return `${cidr} has host bits set: the base address must be the network address, e.g. ${fixes.network}`;
}

/** What a subnet address request resolves to: the network, or the field and rule it breaks. */
export type SubnetAddressResult =
  | { ok: true; network: Ipv4Network; cidr: string }
  | { ok: false; code: string; field: "subnet_address" | "prefix_length"; message: string };

/**
 * Combines `subnet_address` and `prefix_length` into one network and checks it:
 * - `subnet_address` may be a CIDR (`10.1.0.0/24`) or a bare address (`10.1.0.0`), in which
 *   case `prefix_length` gives the mask; when both carry a mask they must agree;
 * - with no mask anywhere the mask is /{@link DEFAULT_SUBNET_PREFIX};
 * - the mask must be /{@link MIN_SUBNET_PREFIX}–/{@link MAX_SUBNET_PREFIX}
 *   (`invalid_mask_length`);
 * - the base address must be the network address, host bits clear (`invalid_base_address`);
 * - the network must lie within 10/8, 172.16/12 or 192.168/16 (`not_private_network`).
 */
export function resolveSubnetAddress(
  subnetAddress: string,
  prefixLength?: number,
): SubnetAddressResult {
  const hasMask = subnetAddress.includes("/");
  const parsed: Ipv4Network | undefined = hasMask
    ? parseIpv4Cidr(subnetAddress)
    : (() => {
        const base = parseIpv4(subnetAddress);
        return base === undefined
          ? undefined
          : { base, prefix: prefixLength ?? DEFAULT_SUBNET_PREFIX };
      })();
  if (parsed === undefined) {
    // An address with a mask no IPv4 network has (`/33`): say what masks there are.
    const [address, mask] = subnetAddress.split("/");
    const badMask = hasMask && parseIpv4(address ?? "") !== undefined && /^\d+$/.test(mask ?? "");
    return {
      ok: false,
      code: "validation_error",
      field: "subnet_address",
      message: badMask
        ? `subnet_address "${subnetAddress}" has no IPv4 mask /${mask}: use a mask from /${MIN_SUBNET_PREFIX} to /${MAX_SUBNET_PREFIX}, e.g. ${address}/24`
        : `subnet_address "${subnetAddress}" is not an IPv4 network such as 10.1.0.0/24`,
    };
  }
  if (hasMask && prefixLength !== undefined && prefixLength !== parsed.prefix) {
    return {
      ok: false,
      code: "invalid_mask_length",
      field: "prefix_length",
      message: `prefix_length ${prefixLength} disagrees with the mask /${parsed.prefix} of subnet_address; give one of them`,
    };
  }
  if (parsed.prefix < MIN_SUBNET_PREFIX || parsed.prefix > MAX_SUBNET_PREFIX) {
    return {
      ok: false,
      code: "invalid_mask_length",
      field: hasMask ? "subnet_address" : "prefix_length",
      message: `mask /${parsed.prefix} is not allowed: use a mask from /${MIN_SUBNET_PREFIX} to /${MAX_SUBNET_PREFIX}`,
    };
  }
  const written = formatIpv4Cidr(parsed);
  const hostBits = cidrHostBits(written, "IPv4");
  if (hostBits !== undefined) {
    return {
      ok: false,
      code: "invalid_base_address",
      field: "subnet_address",
      message: hostBitsMessage(written, hostBits),
    };
  }
  if (!isPrivateIpv4Network(parsed)) {
    return {
      ok: false,
      code: "not_private_network",
      field: "subnet_address",
      message: `${formatIpv4Cidr(parsed)} is not private: use a range inside ${PRIVATE_IPV4_RANGES.join(", ")}`,
    };
  }
  return { ok: true, network: parsed, cidr: formatIpv4Cidr(parsed) };
}

/** A parsed port range: every port, or `from`–`to` inclusive. */
export type PortRange = { any: true } | { any: false; from: number; to: number };

/** The largest TCP/UDP port. */
export const MAX_PORT = 65535;

/**
 * Parses a security group rule's `port_range`: `any` (every port) or `from:to` with
 * 1 ≤ from ≤ to ≤ 65535 (a single port is written `80:80`). Returns the range, or a message
 * that says what to write instead.
 */
export function parsePortRange(text: string): PortRange | { error: string } {
  if (text === "any") return { any: true };
  const match = /^(\d{1,5}):(\d{1,5})$/.exec(text);
  if (match === null) {
    const single = /^\d{1,5}$/.test(text) ? ` (for one port write "${text}:${text}")` : "";
    return {
      error: `port_range "${text}" must be "any" or "from:to", e.g. "80:80" or "8000:8080"${single}`,
    };
  }
  const from = Number(match[1]);
  const to = Number(match[2]);
  if (from < 1 || to > MAX_PORT || from > to) {
    return { error: `port_range "${text}" must satisfy 1 ≤ from ≤ to ≤ ${MAX_PORT}` };
  }
  return { any: false, from, to };
}
