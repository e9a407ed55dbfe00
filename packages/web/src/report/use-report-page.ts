import type { ReportFilter, ReportUrlsPage } from '@mapsmith/core/browser';
import { useCallback, useEffect, useState } from 'react';
import { errorText } from '../app/errors';
import { useApi } from '../app/use-api';

/** Where the table is: the filter it was paged for, the cursors of the pages seen, the page shown. */
interface Nav {
  key: string;
  cursors: (string | undefined)[];
  index: number;
}

/** Rows per page of the URL table. */
export const REPORT_PAGE_SIZE = 50;

/** One page of the URL table and the way to the pages around it. */
export interface ReportPageState {
  page: ReportUrlsPage | null;
  error: string | null;
  loading: boolean;
  /** 0-based index of the page shown. */
  index: number;
  hasPrevious: boolean;
  hasNext: boolean;
  next(): void;
  previous(): void;
}

/**
 * Pages through `crawl.urls` by cursor: the server answers one bounded page and the cursor of
 * the next, so a million-URL crawl costs the browser one page at a time. The cursors of the
 * pages already seen are kept so "Previous" goes back without a count. A new filter starts over.
 */
export function useReportPage(jobId: string, filter: ReportFilter): ReportPageState {
  const api = useApi();
  const key = JSON.stringify({ jobId, ...filter });
  // cursors[i] opens page i (page 0 needs none); a state for another filter counts as page 0.
  const [nav, setNav] = useState<Nav>({ key, cursors: [undefined], index: 0 });
  const current: Nav = nav.key === key ? nav : { key, cursors: [undefined], index: 0 };
  const index = current.index;
  const cursor = current.cursors[index];
  const [page, setPage] = useState<ReportUrlsPage | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [loading, setLoading] = useState(true);

  useEffect(() => {
    let live = true;
    setLoading(true);
    setError(null);
    const input = {
      ...(JSON.parse(key) as ReportFilter & { jobId: string }),
      limit: REPORT_PAGE_SIZE,
    };
    api.call('crawl.urls', cursor ? { ...input, cursor } : input).then(
      (next) => {
        if (!live) return;
        setPage(next);
        setLoading(false);
      },
      (err) => {
        if (!live) return;
        setError(errorText(err, 'The URL table could not be read.'));
        setLoading(false);
      },
    );
    return () => {
      live = false;
    };
  }, [api, key, cursor]);

  const nextCursor = page?.nextCursor ?? null;
  const next = useCallback(() => {
    if (!nextCursor) return;
    setNav({
      key,
      cursors: [...current.cursors.slice(0, index + 1), nextCursor],
      index: index + 1,
    });
  }, [current.cursors, index, key, nextCursor]);
  const previous = useCallback(() => {
    setNav({ key, cursors: current.cursors, index: Math.max(0, index - 1) });
  }, [current.cursors, index, key]);

  return {
    page,
    error,
    loading,
    index,
    hasPrevious: index > 0,
    hasNext: Boolean(nextCursor) && !loading,
    next,
    previous,
  };
}
