import { randomUUID } from 'node:crypto';
import {
  type CrawlJob,
  type CrawlOptions,
  type CrawlSettings,
  isDefaultCrawlSettings,
  jobCrawlPlan,
  type UrlPolicy,
} from '@mapsmith/core';
import type { CrawlRunner } from '../crawl/crawl-runner';
import { HandlerError } from '../errors';
import { admitCrawl } from '../plan-gate';
import { type AccountDeps, currentPlan } from './account';
import { withOutcome } from './report';

/** What the crawl handlers need. */
export interface CrawlDeps extends AccountDeps {
  crawls: CrawlRunner;
  /** The SSRF guard (core `createUrlPolicy`). */
  policy: UrlPolicy;
  /** Crawl settings every local crawl gets (loopback only in tests). */
  crawlDefaults: Partial<Omit<CrawlOptions, 'startUrl' | 'maxPages'>>;
  /** The engineering page cap for Pro crawls. */
  engineeringCap: number;
}

/**
 * `crawl.start`: applies the plan's limits, records a pending job and hands the crawl to a
 * crawler process. Internal targets are refused here by URL; the crawler enforces the same
 * guard on every resolved address and redirect hop. Crawl settings (issue 13) are Pro: the
 * free plan sending any is refused with `crawl.settings-pro`, as on the hosted server.
 */
export async function startCrawl(
  deps: CrawlDeps,
  input: { url: string; settings?: CrawlSettings },
): Promise<{ jobId: string }> {
  const startUrl = new URL(input.url).href;
  // Refuse internal targets at once; the crawler checks every resolved address again.
  const decision = deps.policy.checkUrl(new URL(startUrl));
  if (!decision.allowed)
    throw new HandlerError(400, 'URL not allowed', decision.reason, 'crawl.url-not-allowed');
  const plan = await currentPlan(deps);
  const settings = isDefaultCrawlSettings(input.settings) ? undefined : input.settings;
  if (settings && plan !== 'pro')
    throw new HandlerError(
      403,
      'Pro required',
      'Crawl settings (depth, include and exclude patterns, scope, rendering, delay and user agent) are part of Mapsmith Pro: link a Pro account to use them, or start the crawl without them.',
      'crawl.settings-pro',
    );
  const now = deps.now();
  const maxPages = await admitCrawl(deps.store, plan, now, deps.engineeringCap);
  const jobId = randomUUID();
  await deps.store.createJob({
    id: jobId,
    url: startUrl,
    createdAt: new Date(now).toISOString(),
    pageCap: maxPages,
    ...(settings ? { settings } : {}),
  });
  const { options, userAgent } = jobCrawlPlan(
    { url: startUrl, pageCap: maxPages, settings: settings ?? null },
    deps.crawlDefaults,
  );
  deps.crawls.start(jobId, options, userAgent);
  return { jobId };
}

/** `crawl.get`: the job, its first listed pages, progress, and its outcome once it ended. */
export async function getCrawl(deps: CrawlDeps, input: { jobId: string }): Promise<CrawlJob> {
  const job = await deps.store.getJob(input.jobId);
  if (!job) throw new HandlerError(404, 'Crawl job not found', undefined, 'crawl.not-found');
  return withOutcome(deps.store, job);
}
