import type { Analytics } from '../contract/schemas.js';
import { monthKey, nextMonthStart } from './crawl-start.js';

/** Calendar months shown in `monthlyUsage`, the current one last. */
export const USAGE_MONTHS = 6;

/** A user's crawl totals, as the hosted database or the desktop's local store counts them. */
export interface CrawlTotals {
  totalCrawls: number;
  totalPages: number;
  completed: number;
  failed: number;
  /** Mean wall time of completed crawls, in ms; 0 when none. */
  avgDurationMs: number;
}

/** Made on first use: an Intl formatter costs ~12 ms of start-up to each command using the core. */
let label: Intl.DateTimeFormat | undefined;

/** The last `count` calendar months (UTC) up to the one of `now`, oldest first, as `YYYY-MM`. */
export function lastMonths(now: number, count: number): string[] {
  const d = new Date(now);
  return Array.from({ length: count }, (_, i) =>
    monthKey(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() - (count - 1 - i), 1)),
  );
}

/** "June 2025" for `2025-06`. */
export function monthLabel(month: string): string {
  label ??= new Intl.DateTimeFormat('en-US', { month: 'long', year: 'numeric', timeZone: 'UTC' });
  return label.format(new Date(`${month}-01T00:00:00Z`));
}

const oneDecimal = (n: number) => Math.round(n * 10) / 10;

/**
 * The dashboard analytics of spec §3, the same in both shells: success rate in percent of
 * finished crawls, average crawl time in seconds, pages per month for the last `months`
 * months (labelled like "June 2025"), and the usage meter against `monthlyLimit` (null: no
 * meter, Pro). `usage` holds pages per `YYYY-MM` month.
 */
export function presentAnalytics(
  totals: CrawlTotals,
  usage: ReadonlyArray<{ month: string; pages: number }>,
  monthlyLimit: number | null,
  now: number,
  months = USAGE_MONTHS,
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
      limit: monthlyLimit,
      resetsAt: nextMonthStart(now).toISOString(),
    },
  };
}
