/**
 * Thrown by a fenced write of a leased job whose claim was taken over by another worker (a
 * crawl's page store or frontier lease, an audit's results, a comparison's findings): its lease expired and the job was claimed again with a new
 * token. The worker must stop the run and record nothing: the job is not failed, the worker
 * that holds the claim now carries on from the stored frontier.
 */
export class ClaimLostError extends Error {
  /** `jobId` names the job whose claim was lost. */
  constructor(readonly jobId: string) {
    super(`The claim on job ${jobId} was lost: another worker took it over.`);
    this.name = 'ClaimLostError';
  }
}

/** Whether `err` (or the cause it wraps) is a lost claim. */
export function isClaimLost(err: unknown): err is ClaimLostError {
  return err instanceof ClaimLostError;
}
