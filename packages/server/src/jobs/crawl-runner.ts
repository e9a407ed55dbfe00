import {
  type CrawlSummary,
  createCrawler,
  createHttpFetcher,
  createUrlPolicy,
  type Logger,
} from '@mapsmith/core';
import type { ServerConfig } from '../config.js';
import type { CrawlRunner } from './crawl-task.js';

/**
 * The production crawl runner: the core crawler over the job's SQLite store, behind the SSRF
 * policy (loopback only with `MAPSMITH_ALLOW_LOOPBACK=1`, which production refuses). Each run
 * gets its own fetcher (a connection pool for its site), closed when the run ends. No renderer
 * is wired in the hosted server yet, so pages are crawled statically.
 */
export function createCrawlRunner(config: ServerConfig, logger: Logger): CrawlRunner {
  const policy = createUrlPolicy({ allowLoopback: config.allowLoopback });
  return async (job, ctx) => {
    const fetcher = createHttpFetcher({ policy });
    try {
      const crawler = createCrawler({ fetcher, policy, store: ctx.store, logger });
      const options = {
        startUrl: job.url,
        maxPages: job.pageCap,
        concurrency: config.jobs.crawlConcurrency,
        allowLoopback: config.allowLoopback,
      };
      let summary: CrawlSummary | undefined;
      for await (const event of crawler.crawl(options, ctx.signal)) {
        if (event.type === 'done') summary = event.summary;
      }
      if (!summary) throw new Error('the crawl ended without a summary');
      return summary;
    } finally {
      await fetcher.close().catch(() => undefined);
    }
  };
}
