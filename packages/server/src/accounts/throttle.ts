/**
 * Failed sign-in throttling: a sliding window of failures per key. Keys are `account:<name>`
 * (whether or not that account exists, so the answer reveals nothing) and `ip:<address>`.
 * Kept in memory: the hosted app is one process, and a restart forgetting failures is harmless
 * next to the cost of a write per failed attempt.
 */
export class FailureThrottle {
  private readonly failures = new Map<string, number[]>();

  /** `limit` failures within `windowMs` lock the key until the oldest of them ages out. */
  constructor(
    private readonly limit: number,
    private readonly windowMs: number,
    private readonly now: () => number = Date.now,
  ) {}

  /** Seconds until `key` may try again, or 0 when it is not locked. */
  retryAfter(key: string): number {
    const recent = this.recent(key);
    if (recent.length < this.limit) return 0;
    const oldest = recent[recent.length - this.limit] ?? this.now();
    return Math.max(1, Math.ceil((oldest + this.windowMs - this.now()) / 1000));
  }

  /** Records one failure of `key`. */
  fail(key: string): void {
    const recent = this.recent(key);
    recent.push(this.now());
    this.failures.set(key, recent);
    if (this.failures.size > 100_000) this.prune();
  }

  /** Forgets `key`'s failures (a successful sign-in of that account). */
  clear(key: string): void {
    this.failures.delete(key);
  }

  private recent(key: string): number[] {
    const since = this.now() - this.windowMs;
    return (this.failures.get(key) ?? []).filter((t) => t > since);
  }

  // Bounds memory under a spray of distinct keys: drop every key with nothing recent.
  private prune(): void {
    for (const key of [...this.failures.keys()]) {
      if (this.recent(key).length === 0) this.failures.delete(key);
    }
  }
}

/** Failed sign-ins allowed per account in 15 minutes before it is locked for the rest of the window. */
export const ACCOUNT_FAILURE_LIMIT = 10;
/** Failed sign-ins allowed per client IP in 15 minutes, across all accounts. */
export const IP_FAILURE_LIMIT = 30;
/** The throttling window. */
export const FAILURE_WINDOW_MS = 15 * 60 * 1000;

/** The two throttles sign-in consults. */
export interface LoginThrottles {
  account: FailureThrottle;
  ip: FailureThrottle;
}

/** Builds the sign-in throttles with the limits above. */
export function createLoginThrottles(now: () => number = Date.now): LoginThrottles {
  return {
    account: new FailureThrottle(ACCOUNT_FAILURE_LIMIT, FAILURE_WINDOW_MS, now),
    ip: new FailureThrottle(IP_FAILURE_LIMIT, FAILURE_WINDOW_MS, now),
  };
}
