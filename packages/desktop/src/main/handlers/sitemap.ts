import { AppError } from '@mapsmith/app';
import {
  createHttpFetcher,
  downloadSitemap,
  SitemapDownloadError,
  type UrlPolicy,
} from '@mapsmith/core';

/**
 * `sitemap.fetch`: downloads a sitemap for the checker through the core's `downloadSitemap`,
 * the one the hosted checker uses: the SSRF guard on every redirect hop (public sites only),
 * 5 redirects, 30 s, 50 MB also after gunzip, HTML and other non-sitemap types refused, with
 * the hosted route's statuses and messages.
 */
export async function fetchSitemap(
  deps: { policy: UrlPolicy },
  input: { url: string },
): Promise<{ content: string }> {
  const fetcher = createHttpFetcher({ policy: deps.policy, connectionsPerOrigin: 1 });
  try {
    return { content: await downloadSitemap({ fetcher, policy: deps.policy }, input.url) };
  } catch (err) {
    if (err instanceof SitemapDownloadError) throw new AppError(err.code, err.error, err.message);
    throw err;
  } finally {
    await fetcher.close().catch(() => undefined);
  }
}
