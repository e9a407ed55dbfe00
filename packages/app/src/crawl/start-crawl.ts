import {
  type CrawlSettings,
  type ErrorCode,
  isDefaultCrawlSettings,
  PLAN_LIMITS,
  type Plan,
  type RateInfo,
} from '@mapsmith/core';
import type { CrawlJobRepository, StartCrawlResult } from './ports.js';

/** Who starts a crawl: the user, and the plan each shell found them on now. */
export interface CrawlStarter {
  userId: number;
  plan: Plan;
}

/** What a crawl start asks for: the contract's `crawl.start` input. */
export interface CrawlStartRequest {
  url: string;
  settings?: CrawlSettings | undefined;
}

/**
 * A refused start, each shell words it: `url` (not an absolute http(s) address),
 * `settings-pro` (settings the plan has not), or the admission's limits (`plan`, `monthly`,
 * `hourly`, `storage`), which carry the crawl-start window as the admission counted it.
 */
export type CrawlStartRefusal =
  | { ok: false; reason: 'url' }
  | { ok: false; reason: 'settings-pro' }
  | Extract<StartCrawlResult, { ok: false }>;

/**
 * Each refusal's contract code, short title and the input field it is about, the same in both
 * shells; each words the sentence its own way (upgrade to Pro, or link a Pro account).
 */
export const CRAWL_START_REFUSALS = {
  url: { code: 'input.invalid', title: 'Invalid input', field: 'url' },
  'settings-pro': { code: 'auth.pro-required', title: 'Pro required' },
  plan: { code: 'limit.plan', title: 'Not allowed' },
  monthly: { code: 'limit.monthly', title: 'Monthly limit reached' },
  hourly: { code: 'limit.hourly', title: 'Too many crawls' },
  storage: { code: 'limit.storage', title: 'Storage full' },
} as const satisfies Record<
  CrawlStartRefusal['reason'],
  { code: ErrorCode; title: string; field?: string }
>;

/** The sentence of the `url` refusal, in both shells. */
export const NOT_A_SITE_URL = 'Enter an absolute http:// or https:// URL';

/** The outcome of a crawl start: the pending job and the window it was counted in, or why not. */
export type CrawlStartOutcome = { ok: true; jobId: string; rate: RateInfo } | CrawlStartRefusal;

/** How a shell runs crawl starts. */
export interface CrawlStartOptions {
  /** The engineering page cap of plans without a plan cap. */
  engineeringCap: number;
  /** The crawls store on the user's own computer (the desktop): no storage budget. */
  ownDisk?: boolean;
  /**
   * Throws the shell's refusal when it has no room for a new crawl (the server's disk). Asked
   * after the plan gate and before the admission, so a refusal does not count as a start.
   */
  room?: () => Promise<void>;
  /** Tells the shell's workers a pending job is claimable. */
  wake: () => void;
}

/** An absolute http(s) address. */
function isSiteUrl(url: string): boolean {
  const parsed = URL.parse(url);
  return parsed !== null && (parsed.protocol === 'http:' || parsed.protocol === 'https:');
}

/**
 * `crawl.start`, the same in both shells (issue 27 point 2): the plan gate on crawl settings
 * (core `PLAN_LIMITS[plan].crawlSettings`), then the one admission (`CrawlJobRepository.start`:
 * the hourly window and the month meter, counted in one locked transaction), then the workers
 * are woken. The outcome is typed; the server words it as HTTP with rate headers, the desktop
 * as its IPC error.
 */
export class CrawlStart {
  constructor(
    private readonly jobs: Pick<CrawlJobRepository, 'start'>,
    private readonly options: CrawlStartOptions,
  ) {}

  async start(request: CrawlStartRequest, who: CrawlStarter): Promise<CrawlStartOutcome> {
    if (!isSiteUrl(request.url)) return { ok: false, reason: 'url' };
    // Settings are Pro: a plan without them sending any is told so, never crawled without them.
    const settings = isDefaultCrawlSettings(request.settings) ? undefined : request.settings;
    if (settings && !PLAN_LIMITS[who.plan].crawlSettings)
      return { ok: false, reason: 'settings-pro' };
    await this.options.room?.();
    const started = await this.jobs.start({
      userId: who.userId,
      plan: who.plan,
      url: request.url,
      engineeringCap: this.options.engineeringCap,
      ...(this.options.ownDisk ? { ownDisk: true } : {}),
      ...(settings ? { settings } : {}),
    });
    if (!started.ok) return started;
    this.options.wake();
    return { ok: true, jobId: started.job.id, rate: started.rate };
  }
}
