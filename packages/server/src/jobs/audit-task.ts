import {
  type AuditRepository,
  type AuditRunSummary,
  auditFailureText,
  type ClaimedAudit,
  runAuditJob,
} from '@mapsmith/app';
import type { AuditOptions, Logger, UrlPolicy } from '@mapsmith/core';
import type { BackgroundTask } from './task.js';

/**
 * The sitemap audit job (issue 14) on the worker pool: the pool claims and heartbeats it, and
 * the run is app's `runAuditJob` (list once, then check the durable list; a resumed run checks
 * only what is not saved).
 */
export class AuditTask implements BackgroundTask<ClaimedAudit, AuditRunSummary> {
  /** Interrupted runs are resumed twice, then the job fails with its reason. */
  readonly maxAttempts = 3;

  /** Checks through a fetcher guarded by `policy`, with `options`' politeness. */
  constructor(
    private readonly audits: AuditRepository,
    private readonly policy: UrlPolicy,
    private readonly logger: Logger,
    private readonly options: Partial<AuditOptions> = {},
    /** How long a check waits for response headers (the fetcher's own default otherwise). */
    private readonly answerTimeoutMs?: number,
  ) {}

  /** Lists (first run only), then checks until nothing is left, the quota ends, or abort. */
  perform(claimed: ClaimedAudit, signal: AbortSignal): Promise<AuditRunSummary> {
    const { audits, policy, logger, options, answerTimeoutMs } = this;
    const deps = {
      audits,
      policy,
      logger,
      options,
      ...(answerTimeoutMs ? { answerTimeoutMs } : {}),
    };
    return runAuditJob(deps, claimed, signal);
  }

  /** Our own failures and the checker's download errors keep their words. */
  onFailed(error: unknown): string {
    return auditFailureText(error);
  }
}
