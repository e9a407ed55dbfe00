import { MAX_BULK_SITES } from './contract/bulk-limits.js';
import { HTTP_PRO_ACCESS, type RoutedOperationName } from './contract/http-routes.js';
import {
  API_TOKEN_REQUESTS_PER_HOUR,
  PLAN_LIMITS,
  PRO_PRICE,
  PRO_REMINDER_DAYS,
  SUPPORT_HOURS,
} from './plans.js';

/**
 * The one list of what Pro adds, and the one description of what a payment buys. Every page
 * that sells Pro (pricing, /subscribe, the upgrade banners, the FAQ, the Terms, /api-docs)
 * renders from here, so no page can sell a feature that is not built or call a working one
 * "coming soon". A feature built as Pro operations names them (`delivers`) and is available
 * exactly when each is a routed Pro operation of the contract, so a shipped one can never read as
 * planned; a test holds every Pro operation to a feature that delivers it.
 */

/** One Pro feature as every pricing and upgrade text shows it. */
export interface ProFeature {
  /** Stable id, for keys and tests. */
  id: string;
  /** Short line for feature lists ("Unlimited pages per crawl"). */
  label: string;
  /** The few words a one-line summary uses ("unlimited pages"). */
  short: string;
  /** True only when a Pro user can use it today on the hosted app. */
  available: boolean;
  /** The Pro operations of the contract that deliver it (none for a plan limit). */
  delivers: readonly RoutedOperationName[];
}

/**
 * A feature delivered by the Pro operations of the contract whose names start with `prefix`
 * ("schedules.", "crawl.sitemapCompare"): available when there are any. The same operation
 * names that a lapsed Pro user may still call (an audit's stop) are not part of the offer.
 */
function delivered(
  feature: Omit<ProFeature, 'available' | 'delivers'>,
  prefix: string | null,
): ProFeature {
  const names = Object.keys(HTTP_PRO_ACCESS) as RoutedOperationName[];
  const operations = prefix === null ? [] : names.filter((name) => name.startsWith(prefix));
  return { ...feature, available: operations.length > 0, delivers: operations };
}

/** A feature that is a plan limit, available when `available`. */
function limit(feature: Omit<ProFeature, 'delivers'>): ProFeature {
  return { ...feature, delivers: [] };
}

const pro = PLAN_LIMITS.pro;
const free = PLAN_LIMITS.free;

/**
 * Whether the free plan's RSS cap is a difference a free user can notice: not when a free crawl
 * can never list more pages than the feed holds anyway.
 */
export const FREE_RSS_CAP_NOTICEABLE =
  free.rssItems !== null && (free.pagesPerCrawl === null || free.rssItems < free.pagesPerCrawl);

/** Every Pro feature, the built ones first; no difference a free user cannot notice. */
export const PRO_FEATURES: readonly ProFeature[] = [
  limit({
    id: 'unlimited-pages',
    short: 'unlimited pages',
    label: `Unlimited pages per crawl (Free: ${free.pagesPerCrawl})`,
    available: pro.pagesPerCrawl === null,
  }),
  limit({
    id: 'no-monthly-quota',
    short: 'no monthly quota',
    label: `No monthly page quota (Free: ${free.pagesPerMonth} pages a month)`,
    available: pro.pagesPerMonth === null,
  }),
  limit({
    id: 'crawls-per-hour',
    short: `${pro.crawlsPerHour} crawls an hour`,
    label: `${pro.crawlsPerHour} crawls per hour (Free: ${free.crawlsPerHour})`,
    available: true,
  }),
  ...(FREE_RSS_CAP_NOTICEABLE
    ? [
        limit({
          id: 'full-rss',
          short: 'the full RSS feed',
          label: `Full RSS feed (Free: the ${free.rssItems} most recent pages)`,
          available: pro.rssItems === null,
        }),
      ]
    : []),
  delivered(
    {
      id: 'scheduled-crawls',
      short: 'scheduled crawls',
      label:
        'Scheduled crawls: daily, weekly or monthly, each with a stable sitemap URL and a change report',
    },
    'schedules.',
  ),
  delivered(
    {
      id: 'sitemap-audit',
      short: 'the sitemap audit',
      label: 'Sitemap audit: the live status of every URL a sitemap lists',
    },
    'audit.',
  ),
  delivered(
    {
      id: 'live-sitemap-comparison',
      short: 'the live sitemap comparison',
      label: 'Live sitemap comparison: your published sitemap against what the crawl found',
    },
    'crawl.sitemapCompare',
  ),
  delivered(
    {
      id: 'bulk-crawls',
      short: 'bulk crawls',
      label: `Bulk crawls: up to ${MAX_BULK_SITES} sites in one list, one zip of their sitemaps`,
    },
    pro.bulkSitesPerHour > 0 ? 'bulk.' : null,
  ),
  delivered(
    {
      id: 'branded-reports',
      short: 'branded client reports',
      label:
        'Branded client reports: your agency name, logo and colour on the shared report and its PDF',
    },
    'brand.',
  ),
  delivered(
    {
      id: 'api-tokens',
      short: 'API tokens',
      label: `API tokens: ${API_TOKEN_REQUESTS_PER_HOUR} requests per hour per token`,
    },
    'tokens.',
  ),
  limit({
    id: 'crawl-settings',
    short: 'crawl settings',
    label:
      'Crawl settings: depth, include and exclude patterns, scope, rendering, delay, a staging site’s login',
    available: pro.crawlSettings,
  }),
  limit({
    id: 'priority-support',
    short: 'priority support',
    label: `Priority support: answers within ${SUPPORT_HOURS.pro} hours`,
    available: true,
  }),
];

