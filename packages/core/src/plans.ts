/**
 * Plans and limits: the one module of constants that decisions.md asks for.
 * Nothing else in the codebase may hard-code a plan figure.
 */

/** The plans a user can be on. `anonymous` is a visitor without an account. */
export type Plan = 'anonymous' | 'free' | 'pro';

/** What each plan may do. `null` means "no limit from the plan". */
export interface PlanLimits {
  /** Whether the plan may start a crawl on the hosted service. */
  canCrawl: boolean;
  /** Pages per crawl; `null` = only the engineering cap applies. */
  pagesPerCrawl: number | null;
  /** Pages per calendar month (UTC, resets on the 1st); `null` = no quota and no meter. */
  pagesPerMonth: number | null;
  /** Crawls started per rolling hour. */
  crawlsPerHour: number;
  /** RSS export items (most recent first); `null` = all. */
  rssItems: number | null;
  /** Whether the checker's advanced report (live status of each listed URL) is available. */
  advancedChecker: boolean;
  /** Scheduled crawls, bulk crawls and API tokens. */
  automation: boolean;
  /**
   * Crawl settings (depth, patterns, scope, rendering, delay, user agent, a staging site's
   * login): a plan without them that sends any is refused (`auth.pro-required`), never crawled
   * with them ignored. The crawl start of both shells reads it here (app `CrawlStart`).
   */
  crawlSettings: boolean;
  /**
   * Starts the rolling hour may hold when a bulk list's site starts (issue 13, issue 27). Every
   * start counts in the one window, bulk sites and single starts alike (`decideCrawlStart`): a
   * bulk site starts while the window holds fewer than this, a single start while it holds
   * fewer than `crawlsPerHour`. A list of 100 sites fits; single starts then wait for the hour.
   */
  bulkSitesPerHour: number;
  /**
   * Megabytes the user's stored crawls may hold in all (issue 30: one account must not fill
   * the disk); past it a crawl start is refused (`limit.storage`) and a running crawl ends
   * (`storage-budget`). Pages as the crawl store counts them (record JSON and key, about half
   * of the database file they take); exports are rebuilt from pages and not counted.
   */
  storageMegabytes: number;
}

/** The decisions.md table, row by row. */
export const PLAN_LIMITS: Readonly<Record<Plan, PlanLimits>> = {
  anonymous: {
    canCrawl: false,
    pagesPerCrawl: 0,
    pagesPerMonth: 0,
    crawlsPerHour: 0,
    rssItems: 100,
    advancedChecker: false,
    automation: false,
    crawlSettings: false,
    bulkSitesPerHour: 0,
    storageMegabytes: 0,
  },
  free: {
    canCrawl: true,
    pagesPerCrawl: 100,
    pagesPerMonth: 500,
    crawlsPerHour: 10,
    rssItems: 100,
    advancedChecker: false,
    automation: false,
    crawlSettings: false,
    bulkSitesPerHour: 0,
    storageMegabytes: 128,
  },
  pro: {
    canCrawl: true,
    pagesPerCrawl: null,
    pagesPerMonth: null,
    crawlsPerHour: 60,
    rssItems: null,
    advancedChecker: true,
    automation: true,
    crawlSettings: true,
    bulkSitesPerHour: 200,
    storageMegabytes: 2_048,
  },
};

/** The engineering cap on pages per crawl for plans without a plan cap (configurable). */
export const DEFAULT_ENGINEERING_PAGE_CAP = 1_000_000;

/** API tokens: requests per hour per token. */
export const API_TOKEN_REQUESTS_PER_HOUR = 100;

/** The checker's server-side fetch (`GET /api/fetch-sitemap`): requests per rolling hour per IP. */
export const SITEMAP_FETCHES_PER_HOUR_PER_IP = 60;

/** Usage meter warning threshold, as a fraction of the monthly quota (spec §9: above 80 percent). */
export const USAGE_WARNING_RATIO = 0.8;

/** Pro price: one PayPal order buys one month of Pro; nothing renews (plans-features.ts). */
export const PRO_PRICE = { value: '3.00', currency: 'USD' } as const;

/** A payment's amount as people read it: "$3", "$3.50", "€3" (whole amounts without cents). */
export function moneyText(amount: string, currency: string): string {
  const value = Number(amount);
  return new Intl.NumberFormat('en-US', {
    style: 'currency',
    currency,
    minimumFractionDigits: Number.isInteger(value) ? 0 : 2,
  }).format(value);
}

/** Days before Pro ends that the reminder mail goes out. */
export const PRO_REMINDER_DAYS = 3;

/** Support response times stated on every page that states them (decisions.md). */
export const SUPPORT_HOURS = { standard: 24, pro: 12 } as const;

// Scheduled crawls (issue 13).
/** Most schedules one Pro user keeps. */
export const MAX_SCHEDULES_PER_USER = 50;

/** Crawl jobs older than this are deleted (decisions.md retention). */
export const CRAWL_RETENTION_DAYS = 90;

/** The plan's storage budget in bytes (`storageMegabytes`). */
export function storageBudgetBytes(plan: Plan): number {
  return PLAN_LIMITS[plan].storageMegabytes * 1024 ** 2;
}

/** The effective page cap of a crawl for a plan, given the engineering cap. */
export function pageCapFor(plan: Plan, engineeringCap = DEFAULT_ENGINEERING_PAGE_CAP): number {
  const cap = PLAN_LIMITS[plan].pagesPerCrawl;
  return cap === null ? engineeringCap : Math.min(cap, engineeringCap);
}
