import { randomUUID } from 'node:crypto';
import {
  type CrawlJob,
  type CrawlOptions,
  DEFAULT_CRAWL_OPTIONS,
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
 * guard on every resolved address and redirect hop.
 */
export async function startCrawl(
  deps: CrawlDeps,
  input: { url: string },
): Promise<{ jobId: string }> {
  const startUrl = new URL(input.url).href;
  // Refuse internal targets at once; the crawler checks every resolved address again.
  const decision = deps.policy.checkUrl(new URL(startUrl));
  if (!decision.allowed)
    throw new HandlerError(400, 'URL not allowed', decision.reason, 'crawl.url-not-allowed');
  const plan = await currentPlan(deps);
  const now = deps.now();
  const maxPages = await admitCrawl(deps.store, plan, now, deps.engineeringCap);
  const jobId = randomUUID();
  await deps.store.createJob({
    id: jobId,
    url: startUrl,
    createdAt: new Date(now).toISOString(),
    pageCap: maxPages,
  });
  deps.crawls.start(jobId, { ...DEFAULT_CRAWL_OPTIONS, ...deps.crawlDefaults, startUrl, maxPages });
  return { jobId };
}

/** `crawl.get`: the job, its first listed pages, progress, and its outcome once it ended. */
export async function getCrawl(deps: CrawlDeps, input: { jobId: string }): Promise<CrawlJob> {
  const job = await deps.store.getJob(input.jobId);
  if (!job) throw new HandlerError(404, 'Crawl job not found', undefined, 'crawl.not-found');
  return withOutcome(deps.store, job);
}
