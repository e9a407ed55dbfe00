/** The answer of the URL policy: allowed, or refused with a reason a user can read. */
export type PolicyDecision = { allowed: true } | { allowed: false; reason: string };

/**
 * The SSRF guard (decisions.md "Safety rules"). Every fetch the product makes on behalf of a
 * user (crawl, robots.txt, sitemap fetch, ping, each redirect hop, each request of the
 * headless browser) asks this policy twice: once for the URL, once for the address it
 * resolved to, at connect time.
 */
export interface UrlPolicy {
  /** Checks scheme, port and host text (IP literals in every textual form). Never resolves DNS. */
  checkUrl(url: URL): PolicyDecision;
  /** Checks one resolved address (IPv4 or IPv6 text) right before connecting to it. */
  checkAddress(address: string): PolicyDecision;
}
