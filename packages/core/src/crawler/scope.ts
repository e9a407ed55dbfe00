/**
 * The scope strategy: which URLs belong to the site being mapped.
 *
 * ```
 *   https://  shop.example.co.uk  :8443  /path?q
 *   \______/  \________________/  \___/
 *    scheme        hostname        port
 *             \_____________________/
 *                      host            -> 'host'   : same hostname and port (default)
 *                 \____________/
 *              registrable domain      -> 'domain' : any subdomain of example.co.uk
 *   \_________________________________/
 *                 origin               -> 'origin' : same scheme, hostname and port
 * ```
 *
 * The start URL's redirect target joins the scope (example.com -> www.example.com), so a site
 * whose home page moves to its preferred host is still crawled.
 */
import { getDomain } from 'tldts';
import type { ScopeMode } from './types.js';

/** Judges whether a URL belongs to the crawled site. */
export interface Scope {
  /** True when `url` is part of the site. */
  contains(url: URL): boolean;
  /** Adds the site's preferred form learnt from a redirect of the start URL. */
  adopt(url: URL): void;
}

/**
 * The registrable domain of a hostname by the Public Suffix List, private suffixes included:
 * `shop.example.co.uk` -> `example.co.uk`, and `me.github.io` stays `me.github.io` so a
 * same-domain crawl never spreads to every site under a shared host. IP addresses, `localhost`
 * and other names without a public suffix are their own domain.
 */
export function registrableDomain(hostname: string): string {
  const bare = hostname.replace(/\.$/, '').toLowerCase();
  return getDomain(bare, { allowPrivateDomains: true }) ?? bare;
}

function stripWww(host: string): string {
  return host.replace(/^www\./, '');
}

/** Creates the scope of a crawl that starts at `start`. */
export function createScope(mode: ScopeMode, start: URL): Scope {
  const hosts = new Set([start.host]);
  const origins = new Set([start.origin]);
  const domains = new Set([registrableDomain(start.hostname)]);
  return {
    contains(url) {
      if (url.protocol !== 'http:' && url.protocol !== 'https:') return false;
      if (mode === 'origin') return origins.has(url.origin);
      if (mode === 'domain') return domains.has(registrableDomain(url.hostname));
      return hosts.has(url.host);
    },
    adopt(url) {
      // Only the site's own alternate forms join: www or not, http or https.
      if (stripWww(url.host) !== stripWww(start.host) && !hosts.has(url.host)) return;
      hosts.add(url.host);
      origins.add(url.origin);
      domains.add(registrableDomain(url.hostname));
    },
  };
}
