/**
 * Address classification for the SSRF guard: which IPv4 and IPv6 ranges are internal.
 * Addresses arrive as text (what DNS or `new URL()` produced) and are parsed to bytes here,
 * so every textual form of one address is judged the same.
 */
import { isIP } from 'node:net';

/** Why an address is refused; `loopback` alone can be allowed (tests, local fixture sites). */
export type AddressClass = 'public' | 'loopback' | 'denied';

/** The classification of one address and a reason a user can read. */
export interface AddressVerdict {
  /** The class. */
  kind: AddressClass;
  /** The range it fell in, e.g. "private (10.0.0.0/8)"; empty for public addresses. */
  range: string;
}

type Range4 = [number, number, string];

const V4_DENIED: Range4[] = [
  [0x00000000, 8, 'this network (0.0.0.0/8)'],
  [0x0a000000, 8, 'private (10.0.0.0/8)'],
  [0x64400000, 10, 'carrier-grade NAT (100.64.0.0/10)'],
  [0xa9fe0000, 16, 'link-local (169.254.0.0/16)'],
  [0xac100000, 12, 'private (172.16.0.0/12)'],
  [0xc0000000, 24, 'IETF protocol assignments (192.0.0.0/24)'],
  [0xc0000200, 24, 'documentation (192.0.2.0/24)'],
  [0xc0586300, 24, '6to4 relay anycast (192.88.99.0/24)'],
  [0xc0a80000, 16, 'private (192.168.0.0/16)'],
  [0xc6120000, 15, 'benchmarking (198.18.0.0/15)'],
  [0xc6336400, 24, 'documentation (198.51.100.0/24)'],
  [0xcb007100, 24, 'documentation (203.0.113.0/24)'],
  [0xe0000000, 4, 'multicast (224.0.0.0/4)'],
  [0xf0000000, 4, 'reserved (240.0.0.0/4)'],
];

function inRange4(value: number, base: number, bits: number): boolean {
  const mask = bits === 0 ? 0 : (0xffffffff << (32 - bits)) >>> 0;
  return (value & mask) >>> 0 === base;
}

/** Parses dotted-quad IPv4 text to a 32-bit number; undefined when it is not one. */
export function parseIPv4(text: string): number | undefined {
  if (isIP(text) !== 4) return undefined;
  return text.split('.').reduce((acc, part) => ((acc << 8) | Number(part)) >>> 0, 0);
}

/** Classifies an IPv4 address given as a 32-bit number. */
export function classifyIPv4(value: number): AddressVerdict {
  if (inRange4(value, 0x7f000000, 8)) return { kind: 'loopback', range: 'loopback (127.0.0.0/8)' };
  for (const [base, bits, range] of V4_DENIED)
    if (inRange4(value, base, bits)) return { kind: 'denied', range };
  return { kind: 'public', range: '' };
}

/** Parses IPv6 text (with optional brackets, zone id or embedded IPv4) to 16 bytes. */
export function parseIPv6(text: string): Uint8Array | undefined {
  const bare = text.replace(/^\[|\]$/g, '').replace(/%.*$/, '');
  if (isIP(bare) !== 6) return undefined;
  let groups = bare;
  const lastColon = groups.lastIndexOf(':');
  const tail = groups.slice(lastColon + 1);
  if (tail.includes('.')) {
    const v4 = parseIPv4(tail);
    if (v4 === undefined) return undefined;
    groups = `${groups.slice(0, lastColon + 1)}${(v4 >>> 16).toString(16)}:${(v4 & 0xffff).toString(16)}`;
  }
  const [head = '', rest] = groups.split('::');
  const headParts = head ? head.split(':') : [];
  const restParts = rest === undefined ? [] : rest ? rest.split(':') : [];
  const fill = rest === undefined ? 0 : 8 - headParts.length - restParts.length;
  const parts = [...headParts, ...Array<string>(fill).fill('0'), ...restParts];
  if (parts.length !== 8) return undefined;
  const bytes = new Uint8Array(16);
  parts.forEach((p, i) => {
    const v = Number.parseInt(p, 16);
    bytes[i * 2] = v >> 8;
    bytes[i * 2 + 1] = v & 0xff;
  });
  return bytes;
}

