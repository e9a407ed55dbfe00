import {
  type CompareJobs,
  type CompareRunDeps,
  type CompareStart,
  compareFailureText,
  runSitemapCompare,
} from '@mapsmith/app';
import type { SitemapCompareRun } from '@mapsmith/core';

interface Job {
  userId: number;
  run: SitemapCompareRun;
}

/**
 * The desktop's live-sitemap comparison jobs: the application layer's `runSitemapCompare`, run
 * in main after the IPC call has answered, one at a time (the hosted rule: one comparison per
 * user), through the desktop's one URL policy. Their state lives while the app runs; the
 * findings are in the data file, so a comparison done before a restart still shows.
 */
export class LocalCompares implements CompareJobs {
  private readonly jobs = new Map<string, Job>();
  private running: { jobId: string; abort: AbortController; done: Promise<void> } | null = null;

  /** Runs with `deps()` (the data file's repositories, the desktop's policy and logger). */
  constructor(private readonly deps: () => CompareRunDeps) {}

  /** Joins the crawl's comparison under way, refuses while another runs, or queues a new one. */
  async start(jobId: string, userId: number): Promise<CompareStart> {
    for (const [id, job] of this.jobs)
      if (id !== jobId && job.userId === userId && underWay(job.run)) return { busyWith: id };
    const own = this.jobs.get(jobId);
    if (own && underWay(own.run)) return { run: own.run };
    const job: Job = { userId, run: { state: 'waiting', error: null } };
    this.jobs.set(jobId, job);
    return { run: job.run };
  }

  /** The crawl's comparison job, or null when none was started since the app started. */
  async run(jobId: string): Promise<SitemapCompareRun | null> {
    return this.jobs.get(jobId)?.run ?? null;
  }

  /** Starts the next waiting comparison unless one runs. */
  wake(): void {
    if (this.running) return;
    const next = [...this.jobs].find(([, job]) => job.run.state === 'waiting');
    if (!next) return;
    const [jobId, job] = next;
    const abort = new AbortController();
    job.run = { state: 'comparing', error: null };
    const done = runSitemapCompare(
      this.deps(),
      { id: jobId, userId: job.userId },
      // Held by this process alone, in memory: no leased row, so no token fences it.
      null,
      abort.signal,
    ).then(
      () => {
        job.run = { state: 'done', error: null };
      },
      (err: unknown) => {
        job.run = { state: 'failed', error: compareFailureText(err) };
        this.deps().logger.warn('a live-sitemap comparison failed', {
          jobId,
          error: job.run.error,
        });
      },
    );
    this.running = {
      jobId,
      abort,
      done: done.finally(() => {
        this.running = null;
        this.wake();
      }),
    };
  }

  /** Stops the comparison under way (the app is closing); its findings are not saved. */
  async stopAll(): Promise<void> {
    for (const [jobId, job] of this.jobs) if (job.run.state === 'waiting') this.jobs.delete(jobId);
    const running = this.running;
    running?.abort.abort();
    await running?.done;
  }
}

function underWay(run: SitemapCompareRun): boolean {
  return run.state === 'waiting' || run.state === 'comparing';
}
