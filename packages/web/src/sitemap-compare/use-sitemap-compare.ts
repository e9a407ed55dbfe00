import type { SitemapComparePage, SitemapFlag } from '@mapsmith/core/browser';
import { useCallback, useEffect, useState } from 'react';
import { errorText } from '../app/errors';
import { useApi } from '../app/use-api';

/** Findings per page of the card's table. */
const ROWS = 50;
/** How often a comparison that waits or runs is polled. */
const POLL_MS = 1000;

/**
 * The live sitemap comparison of one crawl: the last one stored, and starting a new one, which
 * runs as a job on the server (issue 30, point 8) and is polled until it is done or failed.
 */
export function useSitemapCompare(jobId: string) {
  const api = useApi();
  const [page, setPage] = useState<SitemapComparePage | null>(null);
  const [flag, setFlag] = useState<SitemapFlag | undefined>(undefined);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const state = page?.run?.state;
  const comparing = state === 'waiting' || state === 'comparing';

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

  // While the job waits or runs, its state is read again every second.
  useEffect(() => {
    if (!comparing) return;
    const timer = setInterval(() => {
      load().catch((err) => setError(errorText(err, 'Unable to read the comparison.')));
    }, POLL_MS);
    return () => clearInterval(timer);
  }, [comparing, load]);

  return {
    page,
    flag,
    busy,
    comparing,
    error,
    filter: setFlag,
    more: async () => {
      if (page?.nextCursor != null) await load(page.nextCursor);
    },
    compare: async () => {
      setBusy(true);
      setError(null);
      try {
        const run = await api.call('crawl.sitemapCompare', { jobId });
        setPage((old) => (old ? { ...old, run } : old));
        await load();
      } catch (err) {
        setError(errorText(err, 'Unable to compare the sitemap. Please try again.'));
      } finally {
        setBusy(false);
      }
    },
  };
}
