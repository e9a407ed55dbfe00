/**
 * Credentials a crawl of a staging site carries (issue 29 point 1): HTTP basic credentials and
 * extra request headers (a bearer token, a staging cookie). They belong to the crawl's own site
 * only: the crawler sends them to URLs of its own origin(s) by the scope rule and to nothing
 * else (no other host, no redirect that leaves the site, no third-party request of a rendered
 * page). They are secrets: never logged, exported, reported or put in an error message.
 */
import type { RenderCredentials } from '../ports/renderer.js';

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

/** Whether a URL belongs to the crawl's own site (the crawl's scope rule, `scope.ts`). */
export type OwnSite = (url: URL) => boolean;

/**
 * Whether a request to `url` may carry the credentials: it is on the crawl's own site (`contains`,
 * the scope rule) and it does not downgrade the crawl's scheme. A crawl that starts on https sends
 * them over https only (a plain-http link or redirect of the same host would put a password on the
 * wire in clear); a crawl of a plain-http site, as typed or after the https fallback, has no other
 * way to reach it and sends them over http.
 */
export function credentialSite(contains: OwnSite, start: URL): OwnSite {
  const plainStart = start.protocol === 'http:';
  return (url) => contains(url) && (plainStart || url.protocol === 'https:');
}

/** `base64(user:pass)` of the UTF-8 bytes (RFC 7617), without Node's Buffer (the web reads this file). */
function basicToken(basic: { username: string; password: string }): string {
  let binary = '';
  for (const byte of new TextEncoder().encode(`${basic.username}:${basic.password}`))
    binary += String.fromCharCode(byte);
  return btoa(binary);
}

/** The header lines the credentials make, names lower case (extra headers after basic auth). */
function credentialHeaders(auth: SiteAuth): Record<string, string> {
  const headers: Record<string, string> = {};
  if (auth.basic) {
    headers.authorization = `Basic ${basicToken(auth.basic)}`;
  }
  for (const header of auth.headers ?? []) headers[header.name.toLowerCase()] = header.value;
  return headers;
}

/** True when the crawl carries any credential. */
export function hasSiteAuth(auth: SiteAuth | undefined): auth is SiteAuth {
  return Boolean(auth?.basic || auth?.headers?.length);
}

/**
 * The one sending rule (issue 29): the headers a request to `url` carries are the crawl's
 * credentials when `url` is on the crawl's own site by its scope rule, else none. Every fetch
 * of a crawl (pages, each redirect hop, robots.txt, sitemaps, image checks) and every request
 * of a rendered page asks here; a URL that is not http(s) or not the site's gets nothing.
 */
export function siteAuthHeaders(
  auth: SiteAuth | undefined,
  ownSite: OwnSite,
  url: string | URL,
): Record<string, string> {
  if (!hasSiteAuth(auth)) return {};
  let parsed: URL;
  try {
    parsed = typeof url === 'string' ? new URL(url) : url;
  } catch {
    return {};
  }
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') return {};
  return ownSite(parsed) ? credentialHeaders(auth) : {};
}

/** The header names the credentials set, lower case (a renderer strips them from other requests). */
export function siteAuthHeaderNames(auth: SiteAuth | undefined): Set<string> {
  return new Set(hasSiteAuth(auth) ? Object.keys(credentialHeaders(auth)) : []);
}

/** The secret texts of the credentials (what no message may hold), longest first. */
function secretsOf(auth: SiteAuth): string[] {
  const secrets = new Set<string>();
  for (const value of Object.values(credentialHeaders(auth))) secrets.add(value);
  if (auth.basic?.password) secrets.add(auth.basic.password);
  if (auth.basic) secrets.add(basicToken(auth.basic));
  for (const header of auth.headers ?? []) secrets.add(header.value);
  return [...secrets].filter((s) => s.length >= 3).sort((a, b) => b.length - a.length);
}

/**
 * `text` with every secret of the credentials replaced by `[hidden]`: what an error, a log line
 * or a record may say when a library's message could echo a header it was given.
 */
export function hideSiteAuth(text: string, auth: SiteAuth | undefined): string {
  if (!hasSiteAuth(auth)) return text;
  let out = text;
  for (const secret of secretsOf(auth)) out = out.split(secret).join('[hidden]');
  return out;
}

/** The sending rule as a renderer asks it, per request of a rendered page; undefined without credentials. */
export function renderCredentials(
  auth: SiteAuth | undefined,
  ownSite: OwnSite,
): RenderCredentials | undefined {
  if (!hasSiteAuth(auth)) return undefined;
  return {
    headersFor: (url) => siteAuthHeaders(auth, ownSite, url),
    names: [...siteAuthHeaderNames(auth)],
  };
}
