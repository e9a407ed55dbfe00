/**
 * "Log once, then count": a failure that repeats every second (a full disk refusing each claim
 * of a job) is written the first time, then only counted, with one line a minute saying how
 * many more there were, and one line when it stops ("... recovered after 41 failures").
 */
import type { Logger } from '../ports/logger.js';

/** Least time between two lines of one repeated failure, in ms. */
export const REPEAT_LOG_EVERY_MS = 60_000;

/** One kind of failure, logged once and then counted. */
export class RepeatedFailureLog {
  private failures = 0;
  private unlogged = 0;
  private lastLine = 0;

  /** Writes through `logger` at `level`, always with `message`. */
  constructor(
    private readonly logger: Logger,
    private readonly level: 'warn' | 'error',
    private readonly message: string,
    private readonly now: () => number = Date.now,
    private readonly everyMs = REPEAT_LOG_EVERY_MS,
  ) {}

  /** Failures since the last success. */
  get count(): number {
    return this.failures;
  }

  /** Counts a failure: the first is logged, later ones once per interval with the count. */
  failed(fields: Record<string, unknown> = {}): void {
    this.failures++;
    const now = this.now();
    if (this.failures > 1 && now - this.lastLine < this.everyMs) {
      this.unlogged++;
      return;
    }
    const more = this.unlogged > 0 ? { repeated: this.unlogged } : {};
    this.logger[this.level](this.message, { ...fields, ...more, failures: this.failures });
    this.unlogged = 0;
    this.lastLine = now;
  }

  /** The work succeeded: after failures, one line says how many there were. */
  succeeded(fields: Record<string, unknown> = {}): void {
    if (this.failures === 0) return;
    this.logger.info(`${this.message}: recovered`, { ...fields, failures: this.failures });
    this.failures = 0;
    this.unlogged = 0;
    this.lastLine = 0;
  }
}
