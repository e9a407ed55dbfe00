import {
  invalidChangefreq,
  invalidLastmod,
  invalidPriority,
  invalidProtocol,
  invalidUrlFormat,
  locTooLong,
} from './messages.js';

/** Where a finding goes: `error` or `warning` of the report. */
export type Sink = (message: string, line?: number) => void;

const SCHEME = /^[a-z][a-z\d+.-]*:/i;
/**
 * An http(s) URL with a plain ASCII host name, no port or user, and printable ASCII after it:
 * the URL parser accepts it for certain when the last label starts with a letter (so it is
 * not read as an IPv4 address) and no label is punycode. `new URL` costs several times more,
 * and a sitemap asks 50,000 times. Linear: the labels are separated by dots only.
 */
const PLAIN_URL = /^https?:\/\/([a-zA-Z\d-]+(?:\.[a-zA-Z\d-]+)*)(?:[/?#][!-~]*)?$/;

/** The host of a {@link PLAIN_URL} match, or null when the URL parser must decide. */
function plainHost(url: string): string | null {
  const name = PLAIN_URL.exec(url)?.[1]?.toLowerCase();
  if (name === undefined || name.includes('xn--')) return null;
  const last = name.charCodeAt(name.lastIndexOf('.') + 1);
  return last >= 97 && last <= 122 ? name : null;
}

/**
 * Checks one URL value (trimmed by the caller): http(s), parses, shorter than 2,048 characters.
 * Reports through `sink` and returns the URL's host (lower case, with its port), or `null`
 * when it is not usable.
 */
export function checkUrl(url: string, line: number, sink: Sink): string | null {
  if (url.length >= 2048) {
    sink(locTooLong(url.length), line);
    return null;
  }
  const plain = plainHost(url);
  if (plain !== null) return plain;
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    const scheme = SCHEME.exec(url)?.[0].toLowerCase();
    if (scheme && scheme !== 'http:' && scheme !== 'https:') sink(invalidProtocol(url), line);
    else sink(invalidUrlFormat(url), line);
    return null;
  }
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') {
    sink(invalidProtocol(url), line);
    return null;
  }
  if (!parsed.hostname) {
    sink(invalidUrlFormat(url), line);
    return null;
  }
  return parsed.host;
}

const W3C_DATE =
  /^(\d{4})(?:-(\d{2})(?:-(\d{2})(?:T(\d{2}):(\d{2})(?::(\d{2})(?:\.\d+)?)?(Z|([+-])(\d{2}):(\d{2})))?)?)?$/;
const DAYS = [31, 29, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];

/** The number written by `length` ASCII digits at `start`, or -1 when any is not a digit. */
function digits(value: string, start: number, length: number): number {
  let n = 0;
  for (let i = start; i < start + length; i++) {
    const d = value.charCodeAt(i) - 48;
    if (d < 0 || d > 9) return -1;
    n = n * 10 + d;
  }
  return n;
}

/** Whether year-month-day is a real calendar day (no 2024-02-30, no 2023-02-29). */
function validDay(year: number, month: number, day: number): boolean {
  if (month < 1 || month > 12 || day < 1 || day > (DAYS[month - 1] ?? 0)) return false;
  return !(month === 2 && day === 29 && (year % 4 !== 0 || (year % 100 === 0 && year % 400 !== 0)));
}

/**
 * The common full forms `YYYY-MM-DDThh:mm:ssZ` and `YYYY-MM-DDThh:mm:ss+hh:mm`, read by
 * character with the same checks as the general pattern; `undefined` for any other shape (or
 * a non-digit), which the pattern then reads.
 */
function fullDateTime(value: string): number | null | undefined {
  const n = value.length;
  const zone = value.charCodeAt(19);
  const zulu = n === 20 && zone === 90;
  const offset = n === 25 && (zone === 43 || zone === 45) && value.charCodeAt(22) === 58;
  if (!(zulu || offset)) return undefined;
  if (value.charCodeAt(4) !== 45 || value.charCodeAt(7) !== 45 || value.charCodeAt(10) !== 84)
    return undefined;
  if (value.charCodeAt(13) !== 58 || value.charCodeAt(16) !== 58) return undefined;
  const year = digits(value, 0, 4);
  const month = digits(value, 5, 2);
  const day = digits(value, 8, 2);
  const hour = digits(value, 11, 2);
  const minute = digits(value, 14, 2);
  const second = digits(value, 17, 2);
  const zoneHours = offset ? digits(value, 20, 2) : 0;
  const zoneMinutes = offset ? digits(value, 23, 2) : 0;
  if (Math.min(year, month, day, hour, minute, second, zoneHours, zoneMinutes) < 0)
    return undefined;
  if (!validDay(year, month, day)) return null;
  if (hour > 23 || minute > 59 || second > 60) return null;
  const size = (zoneHours * 60 + zoneMinutes) * 60_000;
  const shift = zone === 43 ? size : zone === 45 ? -size : 0;
  return Date.UTC(year, month - 1, day, hour, minute, second) - shift;
}

/**
 * The time of a W3C Datetime (sitemaps.org's lastmod format), or `null` when it is not one
 * (wrong shape or an impossible date such as 2024-02-30). Computed from the parts, because
 * Date.parse is lenient and slow.
 */
export function w3cTime(value: string): number | null {
  // The common plain date (YYYY-MM-DD) is read by character: a 50,000-URL sitemap asks this
  // 50,000 times, and the general pattern below costs several times more.
  if (value.length === 10 && value.charCodeAt(4) === 45 && value.charCodeAt(7) === 45) {
    const year = digits(value, 0, 4);
    const month = digits(value, 5, 2);
    const day = digits(value, 8, 2);
    if (year < 0 || month < 0 || day < 0) return null;
    return validDay(year, month, day) ? Date.UTC(year, month - 1, day) : null;
  }
  const full = fullDateTime(value);
  if (full !== undefined) return full;
  const m = W3C_DATE.exec(value);
  if (m === null) return null;
  const year = Number(m[1]);
  const month = m[2] === undefined ? 1 : Number(m[2]);
  const day = m[3] === undefined ? 1 : Number(m[3]);
  const hour = m[4] === undefined ? 0 : Number(m[4]);
  const minute = m[5] === undefined ? 0 : Number(m[5]);
  const second = m[6] === undefined ? 0 : Number(m[6]);
  if (!validDay(year, month, day)) return null;
  if (hour > 23 || minute > 59 || second > 60) return null;
  let offset = 0;
  if (m[8] !== undefined) {
    const size = (Number(m[9]) * 60 + Number(m[10])) * 60_000;
    offset = m[8] === '+' ? size : -size;
  }
  return Date.UTC(year, month - 1, day, hour, minute, second) - offset;
}

/** Checks a lastmod value; returns its time, or `null` (and warns) when invalid. */
export function checkLastmod(value: string, line: number, warn: Sink): number | null {
  const time = w3cTime(value);
  if (time === null) warn(invalidLastmod(value), line);
  return time;
}

const PRIORITY = /^(\d+(\.\d*)?|\.\d+)$/;

/** Warns about a priority that is not a number from 0.0 to 1.0. */
export function checkPriority(value: string, line: number, warn: Sink): void {
  if (!PRIORITY.test(value) || Number(value) > 1) warn(invalidPriority(value), line);
}

const CHANGEFREQ = new Set(['always', 'hourly', 'daily', 'weekly', 'monthly', 'yearly', 'never']);

/** Warns about a changefreq outside the protocol's list. */
export function checkChangefreq(value: string, line: number, warn: Sink): void {
  if (!CHANGEFREQ.has(value)) warn(invalidChangefreq(value), line);
}
