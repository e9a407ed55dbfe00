/**
 * The web app's public routes (spec §2). The server answers 200 for these and 404 (with the
 * app's 404 screen) for every other non-API path; the web router defines the same paths.
 */

/** Slugs of the how-to guides. */
export const GUIDE_SLUGS = [
  'sitemap-generator-guide',
  'xml-sitemap-generator-seo',
  'html-sitemap-creation',
  'rss-feed-generator-guide',
  'sitemap-validation-checker',
  'advanced-sitemap-strategies',
  'crawl-a-staging-site',
] as const;

/** A guide slug. */
export type GuideSlug = (typeof GUIDE_SLUGS)[number];

/** Every fixed path of the web app. */
export const APP_PATHS = [
  '/',
  '/login',
  '/signup',
  '/forgot-password',
  '/reset-password',
  '/confirm-email',
  '/dashboard',
  '/subscribe',
  '/pricing',
  '/about',
  '/api-docs',
  '/support',
  '/contact',
  '/privacy',
  '/terms',
  // The index of the how-to guides (walkthrough defect 32: it was a 404).
  '/how-to',
  // Bulk crawls (issue 13): the list form and the user's bulks.
  '/bulk',
  // Scheduled crawls (issue 13).
  '/schedules',
  // Every crawl of the user (issue 26).
  '/crawls',
] as const;

/**
 * A crawl's own page, `/crawls/{jobId}`: any id the contract's job reference accepts. Whether
 * the job exists and is the user's is the API's answer, so the page draws 404 when it is not.
 */
const CRAWL_PAGE_PATH = /^\/crawls\/[A-Za-z0-9_-]{1,64}$/;

/** A bulk crawl's own page, `/bulk/{bulkId}` (issue 13); the API says whether it exists. */
const BULK_PAGE_PATH = /^\/bulk\/[A-Za-z0-9_-]{1,64}$/;

/** Whether a request path (no query) is a page of the web app. */
export function isAppPath(pathname: string): boolean {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  if ((APP_PATHS as readonly string[]).includes(path)) return true;
  if (CRAWL_PAGE_PATH.test(path)) return true;
  if (BULK_PAGE_PATH.test(path)) return true;
  const guide = /^\/how-to\/([a-z0-9-]+)$/.exec(path);
  return guide !== null && (GUIDE_SLUGS as readonly string[]).includes(guide[1] ?? '');
}
