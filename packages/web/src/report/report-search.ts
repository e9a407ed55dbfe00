import {
  CHANGE_KINDS,
  type ChangeKind,
  DEPTH_FILTER,
  HTTP_STATUS_FILTER,
  type ReportFilter,
  type ReportReason,
  type ReportScope,
  type ReportSort,
  SITEMAP_FLAGS,
  type SitemapFlag,
  TIME_BUCKET_IDS,
  type TimeBucketId,
  UNDER_FILTER,
} from '@mapsmith/core/browser';

/**
 * The crawl page's search params: the URL table's filter and sort, and the URL shown in
 * detail. They live in the address so a filtered table can be linked to (the SEO card's
 * "and N more"), bookmarked and reloaded.
 */
export interface ReportSearch extends Omit<ReportFilter, 'scope'> {
  /** The scope tab: absent is the site's own URLs (the table opens on them), `all` both sides. */
  scope?: 'external' | 'all';
  /** The URL whose detail is open. */
  url?: string;
}

/** The URL table's tabs: the site's own URLs, those outside it, or both. */
export type ScopeTab = ReportScope | 'all';

const SORTS: readonly ReportSort[] = [
  'crawl',
  'url',
  'status',
  'title',
  'depth',
  'inlinks',
  'responseTime',
];

function text(value: unknown, max: number): string | undefined {
  if (typeof value !== 'string' && typeof value !== 'number') return undefined;
  const s = String(value).trim();
  return s && s.length <= max ? s : undefined;
}

/**
 * Reads the crawl page's search params, dropping what is malformed rather than failing: a
 * hand-edited address still opens the page. Values the server would refuse are left for it
 * to refuse with its own words (reason codes are the server's to know).
 */
export function reportSearch(search: Record<string, unknown>): ReportSearch {
  const out: ReportSearch = {};
  if (search.verdict === 'listed' || search.verdict === 'excluded') out.verdict = search.verdict;
  if (search.scope === 'external' || search.scope === 'all') out.scope = search.scope;
  const reason = text(search.reason, 32);
  if (reason && /^[a-z-]+$/.test(reason)) out.reason = reason as ReportReason;
  const q = text(search.q, 200);
  if (q) out.q = q;
  const issue = text(search.issue, 64);
  if (issue && /^[a-z0-9-]+$/.test(issue)) out.issue = issue;
  if (SITEMAP_FLAGS.includes(search.sitemap as SitemapFlag))
    out.sitemap = search.sitemap as SitemapFlag;
  if (SORTS.includes(search.sort as ReportSort)) out.sort = search.sort as ReportSort;
  if (search.dir === 'asc' || search.dir === 'desc') out.dir = search.dir;
  if (CHANGE_KINDS.includes(search.change as ChangeKind)) out.change = search.change as ChangeKind;
  // The charts' filters (issue 29): the contract's own rules decide what is well formed.
  const depth = text(search.depth, 5);
  if (depth && DEPTH_FILTER.test(depth)) out.depth = depth;
  const status = text(search.httpStatus, 4);
  if (status && HTTP_STATUS_FILTER.test(status)) out.httpStatus = status;
  if (TIME_BUCKET_IDS.includes(search.time as TimeBucketId)) out.time = search.time as TimeBucketId;
  const under = text(search.under, 2048);
  if (under && UNDER_FILTER.test(under)) out.under = under;
  const url = text(search.url, 4096);
  if (url) out.url = url;
  return out;
}

/** The table filter of the search params (without the open detail): internal URLs by default. */
export function filterOf(search: ReportSearch): ReportFilter {
  const { url: _url, scope, ...filter } = search;
  return scope === 'all' ? filter : { ...filter, scope: scope ?? 'internal' };
}

/** The search params of a table filter: the inverse of `filterOf` (no scope: both sides). */
export function searchOf(filter: ReportFilter): ReportSearch {
  const { scope, ...rest } = filter;
  return scope === 'internal' ? rest : { ...rest, scope: scope ?? 'all' };
}

/** The tab a filter shows. */
export function tabOf(filter: ReportFilter): ScopeTab {
  return filter.scope ?? 'all';
}

/** Whether the filter narrows the table (anything but sorting). */
export function isFiltered(filter: ReportFilter): boolean {
  return Boolean(
    filter.verdict ||
      filter.reason ||
      filter.q ||
      filter.issue ||
      filter.change ||
      filter.sitemap ||
      filter.depth ||
      filter.httpStatus ||
      filter.time ||
      filter.under,
  );
}
