/**
 * A background task (Outline's BaseTask shape): `perform` does the work; `onFailed` turns a
 * failure into what is recorded; retry options say how often an interrupted run is retried.
 */
export interface BackgroundTask<Input, Output> {
  /** Does the work; rejects on failure; stops early when `signal` aborts. */
  perform(input: Input, signal: AbortSignal): Promise<Output>;
  /** The reason recorded when `perform` rejected, readable by a user. */
  onFailed(error: unknown): string;
  /** Runs allowed in all; a run interrupted by a crash counts as one. */
  readonly maxAttempts: number;
}
