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

  /** Failures of `key` within the window. */
  count(key: string): number {
    return this.recent(key).length;
  }

  /** Time of `key`'s latest failure within the window, or null. */
  latest(key: string): number | null {
    return this.recent(key).at(-1) ?? null;
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
