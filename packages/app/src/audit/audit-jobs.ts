import { randomUUID } from 'node:crypto';
import {
  AUDIT_VERDICTS,
  type AuditCounts,
  type AuditJob,
  type AuditListing,
  type AuditResult,
  type AuditStore,
  type AuditUrlsPage,
  type AuditVerdict,
  auditSummary,
  type Clock,
  emptyAuditCounts,
  type SqlDatabase,
  type SqlParam,
  type ValidationResult,
} from '@mapsmith/core';
import { fenceClaim } from '../jobs/claim-fence.js';
import { insertRows } from '../sql/insert-rows.js';
import { AUDIT_TABLE } from './audit-queue.js';
import { type AuditStopResult, auditStopAsked, stopAudit } from './audit-stop.js';
import { SqlAuditStore } from './audit-store.js';
import type { AuditJobRecord, AuditRepository, StartAuditInput } from './ports.js';

interface JobRow {
  id: string;
  user_id: number;
  source: string;
  source_url: string | null;
  listed: number;
  status: AuditJob['status'];
  total: number;
  checked: number;
  sitemaps: number;
  truncated: number;
  validation: string | null;
  error: string | null;
  created_at: string;
  finished_at: string | null;
}

interface UrlRow {
  seq: number;
  url: string;
  sitemap: string | null;
  verdict: AuditVerdict;
  status: number | null;
  redirect_status: number | null;
  redirect_target: string | null;
  noindex: number;
  canonical: string | null;
  blocked: number;
  content_type: string | null;
  response_ms: number;
  error: string | null;
}

const RESULT_COLUMNS =
  'seq, url, sitemap, verdict, status, redirect_status, redirect_target, noindex, canonical, blocked, content_type, response_ms, error';

function toResult(r: UrlRow): AuditResult {
  return {
    url: r.url,
    verdict: r.verdict,
    status: r.status,
    redirectStatus: r.redirect_status,
    redirectTarget: r.redirect_target,
    noindex: Boolean(r.noindex),
    canonical: r.canonical,
    blocked: Boolean(r.blocked),
    contentType: r.content_type,
    responseMs: r.response_ms,
    error: r.error,
    sitemap: r.sitemap,
  };
}

