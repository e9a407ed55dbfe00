import { type CrawlRunner, runCrawler } from '@mapsmith/app';
import { jobCrawlPlan, type Logger, type UrlPolicy } from '@mapsmith/core';
import { createChromiumRenderer } from '@mapsmith/render';
import type { ServerConfig } from '../config.js';

/** The settings a crawl runner reads (all a crawl thread is given of the server's). */
export type CrawlRunnerConfig = Pick<ServerConfig, 'jobs' | 'allowLoopback'>;

/**
 * The production crawl runner: the core crawler over the job's SQL store, behind the
 * server's SSRF `policy` (loopback only with `MAPSMITH_ALLOW_LOOPBACK=1`, which production
 * refuses). Each run
 * gets its own fetcher (a connection pool for its site), closed when the run ends. The job's
 * crawl settings (issue 13) are applied over the server's defaults. Smart
 * rendering uses one Chromium for the whole server (launched on the first page that needs it,
 * its every request behind the same policy), closed when the server stops.
 */
export function createCrawlRunner(
  config: CrawlRunnerConfig,
  policy: UrlPolicy,
  logger: Logger,
): CrawlRunner {
  const renderer =
    config.jobs.render === 'never' ? undefined : createChromiumRenderer({ policy, logger });
  const run: CrawlRunner = async (job, ctx) => {
    // The one rule both shells run a job by (core `jobCrawlPlan`): a server run without
    // Chromium (`MAPSMITH_RENDER=never`) renders nothing whatever the job asked; the job page
    // says which mode was asked.
    const { options, userAgent } = jobCrawlPlan(job, {
      render: config.jobs.render,
      renderAvailable: config.jobs.render !== 'never',
      concurrency: config.jobs.crawlConcurrency,
      maxFrontierUrls: config.jobs.maxFrontierUrls,
      maxStoredBytes: config.jobs.maxCrawlBytes,
      pageTimeoutMs: config.jobs.pageTimeoutMs,
      timeoutRetryMs: config.jobs.timeoutRetryMs,
      allowLoopback: config.allowLoopback,
    });
    return runCrawler(
      // One user's crawls share that user's fair part of the server's browser (issue 19).
      { renderer, policy, logger, renderUser: `user:${job.userId}` },
      options,
      userAgent,
      ctx,
    );
  };
  run.close = async () => {
    await renderer?.close();
  };
  return run;
}
