/** Sitemap seeding of a crawl: the start origin's robots.txt `Sitemap:` lines, else /sitemap.xml. */
import { sitemapSeeds } from '../discovery/sitemap-seeds.js';
import type { HttpFetcher } from '../ports/fetcher.js';
import type { Logger } from '../ports/logger.js';
import type { UrlPolicy } from '../ports/url-policy.js';
import type { RobotsGate } from '../robots/robots-gate.js';

/** Page URLs the start origin's sitemaps list (none when robots.txt disallows everything). */
export async function seedFromSitemaps(
  start: URL,
  robots: RobotsGate,
  deps: { fetcher: HttpFetcher; policy: UrlPolicy; logger: Logger },
  signal: AbortSignal,
): Promise<string[]> {
  const rules = await robots.rulesFor(start, signal);
  if (rules.source === 'disallow-all') return [];
  const declared = rules.sitemaps.filter((s) => {
    try {
      return deps.policy.checkUrl(new URL(s)).allowed;
    } catch {
      return false;
    }
  });
  return sitemapSeeds(start.origin, declared, deps, {}, signal);
}
