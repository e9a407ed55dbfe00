/**
 * The crawl's fetcher wrapped in the sending rule of `site-auth.ts` (issue 29): the one place a
 * crawl's requests get its credentials, so pages, redirect hops, robots.txt, sitemaps and image
 * checks cannot differ.
 */
import { FetchError, type HttpFetcher } from '../ports/fetcher.js';
import {
  hasSiteAuth,
  hideSiteAuth,
  type OwnSite,
  type SiteAuth,
  siteAuthHeaders,
} from './site-auth.js';

/**
 * The crawl's fetcher with the sending rule applied to every request: each one (a redirect hop
 * is its own request: the fetcher never follows redirects) carries the credentials only when its
 * URL is on the crawl's own site, and no error it throws repeats a secret.
 */
export function fetcherWithSiteAuth(
  fetcher: HttpFetcher,
  auth: SiteAuth | undefined,
  ownSite: OwnSite,
): HttpFetcher {
  if (!hasSiteAuth(auth)) return fetcher;
  return {
    async fetch(request) {
      const headers = siteAuthHeaders(auth, ownSite, request.url);
      try {
        return await fetcher.fetch({ ...request, headers: { ...request.headers, ...headers } });
      } catch (err) {
        if (err instanceof FetchError) {
          const message = hideSiteAuth(err.message, auth);
          if (message !== err.message) throw new FetchError(message, err.code, err.retryable);
        }
        throw err;
      }
    },
    close: () => fetcher.close(),
  };
}
