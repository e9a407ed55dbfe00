/**
 * The normalized URL key the frontier is deduplicated by. Two links name the same page when
 * their keys are equal. `new URL()` already lower-cases scheme and host, drops default ports
 * and resolves dot segments; on top of that we drop the fragment, decode percent-escapes of
 * unreserved characters, upper-case the others, drop tracking and session parameters (query and
 * `;jsessionid=` path parameters) and sort the query. The crawler fetches the key itself, so
 * the URL it lists is the clean form.
 */

const TRACKING =
  /^(utm_[a-z]+|gclid|dclid|gbraid|wbraid|fbclid|msclkid|yclid|igshid|mc_cid|mc_eid|_ga|_gl|_hsenc|_hsmi|mkt_tok|oly_anon_id|oly_enc_id|vero_id|ref_src)$/i;
const SESSION =
  /^(sid|sessionid|session_id|session|jsessionid|phpsessid|aspsessionid|cfid|cftoken|zenid|osCsid)$/i;
const UNRESERVED = /[A-Za-z0-9\-._~]/;

function normalizeEscapes(text: string): string {
  return text.replace(/%([0-9a-fA-F]{2})/g, (_m, hex: string) => {
    const ch = String.fromCharCode(Number.parseInt(hex, 16));
    return UNRESERVED.test(ch) ? ch : `%${hex.toUpperCase()}`;
  });
}

/** Whether a query parameter name is tracking or session noise that never changes the page. */
export function isNoiseParam(name: string): boolean {
  return TRACKING.test(name) || SESSION.test(name);
}

/**
 * Normalizes `href` (resolved against `base`) to its key; `null` for anything that is not an
 * absolute http(s) URL after resolution.
 */
export function urlKey(href: string, base?: string | URL): string | null {
  let url: URL;
  try {
    url = new URL(href.trim(), base);
  } catch {
    return null;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return null;
  url.hash = '';
  url.username = '';
  url.password = '';
  let path = url.pathname.replace(/;(jsessionid|phpsessid|sid|sessionid)=[^/?]*/gi, '');
  path = normalizeEscapes(path);
  url.pathname = path;
  if (!url.search) url.search = '';
  else {
    const params = url.search
      .slice(1)
      .split('&')
      .filter((p) => p.length > 0)
      .map((p) => normalizeEscapes(p))
      .filter((p) => !isNoiseParam(decodeSafe(p.split('=')[0] ?? '')));
    params.sort();
    url.search = params.length ? `?${params.join('&')}` : '';
  }
  return url.href;
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
