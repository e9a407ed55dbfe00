import type { CrawlJob } from '@mapsmith/core/browser';
import { useEffect, useState } from 'react';
import { errorText } from '../app/errors';
import { useApi } from '../app/use-api';
import { followJob, type JobState } from './follow-job';
import { CRAWL_POLL_MS } from './progress';

export { isMissingJob, type JobState, jobEnded } from './follow-job';

/** With pushed progress, a poll only covers an event lost on the way. */
const PUSHED_FALLBACK_MS = 10_000;

function progressOf(jobId: string, payload: unknown): boolean {
  return (payload as { jobId?: unknown } | null)?.jobId === jobId;
}

/**
 * Follows one crawl job by id (see {@link followJob}): pushed progress events where the shell
 * has them (the desktop's IPC), else a poll every 2 s (spec §9), until the job has ended.
 */
export function useJob(jobId: string | null): JobState {
  const api = useApi();
  const [state, setState] = useState<JobState>(jobId ? { kind: 'loading' } : { kind: 'none' });

  useEffect(() => {
    if (!jobId) {
      setState({ kind: 'none' });
      return;
    }
    setState({ kind: 'loading' });
    const { subscribe } = api;
    return followJob({
      read: (): Promise<CrawlJob> => api.call('crawl.get', { jobId }),
      subscribe: subscribe
        ? (onEvent) =>
            subscribe('crawl.progress', (payload) => {
              if (progressOf(jobId, payload)) onEvent();
            })
        : undefined,
      onState: setState,
      errorText: (err) => errorText(err, 'The crawl could not be followed.'),
      pollMs: CRAWL_POLL_MS,
      fallbackMs: PUSHED_FALLBACK_MS,
      setTimer: (run, ms) => window.setTimeout(run, ms),
      clearTimer: (timer) => window.clearTimeout(timer as number | undefined),
    });
  }, [api, jobId]);

  return state;
}
