/** Date formatting for the exports. Browser-safe. */

const MAX_TIME = Date.UTC(9999, 11, 31, 23, 59, 59);

function parse(iso: string | null | undefined): number | null {
  if (!iso) return null;
  const time = Date.parse(iso);
  return Number.isNaN(time) || time < 0 || time > MAX_TIME ? null : time;
}

// What the crawler stores (Date#toISOString): rewritten without building a Date.
const UTC_ISO =
  /^\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])T([01]\d|2[0-3]):[0-5]\d:[0-5]\d(\.\d+)?Z$/;

/** A W3C Datetime (`2024-05-01T10:00:00+00:00`) for lastmod; `null` when absent or unparsable. */
export function w3cDate(iso: string | null | undefined): string | null {
  if (iso && UTC_ISO.test(iso) && Number(iso.slice(8, 10)) <= 28) {
    return `${iso.slice(0, 19)}+00:00`;
  }
  const time = parse(iso);
  return time === null ? null : `${new Date(time).toISOString().slice(0, 19)}+00:00`;
}

/** An RFC 822 date (`Wed, 01 May 2024 10:00:00 GMT`) for RSS; `null` when absent or unparsable. */
export function rfc822Date(iso: string | null | undefined): string | null {
  const time = parse(iso);
  return time === null ? null : new Date(time).toUTCString();
}

/** Milliseconds since the epoch, or `null`; used to sort by recency. */
export function timeOf(iso: string | null | undefined): number | null {
  return parse(iso);
}
