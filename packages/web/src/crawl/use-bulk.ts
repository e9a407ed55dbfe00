import { ApiCallError, type BulkCrawl } from '@mapsmith/core/browser';
import { useEffect, useState } from 'react';
import { errorText } from '../app/errors';
import { useApi } from '../app/use-api';
import { CRAWL_POLL_MS } from './progress';

/** What the bulk page knows of its bulk. */
export type BulkState =
  | { kind: 'loading' }
  | { kind: 'bulk'; bulk: BulkCrawl }
  | { kind: 'missing' }
  | { kind: 'error'; message: string };

/** True once nothing on the page can change: every crawl ended and every score is in. */
function settled(bulk: BulkCrawl): boolean {
  return bulk.finished && bulk.sites.every((s) => s.status !== 'completed' || s.seoScore !== null);
}

/**
 * Follows a bulk: polls `bulk.get` while its crawls run (and while the SEO scores of finished
 * ones are still being computed, a few per poll), then stops. A transient failure keeps the
 * last answer and asks again.
 */
export function useBulk(bulkId: string, enabled: boolean): BulkState {
  const api = useApi();
  const [state, setState] = useState<BulkState>({ kind: 'loading' });
  useEffect(() => {
    if (!enabled) return;
    let live = true;
    let timer: number | undefined;
    let seen = false;
    const poll = async () => {
      try {
        const bulk = await api.call('bulk.get', { bulkId });
        if (!live) return;
        seen = true;
        setState({ kind: 'bulk', bulk });
        if (settled(bulk)) return;
      } catch (err) {
        if (!live) return;
        const transient = !(err instanceof ApiCallError) || err.status >= 500;
        if (!(seen && transient)) {
          setState(
            err instanceof ApiCallError && err.code === 'bulk.not-found'
              ? { kind: 'missing' }
              : { kind: 'error', message: errorText(err, 'The bulk crawl could not be read.') },
          );
          return;
        }
      }
      timer = window.setTimeout(poll, CRAWL_POLL_MS);
    };
    void poll();
    return () => {
      live = false;
      window.clearTimeout(timer);
    };
  }, [api, bulkId, enabled]);
  return state;
}
