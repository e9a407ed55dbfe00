import { CrawlHistory } from '@mapsmith/app';
import type { Analytics, CrawlsListInput, CrawlsListPage, HistoryItem } from '@mapsmith/core';
import { LOCAL_USER_ID, type LocalData } from '../store/local-data';
import { type AccountDeps, currentPlan } from './account';

/** `history.list`: every local crawl, newest first, as hosted. */
export function listHistory(deps: { data: LocalData }): Promise<HistoryItem[]> {
  return deps.data.answers.history(LOCAL_USER_ID);
}

/** `analytics.get`: from the local crawls and the month's meter; the meter follows the current plan. */
export async function getAnalytics(deps: AccountDeps & { data: LocalData }): Promise<Analytics> {
  const plan = await currentPlan(deps);
  return deps.data.answers.analytics(LOCAL_USER_ID, plan, deps.now());
}

/** `crawls.list` (issue 26): every local crawl, paged, searched and sorted, as hosted. */
export function listCrawls(
  deps: { data: LocalData },
  input: CrawlsListInput,
): Promise<CrawlsListPage> {
  return new CrawlHistory(deps.data).crawls(LOCAL_USER_ID, input);
}

/**
 * `crawl.delete` (issue 26): one local crawl with its stored pages. The desktop keeps no file of
 * a crawl outside its data file (exports are built in a throwaway folder), so nothing else goes.
 */
export function deleteCrawl(
  deps: { data: LocalData },
  input: { jobId: string },
): Promise<{ message: string }> {
  return new CrawlHistory(deps.data).deleteCrawl(input.jobId, LOCAL_USER_ID);
}
