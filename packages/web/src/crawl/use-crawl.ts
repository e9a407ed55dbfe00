import type { CrawlJob } from '@mapsmith/core/browser';
import { useNavigate } from '@tanstack/react-router';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useAuth } from '../app/auth';
import { errorText } from '../app/errors';
import { plural } from '../app/format';
import { useToast } from '../app/toast';
import { useApi } from '../app/use-api';
import { savePendingCrawl } from './pending-crawl';
import { CRAWL_POLL_MS } from './progress';
import { startFailureToast } from './start-failure';

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

/** True when the address starts with a scheme (`https://`, `ftp://`, ...). */
export function hasScheme(input: string): boolean {
  return /^[a-z][a-z0-9+.-]*:\/\//i.test(input.trim());
}

/** Adds https:// when the user typed a bare host name. */
export function normalizeSiteUrl(input: string): string {
  const trimmed = input.trim();
  return hasScheme(trimmed) ? trimmed : `https://${trimmed}`;
}

/** Starts a crawl with the spec's rules (§5, §8) and polls it every 2 s until it ends. */
export function useCrawl(): CrawlState {
  const api = useApi();
  const auth = useAuth();
  const toast = useToast();
  const navigate = useNavigate();
  const [phase, setPhase] = useState<CrawlPhase>('idle');
  const [job, setJob] = useState<CrawlJob | null>(null);
  const [startedAt, setStartedAt] = useState<number | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [jobId, setJobId] = useState<string | null>(null);
  const pollTimer = useRef<number | undefined>(undefined);
  // Set while a start is being decided and sent, so a double click starts one crawl.
  const starting = useRef(false);

  useEffect(() => {
    if (!jobId) return;
    let live = true;
    const poll = async () => {
      try {
        const next = await api.call('crawl.get', { jobId });
        if (!live) return;
        setJob(next);
        if (next.status === 'completed') {
          // The toast region is a live region: screen readers hear that the crawl is done.
          toast({
            title: 'Crawl complete',
            description: `${plural(next.results.length, 'page')} ready for your sitemap.`,
            variant: 'success',
          });
          return setPhase('completed');
        }
        if (next.status === 'failed') {
          setError(next.error);
          // Replaces a "Crawling Started" still on screen: a failed crawl never sits beside green.
          toast({
            title: 'Crawling Failed',
            description: next.error ?? 'The crawl stopped.',
            variant: 'error',
          });
          return setPhase('failed');
        }
        setPhase('crawling');
      } catch (err) {
        if (!live) return;
        setError(errorText(err, 'The crawl could not be followed.'));
        return setPhase('failed');
      }
      pollTimer.current = window.setTimeout(poll, CRAWL_POLL_MS);
    };
    void poll();
    return () => {
      live = false;
      window.clearTimeout(pollTimer.current);
    };
  }, [api, jobId, toast]);

  const begin = useCallback(
    async (input: string) => {
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
        toast({
          title: 'URL Required',
          description: 'Please enter a website URL',
          variant: 'error',
        });
        return;
      }
      setPhase('starting');
      setError(null);
      setJob(null);
      try {
        const { jobId: id } = await api.call('crawl.start', { url: normalizeSiteUrl(input) });
        setStartedAt(Date.now());
        setJobId(id);
        setPhase('crawling');
        toast({
          title: 'Crawling Started',
          description: 'We are crawling your site now.',
          variant: 'success',
        });
      } catch (err) {
        setPhase('idle');
        toast(startFailureToast(err, auth.user?.isPro ?? false));
      }
    },
    [api, auth.settled, auth.user, navigate, toast],
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

  return { phase, job, startedAt, error, start };
}
