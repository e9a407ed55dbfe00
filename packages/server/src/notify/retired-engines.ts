import type { PingResult } from '@mapsmith/core';

type EngineOutcome = PingResult['engines'][number];

/**
 * Google's sitemap ping endpoint is gone (it answers 404 "Sitemaps ping is deprecated" since the
 * end of 2023), so nothing is sent and nothing is claimed: the line says what works instead.
 */
export function googleOutcome(sitemapUrl: string): EngineOutcome {
  return {
    name: 'Google',
    kind: 'information',
    ok: false,
    status: null,
    message: `Google has no ping endpoint any more (retired in 2023). Add "Sitemap: ${sitemapUrl}" to your robots.txt and submit the sitemap in Google Search Console.`,
  };
}

/**
 * Bing removed anonymous sitemap submission in May 2022. It does take IndexNow, which is how
 * Mapsmith reaches it; this line only says what the user can do beyond that.
 */
export function bingOutcome(sitemapUrl: string): EngineOutcome {
  return {
    name: 'Bing',
    kind: 'information',
    ok: false,
    status: null,
    message: `Bing retired its sitemap ping endpoint in 2022. It receives your URLs through IndexNow (above); you can also submit ${sitemapUrl} in Bing Webmaster Tools.`,
  };
}
