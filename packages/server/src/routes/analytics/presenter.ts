import { type Analytics, monthKey, nextMonthStart, PLAN_LIMITS, type Plan } from '@mapsmith/core';
import type { CrawlTotals } from '../../repos/types.js';

const label = new Intl.DateTimeFormat('en-US', { month: 'long', year: 'numeric', timeZone: 'UTC' });

/** The last `count` calendar months (UTC) up to the one of `now`, oldest first, as `YYYY-MM`. */
export function lastMonths(now: number, count: number): string[] {
  const d = new Date(now);
  return Array.from({ length: count }, (_, i) =>
    monthKey(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() - (count - 1 - i), 1)),
  );
}

/** "June 2025" for `2025-06`. */
export function monthLabel(month: string): string {
  return label.format(new Date(`${month}-01T00:00:00Z`));
}

const oneDecimal = (n: number) => Math.round(n * 10) / 10;

/** The dashboard analytics (spec §3) with the usage meter of the user's plan. */
export function presentAnalytics(
  totals: CrawlTotals,
  usage: Array<{ month: string; pages: number }>,
  plan: Plan,
  now: number,
  months: number,
): Analytics {
  const byMonth = new Map(usage.map((u) => [u.month, u.pages]));
  const finished = totals.completed + totals.failed;
  return {
    totalCrawls: totals.totalCrawls,
    totalPages: totals.totalPages,
    successRate: finished === 0 ? 0 : oneDecimal((totals.completed / finished) * 100),
    avgCrawlTime: oneDecimal(totals.avgDurationMs / 1000),
    monthlyUsage: lastMonths(now, months).map((m) => ({
      month: monthLabel(m),
      pages: byMonth.get(m) ?? 0,
    })),
    usage: {
      used: byMonth.get(monthKey(now)) ?? 0,
      limit: PLAN_LIMITS[plan].pagesPerMonth,
      resetsAt: nextMonthStart(now).toISOString(),
    },
  };
}
