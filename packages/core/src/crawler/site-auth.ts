/**
 * Credentials a crawl of a staging site carries (issue 29 point 1): HTTP basic credentials and
 * extra request headers (a bearer token, a staging cookie). They belong to the crawl's own site
 * only: the crawler sends them to URLs of its own origin(s) by the scope rule and to nothing
 * else (no other host, no redirect that leaves the site, no third-party request of a rendered
 * page). They are secrets: never logged, exported, reported or put in an error message.
 */
export interface SiteAuth {
  /** HTTP basic credentials (`Authorization: Basic ...`). */
  basic?: { username: string; password: string };
  /** Extra request headers, e.g. `{name: 'Cookie', value: 'staging=1'}`. */
  headers?: { name: string; value: string }[];
}

/** Most extra headers one crawl carries. */
export const MAX_SITE_AUTH_HEADERS = 10;

/**
 * Header names a crawl may not set: the fetcher's own (`Host`, `Content-Length`, `User-Agent`,
 * `Accept-Encoding`, hop-by-hop headers) and the proxy's; compared lower case.
 */
export const RESERVED_HEADER_NAMES: ReadonlySet<string> = new Set([
  'host',
  'content-length',
  'transfer-encoding',
  'connection',
  'keep-alive',
  'upgrade',
  'te',
  'trailer',
  'proxy-authorization',
  'proxy-connection',
  'user-agent',
  'accept-encoding',
]);
