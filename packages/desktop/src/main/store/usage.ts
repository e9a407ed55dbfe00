import { type Analytics, nextMonthStart } from '@mapsmith/core';

/** What the analytics need of one job. */
export interface JobFacts {
  status: string;
  pagesCrawled: number;
  createdAt: string;
  /** Crawl time in seconds, for completed jobs. */
  seconds: number | undefined;
}

const monthLabel = new Intl.DateTimeFormat('en-US', {
  month: 'long',
  year: 'numeric',
  timeZone: 'UTC',
});

function monthKey(iso: string): string {
  return iso.slice(0, 7);
}

/** Pages crawled in the calendar month (UTC) of `now`. */
export function pagesInMonth(jobs: readonly JobFacts[], now: Date): number {
  const key = now.toISOString().slice(0, 7);
  return jobs.filter((j) => monthKey(j.createdAt) === key).reduce((n, j) => n + j.pagesCrawled, 0);
}

/**
 * Spec §3 analytics from the job list: success rate in percent of finished crawls, average
 * crawl time in seconds of completed ones, pages per month labelled like "June 2025".
 */
export function usageOf(
  jobs: readonly JobFacts[],
  now: Date,
  monthlyLimit: number | null,
): Analytics {
  const finished = jobs.filter((j) => j.status === 'completed' || j.status === 'failed');
  const completed = jobs.filter((j) => j.status === 'completed');
  const times = completed.map((j) => j.seconds).filter((s): s is number => s !== undefined);
  const byMonth = new Map<string, number>();
  for (const job of jobs)
    byMonth.set(
      monthKey(job.createdAt),
      (byMonth.get(monthKey(job.createdAt)) ?? 0) + job.pagesCrawled,
    );
  return {
    totalCrawls: jobs.length,
    totalPages: jobs.reduce((n, j) => n + j.pagesCrawled, 0),
    successRate:
      finished.length === 0 ? 0 : Math.round((completed.length / finished.length) * 1000) / 10,
    avgCrawlTime:
      times.length === 0
        ? 0
        : Math.round((times.reduce((a, b) => a + b, 0) / times.length) * 10) / 10,
    monthlyUsage: [...byMonth.entries()]
      .sort(([a], [b]) => a.localeCompare(b))
      .map(([key, pages]) => ({
        month: monthLabel.format(new Date(`${key}-01T00:00:00Z`)),
        pages,
      })),
    usage: {
      used: pagesInMonth(jobs, now),
      limit: monthlyLimit,
      resetsAt: nextMonthStart(now.getTime()).toISOString(),
    },
  };
}
