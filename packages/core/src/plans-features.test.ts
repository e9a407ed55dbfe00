import { describe, expect, it } from 'vitest';
import { PLAN_LIMITS } from './plans.js';
import {
  availableProFeatures,
  isProFeatureAvailable,
  PRO_BILLING,
  plannedProFeatures,
  proFeatureSummary,
} from './plans-features.js';

describe('Pro feature list', () => {
  it('offers only what is built: limits, RSS, API tokens, support, bulk crawls and settings', () => {
    const ids = availableProFeatures().map((f) => f.id);
    expect(ids).toEqual([
      'unlimited-pages',
      'no-monthly-quota',
      'crawls-per-hour',
      'full-rss',
      'api-tokens',
      'priority-support',
      'bulk-crawls',
      'crawl-settings',
    ]);
    expect(plannedProFeatures().map((f) => f.id)).toEqual(['scheduled-crawls', 'advanced-checker']);
    expect(isProFeatureAvailable('api-tokens')).toBe(true);
    expect(isProFeatureAvailable('bulk-crawls')).toBe(true);
    expect(isProFeatureAvailable('scheduled-crawls')).toBe(false);
  });

  it('derives its figures from the plan limits and never says "coming soon"', () => {
    const labels = availableProFeatures().map((f) => f.label);
    expect(labels).toContain(`${PLAN_LIMITS.pro.crawlsPerHour} crawls per hour (Free: 10)`);
    for (const label of labels) expect(label.toLowerCase()).not.toContain('coming soon');
    expect(proFeatureSummary()).toBe(
      'unlimited pages, no monthly quota, 60 crawls an hour, the full RSS feed, API tokens, priority support, bulk crawls and crawl settings',
    );
  });

  it('describes a payment as one month that does not renew', () => {
    expect(PRO_BILLING.summary).toBe(
      '$3 for one month of Pro, no automatic renewal, nothing to cancel.',
    );
    expect(PRO_BILLING.renewal).toContain('after your current Pro end date');
    const all = Object.values(PRO_BILLING).join(' ').toLowerCase();
    expect(all).not.toMatch(/billed monthly|subscription|cancel (it|any|at paypal)/);
  });
});
