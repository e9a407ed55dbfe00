/**
 * The site's preferred form, learnt from its redirects: when `http://example.com/a` answers
 * with a redirect to `https://www.example.com/a` (same path and query, only scheme or `www.`
 * changed), later links to the old origin are rewritten to the preferred one before they are
 * queued. The listed URLs are then the preferred form and no fetch is spent on the redirect.
 * Trailing-slash and canonical preferences need no rule here: the redirect or canonical target
 * is crawled and listed, its source excluded with the reason.
 */

const bareHost = (host: string) => host.replace(/^www\./, '');

/** Origin aliases of one crawl. */
export class PreferredForm {
  private readonly aliases = new Map<string, string>();

  /** Learns from one redirect hop (`from` answered with a redirect to `to`). */
  learn(from: string, to: string): void {
    let a: URL;
    let b: URL;
    try {
      a = new URL(from);
      b = new URL(to);
    } catch {
      return;
    }
    if (a.origin === b.origin || a.pathname !== b.pathname || a.search !== b.search) return;
    if (bareHost(a.host) !== bareHost(b.host)) return;
    // A flip back (https -> http after http -> https) would loop: the first answer wins.
    if (this.aliases.get(b.origin) === a.origin) return;
    this.aliases.set(a.origin, b.origin);
  }

  /** Rewrites a normalized URL to the preferred origin, when one was learnt. */
  apply(key: string): string {
    // Most sites never redirect between origins: no regex per link then.
    if (this.aliases.size === 0) return key;
    const origin = /^https?:\/\/[^/]+/.exec(key)?.[0];
    const to = origin ? this.aliases.get(origin) : undefined;
    return to && origin ? `${to}${key.slice(origin.length)}` : key;
  }
}
