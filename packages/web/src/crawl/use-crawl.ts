import type { CrawlJob } from '@mapsmith/core/browser';
import { ApiCallError } from '@mapsmith/core/browser';
import { useNavigate } from '@tanstack/react-router';
import { useCallback, useRef, useState } from 'react';
import { useAuth } from '../app/auth';
import { errorText } from '../app/errors';
import { type Toast, useToast } from '../app/toast';
import { useApi } from '../app/use-api';
import { type JobState, useJob } from './use-job';

/** The crawl panel's state (spec §4). */
export type CrawlPhase = 'idle' | 'starting' | 'crawling' | 'completed' | 'failed';

/** What the home page needs to drive and draw a crawl. */
export interface CrawlState {
  phase: CrawlPhase;
  job: CrawlJob | null;
  /** When the crawl was started (ms since epoch), for the elapsed time. */
  startedAt: number | null;
  /** The failure text for the failed panel. */
  error: string | null;
  start(url: string): Promise<void>;
}

/** Adds https:// when the user typed a bare host name. */
export function normalizeSiteUrl(input: string): string {
  const trimmed = input.trim();
  return /^[a-z][a-z0-9+.-]*:\/\//i.test(trimmed) ? trimmed : `https://${trimmed}`;
}

/**
 * Starts a crawl with the spec's rules (§5, §8) and follows the crawl named by `jobId` (the
 * home page keeps it in the address as `?job=`, so a reload shows the same crawl again).
 * `onJob` is told the id of a crawl this hook started.
 */
export function useCrawl(jobId: string | null, onJob: (jobId: string) => void): CrawlState {
  const api = useApi();
  const auth = useAuth();
  const toast = useToast();
  const navigate = useNavigate();
  const followed = useJob(jobId);
  const [pending, setPending] = useState(false);
  // Set while a start is being decided and sent, so a double click starts one crawl.
  const starting = useRef(false);

  const begin = useCallback(
    async (input: string) => {
      // The desktop app crawls on the user's machine without an account (decisions.md).
      // A click while the session is still being read waits for it rather than bouncing a
      // signed-in user to /login.
      if (api.shell !== 'desktop' && (await auth.settled()) !== 'signed-in') {
        toast({
          title: 'Sign In Required',
          description: 'Please create an account or sign in to generate sitemaps',
          variant: 'error',
        });
        void navigate({ to: '/login' });
        return;
      }
      if (!input.trim()) {
        toast({
          title: 'URL Required',
          description: 'Please enter a website URL',
          variant: 'error',
        });
        return;
      }
      setPending(true);
      try {
        const { jobId: id } = await api.call('crawl.start', { url: normalizeSiteUrl(input) });
        onJob(id);
        toast({
          title: 'Crawling Started',
          description: 'We are crawling your site now.',
          variant: 'success',
        });
      } catch (err) {
        toast(startFailureToast(err));
      } finally {
        setPending(false);
      }
    },
    [api, auth.settled, navigate, onJob, toast],
  );
  const start = useCallback(
    async (input: string) => {
      if (starting.current) return;
      starting.current = true;
      try {
        await begin(input);
      } finally {
        starting.current = false;
      }
    },
    [begin],
  );

  return { ...crawlView(pending, followed), start };
}

/** The panel's phase, job, start time and failure text for what is known of the crawl. */
function crawlView(pending: boolean, followed: JobState): Omit<CrawlState, 'start'> {
  const idle = { job: null, startedAt: null, error: null };
  if (pending || followed.kind === 'loading') return { phase: 'starting', ...idle };
  if (followed.kind === 'error') return { phase: 'failed', ...idle, error: followed.message };
  if (followed.kind !== 'job') return { phase: 'idle', ...idle };
  const job = followed.job;
  const phase =
    job.status === 'completed' ? 'completed' : job.status === 'failed' ? 'failed' : 'crawling';
  return { phase, job, startedAt: Date.parse(job.createdAt), error: job.error };
}

/** The toast for a refused crawl start: the monthly limit offers the upgrade (spec §8). */
function startFailureToast(err: unknown): Toast {
  if (
    err instanceof ApiCallError &&
    err.status === 403 &&
    err.body?.error === 'Monthly limit reached'
  ) {
    return {
      title: 'Monthly Limit Reached',
      description: err.body.message ?? 'You have used all pages of your plan this month.',
      variant: 'error',
      action: { label: 'Upgrade to Pro', to: '/pricing' },
    };
  }
  return {
    title: 'Error',
    description: errorText(err, 'Failed to start crawling'),
    variant: 'error',
  };
}
