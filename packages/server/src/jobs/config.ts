import { AUDIT_ANSWER_TIMEOUT_MS } from '@mapsmith/app';
import { DEFAULT_CRAWL_OPTIONS, DEFAULT_ENGINEERING_PAGE_CAP } from '@mapsmith/core';

/** Settings of the crawl workers (every variable is listed in the README). */
export interface JobsConfig {
  /** Crawl jobs run at once by this server. `MAPSMITH_CRAWL_WORKERS`, default 2. */
  workers: number;
  /**
   * Crawl jobs one user may have running at once (issue 13: fair queueing of bulk lists).
   * `MAPSMITH_CRAWLS_PER_USER`, default half the workers rounded up, so another user's crawl
   * always finds a free worker when there are two or more.
   */
  crawlsPerUser: number;
  /** Lease of a running job without a heartbeat, in ms. `MAPSMITH_JOB_LEASE_MS`, default 30000. */
  leaseMs: number;
  /** Pages per crawl for plans without a plan cap. `MAPSMITH_MAX_PAGES_PER_CRAWL`, default 1,000,000. */
  engineeringPageCap: number;
  /**
   * URLs one crawl's frontier may hold (a link trap ends there). `MAPSMITH_MAX_FRONTIER_URLS`,
   * default the crawler's `maxFrontierUrls` (2,000,000).
   */
  maxFrontierUrls: number;
  /**
   * Bytes one crawl may store. `MAPSMITH_MAX_CRAWL_MB` (megabytes), default the crawler's
   * `maxStoredBytes` (1,024 MB).
   */
  maxCrawlBytes: number;
  /**
   * How long one try of a page may take, in ms: past it the page timed out. `MAPSMITH_PAGE_TIMEOUT_MS`,
   * default the crawler's `pageTimeoutMs` (15,000).
   */
  pageTimeoutMs: number;
  /**
   * The limit of the one retry of a timed-out page, in ms. `MAPSMITH_TIMEOUT_RETRY_MS`, default
   * the crawler's `timeoutRetryMs` (3,000).
   */
  timeoutRetryMs: number;
  /** Concurrent requests of one crawl. `MAPSMITH_CRAWL_CONCURRENCY`, default 8. */
  crawlConcurrency: number;
  /**
   * Smart rendering in headless Chromium: `auto` renders the pages that need it, `never`
   * crawls statically. `MAPSMITH_RENDER`, default `auto`.
   */
  render: 'auto' | 'never';
  /**
   * How often pending and refunded PayPal payments are reconciled, in ms.
   * `MAPSMITH_PAYMENT_RECONCILE_MS`, default 600000 (10 minutes).
   */
  paymentReconcileMs: number;
  /** URLs a sitemap audit checks at once on one host. `MAPSMITH_AUDIT_PER_HOST`, default 4. */
  auditPerHost: number;
  /**
   * Least time between two audit checks' starts on one host, in ms (robots.txt Crawl-delay
   * raises it). `MAPSMITH_AUDIT_DELAY_MS`, default 0.
   */
  auditDelayMs: number;
  /**
   * Wall-clock time of one audit run, in ms: past it the audit ends with the URLs checked so
   * far and says so. `MAPSMITH_AUDIT_TIME_LIMIT_MS`, default 1800000 (30 minutes).
   */
  auditTimeLimitMs: number;
  /**
   * Checks in a row ended by a timeout after which an audit stops asking a host (its other
   * URLs are "not checked"). `MAPSMITH_AUDIT_GIVE_UP_AFTER`, default 3.
   */
  auditGiveUpAfter: number;
  /**
   * Time an audit check waits for a URL's response headers, in ms.
   * `MAPSMITH_AUDIT_ANSWER_TIMEOUT_MS`, default 15000.
   */
  auditAnswerTimeoutMs: number;
  /**
   * The queue engine's own Postgres connections per process (scaled mode only).
   * `MAPSMITH_QUEUE_CONNECTIONS`, default 4.
   */
  queueConnections: number;
}

function wholeNumber(env: NodeJS.ProcessEnv, name: string, fallback: number, min: number): number {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < min) {
    throw new Error(`${name} must be a whole number of at least ${min}, not "${raw}"`);
  }
  return value;
}

function renderMode(raw: string | undefined): 'auto' | 'never' {
  if (raw === undefined || raw === '' || raw === 'auto') return 'auto';
  if (raw === 'never') return 'never';
  throw new Error(`MAPSMITH_RENDER must be "auto" or "never", not "${raw}"`);
}

/** Reads the worker settings; throws with a clear message on a bad value. */
export function loadJobsConfig(env: NodeJS.ProcessEnv): JobsConfig {
  const workers = wholeNumber(env, 'MAPSMITH_CRAWL_WORKERS', 2, 1);
  return {
    workers,
    crawlsPerUser: wholeNumber(env, 'MAPSMITH_CRAWLS_PER_USER', Math.ceil(workers / 2), 1),
    leaseMs: wholeNumber(env, 'MAPSMITH_JOB_LEASE_MS', 30_000, 1000),
    engineeringPageCap: wholeNumber(
      env,
      'MAPSMITH_MAX_PAGES_PER_CRAWL',
      DEFAULT_ENGINEERING_PAGE_CAP,
      1,
    ),
    maxFrontierUrls: wholeNumber(
      env,
      'MAPSMITH_MAX_FRONTIER_URLS',
      DEFAULT_CRAWL_OPTIONS.maxFrontierUrls,
      1,
    ),
    maxCrawlBytes:
      wholeNumber(
        env,
        'MAPSMITH_MAX_CRAWL_MB',
        DEFAULT_CRAWL_OPTIONS.maxStoredBytes / 1024 ** 2,
        1,
      ) *
      1024 ** 2,
    pageTimeoutMs: wholeNumber(
      env,
      'MAPSMITH_PAGE_TIMEOUT_MS',
      DEFAULT_CRAWL_OPTIONS.pageTimeoutMs,
      100,
    ),
    timeoutRetryMs: wholeNumber(
      env,
      'MAPSMITH_TIMEOUT_RETRY_MS',
      DEFAULT_CRAWL_OPTIONS.timeoutRetryMs,
      100,
    ),
    crawlConcurrency: wholeNumber(env, 'MAPSMITH_CRAWL_CONCURRENCY', 8, 1),
    render: renderMode(env.MAPSMITH_RENDER),
    paymentReconcileMs: wholeNumber(env, 'MAPSMITH_PAYMENT_RECONCILE_MS', 600_000, 1000),
    auditPerHost: wholeNumber(env, 'MAPSMITH_AUDIT_PER_HOST', 4, 1),
    auditDelayMs: wholeNumber(env, 'MAPSMITH_AUDIT_DELAY_MS', 0, 0),
    auditTimeLimitMs: wholeNumber(env, 'MAPSMITH_AUDIT_TIME_LIMIT_MS', 1_800_000, 1000),
    auditGiveUpAfter: wholeNumber(env, 'MAPSMITH_AUDIT_GIVE_UP_AFTER', 3, 1),
    auditAnswerTimeoutMs: wholeNumber(
      env,
      'MAPSMITH_AUDIT_ANSWER_TIMEOUT_MS',
      AUDIT_ANSWER_TIMEOUT_MS,
      100,
    ),
    queueConnections: wholeNumber(env, 'MAPSMITH_QUEUE_CONNECTIONS', 4, 2),
  };
}
