import { randomUUID } from 'node:crypto';
import {
  AUDIT_VERDICTS,
  type AuditCounts,
  type AuditEntry,
  type AuditJob,
  type AuditListing,
  type AuditResult,
  type AuditStore,
  type AuditUrlsPage,
  type AuditVerdict,
  auditSummary,
  type Clock,
  emptyAuditCounts,
  monthKey,
  type ValidationResult,
} from '@mapsmith/core';
import type { Database } from '../../db/database.js';

/** An audit job as the worker reads it. */
export interface AuditJobRecord {
  id: string;
  userId: number;
  /** The sitemap URL, or the uploaded file's name. */
  source: string;
  /** The URL to download; null for an upload (its text is in the row until listed). */
  sourceUrl: string | null;
  /** True once the job's URLs are stored. */
  listed: boolean;
}

/** What starting an audit records. */
export interface StartAuditInput {
  userId: number;
  source: string;
  sourceUrl: string | null;
  content: string | null;
  /** The owner's monthly quota (null for Pro): each checked URL counts as a page. */
  monthQuota: number | null;
}

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
    noindex: r.noindex === 1,
    canonical: r.canonical,
    blocked: r.blocked === 1,
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

/** Sitemap audits in SQLite: jobs, their listed URLs and each URL's result. */
export class SqliteAuditRepository {
  /** Uses `db` for storage and `clock` for timestamps and the monthly meter. */
  constructor(
    private readonly db: Database,
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
      truncated: row.truncated === 1,
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
      listed: row.listed === 1,
      content: row.content,
    };
  }

  /**
   * Stores the listing in one transaction: the URLs (each once), the checker's result, and
   * `listed`, so a run interrupted while listing lists again and one after it never does.
   */
  async saveListing(jobId: string, listing: AuditListing): Promise<void> {
    await this.db.transaction(async (tx) => {
      await tx.run('DELETE FROM audit_urls WHERE job_id = ?', [jobId]);
      for (const u of listing.urls)
        await tx.run('INSERT OR IGNORE INTO audit_urls (job_id, url, sitemap) VALUES (?, ?, ?)', [
          jobId,
          u.url,
          u.sitemap,
        ]);
      await tx.run(
        `UPDATE audit_jobs SET listed = 1, content = NULL, total = ?, sitemaps = ?, truncated = ?,
                validation = ? WHERE id = ?`,
        [
          listing.urls.length,
          listing.sitemaps,
          listing.truncated ? 1 : 0,
          JSON.stringify(listing.validation),
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
    const params: (string | number)[] = [jobId];
    if (filter.verdict) {
      where.push('verdict = ?');
      params.push(filter.verdict);
    }
    if (filter.q) {
      where.push("url LIKE ? ESCAPE '\\'");
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

  /** Leased URLs of an interrupted run go back to the queue (their results were not saved). */
  async requeueLeased(jobId: string): Promise<void> {
    await this.db.run(
      "UPDATE audit_urls SET state = 'queued' WHERE job_id = ? AND state = 'leased'",
      [jobId],
    );
  }

  /** The job's durable URL list, for `runAudit`. `onRefused` is called at the monthly quota. */
  store(jobId: string): AuditStore {
    return {
      lease: (n) =>
        this.db.transaction(async (tx) => {
          const rows = await tx.all<{ seq: number; url: string; sitemap: string | null }>(
            `UPDATE audit_urls SET state = 'leased' WHERE seq IN
               (SELECT seq FROM audit_urls WHERE job_id = ? AND state = 'queued' ORDER BY seq LIMIT ?)
             RETURNING seq, url, sitemap`,
            [jobId, n],
          );
          return rows
            .sort((a, b) => a.seq - b.seq)
            .map((r): AuditEntry => ({ id: r.seq, url: r.url, sitemap: r.sitemap }));
        }),
      save: (entry, result) => this.save(jobId, entry, result),
    };
  }

  /** Saves one result, charges it to the job and the owner's month, in one transaction. */
  private save(jobId: string, entry: AuditEntry, r: AuditResult): Promise<boolean> {
    return this.db.transaction(async (tx) => {
      const month = monthKey(this.clock.now());
      const job = await tx.first<{ month_quota: number | null; used: number | null }>(
        `SELECT j.month_quota, u.pages AS used FROM audit_jobs j
           LEFT JOIN usage_months u ON u.user_id = j.user_id AND u.month = ? WHERE j.id = ?`,
        [month, jobId],
      );
      if (!job) return false;
      if (job.month_quota !== null && (job.used ?? 0) >= job.month_quota) return false;
      const { changes } = await tx.run(
        `UPDATE audit_urls SET state = 'done', verdict = ?, status = ?, redirect_status = ?,
                redirect_target = ?, noindex = ?, canonical = ?, blocked = ?, content_type = ?,
                response_ms = ?, error = ?
          WHERE seq = ? AND job_id = ? AND state != 'done'`,
        [
          r.verdict,
          r.status,
          r.redirectStatus,
          r.redirectTarget,
          r.noindex ? 1 : 0,
          r.canonical,
          r.blocked ? 1 : 0,
          r.contentType,
          r.responseMs,
          r.error,
          entry.id,
          jobId,
        ],
      );
      if (changes !== 1) return true;
      await tx.run('UPDATE audit_jobs SET checked = checked + 1 WHERE id = ?', [jobId]);
      await tx.run(
        `INSERT INTO usage_months (user_id, month, pages)
         SELECT user_id, ?, 1 FROM audit_jobs WHERE id = ?
         ON CONFLICT (user_id, month) DO UPDATE SET pages = pages + 1`,
        [month, jobId],
      );
      return true;
    });
  }
}
