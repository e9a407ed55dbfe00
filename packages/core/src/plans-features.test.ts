import { describe, expect, it } from 'vitest';
import { HTTP_PRO_ACCESS } from './contract/http-routes.js';
import { PLAN_LIMITS } from './plans.js';
import {
  availableProFeatures,
  FREE_RSS_CAP_NOTICEABLE,
  isProFeatureAvailable,
  PRO_BILLING,
  PRO_FEATURES,
  plannedProFeatures,
  proFeatureSummary,
} from './plans-features.js';

describe('Pro feature list', () => {
  it('offers what is built: limits, schedules, the audit, the comparison, bulk, branding, API tokens, settings and support', () => {
    const ids = availableProFeatures().map((f) => f.id);
    expect(ids).toEqual([
      'unlimited-pages',
      'no-monthly-quota',
      'crawls-per-hour',
      'scheduled-crawls',
      'sitemap-audit',
      'live-sitemap-comparison',
      'bulk-crawls',
      'branded-reports',
      'api-tokens',
      'crawl-settings',
      'priority-support',
    ]);
    expect(plannedProFeatures()).toEqual([]);
    expect(isProFeatureAvailable('api-tokens')).toBe(true);
    expect(isProFeatureAvailable('scheduled-crawls')).toBe(true);
    expect(isProFeatureAvailable('no-such-feature')).toBe(false);
  });

  it('sells every Pro operation of the contract under a feature that is offered, never as planned', () => {
    const delivered = new Set(availableProFeatures().flatMap((f) => f.delivers));
    for (const name of Object.keys(HTTP_PRO_ACCESS)) expect(delivered, name).toContain(name);
    for (const feature of plannedProFeatures()) expect(feature.delivers, feature.id).toEqual([]);
  });

  it('promises no difference a free user cannot notice: no RSS cap at or above the page cap', () => {
    const { rssItems, pagesPerCrawl } = PLAN_LIMITS.free;
    expect(FREE_RSS_CAP_NOTICEABLE).toBe(
      rssItems !== null && pagesPerCrawl !== null && rssItems < pagesPerCrawl,
    );
    expect(PRO_FEATURES.some((f) => f.id === 'full-rss')).toBe(FREE_RSS_CAP_NOTICEABLE);
  });

  it('derives its figures from the plan limits and never says "coming soon"', () => {
    const labels = availableProFeatures().map((f) => f.label);
    expect(labels).toContain(`${PLAN_LIMITS.pro.crawlsPerHour} crawls per hour (Free: 10)`);
    for (const label of labels) expect(label.toLowerCase()).not.toContain('coming soon');
    expect(proFeatureSummary()).toBe(
      'unlimited pages, no monthly quota, 60 crawls an hour, scheduled crawls, the sitemap audit, the live sitemap comparison, bulk crawls, branded client reports, API tokens, crawl settings and priority support',
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
