/**
 * How a site address typed without a scheme is read, everywhere a site is asked for (single
 * crawl, bulk lines, schedules, the checker, the API): `example.com`, `www.example.com` and
 * `127.0.0.1:3201` mean https first. The crawler's start falls back to http when https does not
 * answer (`crawler/start-scheme.ts`), and says so in the crawl's notes.
 */

/** True when the text starts with a scheme and `//` (`https://`, `ftp://`, ...). */
export function hasUrlScheme(text: string): boolean {
  return /^[a-z][a-z0-9+.-]*:\/\//i.test(text);
}

/**
 * True when the text names another kind of address with a scheme but no `//`
 * (`mailto:x@example.com`, `javascript:...`); `example.com:8080` has a port, not a scheme.
 */
export function hasOpaqueScheme(text: string): boolean {
  return !hasUrlScheme(text) && /^[a-z][a-z0-9+.-]*:(?!\d)/i.test(text);
}

/** The address with https:// before a bare host name; anything else as it was. */
export function withSiteScheme(text: string): string {
  return text === '' || hasUrlScheme(text) || hasOpaqueScheme(text) ? text : `https://${text}`;
}

/**
 * True when a site address is one a person could mean: http or https, and a host name with a
 * dot, an IP address or an explicit scheme (a bare word such as `hello` is not a site).
 */
export function isSiteAddress(typed: string, url: URL): boolean {
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return false;
  if (/\s/.test(typed)) return false;
  return hasUrlScheme(typed) || /^[^/]*\./.test(typed);
}

/** The sentence a refused site address gets, whichever form asked for it. */
export const SITE_ADDRESS_HINT = 'Enter a site address such as example.com or https://example.com';
