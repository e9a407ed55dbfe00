/**
 * Resolves a page's hrefs against its base URL. Most links on a real site are plain absolute
 * paths (`/blog/post-1`), whose resolution is the base's origin plus the path as written: those
 * skip the URL parser, which parses the base again for every link (a static crawl meets ~40
 * links a page). Anything else goes through `new URL()`.
 */

/**
 * An absolute path of unreserved characters only, without dot segments and not starting with
 * `//` (a scheme-relative URL): the URL parser leaves such a path exactly as written.
 */
const PLAIN_PATH = /^(?!\/\/)(?:\/(?!\.\.?(?:\/|$))[A-Za-z0-9\-._~]*)+$/;

/** Resolves hrefs against one base. */
export type HrefResolver = (href: string) => string | null;

/** A resolver for `base`: the absolute URL of an href, or null (empty, `data:`, unparsable). */
export function hrefResolver(base: URL): HrefResolver {
  // Credentials stay in a resolved URL but not in the origin: such a base takes the parser.
  const origin =
    (base.protocol === 'http:' || base.protocol === 'https:') && !base.username && !base.password
      ? base.origin
      : null;
  const baseHref = base.href;
  return (href) => {
    const value = href.trim();
    if (!value || value.startsWith('data:')) return null;
    if (origin !== null && PLAIN_PATH.test(value)) return origin + value;
    try {
      return new URL(value, baseHref).href;
    } catch {
      return null;
    }
  };
}
