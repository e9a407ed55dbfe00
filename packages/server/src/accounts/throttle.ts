import type { RateLimiter } from '@mapsmith/app';

/**
 * A limit of `limit` actions per key in a rolling `windowMs` (mail a user can trigger,
 * sign-ups per address), counted in the database through the `RateLimiter` port: several
 * server processes share one budget, and the check and the count are one atomic step, so
 * racing requests cannot all pass it.
 */
export class WindowLimit {
  /** Buckets are `<prefix>:<key>` in the rate limiter; `now` is the limiter's clock. */
  constructor(
    private readonly rates: RateLimiter,
    private readonly prefix: string,
    private readonly limit: number,
    private readonly windowMs: number,
    private readonly now: () => number = Date.now,
  ) {}

  /** Counts one action of `key`; 0 when allowed, else the seconds until it would be. */
  async take(key: string): Promise<number> {
    const { ok, rate } = await this.rates.hit(`${this.prefix}:${key}`, this.limit, this.windowMs);
    if (ok) return 0;
    return Math.max(1, Math.ceil((rate.resetMs - this.now()) / 1000));
  }
}
