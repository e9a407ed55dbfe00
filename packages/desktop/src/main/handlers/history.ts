import type { Analytics, HistoryItem } from '@mapsmith/core';
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
