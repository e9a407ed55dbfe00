/**
 * The normalized URL key the frontier is deduplicated by, and the form the crawler fetches. Two
 * links name the same page when their keys are equal. `new URL()` already lower-cases scheme and
 * host, drops default ports and resolves dot segments; on top of that both forms drop the
 * fragment and credentials, decode percent-escapes of unreserved characters and upper-case the
 * others (RFC 3986 §6.2.2, equivalent URLs), and drop tracking and session parameters (query and
 * `;jsessionid=` path parameters). Only the key sorts the query: the fetched form keeps the
 * site's parameter order, so robots.txt is matched against, and the server asked for, a URL the
 * site linked (issue 18), never a reordering the site never used.
 */

const TRACKING =
  /^(utm_[a-z]+|gclid|dclid|gbraid|wbraid|fbclid|msclkid|yclid|igshid|mc_cid|mc_eid|_ga|_gl|_hsenc|_hsmi|mkt_tok|oly_anon_id|oly_enc_id|vero_id|ref_src)$/i;
const SESSION =
  /^(sid|sessionid|session_id|session|jsessionid|phpsessid|aspsessionid|cfid|cftoken|zenid|osCsid)$/i;
const SESSION_PATH = /;(jsessionid|phpsessid|sid|sessionid)=[^/?]*/gi;
const UNRESERVED = /[A-Za-z0-9\-._~]/;
const DOT_SEGMENT = /(^|\/)\.\.?(\/|$)/;

function normalizeEscapes(text: string): string {
  if (!text.includes('%')) return text;
  return text.replace(/%([0-9a-fA-F]{2})/g, (_m, hex: string) => {
    const ch = String.fromCharCode(Number.parseInt(hex, 16));
    return UNRESERVED.test(ch) ? ch : `%${hex.toUpperCase()}`;
  });
}

/** Whether a query parameter name is tracking or session noise that never changes the page. */
export function isNoiseParam(name: string): boolean {
  return TRACKING.test(name) || SESSION.test(name);
}

/** The two forms of one link. */
export interface UrlForms {
  /** The de-duplication key (query sorted). */
  key: string;
  /** The form to ask robots.txt about and to fetch (query in the site's order). */
  fetch: string;
}

/**
 * Both forms of `href` (resolved against `base`); `null` for anything that is not an absolute
 * http(s) URL after resolution. Built as strings from one parse: URL setters re-parse the whole
 * URL each, which was a tenth of a static crawl's CPU.
 */
export function urlForms(href: string, base?: string | URL): UrlForms | null {
  let url: URL;
  try {
    url = new URL(href.trim(), base);
  } catch {
    return null;
  }
  const protocol = url.protocol;
  if (protocol !== 'http:' && protocol !== 'https:') return null;
  let path = url.pathname;
  if (path.includes(';')) path = path.replace(SESSION_PATH, '');
  const decoded = normalizeEscapes(path);
  // A decoded `%2E` can form a dot segment, which the URL parser resolves.
  if (decoded !== path && DOT_SEGMENT.test(decoded))
    path = new URL(`${protocol}//${url.host}${decoded}`).pathname;
  else path = decoded;
  const prefix = `${protocol}//${url.host}${path}`;
  const search = url.search;
  if (!search) return { key: prefix, fetch: prefix };
  const params: string[] = [];
  for (const p of search.slice(1).split('&')) {
    if (!p) continue;
    const param = normalizeEscapes(p);
    const eq = param.indexOf('=');
    if (!isNoiseParam(decodeSafe(eq === -1 ? param : param.slice(0, eq)))) params.push(param);
  }
  if (!params.length) return { key: prefix, fetch: prefix };
  const fetch = `${prefix}?${params.join('&')}`;
  return { key: params.length > 1 ? `${prefix}?${params.sort().join('&')}` : fetch, fetch };
}

/**
 * Normalizes `href` (resolved against `base`) to its key; `null` for anything that is not an
 * absolute http(s) URL after resolution.
 */
export function urlKey(href: string, base?: string | URL): string | null {
  return urlForms(href, base)?.key ?? null;
}

function decodeSafe(text: string): string {
  try {
    return decodeURIComponent(text.replace(/\+/g, ' '));
  } catch {
    return text;
  }
}

/** The path (and query) of `url` when it is on `origin`, else the absolute URL: for verdict text. */
export function displayTarget(url: string, origin: string): string {
  try {
    const u = new URL(url);
    return u.origin === origin ? `${u.pathname}${u.search}` : url;
  } catch {
    return url;
  }
}
