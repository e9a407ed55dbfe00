import { type Analytics, type HistoryItem, PLAN_LIMITS } from '@mapsmith/core';
import type { LocalStore } from '../store/local-store';
import { type AccountDeps, currentPlan } from './account';

/** `history.list`: every local crawl, newest first. */
export function listHistory(deps: { store: LocalStore }): Promise<HistoryItem[]> {
  return deps.store.history();
}

/** `analytics.get`: computed from the local history; the meter follows the current plan. */
export async function getAnalytics(deps: AccountDeps): Promise<Analytics> {
  const plan = await currentPlan(deps);
  return deps.store.analytics(new Date(deps.now()), PLAN_LIMITS[plan].pagesPerMonth);
}