/** Escapes `%`, `_` and `\` for a LIKE pattern with `ESCAPE '\'`. */
function likeText(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/** Sitemap audits in SQL (SQLite or Postgres): jobs, their listed URLs and each URL's result. */
export class SqlAuditRepository implements AuditRepository {
  /** Uses `db` for storage and `clock` for timestamps and the monthly meter. */
  constructor(
    private readonly db: SqlDatabase,
    private readonly clock: Pick<Clock, 'now'>,
  ) {}

  /** Creates a pending job; the worker downloads and lists the sitemap. */
  async start(input: StartAuditInput): Promise<string> {
    const id = randomUUID();
    const now = this.clock.now();
    await this.db.run(
      `INSERT INTO audit_jobs (id, user_id, source, source_url, content, status, month_quota, created_at, created_ms)
       VALUES (?, ?, ?, ?, ?, 'pending', ?, ?, ?)`,
      [
        id,
        input.userId,
        input.source,
        input.sourceUrl,
        input.content,
        input.monthQuota,
        new Date(now).toISOString(),
        now,
      ],
    );
    return id;
  }

  /** See `stopAudit` (issue 30). */
  requestStop(jobId: string, userId: number): Promise<AuditStopResult> {
    return stopAudit(this.db, this.clock, jobId, userId);
  }

  /** See `auditStopAsked`. */
  stopAsked(jobId: string): Promise<'stop' | null> {
    return auditStopAsked(this.db, jobId);
  }

  /** The job as `audit.get` shows it, if it belongs to `userId`. */
  async get(jobId: string, userId: number): Promise<AuditJob | undefined> {
    const row = await this.db.first<JobRow>(
      'SELECT * FROM audit_jobs WHERE id = ? AND user_id = ?',
      [jobId, userId],
    );
    if (!row) return undefined;
    const counts = await this.counts(jobId);
    return {
      id: row.id,
      status: row.status,
      source: row.source,
      createdAt: row.created_at,
      finishedAt: row.finished_at,
      error: row.error,
      total: row.total,
      checked: row.checked,
      sitemaps: row.sitemaps,
      truncated: Boolean(row.truncated),
      counts,
      summary: auditSummary(counts),
      validation: row.validation ? (JSON.parse(row.validation) as ValidationResult) : null,
    };
  }

  /** URLs per verdict among the checked ones. */
  async counts(jobId: string): Promise<AuditCounts> {
    const counts = emptyAuditCounts();
    const rows = await this.db.all<{ verdict: AuditVerdict; n: number }>(
      `SELECT verdict, COUNT(*) AS n FROM audit_urls
        WHERE job_id = ? AND state = 'done' GROUP BY verdict`,
      [jobId],
    );
    for (const r of rows) if (AUDIT_VERDICTS.includes(r.verdict)) counts[r.verdict] = r.n;
    return counts;
  }

  /** The worker's view of a job. */
  async record(jobId: string): Promise<(AuditJobRecord & { content: string | null }) | undefined> {
    const row = await this.db.first<JobRow & { content: string | null }>(
      'SELECT id, user_id, source, source_url, listed, content FROM audit_jobs WHERE id = ?',
      [jobId],
    );
    if (!row) return undefined;
    return {
      id: row.id,
      userId: row.user_id,
      source: row.source,
      sourceUrl: row.source_url,
      listed: Boolean(row.listed),
      content: row.content,
    };
  }

  /**
   * Stores the listing in one transaction: the URLs (each once), the checker's result, why a
   * bound cut the listing (as the job's note, kept when it completes), and `listed`, so a run
   * interrupted while listing lists again and one after it never does.
   */
  async saveListing(jobId: string, claimToken: string, listing: AuditListing): Promise<void> {
    await this.db.transaction(async (tx) => {
      await fenceClaim(tx, AUDIT_TABLE, jobId, claimToken);
      await tx.run('DELETE FROM audit_urls WHERE job_id = ?', [jobId]);
      await insertRows(
        tx,
        'INSERT INTO audit_urls (job_id, url, sitemap)',
        listing.urls.map((u) => [jobId, u.url, u.sitemap]),
        'ON CONFLICT (job_id, url) DO NOTHING',
      );
      await tx.run(
        `UPDATE audit_jobs SET listed = 1, content = NULL, total = ?, sitemaps = ?, truncated = ?,
                validation = ?, error = ? WHERE id = ?`,
        [
          listing.urls.length,
          listing.sitemaps,
          listing.truncated ? 1 : 0,
          JSON.stringify(listing.validation),
          listing.cut,
          jobId,
        ],
      );
    });
  }

  /** A page of results, optionally of one verdict and containing some text, in list order. */
  async page(
    jobId: string,
    filter: { verdict?: AuditVerdict; q?: string; cursor?: number; limit?: number },
  ): Promise<AuditUrlsPage> {
    const where = ['job_id = ?', "state = 'done'"];
    const params: SqlParam[] = [jobId];
    if (filter.verdict) {
      where.push('verdict = ?');
      params.push(filter.verdict);
    }
    if (filter.q) {
      where.push(this.db.dialect.likeNoCase('url', '?'));
      params.push(likeText(filter.q));
    }
    const limit = filter.limit ?? 50;
    const total = await this.db.first<{ n: number }>(
      `SELECT COUNT(*) AS n FROM audit_urls WHERE ${where.join(' AND ')}`,
      params,
    );
    const rows = await this.db.all<UrlRow>(
      `SELECT ${RESULT_COLUMNS} FROM audit_urls WHERE ${where.join(' AND ')} AND seq > ?
        ORDER BY seq LIMIT ?`,
      [...params, filter.cursor ?? 0, limit + 1],
    );
    const more = rows.length > limit;
    const shown = rows.slice(0, limit);
    return {
      rows: shown.map(toResult),
      total: total?.n ?? 0,
      nextCursor: more ? (shown.at(-1)?.seq ?? null) : null,
    };
  }

  /** Every result of the job (one verdict, or all), read in pages so memory stays flat. */
  async *results(jobId: string, verdict?: AuditVerdict): AsyncGenerator<AuditResult> {
    let cursor = 0;
    for (;;) {
      const page = await this.page(jobId, { ...(verdict ? { verdict } : {}), cursor, limit: 200 });
      yield* page.rows;
      if (page.nextCursor === null) return;
      cursor = page.nextCursor;
    }
  }

  /** Deletes audits created before `cutoffMs` (their URLs go with them); returns how many. */
  async deleteCreatedBefore(cutoffMs: number): Promise<number> {
    const { changes } = await this.db.run('DELETE FROM audit_jobs WHERE created_ms < ?', [
      cutoffMs,
    ]);
    return changes;
  }

  /**
   * Leased URLs of an interrupted run go back to the queue (their results were not saved), by
   * the run that holds the job now: fenced by `claimToken` like every write of the job's rows
   * (`fenceClaim`), so a run whose claim was taken over throws `ClaimLostError` and leaves the
   * new holder's leases alone.
   */
  async requeueLeased(jobId: string, claimToken: string): Promise<void> {
    await this.db.transaction(async (tx) => {
      await fenceClaim(tx, AUDIT_TABLE, jobId, claimToken);
      await tx.run("UPDATE audit_urls SET state = 'queued' WHERE job_id = ? AND state = 'leased'", [
        jobId,
      ]);
    });
  }

  /** The job's durable URL list, for `runAudit`. */
  store(jobId: string, claimToken: string): AuditStore {
    return new SqlAuditStore(this.db, this.clock, jobId, claimToken);
  }
}
