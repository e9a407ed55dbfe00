/**
 * Thrown by a kind's task when the job's owner paused it (issue 30): the run stopped and kept
 * what it had done; `runClaimed` hands the claim back with `LeasedJobs.pause`, writing no end.
 */
export class JobPausedError extends Error {
  /** `jobId` names the paused job; `message` says which. */
  constructor(
    readonly jobId: string,
    message: string,
  ) {
    super(message);
    this.name = 'JobPausedError';
  }
}

/** Whether `err` is a job paused by its owner. */
export function isJobPaused(err: unknown): err is JobPausedError {
  return err instanceof JobPausedError;
}
