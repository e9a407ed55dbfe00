import {
  type ControlAction,
  CRAWL_SETTINGS_FEATURE,
  CrawlControls,
  proRequired,
} from '@mapsmith/app';
import {
  type CrawlJob,
  type CrawlOptions,
  type CrawlSettings,
  isDefaultCrawlSettings,
  type UrlPolicy,
} from '@mapsmith/core';
import type { LocalCrawls } from '../crawl/local-crawls';
import { startRefusal } from '../plan-gate';
import { LOCAL_USER_ID, type LocalData } from '../store/local-data';
import { type AccountDeps, currentPlan } from './account';

/** What the crawl handlers need. */
export interface CrawlDeps extends AccountDeps {
  data: LocalData;
  crawls: LocalCrawls;
  /** The SSRF guard (core `createUrlPolicy`). */
  policy: UrlPolicy;
  /** Crawl settings every local crawl gets (loopback only in tests). */
  crawlDefaults: Partial<Omit<CrawlOptions, 'startUrl' | 'maxPages'>>;
  /** The engineering page cap for Pro crawls. */
  engineeringCap: number;
}

/**
 * `crawl.start`: the application layer admits the crawl under the plan's limits and records a
 * pending job, as hosted; a crawler process then claims and runs it. Internal targets were
 * refused by URL before (the IPC router's entry check); the crawler enforces the same guard on
 * every resolved address and redirect hop. Crawl settings (issue 13) are Pro: the free plan sending any is refused with
 * `auth.pro-required`, as on the hosted server.
 */
export async function startCrawl(
  deps: CrawlDeps,
  input: { url: string; settings?: CrawlSettings },
): Promise<{ jobId: string }> {
  const startUrl = new URL(input.url).href;
  const plan = await currentPlan(deps);
  const settings = isDefaultCrawlSettings(input.settings) ? undefined : input.settings;
  if (settings && plan !== 'pro')
    throw proRequired(CRAWL_SETTINGS_FEATURE, {
      advice: 'Link a Pro account to use them, or start the crawl without them.',
    });
  const started = await deps.data.jobs.start({
    userId: LOCAL_USER_ID,
    plan,
    url: startUrl,
    engineeringCap: deps.engineeringCap,
    // The user's own disk: no storage budget (it guards the hosted server's disk).
    ownDisk: true,
    ...(settings ? { settings } : {}),
  });
  if (!started.ok) throw startRefusal(started, plan, deps.now());
  deps.crawls.wake();
  return { jobId: started.job.id };
}

/** `crawl.get`: the job, its first listed pages, progress, and its outcome once it ended. */
export function getCrawl(deps: CrawlDeps, input: { jobId: string }): Promise<CrawlJob> {
  return deps.data.answers.crawl(input.jobId, LOCAL_USER_ID);
}

/**
 * `crawl.stop`, `crawl.pause` and `crawl.resume` (issue 30): the application layer's, as hosted;
 * the crawler process running the job reads the request from the data file within a second.
 */
export function controlCrawl(
  deps: CrawlDeps,
  input: { jobId: string },
  action: ControlAction,
): Promise<CrawlJob> {
  return new CrawlControls(deps.data.jobs, () => deps.crawls.wake()).ask(
    input.jobId,
    LOCAL_USER_ID,
    action,
  );
}