/** The Pro features a user gets today. */
export function availableProFeatures(): ProFeature[] {
  return PRO_FEATURES.filter((f) => f.available);
}

/** Pro features being built: shown only under a "planned" heading, never as part of the offer. */
export function plannedProFeatures(): ProFeature[] {
  return PRO_FEATURES.filter((f) => !f.available);
}

/** True when the feature `id` works today (unknown ids are not available). */
export function isProFeatureAvailable(id: string): boolean {
  return PRO_FEATURES.some((f) => f.id === id && f.available);
}

/**
 * The free plan's allowance in the one word the product uses for what a cap counts ("pages",
 * never "URLs": redirects, errors and blocked URLs do not count, `PAGE_COUNT_RULE`).
 */
export const FREE_ALLOWANCE = {
  perCrawl: `${free.pagesPerCrawl} pages per crawl`,
  perMonth: `${free.pagesPerMonth} pages a month`,
} as const;

/**
 * The support promise, said once: hours from the message, every day of the week, so the business
 * hours the contact page also states (spec) cannot contradict it for a message sent on a Friday
 * evening.
 */
export const SUPPORT_PROMISE = `Within ${SUPPORT_HOURS.standard} hours on the free plan and within ${SUPPORT_HOURS.pro} hours for Pro users, every day of the week.`;

/** The office hours (spec: the contact page), and that the promise holds outside them too. */
export const SUPPORT_BUSINESS_HOURS =
  'Business hours: Mon-Fri 9:00 AM-6:00 PM EST. The response times hold outside them too, weekends included.';

/** The price as people read it: "$3". */
export const PRO_PRICE_TEXT = `$${Number(PRO_PRICE.value)}`;

/**
 * What one payment buys, in the words every page uses. A payment is one PayPal order for one
 * month; nothing renews, so there is nothing to cancel (decided over a PayPal subscription,
 * which would need webhooks the service does not have).
 */
export const PRO_BILLING = {
  /** Price tag beside the amount: "$3 for one month". */
  priceNote: 'for one month',
  /** The full sentence. */
  summary: `${PRO_PRICE_TEXT} for one month of Pro, no automatic renewal, nothing to cancel.`,
  /** How renewing works. */
  renewal: `Pay again whenever you like: each payment adds one month after your current Pro end date, not from today. We e-mail you ${PRO_REMINDER_DAYS} days before Pro ends.`,
  /** What happens at the end. */
  end: 'When the month ends, the account returns to the free plan and keeps its crawl history.',
} as const;

/**
 * A one-line summary of the built Pro features, for banners and page descriptions; with
 * `first`, only the first ones "and more" (a search result shows about 160 characters).
 */
export function proFeatureSummary(first?: number): string {
  const all = availableProFeatures().map((f) => f.short);
  const parts = first !== undefined && first < all.length ? [...all.slice(0, first), 'more'] : all;
  return `${parts.slice(0, -1).join(', ')} and ${parts.at(-1)}`;
}
