/**
 * The web app's public routes (spec §2). The server answers 200 for these and 404 (with the
 * app's 404 screen) for every other non-API path; the web router defines the same paths.
 */

/** Slugs of the six how-to guides. */
export const GUIDE_SLUGS = [
  'sitemap-generator-guide',
  'xml-sitemap-generator-seo',
  'html-sitemap-creation',
  'rss-feed-generator-guide',
  'sitemap-validation-checker',
  'advanced-sitemap-strategies',
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
] as const;

/** Whether a request path (no query) is a page of the web app. */
export function isAppPath(pathname: string): boolean {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  if ((APP_PATHS as readonly string[]).includes(path)) return true;
  const guide = /^\/how-to\/([a-z0-9-]+)$/.exec(path);
  return guide !== null && (GUIDE_SLUGS as readonly string[]).includes(guide[1] ?? '');
}