function prefixIs(bytes: Uint8Array, prefix: number[], bits: number): boolean {
  for (let bit = 0; bit < bits; bit++) {
    const byte = bit >> 3;
    const mask = 0x80 >> (bit & 7);
    if (((bytes[byte] ?? 0) & mask) !== ((prefix[byte] ?? 0) & mask)) return false;
  }
  return true;
}

const V6_DENIED: [number[], number, string][] = [
  [[0x00, 0x64, 0xff, 0x9b], 96, 'NAT64 (64:ff9b::/96)'],
  [[0x00, 0x64, 0xff, 0x9b, 0x00, 0x01], 48, 'local NAT64 (64:ff9b:1::/48)'],
  [[0x01, 0x00], 64, 'discard-only (100::/64)'],
  [[0x20, 0x01, 0x00, 0x00], 32, 'Teredo (2001::/32)'],
  [[0x20, 0x01, 0x00, 0x02], 48, 'benchmarking (2001:2::/48)'],
  [[0x20, 0x01, 0x00, 0x10], 28, 'ORCHID (2001:10::/28)'],
  [[0x20, 0x01, 0x0d, 0xb8], 32, 'documentation (2001:db8::/32)'],
  [[0x20, 0x02], 16, '6to4 (2002::/16)'],
  [[0xfc], 7, 'unique-local (fc00::/7)'],
  [[0xfe, 0x80], 10, 'link-local (fe80::/10)'],
  [[0xfe, 0xc0], 10, 'site-local (fec0::/10)'],
  [[0xff], 8, 'multicast (ff00::/8)'],
];

/** Classifies an IPv6 address given as 16 bytes. */
export function classifyIPv6(bytes: Uint8Array): AddressVerdict {
  const firstTen = bytes.subarray(0, 10).every((b) => b === 0);
  if (firstTen && bytes[10] === 0xff && bytes[11] === 0xff) {
    const v4 = classifyIPv4(
      ((bytes[12] ?? 0) * 2 ** 24 +
        (bytes[13] ?? 0) * 65536 +
        (bytes[14] ?? 0) * 256 +
        (bytes[15] ?? 0)) >>>
        0,
    );
    if (v4.kind === 'loopback') return { kind: 'loopback', range: `IPv4-mapped ${v4.range}` };
    return { kind: 'denied', range: 'IPv4-mapped IPv6 (::ffff:0:0/96)' };
  }
  if (firstTen && bytes[10] === 0 && bytes[11] === 0) {
    const last = bytes.subarray(12);
    if (last.every((b, i) => b === (i === 3 ? 1 : 0)))
      return { kind: 'loopback', range: 'loopback (::1)' };
    if (last.every((b) => b === 0)) return { kind: 'denied', range: 'unspecified (::)' };
    return { kind: 'denied', range: 'IPv4-compatible IPv6 (::/96)' };
  }
  for (const [prefix, bits, range] of V6_DENIED)
    if (prefixIs(bytes, prefix, bits)) return { kind: 'denied', range };
  // Only global unicast (2000::/3) is public; everything else is reserved.
  if (!prefixIs(bytes, [0x20], 3))
    return { kind: 'denied', range: 'reserved IPv6 (outside 2000::/3)' };
  return { kind: 'public', range: '' };
}

/** Classifies an address given as text (IPv4 dotted quad or IPv6); undefined if not an IP. */
export function classifyAddress(text: string): AddressVerdict | undefined {
  const v4 = parseIPv4(text);
  if (v4 !== undefined) return classifyIPv4(v4);
  const v6 = parseIPv6(text);
  return v6 ? classifyIPv6(v6) : undefined;
}
