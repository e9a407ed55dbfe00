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
import { watchRequest } from '../crawl/watch-request.js';
import type { AuditRepository, AuditRunSummary } from './ports.js';

/**
 * An audit that cannot go on, with a reason the user reads as the job's error. It never
 * reaches a client as an answer (the job fails with its words), so it carries no code.
 */
export class AuditFailedError extends Error {
  /** `message` is shown to the user. */
  constructor(message: string) {
    super(message);
    this.name = 'AuditFailedError';
  }
}

/** How long an audit's check waits for response headers unless a shell is told otherwise. */
export const AUDIT_ANSWER_TIMEOUT_MS = 15_000;

/** What an audit run needs besides its job: the URL policy, the log, politeness and timeouts. */
export interface AuditRunDeps {
  audits: AuditRepository;
  policy: UrlPolicy;
  logger: Logger;
  options?: Partial<AuditOptions>;
  /** How long a check waits for response headers (the fetcher's own default otherwise). */
  answerTimeoutMs?: number;
}

/**
 * Runs one claimed audit job (issue 14), the same in every shell's worker: lists the sitemap's
 * URLs once (the checker's rules, the children of an index), then checks them with core
 * `runAudit` on the job's durable list. A resumed run puts back the URLs a dead run had leased
 * and checks only what is not saved. The owner's stop, read every second, ends the run; the
 * checked URLs stay (issue 30). Ends when nothing is left, the quota ends, or `signal` aborts.
 * Every write is fenced by the claim's token: a run taken over writes nothing more.
 */
export async function runAuditJob(
  deps: AuditRunDeps,
  claimed: { job: { id: string }; claimToken: string },
  signal: AbortSignal,
): Promise<AuditRunSummary> {
  const { audits, policy, options = {} } = deps;
  const { claimToken } = claimed;
  const job = await audits.record(claimed.job.id);
  if (!job) throw new AuditFailedError('The audit no longer exists.');
  const fetcher = createHttpFetcher({
    policy,
    connectionsPerOrigin: options.perHostConcurrency ?? 4,
    ...(deps.answerTimeoutMs ? { headersTimeoutMs: deps.answerTimeoutMs } : {}),
  });
  try {
    if (!job.listed) {
      const source = job.sourceUrl
        ? { url: job.sourceUrl }
        : { text: job.content ?? '', name: job.source };
      const listing = await listAuditUrls(source, { fetcher, policy });
      if (listing.urls.length === 0)
        throw new AuditFailedError('The sitemap lists no URLs to check.');
      await audits.saveListing(job.id, claimToken, listing);
    } else {
      await audits.requeueLeased(job.id, claimToken);
    }
    const asked = new AbortController();
    const watching = await watchRequest(() => audits.stopAsked(job.id), asked);
    const end = await runAudit(
      { fetcher, policy, clock: systemClock, logger: deps.logger },
      audits.store(job.id, claimToken),
      options,
      AbortSignal.any([signal, asked.signal]),
    ).finally(() => clearInterval(watching));
    if (asked.signal.aborted && !signal.aborted && end.endedBy === 'aborted') {
      const checked = (await audits.get(job.id, job.userId))?.checked ?? end.saved;
      return { saved: end.saved, endedBy: 'stopped', checked };
    }
    if (end.endedBy === 'time')
      return {
        saved: end.saved,
        endedBy: 'time',
        timeBudgetMs: { ...DEFAULT_AUDIT_OPTIONS, ...options }.timeBudgetMs,
      };
    return { saved: end.saved, endedBy: end.endedBy === 'refused' ? 'refused' : 'done' };
  } finally {
    await fetcher.close().catch(() => undefined);
  }
}

/** The job's error in words: our own failures and the checker's download errors keep theirs. */
export function auditFailureText(error: unknown): string {
  if (error instanceof AuditFailedError || error instanceof SitemapDownloadError)
    return error.message;
  const detail = error instanceof Error ? error.message : String(error);
  return `The audit failed: ${detail}`;
}
