import { describe, expect, it } from 'vitest';
import { loadJobsConfig } from './config.js';

describe('loadJobsConfig', () => {
  it('has defaults for every setting', () => {
    expect(loadJobsConfig({})).toEqual({
      workers: 2,
      crawlsPerUser: 1,
      leaseMs: 30_000,
      engineeringPageCap: 1_000_000,
      maxFrontierUrls: 2_000_000,
      maxCrawlBytes: 1024 * 1024 ** 2,
      pageTimeoutMs: 15_000,
      timeoutRetryMs: 3_000,
      crawlConcurrency: 8,
      render: 'auto',
      paymentReconcileMs: 600_000,
      auditPerHost: 4,
      auditDelayMs: 0,
      auditTimeLimitMs: 1_800_000,
      auditGiveUpAfter: 3,
      auditAnswerTimeoutMs: 15_000,
      queueConnections: 4,
    });
  });

  it('reads the growth bounds of one crawl', () => {
    const config = loadJobsConfig({
      MAPSMITH_MAX_FRONTIER_URLS: '5000',
      MAPSMITH_MAX_CRAWL_MB: '64',
    });
    expect(config).toMatchObject({ maxFrontierUrls: 5000, maxCrawlBytes: 64 * 1024 ** 2 });
    expect(() => loadJobsConfig({ MAPSMITH_MAX_CRAWL_MB: '0' })).toThrow(/MAPSMITH_MAX_CRAWL_MB/);
  });

  it('reads the per-try limit of a page and of its retry after a timeout', () => {
    const config = loadJobsConfig({
      MAPSMITH_PAGE_TIMEOUT_MS: '2000',
      MAPSMITH_TIMEOUT_RETRY_MS: '500',
    });
    expect(config).toMatchObject({ pageTimeoutMs: 2000, timeoutRetryMs: 500 });
    expect(() => loadJobsConfig({ MAPSMITH_PAGE_TIMEOUT_MS: '5' })).toThrow(
      /MAPSMITH_PAGE_TIMEOUT_MS/,
    );
  });

  it('lets one user run half the workers at once by default, rounded up', () => {
    expect(loadJobsConfig({ MAPSMITH_CRAWL_WORKERS: '5' }).crawlsPerUser).toBe(3);
    expect(loadJobsConfig({ MAPSMITH_CRAWLS_PER_USER: '4' }).crawlsPerUser).toBe(4);
  });

  it('refuses bad values with the variable name', () => {
    expect(() => loadJobsConfig({ MAPSMITH_CRAWL_WORKERS: '0' })).toThrow(/MAPSMITH_CRAWL_WORKERS/);
    expect(() => loadJobsConfig({ MAPSMITH_CRAWLS_PER_USER: '0' })).toThrow(
      /MAPSMITH_CRAWLS_PER_USER/,
    );
    expect(() => loadJobsConfig({ MAPSMITH_JOB_LEASE_MS: '5s' })).toThrow(/MAPSMITH_JOB_LEASE_MS/);
    expect(() => loadJobsConfig({ MAPSMITH_MAX_PAGES_PER_CRAWL: '1.5' })).toThrow(/whole number/);
    expect(() => loadJobsConfig({ MAPSMITH_RENDER: 'always' })).toThrow(/MAPSMITH_RENDER/);
    expect(() => loadJobsConfig({ MAPSMITH_AUDIT_PER_HOST: '0' })).toThrow(
      /MAPSMITH_AUDIT_PER_HOST/,
    );
    expect(() => loadJobsConfig({ MAPSMITH_QUEUE_CONNECTIONS: '1' })).toThrow(
      /MAPSMITH_QUEUE_CONNECTIONS must be a whole number of at least 2/,
    );
    expect(() => loadJobsConfig({ MAPSMITH_PAYMENT_RECONCILE_MS: '10m' })).toThrow(
      /MAPSMITH_PAYMENT_RECONCILE_MS/,
    );
  });
});
