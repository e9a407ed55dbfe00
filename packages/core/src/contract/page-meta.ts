import { API_TOKEN_REQUESTS_PER_HOUR, PLAN_LIMITS, SUPPORT_HOURS } from '../plans.js';
import {
  FREE_ALLOWANCE,
  PRO_BILLING,
  PRO_PRICE_TEXT,
  proFeatureSummary,
} from '../plans-features.js';
import { APP_PATHS, GUIDE_SLUGS, type GuideSlug } from './routes.js';

/**
 * What each page says about itself in the document head. One table for both sides: the server
 * writes it into the HTML it sends (so crawlers and link previews see each page's own title
 * without running JavaScript), and the web app sets the same values on client-side navigation.
 */
export interface PageHead {
  title: string;
  description: string;
  /** Account pages: `robots: noindex` (nothing there is for search results). */
  noindex?: boolean;
}

/** A page path of the app. */
export type AppPath = (typeof APP_PATHS)[number];

const free = PLAN_LIMITS.free;

/** The head of every fixed page. */
export const PAGE_META: Readonly<Record<AppPath, PageHead>> = {
  '/': {
    title: `Free XML Sitemap Generator (${free.pagesPerCrawl} Pages Free) | Mapsmith`,
    description: `Crawl your website and download XML, HTML, RSS, image and video sitemaps. Free for ${FREE_ALLOWANCE.perCrawl}, with an SEO health check and a sitemap validator.`,
  },
  '/login': {
    title: 'Sign In | Mapsmith',
    description:
      'Sign in to Mapsmith to crawl your site, download sitemaps and see your crawl history.',
    noindex: true,
  },
  '/signup': {
    title: 'Create a Free Account | Mapsmith',
    description: `Sign up free: crawl ${FREE_ALLOWANCE.perCrawl}, download eight sitemap formats and get an SEO health check.`,
  },
  '/forgot-password': {
    title: 'Reset Your Password | Mapsmith',
    description: 'Forgot your Mapsmith password? Get a reset link by e-mail.',
    noindex: true,
  },
  '/reset-password': {
    title: 'Set a New Password | Mapsmith',
    description: 'Choose a new password for your Mapsmith account.',
    noindex: true,
  },
  '/confirm-email': {
    title: 'Confirm Your Email | Mapsmith',
    description: 'Confirm the e-mail address of your Mapsmith account.',
    noindex: true,
  },
  '/dashboard': {
    title: 'Dashboard | Mapsmith',
    description: 'Your crawls, usage and account at a glance.',
    noindex: true,
  },
  '/subscribe': {
    title: `Upgrade to Pro | Mapsmith: ${PRO_PRICE_TEXT} for one month`,
    description: `Mapsmith Pro: ${proFeatureSummary(3)}. ${PRO_BILLING.summary}`,
  },
  '/pricing': {
    title: `Pricing | Mapsmith: Free or ${PRO_PRICE_TEXT} for a month of Pro`,
    description: `Free: ${FREE_ALLOWANCE.perCrawl} and ${FREE_ALLOWANCE.perMonth}. Pro: ${proFeatureSummary(2)}, ${PRO_PRICE_TEXT} ${PRO_BILLING.priceNote} with no automatic renewal.`,
  },
  '/how-to': {
    title: 'How-to Guides: Sitemaps, Validation and SEO | Mapsmith',
    description:
      'Seven guides to sitemaps and crawling: generating sitemaps, XML sitemaps for SEO, HTML sitemaps, RSS feeds, validating a sitemap, advanced strategies and crawling a staging site.',
  },
  '/about': {
    title: 'About Mapsmith | Sitemap Generator and Checker',
    description:
      'Why Mapsmith exists: accurate XML, HTML, RSS, image and video sitemaps, an honest SEO health check, and a sitemap validator that runs in your browser.',
  },
  '/api-docs': {
    title: 'Mapsmith API | Sitemap Generation for Developers',
    description: `The Mapsmith REST API for Pro users: token authentication, ${API_TOKEN_REQUESTS_PER_HOUR} requests per hour per token, crawls and sitemap downloads over JSON.`,
  },
  '/support': {
    title: 'Support and FAQ | Mapsmith',
    description:
      'Answers about crawling, sitemap limits, rate limits, billing and the API, with guides and a support address.',
  },
  '/contact': {
    title: 'Contact Mapsmith | Support, Billing and Enterprise',
    description: `E-mail Mapsmith support: answers within ${SUPPORT_HOURS.standard} hours, ${SUPPORT_HOURS.pro} hours for Pro. Billing and enterprise contacts.`,
  },
  '/privacy': {
    title: 'Privacy Policy | Mapsmith',
    description:
      'What Mapsmith stores about your account, crawls and payments, how long it keeps it, and your rights.',
  },
  '/terms': {
    title: 'Terms of Service | Mapsmith',
    description:
      'The terms for using Mapsmith: accounts, acceptable crawling, Pro payments, refunds and liability.',
  },
  '/bulk': {
    title: 'Bulk Crawl | Mapsmith',
    description: 'Crawl up to 100 sites from one list and download every sitemap in one zip (Pro).',
    noindex: true,
  },
  // Scheduled crawls (issue 13).
  '/schedules': {
    title: 'Scheduled Crawls | Mapsmith',
    description: 'Crawl your sites daily, weekly or monthly and see what changed.',
    noindex: true,
  },
  '/crawls': {
    title: 'Crawl History | Mapsmith',
    description: 'Every crawl you ran: search, sort, compare two crawls of a site, delete.',
    noindex: true,
  },
};

