import { describe, expect, it } from 'vitest';
import { lastMonths, monthLabel, presentAnalytics } from './analytics.js';

describe('presentAnalytics', () => {
  it('labels months in long form across a year boundary', () => {
    expect(lastMonths(Date.UTC(2025, 1, 15), 3)).toEqual(['2024-12', '2025-01', '2025-02']);
    expect(monthLabel('2025-06')).toBe('June 2025');
  });

  it('computes rate, average and the meter; months without crawls count 0', () => {
    const totals = {
      totalCrawls: 4,
      totalPages: 105,
      completed: 2,
      failed: 1,
      avgDurationMs: 15_000,
    };
    const usage = [
      { month: '2026-04', pages: 40 },
      { month: '2026-06', pages: 65 },
    ];
    const analytics = presentAnalytics(totals, usage, 500, Date.UTC(2026, 5, 15), 3);
    expect(analytics).toEqual({
      totalCrawls: 4,
      totalPages: 105,
      successRate: 66.7,
      avgCrawlTime: 15,
      monthlyUsage: [
        { month: 'April 2026', pages: 40 },
        { month: 'May 2026', pages: 0 },
        { month: 'June 2026', pages: 65 },
      ],
      usage: { used: 65, limit: 500, resetsAt: '2026-07-01T00:00:00.000Z' },
    });
  });

  it('reports 0 for a user with no finished crawl, and no meter limit for Pro', () => {
    const none = { totalCrawls: 0, totalPages: 0, completed: 0, failed: 0, avgDurationMs: 0 };
    const analytics = presentAnalytics(none, [], null, Date.UTC(2026, 0, 1));
    expect(analytics.successRate).toBe(0);
    expect(analytics.monthlyUsage).toHaveLength(6);
    expect(analytics.usage).toEqual({ used: 0, limit: null, resetsAt: '2026-02-01T00:00:00.000Z' });
  });
});
