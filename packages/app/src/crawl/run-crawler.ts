import {
  type CrawlerDeps,
  type CrawlOptions,
  type CrawlSummary,
  createCrawler,
  createHttpFetcher,
} from '@mapsmith/core';
import type { CrawlRunContext } from './crawl-task.js';

/** What a shell lends a crawl run: the crawler's ports but the store and the fetcher. */
export type CrawlParts = Omit<CrawlerDeps, 'store' | 'fetcher'>;

/**
 * Runs the core crawler over a job's store to its `done` event and returns the summary: the
 * one crawl loop of both shells (the server's workers and the desktop's crawler process). The
 * run gets its own fetcher (a connection pool for its site, sending `userAgent` when the job's
 * settings add a suffix), closed when the run ends; progress goes to `ctx.onProgress`.
 */
export async function runCrawler(
  parts: CrawlParts,
  options: CrawlOptions,
  userAgent: string | undefined,
  ctx: CrawlRunContext,
): Promise<CrawlSummary> {
  const fetcher = createHttpFetcher({ policy: parts.policy, ...(userAgent ? { userAgent } : {}) });
  try {
    const crawler = createCrawler({ ...parts, fetcher, store: ctx.store });
    let summary: CrawlSummary | undefined;
    for await (const event of crawler.crawl(options, ctx.signal)) {
      if (event.type === 'done') summary = event.summary;
      else if (event.type === 'progress') ctx.onProgress?.(event);
    }
    if (!summary) throw new Error('the crawl ended without a summary');
    return summary;
  } finally {
    await fetcher.close().catch(() => undefined);
  }
}
