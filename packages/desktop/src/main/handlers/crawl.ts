import { type ControlAction, CrawlControls, CrawlStart } from '@mapsmith/app';
import type { CrawlJob, CrawlOptions, CrawlSettings, UrlPolicy } from '@mapsmith/core';
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
 * `crawl.start`: the application layer's (`CrawlStart`: the settings gate, the admission under
 * the plan's limits, a pending job), as hosted; a crawler process then claims and runs it.
 * Internal targets were refused by URL before (the IPC router's entry check); the crawler
 * enforces the same guard on every resolved address and redirect hop.
 */
export async function startCrawl(
  deps: CrawlDeps,
  input: { url: string; settings?: CrawlSettings },
): Promise<{ jobId: string }> {
  const plan = await currentPlan(deps);
  // The user's own disk: no storage budget (it guards the hosted server's disk).
  const wake = () => deps.crawls.wake();
  const options = { engineeringCap: deps.engineeringCap, ownDisk: true, wake };
  // The desktop stores the address as `URL` writes it (`https://example.com/`), as it always has.
  const request = { ...input, url: new URL(input.url).href };
  const outcome = await new CrawlStart(deps.data.jobs, options).start(request, {
    userId: LOCAL_USER_ID,
    plan,
  });
  if (!outcome.ok) throw startRefusal(outcome, plan, deps.now());
  return { jobId: outcome.jobId };
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
