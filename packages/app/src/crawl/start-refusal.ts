import {
  PLAN_LIMITS,
  type Plan,
  plural,
  type RateInfo,
  retryInWords,
  storageRefusalText,
} from '@mapsmith/core';
import { AppError } from '../errors.js';
import type { StartCrawlResult } from './ports.js';

/** What the one admission refused a start for (`admitCrawlStart`). */
export type StartRefused = Extract<StartCrawlResult, { ok: false }>;

/**
 * A start the plan's limits refused, in the words and code of a single crawl start, with the
 * window it was counted in: the server answers its rate headers (and `Retry-After` when
 * `retryAfterS` is set), the desktop shows the words.
 */
export class StartRefusedError extends AppError {
  constructor(
    code: 'limit.hourly' | 'limit.monthly' | 'limit.storage' | 'limit.plan',
    error: string,
    detail: string,
    /** The crawl-start window the refusal was decided in. */
    readonly rate: RateInfo,
    /** Seconds until the window frees a start, on an hourly refusal. */
    readonly retryAfterS?: number,
  ) {
    super(code, error, detail);
    this.name = 'StartRefusedError';
  }
}

/** Seconds (at least 1) until `rate` frees a start. */
export function secondsUntilFree(rate: RateInfo, now: number): number {
  return Math.max(1, Math.ceil((rate.resetMs - now) / 1000));
}

/**
 * The refusal of a start by the one admission, worded for people: over the month's pages,
 * over the storage budget, over the hourly window, or a plan that cannot crawl. `after` says
 * more when the start was one of many (a bulk list's site).
 */
export function startRefusedError(
  refused: StartRefused,
  plan: Plan,
  now: number,
  after = '',
): StartRefusedError {
  const say = (sentence: string) => (after ? `${sentence} ${after}` : sentence);
  if (refused.reason === 'monthly')
    return new StartRefusedError(
      'limit.monthly',
      'Monthly limit reached',
      say(
        `You have used your ${PLAN_LIMITS[plan].pagesPerMonth} pages for this month. Upgrade to Pro for unlimited crawling, or wait until the 1st.`,
      ),
      refused.rate,
    );
  if (refused.reason === 'storage')
    return new StartRefusedError(
      'limit.storage',
      'Storage full',
      say(storageRefusalText(refused.storage)),
      refused.rate,
    );
  if (refused.reason === 'hourly') {
    const wait = secondsUntilFree(refused.rate, now);
    return new StartRefusedError(
      'limit.hourly',
      'Too many crawls',
      `${say(`You can start ${plural(refused.rate.limit, 'crawl')} per hour.`)} ${retryInWords(wait)}`,
      refused.rate,
      wait,
    );
  }
  return new StartRefusedError(
    'limit.plan',
    'Not allowed',
    say('Your plan cannot start crawls'),
    refused.rate,
  );
}
