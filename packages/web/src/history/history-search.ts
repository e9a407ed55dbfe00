import { type CrawlStatus, HISTORY_SORTS, type HistorySort } from '@mapsmith/core/browser';

/**
 * The history page's search params (issue 26): page, search, status filter and sort. They live
 * in the address so a filtered page of crawls can be reloaded, bookmarked and gone back to.
 */
export interface HistorySearch {
  page?: number;
  q?: string;
  status?: CrawlStatus;
  sort?: HistorySort;
  dir?: 'asc' | 'desc';
}

const STATUSES: readonly CrawlStatus[] = ['pending', 'crawling', 'completed', 'failed'];

/**
 * Reads the history page's search params, dropping what is malformed rather than failing: a
 * hand-edited address still opens the page (a page past the last is the server's to refuse).
 */
export function historySearch(search: Record<string, unknown>): HistorySearch {
  const out: HistorySearch = {};
  const page = Number(search.page);
  if (Number.isInteger(page) && page > 1) out.page = page;
  if (typeof search.q === 'string' && search.q.trim() && search.q.length <= 200)
    out.q = search.q.trim();
  if (STATUSES.includes(search.status as CrawlStatus)) out.status = search.status as CrawlStatus;
  if (HISTORY_SORTS.includes(search.sort as HistorySort)) out.sort = search.sort as HistorySort;
  if (search.dir === 'asc' || search.dir === 'desc') out.dir = search.dir;
  return out;
}
