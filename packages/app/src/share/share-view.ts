import { HOUR_MS, SHARE_VIEWS_PER_HOUR_PER_IP, type SqlDatabase } from '@mapsmith/core';
import type { RateLimiter } from '../crawl/ports.js';
import { rateHeaders, retryAfter } from '../limits/rate-headers.js';
import { invalidShareLinkHtml, plainReportPage } from './report-html.js';
import { resolveShareLink, type ShareTarget } from './share-links.js';

/** A share link refused: the plain page to answer, its status and headers. */
export interface ShareViewRefusal {
  status: number;
  html: string;
  headers: Record<string, string>;
}

/**
 * Admits one view of a share link (issue 29 point 3): each client address opens at most
 * `SHARE_VIEWS_PER_HOUR_PER_IP` links an hour (429 past it), so tokens cannot be tried in bulk;
 * a wrong, revoked or expired token answers one plain 404 page, the same for all.
 */
export async function admitShareView(
  deps: { rates: RateLimiter; db: SqlDatabase },
  client: string,
  token: string,
): Promise<{ target: ShareTarget } | { refused: ShareViewRefusal }> {
  const hit = await deps.rates.hit(`share-view:${client}`, SHARE_VIEWS_PER_HOUR_PER_IP, HOUR_MS);
  if (!hit.ok) {
    const html = plainReportPage(
      'Too many report views',
      'This address opened too many report links in the last hour. Please try again later.',
    );
    const headers = { ...rateHeaders(hit.rate), ...retryAfter(hit.rate, Date.now()) };
    return { refused: { status: 429, html, headers } };
  }
  const target = await resolveShareLink(deps.db, token);
  if (!target) return { refused: { status: 404, html: invalidShareLinkHtml(), headers: {} } };
  return { target };
}
