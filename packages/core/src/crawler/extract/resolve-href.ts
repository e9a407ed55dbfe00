/**
 * Resolves a page's hrefs against its base URL. Most links on a real site are plain absolute
 * paths (`/blog/post-1`, `/search?q=maps`), whose resolution is the base's origin plus the href
 * as written: those skip the URL parser, which parses the base again for every link (a static
 * crawl meets ~40 links a page). Anything else goes through `new URL()`.
 */

/**
 * An absolute path of unreserved characters only, without dot segments and not starting with
 * `//` (a scheme-relative URL), then maybe a query and a fragment of characters the URL parser
 * never escapes: the parser leaves such an href exactly as written.
 */
const PLAIN_HREF =
  /^(?!\/\/)(?:\/(?!\.\.?(?:[/?#]|$))[A-Za-z0-9\-._~]*)+(?:\?[A-Za-z0-9\-._~!$&()*+,;=:@/?%]*)?(?:#[A-Za-z0-9\-._~!$&()*+,;=:@/?%]*)?$/;

/** Plain hrefs resolved, at most this many in all (then forgotten at once). */
const MAX_REMEMBERED = 20_000;

/**
 * Plain hrefs resolved, by origin. The navigation links every page of a site repeats resolve to
 * one string each: built once, and hashed once for the crawl's URL maps, which look each link up
 * (building and hashing a fresh string per link and page was 3 % of a static crawl's CPU).
 */
let remembered = new Map<string, Map<string, string>>();
let rememberedCount = 0;

function rememberedFor(origin: string): Map<string, string> {
  let hrefs = remembered.get(origin);
  if (!hrefs) {
    hrefs = new Map();
    remembered.set(origin, hrefs);
  }
  return hrefs;
}

function remember(hrefs: Map<string, string>, href: string, url: string): void {
  if (rememberedCount >= MAX_REMEMBERED) {
    for (const each of remembered.values()) each.clear();
    remembered = new Map();
    rememberedCount = 0;
  }
  // A copy of the href: the parser's is a slice of the page's HTML, which it would keep alive.
  hrefs.set(` ${href}`.slice(1), url);
  rememberedCount++;
}

/** Resolves hrefs against one base. */
export type HrefResolver = (href: string) => string | null;

/** A resolver for `base`: the absolute URL of an href, or null (empty, `data:`, unparsable). */
export function hrefResolver(base: URL): HrefResolver {
  // Credentials stay in a resolved URL but not in the origin: such a base takes the parser.
  const origin =
    (base.protocol === 'http:' || base.protocol === 'https:') && !base.username && !base.password
      ? base.origin
      : null;
  const hrefs = origin === null ? null : rememberedFor(origin);
  const baseHref = base.href;
  return (href) => {
    const known = hrefs?.get(href);
    if (known !== undefined) return known;
    const value = href.trim();
    if (!value || value.startsWith('data:')) return null;
    if (origin !== null && hrefs !== null && PLAIN_HREF.test(value)) {
      const url = origin + value;
      remember(hrefs, href, url);
      return url;
    }
    try {
      return new URL(value, baseHref).href;
    } catch {
      return null;
    }
  };
}
