import {
  PLAN_LIMITS,
  type Plan,
  plural,
  type RateInfo,
  retryInWords,
  storageRefusalText,
} from '@mapsmith/core';
import { AppError } from '../errors.js';
import { CRAWL_SETTINGS_FEATURE, proRequired } from '../refusals.js';
import type { StartCrawlResult } from './ports.js';
import { CRAWL_START_REFUSALS, type CrawlStartRefusal, NOT_A_SITE_URL } from './start-crawl.js';

/** What the one admission refused a start for (`admitCrawlStart`). */
export type StartRefused = Extract<StartCrawlResult, { ok: false }>;

/**
 * A start the plan's limits refused, in the words and code of a single crawl start, with the
 * window it was counted in: the server answers its rate headers (and `Retry-After` when
 * `retryAfterS` is set), the desktop shows the words.
 */
export class StartRefusedError extends AppError {
  constructor(
    code: (typeof CRAWL_START_REFUSALS)[StartRefused['reason']]['code'],
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
  const { code, title } = CRAWL_START_REFUSALS[refused.reason];
  const refusal = (detail: string, retryAfterS?: number) =>
    new StartRefusedError(code, title, detail, refused.rate, retryAfterS);
  if (refused.reason === 'monthly')
    return refusal(
      say(
        `You have used your ${PLAN_LIMITS[plan].pagesPerMonth} pages for this month. Upgrade to Pro for unlimited crawling, or wait until the 1st.`,
      ),
    );
  if (refused.reason === 'storage') return refusal(say(storageRefusalText(refused.storage)));
  if (refused.reason === 'hourly') {
    const wait = secondsUntilFree(refused.rate, now);
    return refusal(
      `${say(`You can start ${plural(refused.rate.limit, 'crawl')} per hour.`)} ${retryInWords(wait)}`,
      wait,
    );
  }
  return refusal(say('Your plan cannot start crawls'));
}

/** A start refused before the admission: not a site's address, or settings the plan has not. */
export type RefusedBeforeAdmission = Exclude<CrawlStartRefusal, StartRefused>;

/**
 * The refusal of a start before the admission, the same in both shells but for the way out of
 * the Pro one (`proAdvice`: upgrade, or link a Pro account).
 */
export function refusedBeforeAdmission(
  refused: RefusedBeforeAdmission,
  proAdvice: string,
): AppError {
  if (refused.reason === 'settings-pro')
    return proRequired(CRAWL_SETTINGS_FEATURE, { advice: proAdvice });
  const { code, title, field } = CRAWL_START_REFUSALS.url;
  return new AppError(code, title, NOT_A_SITE_URL, { field });
}
