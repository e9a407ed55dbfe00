import {
  type CrawlSummary,
  createCrawler,
  createHttpFetcher,
  createUrlPolicy,
  type Logger,
} from '@mapsmith/core';
import { createChromiumRenderer } from '@mapsmith/render';
import type { ServerConfig } from '../config.js';
import type { CrawlRunner } from './crawl-task.js';

/**
 * The production crawl runner: the core crawler over the job's SQLite store, behind the SSRF
 * policy (loopback only with `MAPSMITH_ALLOW_LOOPBACK=1`, which production refuses). Each run
 * gets its own fetcher (a connection pool for its site), closed when the run ends. Smart
 * rendering uses one Chromium for the whole server (launched on the first page that needs it,
 * its every request behind the same policy), closed when the server stops.
 */
export function createCrawlRunner(config: ServerConfig, logger: Logger): CrawlRunner {
  const policy = createUrlPolicy({ allowLoopback: config.allowLoopback });
  const renderer =
    config.jobs.render === 'never' ? undefined : createChromiumRenderer({ policy, logger });
  const run: CrawlRunner = async (job, ctx) => {
    const fetcher = createHttpFetcher({ policy });
    try {
      const crawler = createCrawler({
        fetcher,
        renderer,
        policy,
        store: ctx.store,
        logger,
        // One user's crawls share that user's fair part of the server's browser (issue 19).
        renderUser: `user:${job.userId}`,
      });
      const options = {
        startUrl: job.url,
        render: config.jobs.render,
        maxPages: job.pageCap,
        concurrency: config.jobs.crawlConcurrency,
        allowLoopback: config.allowLoopback,
      };
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
  };
  run.close = async () => {
    await renderer?.close();
  };
  return run;
}
