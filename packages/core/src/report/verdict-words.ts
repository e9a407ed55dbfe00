/**
 * The verdict of each URL in plain words, as the URL table, the detail view and the report
 * exports show it. One place for these words so the website, the desktop app and the CSV say
 * the same thing for the same crawl.
 */
import type { ReportReason } from '../contract/report-schemas.js';
import type { ClientRedirect, PageRecord } from '../crawler/types.js';
import { displayTarget } from '../crawler/url-key.js';
import { clientRedirectKind } from '../crawler/verdict.js';

/** The words of each verdict group, as the figures above the table name them. */
export const REASON_LABELS: Readonly<Record<ReportReason, string>> = {
  listed: 'listed',
  redirect: 'redirects',
  status: 'error answers',
  timeout: 'timed out',
  robots: 'blocked by robots.txt',
  noindex: 'noindex',
  canonical: 'canonical elsewhere',
  'content-type': 'not HTML',
  query: 'query strings',
  'out-of-scope': 'outside the site',
  pattern: 'left out by a pattern',
  error: 'no answer',
  bound: 'not crawled (limits)',
};

/** The verdict code of a record: `listed` or its exclusion code. */
export function reasonOf(page: Pick<PageRecord, 'verdict'>): ReportReason {
  return page.verdict.included ? 'listed' : page.verdict.code;
}

function origin(url: string): string {
  try {
    return new URL(url).origin;
  } catch {
    return '';
  }
}

/** The verdict in plain words: "listed", "noindex", "canonical → /x", "301 → /y", "404", … */
export function verdictWords(
  page: Pick<
    PageRecord,
    | 'url'
    | 'finalUrl'
    | 'redirectChain'
    | 'status'
    | 'canonical'
    | 'verdict'
    | 'error'
    | 'clientRedirect'
  >,
): string {
  const { verdict } = page;
  if (verdict.included) return 'listed';
  const site = origin(page.url);
  switch (verdict.code) {
    case 'redirect': {
      const client = page.clientRedirect;
      if (client) return `${clientRedirectKind(client)} → ${displayTarget(client.url, site)}`;
      const first = page.redirectChain[0];
      const to = displayTarget(page.finalUrl, site);
      return first ? `${first.status} → ${to}` : `redirect → ${to}`;
    }
    case 'status':
      return page.status > 0 ? String(page.status) : 'error answer';
    case 'timeout':
      return page.error ?? 'timed out';
    case 'robots':
      return 'blocked by robots.txt';
    case 'noindex':
      return 'noindex';
    case 'canonical':
      return page.canonical
        ? `canonical → ${displayTarget(page.canonical, site)}`
        : 'canonical elsewhere';
    case 'content-type':
      return 'not HTML';
    case 'query':
      return 'crawled but not listed (query string)';
    case 'out-of-scope':
      return 'outside the site';
    case 'pattern':
      return 'left out by an include/exclude pattern';
    case 'error':
      return page.error ? `no answer (${page.error})` : 'no answer';
    case 'bound':
      return 'not crawled (a crawl limit)';
  }
}

/** How a client-side redirect was found, in words. */
const FOUND_BY: Record<ClientRedirect['via'], Record<ClientRedirect['seen'], string>> = {
  'meta refresh': {
    html: 'a <meta http-equiv="refresh"> tag with no delay in its HTML',
    render: 'rendering the page: a <meta http-equiv="refresh"> tag sent the browser there',
  },
  script: {
    html: 'a script in its HTML that sets location (location.replace, location.assign or location.href =)',
    render: 'rendering the page: its script sent the browser there',
  },
};

function clientWhy(redirect: ClientRedirect, site: string): string {
  const to = displayTarget(redirect.url, site);
  return `Not listed: it answered 200 but is a ${clientRedirectKind(redirect)} to ${to}, found by ${FOUND_BY[redirect.via][redirect.seen]}. A sitemap lists the target, never the redirecting URL.`;
}

/** Exactly why a URL is or is not in the sitemap, in one or two sentences. */
export function whyWords(page: PageRecord): string {
  const { verdict } = page;
  if (verdict.included)
    return 'Listed: it answered 200 with a page, robots.txt allows it, it is not noindex and its canonical (if any) points to itself.';
  const site = origin(page.url);
  switch (verdict.code) {
    case 'redirect': {
      if (page.clientRedirect) return clientWhy(page.clientRedirect, site);
      const first = page.redirectChain[0];
      const to = displayTarget(page.finalUrl, site);
      const then = page.error ? ` and then failed (${page.error})` : '';
      return `Not listed: it redirects (${first?.status ?? '3xx'}) to ${to}${then}. A sitemap lists the target, never the redirecting URL.`;
    }
    case 'status':
      return `Not listed: it answered ${page.status}. Only pages that answer 200 are listed.`;
    case 'timeout':
      return `Not listed: it did not answer in time (${page.error ?? 'timed out'}). A slow page is not a broken one: try the crawl again, or make the page answer faster.`;
    case 'robots':
      return 'Not listed: robots.txt disallows it for our crawler, so it was not fetched.';
    case 'noindex':
      return `Not listed: it asks search engines not to index it (noindex in ${page.robots.header.some((d) => d.includes('noindex')) ? 'the X-Robots-Tag header' : 'its robots meta tag'}).`;
    case 'canonical':
      return `Not listed: its canonical URL is ${page.canonical ?? 'another URL'}; the sitemap lists canonical URLs only.`;
    case 'content-type':
      return `Not listed: it is not an HTML page (${page.contentType ?? 'no content type'}).`;
    case 'query':
      return 'Not listed: its URL has a query string. It was crawled for links, but query-string variants are not listed.';
    case 'out-of-scope':
      return 'Not listed: it is outside the site that was crawled, so it was not fetched; the pages below link to it.';
    case 'pattern':
      return 'Not listed: an include/exclude pattern of the crawl leaves it out.';
    case 'error':
      return `Not listed: no answer came${page.error ? ` (${page.error})` : ''}.`;
    case 'bound':
      return 'Not listed: a crawl limit stopped it from being crawled.';
  }
}
