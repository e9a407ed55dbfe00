import { ApiCallError, type CrawlJob } from '@mapsmith/core/browser';

/** What is known of one crawl job while it is followed. */
export type JobState =
  | { kind: 'none' }
  | { kind: 'loading' }
  /** No such job for this user (another user's job answers the same, so nothing leaks). */
  | { kind: 'missing' }
  | { kind: 'error'; message: string }
  | { kind: 'job'; job: CrawlJob };

/** Whether a job has ended (its page stops following it). */
export function jobEnded(job: CrawlJob): boolean {
  return job.status === 'completed' || job.status === 'failed';
}

/** Whether a failed call means "no such crawl for you" rather than a fault worth retrying. */
export function isMissingJob(err: unknown): boolean {
  return err instanceof ApiCallError && (err.code === 'not-found' || err.status === 404);
}

/** What a job follower is given: how to read the job, how to wait, where states go. */
export interface JobFollowerDeps {
  /** Reads the job (`crawl.get`). */
  read(): Promise<CrawlJob>;
  /**
   * Subscribes to pushed progress of this job, where the shell has it (desktop IPC); each
   * event makes the follower read the job at once. Returns the unsubscribe function.
   */
  subscribe?: (onEvent: () => void) => () => void;
  /** Receives every new state. */
  onState(state: JobState): void;
  /** The error text of a failed read. */
  errorText(err: unknown): string;
  /** Poll interval without pushed events (spec §9: 2 s). */
  pollMs: number;
  /** Poll interval with pushed events: only a safety net for a lost event. */
  fallbackMs: number;
  /** Timers (the window's, or a test clock's). */
  setTimer(run: () => void, ms: number): unknown;
  clearTimer(timer: unknown): void;
}

/**
 * Follows one crawl job: reads it at once (so a reload or a bookmark shows it again), then
 * again after each pushed progress event (desktop) or every `pollMs` (hosted: the web polls,
 * since a 2 s poll of a bounded answer costs little and works through every proxy and on any
 * API node, where a held event stream would pin a connection per open tab). Reads never
 * overlap: an event during a read asks for one more read after it. Returns the stop function.
 */
export function followJob(deps: JobFollowerDeps): () => void {
  let live = true;
  let timer: unknown;
  let reading = false;
  let again = false;
  let seen = false;
  const interval = deps.subscribe ? deps.fallbackMs : deps.pollMs;

  const schedule = (ms: number) => {
    deps.clearTimer(timer);
    timer = deps.setTimer(() => void read(), ms);
  };
  const stop = () => {
    live = false;
    deps.clearTimer(timer);
    unsubscribe?.();
  };
  const read = async (): Promise<void> => {
    if (reading) {
      again = true;
      return;
    }
    reading = true;
    again = false;
    try {
      const job = await deps.read();
      if (!live) return;
      seen = true;
      deps.onState({ kind: 'job', job });
      if (jobEnded(job)) return stop();
    } catch (err) {
      if (!live) return;
      // A network blip or a server hiccup during a long crawl keeps the last answer and asks
      // again; a refusal (gone, signed out) or a crawl never read ends the follow.
      const transient = !(err instanceof ApiCallError) || err.status >= 500;
      if (!(seen && transient)) {
        deps.onState(
          isMissingJob(err) ? { kind: 'missing' } : { kind: 'error', message: deps.errorText(err) },
        );
        return stop();
      }
    } finally {
      reading = false;
    }
    if (again) return read();
    schedule(interval);
  };
  const unsubscribe = deps.subscribe?.(() => {
    if (live) void read();
  });
  void read();
  return stop;
}
