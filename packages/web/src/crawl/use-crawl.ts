import type { CrawlJob, CrawlSettings } from '@mapsmith/core/browser';
import { useNavigate } from '@tanstack/react-router';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useAuth } from '../app/auth';
import type { FieldErrors } from '../app/field-errors';
import { plural } from '../app/format';
import { useToast } from '../app/toast';
import { useApi } from '../app/use-api';
import { savePendingCrawl } from './pending-crawl';
import { SETTINGS_FIELDS } from './settings-form';
import { startFailureToast } from './start-failure';
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
  /** Starts a crawl of `url`, with the crawl settings when any depart from the defaults. */
  start(url: string, settings?: CrawlSettings): Promise<void>;
}

/** The fields of the crawl form an error can be shown under, named as the API names them. */
export const CRAWL_FIELDS = ['url', ...SETTINGS_FIELDS] as const;
/** One field of the crawl form. */
export type CrawlField = (typeof CRAWL_FIELDS)[number];

/**
 * Starts a crawl with the spec's rules (§5, §8) and follows the crawl named by `jobId` (the
 * home page keeps it in the address as `?job=`, so a reload shows the same crawl again).
 * `onJob` is told the id of a crawl this hook started. Refused input is shown under its field
 * (`fields`); a bare host name goes as typed, read by the contract's one rule (site-scheme.ts).
 */
export function useCrawl(
  jobId: string | null,
  onJob: (jobId: string) => void,
  fields: FieldErrors<CrawlField>,
): CrawlState {
  const api = useApi();
  const auth = useAuth();
  const toast = useToast();
  const navigate = useNavigate();
  const followed = useJob(jobId);
  const [pending, setPending] = useState(false);
  // Set while a start is being decided and sent, so a double click starts one crawl.
  const starting = useRef(false);
  const { show, clear, fromApi } = fields;
  useEndToasts(followed);

  const begin = useCallback(
    async (input: string, settings?: CrawlSettings) => {
      // The desktop app crawls on the user's machine without an account (decisions.md).
      // A click while the session is still being read waits for it rather than bouncing a
      // signed-in user to /login.
      if (api.shell !== 'desktop' && (await auth.settled()) !== 'signed-in') {
        // Kept through sign-in: the home page starts this crawl once the user is back.
        savePendingCrawl(input);
        toast({
          title: 'Sign In Required',
          description: 'Please create an account or sign in to generate sitemaps',
          variant: 'error',
        });
        void navigate({ to: '/login' });
        return;
      }
      if (!input.trim()) {
        show('url', 'Enter your site’s address, such as example.com');
        return;
      }
      clear();
      setPending(true);
      try {
        const { jobId: id } = await api.call('crawl.start', {
          url: input.trim(),
          ...(settings ? { settings } : {}),
        });
        onJob(id);
        // Said so that it agrees with the panel whether the crawl runs at once or waits for a
        // free slot behind crawls already running (walkthrough defect 51).
        toast({
          title: 'Crawl Requested',
          description: 'It starts as soon as a crawl slot is free; follow it below.',
          variant: 'success',
        });
      } catch (err) {
        if (!fromApi(err))
          toast(startFailureToast(err, auth.user?.isPro ?? false, settings !== undefined));
      } finally {
        setPending(false);
      }
    },
    [api, auth.settled, auth.user, navigate, onJob, toast, show, clear, fromApi],
  );
  const start = useCallback(
    async (input: string, settings?: CrawlSettings) => {
      if (starting.current) return;
      starting.current = true;
      try {
        await begin(input, settings);
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

/**
 * Announces the end of a crawl this page watched run: the toast region is a live region, so
 * screen readers hear it; a failure replaces a "Crawl Requested" still on screen, so a failed
 * crawl never sits beside green. A crawl that had already ended when the page opened says nothing.
 */
function useEndToasts(followed: JobState): void {
  const toast = useToast();
  const watched = useRef<string | null>(null);
  const job = followed.kind === 'job' ? followed.job : null;
  useEffect(() => {
    if (!job) return;
    if (job.status === 'pending' || job.status === 'crawling' || job.status === 'paused') {
      watched.current = job.jobId;
      return;
    }
    if (watched.current !== job.jobId) return;
    watched.current = null;
    if (job.status === 'completed')
      toast({
        title: 'Crawl complete',
        description: `${plural(job.outcome?.listed ?? job.results.length, 'page')} ready for your sitemap.`,
        variant: 'success',
      });
    else
      toast({
        title: 'Crawling Failed',
        description: job.error ?? 'The crawl stopped.',
        variant: 'error',
      });
  }, [job, toast]);
}
