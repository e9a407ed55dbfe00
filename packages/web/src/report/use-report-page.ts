import type { ReportFilter, ReportUrlsPage } from '@mapsmith/core/browser';
import { useCallback, useEffect, useState } from 'react';
import { errorText } from '../app/errors';
import { useApi } from '../app/use-api';

/** Where the table is asked to be: the filter it is paged for, the cursors of the pages seen, the page asked for. */
interface Nav {
  key: string;
  cursors: (string | undefined)[];
  index: number;
}

/**
 * An answer kept with the position it answers (filter key and page index), so whatever is
 * drawn from it (the rows, the range label) names that page, never the one asked for since.
 */
interface Answer<T> {
  key: string;
  index: number;
  value: T;
}

/** Rows per page of the URL table. */
export const REPORT_PAGE_SIZE = 50;

/** One page of the URL table and the way to the pages around it. */
export interface ReportPageState {
  /** The page whose rows are on screen (kept while the next one is read). */
  page: ReportUrlsPage | null;
  error: string | null;
  /** True while the page asked for is not the one in `page` yet. */
  loading: boolean;
  /** 0-based index of `page` (the rows on screen), never of a page still being read. */
  pageIndex: number;
  hasPrevious: boolean;
  hasNext: boolean;
  next(): void;
  previous(): void;
}

/**
 * Pages through `crawl.urls` by cursor: the server answers one bounded page and the cursor of
 * the next, so a million-URL crawl costs the browser one page at a time. The cursors of the
 * pages already seen are kept so "Previous" goes back without a count. A new filter starts over.
 * Loading is derived (the page asked for is not the page held), so no render shows the new
 * position beside the old rows.
 */
export function useReportPage(jobId: string, filter: ReportFilter): ReportPageState {
  const api = useApi();
  const key = JSON.stringify({ jobId, ...filter });
  // cursors[i] opens page i (page 0 needs none); a state for another filter counts as page 0.
  const [nav, setNav] = useState<Nav>({ key, cursors: [undefined], index: 0 });
  const current: Nav = nav.key === key ? nav : { key, cursors: [undefined], index: 0 };
  const index = current.index;
  const cursor = current.cursors[index];
  const [shown, setShown] = useState<Answer<ReportUrlsPage> | null>(null);
  const [failed, setFailed] = useState<Answer<string> | null>(null);

  useEffect(() => {
    let live = true;
    // An earlier failure of this same page says nothing about this new attempt.
    setFailed(null);
    const input = {
      ...(JSON.parse(key) as ReportFilter & { jobId: string }),
      limit: REPORT_PAGE_SIZE,
    };
    api.call('crawl.urls', cursor ? { ...input, cursor } : input).then(
      (value) => {
        if (live) setShown({ key, index, value });
      },
      (err) => {
        if (live)
          setFailed({ key, index, value: errorText(err, 'The URL table could not be read.') });
      },
    );
    return () => {
      live = false;
    };
  }, [api, key, index, cursor]);

  const isAsked = (answer: Answer<unknown> | null) =>
    answer !== null && answer.key === key && answer.index === index;
  const error = isAsked(failed) ? (failed?.value ?? null) : null;
  const loading = !isAsked(shown) && error === null;
  // Paging moves from the page on screen, and only while it belongs to this filter.
  const here = shown?.key === key && !loading ? shown : null;
  const nextCursor = here?.value.nextCursor ?? null;
  const next = useCallback(() => {
    if (!here || !nextCursor) return;
    setNav({
      key,
      cursors: [...current.cursors.slice(0, here.index + 1), nextCursor],
      index: here.index + 1,
    });
  }, [current.cursors, here, key, nextCursor]);
  const previous = useCallback(() => {
    if (!here) return;
    setNav({ key, cursors: current.cursors, index: Math.max(0, here.index - 1) });
  }, [current.cursors, here, key]);

  return {
    page: shown?.value ?? null,
    error,
    loading,
    pageIndex: shown?.index ?? 0,
    hasPrevious: (here?.index ?? 0) > 0,
    hasNext: Boolean(nextCursor),
    next,
    previous,
  };
}
