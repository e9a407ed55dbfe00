import type { SitemapComparePage, SitemapFlag } from '@mapsmith/core/browser';
import { useCallback, useEffect, useState } from 'react';
import { errorText } from '../app/errors';
import { useApi } from '../app/use-api';

/** Findings per page of the card's table. */
const ROWS = 50;

/** The live sitemap comparison of one crawl: the last one stored, and running a new one. */
export function useSitemapCompare(jobId: string) {
  const api = useApi();
  const [page, setPage] = useState<SitemapComparePage | null>(null);
  const [flag, setFlag] = useState<SitemapFlag | undefined>(undefined);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const load = useCallback(
    async (cursor?: number) => {
      const next = await api.call('crawl.sitemapFindings', {
        jobId,
        limit: ROWS,
        ...(flag ? { flag } : {}),
        ...(cursor !== undefined ? { cursor } : {}),
      });
      setPage((old) =>
        cursor !== undefined && old ? { ...next, rows: [...old.rows, ...next.rows] } : next,
      );
    },
    [api, jobId, flag],
  );

  useEffect(() => {
    load().catch((err) => setError(errorText(err, 'Unable to read the comparison.')));
  }, [load]);

  return {
    page,
    flag,
    busy,
    error,
    filter: setFlag,
    more: async () => {
      if (page?.nextCursor != null) await load(page.nextCursor);
    },
    compare: async () => {
      setBusy(true);
      setError(null);
      try {
        await api.call('crawl.sitemapCompare', { jobId });
        await load();
      } catch (err) {
        setError(errorText(err, 'Unable to compare the sitemap. Please try again.'));
      } finally {
        setBusy(false);
      }
    },
  };
}
