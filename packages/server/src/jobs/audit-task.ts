import { watchRequest } from '@mapsmith/app';
import {
  type AuditOptions,
  createHttpFetcher,
  DEFAULT_AUDIT_OPTIONS,
  type Logger,
  listAuditUrls,
  runAudit,
  SitemapDownloadError,
  systemClock,
  type UrlPolicy,
} from '@mapsmith/core';
import type { AuditRepository, AuditRunSummary, ClaimedAudit } from '../repos/ports-pro.js';
import type { BackgroundTask } from './task.js';

/** Thrown for an audit that cannot go on, with a reason the user reads as the job's error. */
export class AuditFailedError extends Error {
  /** `message` is shown to the user. */
  constructor(message: string) {
    super(message);
    this.name = 'AuditFailedError';
  }
}

/**
 * The sitemap audit job (issue 14): lists the sitemap's URLs once (the checker's rules, the
 * children of an index), then checks them with core `runAudit` on the job's durable list. A
 * resumed run puts back the URLs a dead run had leased and checks only what is not saved.
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
  async perform(claimed: ClaimedAudit, signal: AbortSignal): Promise<AuditRunSummary> {
    const job = await this.audits.record(claimed.job.id);
    if (!job) throw new AuditFailedError('The audit no longer exists.');
    const fetcher = createHttpFetcher({
      policy: this.policy,
      connectionsPerOrigin: this.options.perHostConcurrency ?? 4,
      ...(this.answerTimeoutMs ? { headersTimeoutMs: this.answerTimeoutMs } : {}),
    });
    try {
      if (!job.listed) {
        const source = job.sourceUrl
          ? { url: job.sourceUrl }
          : { text: job.content ?? '', name: job.source };
        const listing = await listAuditUrls(source, { fetcher, policy: this.policy });
        if (listing.urls.length === 0)
          throw new AuditFailedError('The sitemap lists no URLs to check.');
        await this.audits.saveListing(job.id, listing);
      } else {
        await this.audits.requeueLeased(job.id);
      }
      // Issue 30: the owner's stop, read every second, ends the run; the checked URLs stay.
      const asked = new AbortController();
      const watching = await watchRequest(() => this.audits.stopAsked(job.id), asked);
      const end = await runAudit(
        { fetcher, policy: this.policy, clock: systemClock, logger: this.logger },
        this.audits.store(job.id),
        this.options,
        AbortSignal.any([signal, asked.signal]),
      ).finally(() => clearInterval(watching));
      if (asked.signal.aborted && !signal.aborted && end.endedBy === 'aborted') {
        const checked = (await this.audits.get(job.id, job.userId))?.checked ?? end.saved;
        return { saved: end.saved, endedBy: 'stopped', checked };
      }
      if (end.endedBy === 'time')
        return {
          saved: end.saved,
          endedBy: 'time',
          timeBudgetMs: { ...DEFAULT_AUDIT_OPTIONS, ...this.options }.timeBudgetMs,
        };
      return { saved: end.saved, endedBy: end.endedBy === 'refused' ? 'refused' : 'done' };
    } finally {
      await fetcher.close().catch(() => undefined);
    }
  }

  /** Our own failures and the checker's download errors keep their words. */
  onFailed(error: unknown): string {
    if (error instanceof AuditFailedError || error instanceof SitemapDownloadError)
      return error.message;
    const detail = error instanceof Error ? error.message : String(error);
    return `The audit failed: ${detail}`;
  }
}
