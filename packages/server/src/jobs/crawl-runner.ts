import {
  type CrawlSummary,
  crawlSettingsOptions,
  createCrawler,
  createHttpFetcher,
  type Logger,
  type RenderMode,
  type UrlPolicy,
  USER_AGENT,
} from '@mapsmith/core';
import { createChromiumRenderer } from '@mapsmith/render';
import type { ServerConfig } from '../config.js';
import type { CrawlRunner } from './crawl-task.js';

/**
 * The production crawl runner: the core crawler over the job's SQLite store, behind the
 * server's SSRF `policy` (loopback only with `MAPSMITH_ALLOW_LOOPBACK=1`, which production
 * refuses). Each run
 * gets its own fetcher (a connection pool for its site), closed when the run ends. The job's
 * crawl settings (issue 13) are applied over the server's defaults. Smart
 * rendering uses one Chromium for the whole server (launched on the first page that needs it,
 * its every request behind the same policy), closed when the server stops.
 */
export function createCrawlRunner(
  config: ServerConfig,
  policy: UrlPolicy,
  logger: Logger,
): CrawlRunner {
  const renderer =
    config.jobs.render === 'never' ? undefined : createChromiumRenderer({ policy, logger });
  const run: CrawlRunner = async (job, ctx) => {
    const settings = job.settings ?? {};
    // The suffix follows our own product token, so robots.txt groups still match MapsmithBot.
    const fetcher = createHttpFetcher({
      policy,
      ...(settings.userAgentSuffix
        ? { userAgent: `${USER_AGENT} ${settings.userAgentSuffix}` }
        : {}),
    });
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
      const chosen = crawlSettingsOptions(settings);
      const options = {
        ...chosen,
        startUrl: job.url,
        // A server run without Chromium (`MAPSMITH_RENDER=never`) renders nothing, whatever
        // the crawl asked for; the job page says which mode was asked.
        render: (config.jobs.render === 'never'
          ? 'never'
          : (chosen.render ?? config.jobs.render)) as RenderMode,
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
