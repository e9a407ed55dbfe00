import { ApiCallError, type CrawlJob } from '@mapsmith/core/browser';
import { useEffect, useState } from 'react';
import { errorText } from '../app/errors';
import { useApi } from '../app/use-api';
import { CRAWL_POLL_MS } from './progress';

/** What is known of one crawl job while it is followed. */
export type JobState =
  | { kind: 'none' }
  | { kind: 'loading' }
  /** No such job for this user (another user's job answers the same, so nothing leaks). */
  | { kind: 'missing' }
  | { kind: 'error'; message: string }
  | { kind: 'job'; job: CrawlJob };

/** Whether a job has ended (its page stops polling). */
export function jobEnded(job: CrawlJob): boolean {
  return job.status === 'completed' || job.status === 'failed';
}

/** Whether a failed call means "no such crawl for you" rather than a fault worth retrying. */
export function isMissingJob(err: unknown): boolean {
  return err instanceof ApiCallError && (err.code === 'not-found' || err.status === 404);
}

/**
 * Follows one crawl job by id: reads it at once (so a reload or a bookmark shows it again) and
 * every 2 s until it has ended (spec §9's poll interval).
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
    let live = true;
    let timer: number | undefined;
    let seen = false;
    const poll = async () => {
      try {
        const job = await api.call('crawl.get', { jobId });
        if (!live) return;
        seen = true;
        setState({ kind: 'job', job });
        if (jobEnded(job)) return;
      } catch (err) {
        if (!live) return;
        // A network blip or a server hiccup during a long crawl keeps the last answer and asks
        // again; a refusal (gone, signed out) or a crawl never read ends the follow.
        const transient = !(err instanceof ApiCallError) || err.status >= 500;
        if (seen && transient) {
          timer = window.setTimeout(poll, CRAWL_POLL_MS);
          return;
        }
        setState(
          isMissingJob(err)
            ? { kind: 'missing' }
            : { kind: 'error', message: errorText(err, 'The crawl could not be followed.') },
        );
        return;
      }
      timer = window.setTimeout(poll, CRAWL_POLL_MS);
    };
    void poll();
    return () => {
      live = false;
      window.clearTimeout(timer);
    };
  }, [api, jobId]);

  return state;
}
