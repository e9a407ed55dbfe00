/**
 * XML escaping and sitemap URL encoding, shared by every format. Browser-safe. The fast paths
 * matter: a million-URL export calls these a million times, and most strings need no change.
 */

// biome-ignore lint/suspicious/noControlCharactersInRegex: XML 1.0 forbids these; finding them is the point.
const XML_SPECIAL = /[&<>"'\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]/;
// biome-ignore lint/suspicious/noControlCharactersInRegex: as above.
const XML_SPECIAL_ALL = /[&<>"'\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]/g;
const ENTITIES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&apos;',
};

/**
 * Escapes `& < > " '` for XML text and attribute values, and drops the control characters
 * XML 1.0 forbids (a stray one in a page title would make the whole file unreadable).
 */
export function escapeXml(text: string): string {
  if (!XML_SPECIAL.test(text)) return text;
  return text.replace(XML_SPECIAL_ALL, (ch) => ENTITIES[ch] ?? '');
}

// A URL made only of these characters is already what a sitemap needs (ASCII host, encoded path).
const PLAIN_URL = /^https?:\/\/[A-Za-z0-9\-._~:/?#[\]@!$&'()*+,;=%]+$/;
const STILL_UNSAFE = /[\s"<>\\^`{|}]/g;

/**
 * The URL as a sitemap must list it: absolute http(s), host in punycode (IDN), path and query
 * percent-encoded (non-ASCII and unsafe characters). `null` when it is not an http(s) URL.
 * XML escaping is separate ({@link escapeXml}).
 */
export function toSitemapUrl(url: string): string | null {
  if (PLAIN_URL.test(url)) return url;
  let href: string;
  try {
    const parsed = new URL(url);
    if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') return null;
    href = parsed.href;
  } catch {
    return null;
  }
  // WHATWG URL leaves a few characters in paths that XML Schema's anyURI checkers reject.
  return href.replace(
    STILL_UNSAFE,
    (ch) => `%${ch.charCodeAt(0).toString(16).toUpperCase().padStart(2, '0')}`,
  );
}

/** Sitemaps refuse a loc of 2,048 characters or more (sitemaps.org; the XSD's maxLength). */
export const MAX_LOC_LENGTH = 2047;

/** {@link toSitemapUrl} then {@link escapeXml}; `null` when unusable or too long for a loc. */
export function sitemapLoc(url: string): string | null {
  const encoded = toSitemapUrl(url);
  if (encoded === null || encoded.length > MAX_LOC_LENGTH) return null;
  // An encoded URL can only hold & and ' of the XML specials; most hold neither.
  if (!encoded.includes('&') && !encoded.includes("'")) return encoded;
  return escapeXml(encoded);
}
