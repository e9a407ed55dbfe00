import type { Router } from 'express';
import type { AppContext } from '../context.js';
import { sharePageRouter } from './share-page/router.js';
import { stableSitemapRouter } from './stable-sitemap/router.js';
import { unsubscribeRouter } from './unsubscribe/router.js';

/** A route the server answers that is not an operation of the contract. */
export interface SpecialRoute {
  /** HTTP method (GET routes answer HEAD too). */
  method: 'GET' | 'POST';
  /** Express path. */
  path: string;
  /** Why it is not bound from the contract's route table. */
  why: string;
}

/**
 * The routes that are not operations, in one place with the reason; everything else under
 * `/api` is bound from the contract (`mountOperations`), and a test holds the app to this list.
 * There is no PayPal webhook: payments are settled by capture and the reconcile task.
 */
export const SPECIAL_ROUTES: readonly SpecialRoute[] = [
  {
    method: 'GET',
    path: '/s/:token/:file',
    why: 'Stable sitemap URLs (issue 13) for robots.txt and search engines: outside /api, no session, the published file bytes with ETag, Last-Modified, 304 and HEAD, not JSON.',
  },
  {
    method: 'GET',
    path: '/r/:token',
    why: 'A crawl report opened by its share link (issue 29 point 3): outside /api, no session, an HTML page for people (noindex), rate-limited per client address, one plain 404 page for every invalid link.',
  },
  {
    method: 'GET',
    path: '/r/:token/pdf',
    why: 'The same shared report as a PDF download, for the client holding the link: no session, printed by headless Chromium.',
  },
  {
    method: 'GET',
    path: '/unsubscribe/:token',
    why: 'The unsubscribe link of a schedule’s report mail (issue 29): opened from a mail by someone without an account, a plain HTML page that asks to confirm.',
  },
  {
    method: 'POST',
    path: '/unsubscribe/:token',
    why: 'Confirms that unsubscribe, from the page’s button or a mail program’s one-click List-Unsubscribe-Post (RFC 8058, a form body, no session): answers an HTML page.',
  },
];

/** The special routers mounted after the contract's. */
export function specialRouters(ctx: AppContext): Router[] {
  return [stableSitemapRouter(ctx), sharePageRouter(ctx), unsubscribeRouter(ctx)];
}