/** The head of the 404 page. */
export const NOT_FOUND_META: PageHead = {
  title: '404 Page Not Found',
  description: 'This page does not exist. Head back to the Mapsmith sitemap generator.',
  noindex: true,
};

/** A guide's facts: what lists and heads show, and its length for the read time. */
export interface GuideInfo {
  slug: GuideSlug;
  title: string;
  description: string;
  category: string;
  /** Words of the guide's body; a web test counts the rendered body and keeps this true. */
  words: number;
}

/** Reading speed used for read times: a common estimate for technical prose. */
export const WORDS_PER_MINUTE = 200;

/** Minutes to read `words` words (at least 1). */
export function readMinutes(words: number): number {
  return Math.max(1, Math.round(words / WORDS_PER_MINUTE));
}

/** The guides (spec §2, and issue 29's staging guide), in the order the home page lists them. */
export const GUIDE_INFO: readonly GuideInfo[] = [
  {
    slug: 'sitemap-generator-guide',
    title: 'How to Generate a Sitemap: A Complete Guide',
    description:
      'What a sitemap is, which pages belong in it, and how to generate, check and submit one in minutes.',
    category: 'Getting Started',
    words: 336,
  },
  {
    slug: 'xml-sitemap-generator-seo',
    title: 'XML Sitemaps for SEO: What Search Engines Read',
    description:
      'loc, lastmod, changefreq and priority: which tags Google uses, which it ignores, and the limits every file must respect.',
    category: 'SEO',
    words: 330,
  },
  {
    slug: 'html-sitemap-creation',
    title: 'HTML Sitemaps: When They Help, How to Build One',
    description:
      'An HTML sitemap is a page for people. When it is worth having, how to structure it and how to keep it useful.',
    category: 'Usability',
    words: 244,
  },
  {
    slug: 'rss-feed-generator-guide',
    title: 'RSS Feeds as Sitemaps: A Practical Guide',
    description:
      'How an RSS or Atom feed complements your XML sitemap by announcing new and changed pages quickly.',
    category: 'Content',
    words: 200,
  },
  {
    slug: 'sitemap-validation-checker',
    title: 'How to Validate a Sitemap and Fix Common Errors',
    description:
      'What a sitemap validator checks, what each error means, and how to fix namespaces, bad URLs and duplicates.',
    category: 'Validation',
    words: 321,
  },
  {
    slug: 'advanced-sitemap-strategies',
    title: 'Advanced Sitemap Strategies for Large Sites',
    description:
      'Sitemap indexes past 50,000 URLs, image and video sitemaps after Google’s 2022 clean-up, hreflang, and IndexNow.',
    category: 'Advanced',
    words: 428,
  },
  {
    slug: 'crawl-a-staging-site',
    title: 'Crawl a Staging Site Behind a Login',
    description:
      'Crawl a staging site before launch with basic auth, a login cookie or a bearer token, and what Mapsmith sends where.',
    category: 'Pro',
    words: 257,
  },
];

/** The guide with this slug, if any. */
export function guideInfo(slug: string): GuideInfo | undefined {
  return GUIDE_INFO.find((g) => g.slug === slug);
}

/** The head of a page path as the server sends it, with its canonical path; null for a 404. */
export function headForPath(
  pathname: string,
): (PageHead & { canonicalPath: string; guide?: GuideInfo }) | null {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  if ((APP_PATHS as readonly string[]).includes(path)) {
    return { ...PAGE_META[path as AppPath], canonicalPath: path };
  }
  const slug = /^\/how-to\/([a-z0-9-]+)$/.exec(path)?.[1] ?? '';
  const guide = (GUIDE_SLUGS as readonly string[]).includes(slug) ? guideInfo(slug) : undefined;
  if (!guide) return null;
  return {
    title: `${guide.title} | Mapsmith`,
    description: guide.description,
    canonicalPath: path,
    guide,
  };
}

/**
 * The public pages: every indexable route and guide. The site's own sitemap lists them, and the
 * web build prerenders them to complete HTML (issue 26 point 7).
 */
export const PUBLIC_PATHS: readonly string[] = [
  ...APP_PATHS,
  ...GUIDE_SLUGS.map((slug) => `/how-to/${slug}`),
].filter((p) => headForPath(p)?.noindex !== true);
