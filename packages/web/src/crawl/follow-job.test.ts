import { ApiCallError, type CrawlJob } from '@mapsmith/core/browser';
import { describe, expect, it } from 'vitest';
import { followJob, type JobState } from './follow-job';

/** A test clock: timers run only when the test advances it. */
function manualClock() {
  let now = 0;
  const timers = new Map<number, { at: number; run: () => void }>();
  let next = 1;
  return {
    setTimer: (run: () => void, ms: number) => {
      timers.set(next, { at: now + ms, run });
      return next++;
    },
    clearTimer: (id: unknown) => void timers.delete(id as number),
    pending: () => [...timers.values()].map((t) => t.at - now),
    async advance(ms: number) {
      now += ms;
      for (const [id, t] of [...timers]) {
        if (t.at > now) continue;
        timers.delete(id);
        t.run();
      }
      await settle();
    },
  };
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

function job(status: CrawlJob['status'], pagesCrawled: number): CrawlJob {
  return { jobId: 'j1', status, pagesCrawled, createdAt: '', error: null, results: [] };
}

/** Answers reads from a script of jobs, counting them. */
function scripted(answers: Array<CrawlJob | Error>) {
  let reads = 0;
  return {
    reads: () => reads,
    read: async () => {
      const answer = answers[Math.min(reads++, answers.length - 1)];
      if (answer instanceof Error) throw answer;
      return answer as CrawlJob;
    },
  };
}

function follow(
  source: ReturnType<typeof scripted>,
  clock: ReturnType<typeof manualClock>,
  push?: { emit?: () => void; unsubscribed?: boolean },
) {
  const states: JobState[] = [];
  const stop = followJob({
    read: source.read,
    subscribe: push
      ? (onEvent) => {
          push.emit = onEvent;
          return () => {
            push.unsubscribed = true;
          };
        }
      : undefined,
    onState: (s) => states.push(s),
    errorText: () => 'failed',
    pollMs: 2000,
    fallbackMs: 10_000,
    ...clock,
  });
  return { states, stop };
}

describe('followJob', () => {
  it('polls every 2 s without pushed events, and stops once the job ended', async () => {
    const clock = manualClock();
    const source = scripted([job('crawling', 1), job('crawling', 5), job('completed', 9)]);
    const { states } = follow(source, clock);
    await settle();
    expect(clock.pending()).toEqual([2000]);
    await clock.advance(2000);
    await clock.advance(2000);
    expect(states.at(-1)).toEqual({ kind: 'job', job: job('completed', 9) });
    expect(clock.pending()).toEqual([]);
    expect(source.reads()).toBe(3);
  });

  it('reads at once on a pushed event, keeps only a slow safety poll, and unsubscribes at the end', async () => {
    const clock = manualClock();
    const source = scripted([job('crawling', 1), job('crawling', 7), job('completed', 9)]);
    const push: { emit?: () => void; unsubscribed?: boolean } = {};
    const { states } = follow(source, clock, push);
    await settle();
    expect(clock.pending()).toEqual([10_000]);
    push.emit?.();
    await settle();
    expect(states.at(-1)).toEqual({ kind: 'job', job: job('crawling', 7) });
    push.emit?.();
    await settle();
    expect(states.at(-1)).toEqual({ kind: 'job', job: job('completed', 9) });
    expect(push.unsubscribed).toBe(true);
    expect(clock.pending()).toEqual([]);
  });

  it('never overlaps reads: events during a read ask for one more read after it', async () => {
    const clock = manualClock();
    let release: (() => void) | undefined;
    let reads = 0;
    const push: { emit?: () => void } = {};
    followJob({
      read: () => {
        reads++;
        return new Promise((resolve) => {
          release = () => resolve(job('crawling', reads));
        });
      },
      subscribe: (onEvent) => {
        push.emit = onEvent;
        return () => {};
      },
      onState: () => {},
      errorText: () => 'failed',
      pollMs: 2000,
      fallbackMs: 10_000,
      ...clock,
    });
    push.emit?.();
    push.emit?.();
    push.emit?.();
    expect(reads).toBe(1);
    release?.();
    await settle();
    expect(reads).toBe(2);
  });

  it('rides out a server hiccup after the first answer, but ends on a missing job', async () => {
    const clock = manualClock();
    const hiccup = new ApiCallError(503, 'busy', null);
    const source = scripted([job('crawling', 1), hiccup, job('completed', 3)]);
    const { states } = follow(source, clock);
    await settle();
    await clock.advance(2000);
    await clock.advance(2000);
    expect(states.map((s) => s.kind)).toEqual(['job', 'job']);

    const gone = scripted([new ApiCallError(404, 'no', { code: 'crawl.not-found' })]);
    const missing = follow(gone, manualClock());
    await settle();
    expect(missing.states).toEqual([{ kind: 'missing' }]);
  });
});
