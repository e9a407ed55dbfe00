import type {
  Clock,
  CrawledPage,
  CrawlStore,
  FrontierEntry,
  InlinkObservation,
  PageRecord,
} from '@mapsmith/core';
import { LINKED_FROM_KEPT, monthKey, REPORT_COLUMN_NAMES, reportColumns } from '@mapsmith/core';
import type { Database, Queryable } from '../../db/database.js';

const PAGE_BATCH = 500;

interface FrontierRow {
  key: string;
  url: string;
  depth: number;
  found_via: FrontierEntry['foundVia'];
  referrer: string | null;
}

/**
 * The core `CrawlStore` port on SQLite, for one job. Every page is a row written when it
 * arrives, and the frontier is durable, so after a crash the job resumes where it stopped.
 * A page is charged (job counter and the owner's monthly meter) in the same transaction
 * that first stores it, so a page saved again after a resume is never charged twice; a page
 * that would go past the job's page cap or the owner's monthly quota is not stored at all.
 */
export class SqliteCrawlStore implements CrawlStore {
  /** A store for `jobId`; `clock` dates the monthly charge. */
  constructor(
    private readonly db: Database,
    private readonly jobId: string,
    private readonly clock: Pick<Clock, 'now'>,
    private readonly onQuotaReached: () => void = () => {},
  ) {}

  /** `INSERT OR IGNORE` on (job, key) keeps it idempotent. */
  enqueue(entries: FrontierEntry[]): Promise<number> {
    if (entries.length === 0) return Promise.resolve(0);
    return this.db.transaction(async (tx) => {
      let added = 0;
      for (const e of entries) {
        const { changes } = await tx.run(
          `INSERT OR IGNORE INTO crawl_frontier (job_id, key, url, depth, found_via, referrer)
           VALUES (?, ?, ?, ?, ?, ?)`,
          [this.jobId, e.key, e.url, e.depth, e.foundVia, e.referrer],
        );
        added += changes;
      }
      return added;
    });
  }

  /** Oldest queued first; leased rows stay leased until saved or requeued. */
  async take(limit: number): Promise<FrontierEntry[]> {
    if (limit <= 0) return [];
    const rows = await this.db.transaction((tx) =>
      tx.all<FrontierRow & { seq: number }>(
        `UPDATE crawl_frontier SET state = 'leased'
          WHERE seq IN (SELECT seq FROM crawl_frontier WHERE job_id = ? AND state = 'queued'
                        ORDER BY seq LIMIT ?)
          RETURNING seq, key, url, depth, found_via, referrer`,
        [this.jobId, limit],
      ),
    );
    rows.sort((a, b) => a.seq - b.seq);
    return rows.map((r) => ({
      key: r.key,
      url: r.url,
      depth: r.depth,
      foundVia: r.found_via,
      referrer: r.referrer,
    }));
  }

  /** After a crash, entries that were in flight go back to the queue. */
  async requeueLeased(): Promise<number> {
    const { changes } = await this.db.run(
      "UPDATE crawl_frontier SET state = 'queued' WHERE job_id = ? AND state = 'leased'",
      [this.jobId],
    );
    return changes;
  }

  /** Read on the write connection's committed state through the reader. */
  async counts(): Promise<{ queued: number; seen: number; saved: number }> {
    const row = await this.db.first<{ queued: number | null; seen: number; saved: number }>(
      `SELECT (SELECT SUM(state = 'queued') FROM crawl_frontier WHERE job_id = ?1) AS queued,
              (SELECT COUNT(*) FROM crawl_frontier WHERE job_id = ?1) AS seen,
              (SELECT COUNT(*) FROM crawl_pages WHERE job_id = ?1) AS saved`,
      [this.jobId],
    );
    return { queued: row?.queued ?? 0, seen: row?.seen ?? 0, saved: row?.saved ?? 0 };
  }

  /**
   * Each distinct (key, from) pair is kept once; a new pair adds one to the page's `inlinks`
   * column when the page is already saved (a page saved later counts its pairs then).
   */
  async addInlinks(links: InlinkObservation[]): Promise<void> {
    if (links.length === 0) return;
    await this.db.transaction(async (tx) => {
      for (const link of links) {
        const { changes } = await tx.run(
          'INSERT OR IGNORE INTO crawl_inlinks (job_id, key, from_url) VALUES (?, ?, ?)',
          [this.jobId, link.key, link.from],
        );
        if (changes === 0) continue;
        await tx.run('UPDATE crawl_pages SET inlinks = inlinks + 1 WHERE job_id = ? AND key = ?', [
          this.jobId,
          link.key,
        ]);
      }
    });
  }

  /**
   * Stores (or replaces) the record with its report columns, ends the lease, keeps the counts
   * per verdict current, and charges a first save once when it is a page (`countsAsPage`):
   * redirects, errors and blocked URLs are recorded but neither charged nor capped.
   */
  async savePage(key: string, page: CrawledPage): Promise<void> {
    const columns = reportColumns(page);
    const values = REPORT_COLUMN_NAMES.map((name) => columns[name]);
    const refused = await this.db.transaction(async (tx) => {
      const included = page.verdict.included ? 1 : 0;
      const record = JSON.stringify(page);
      const existing = await tx.first<{ seq: number; reason: string }>(
        'SELECT seq, reason FROM crawl_pages WHERE job_id = ? AND key = ?',
        [this.jobId, key],
      );
      if (existing) {
        await tx.run(
          `UPDATE crawl_pages SET url = ?, title = ?, included = ?, record = ?,
             ${REPORT_COLUMN_NAMES.map((name) => `${name} = ?`).join(', ')} WHERE seq = ?`,
          [page.url, page.title, included, record, ...values, existing.seq],
        );
        await this.count(tx, existing.reason, -1);
      } else {
        if (columns.is_page && (await this.overLimit(tx))) return true;
        await tx.run(
          `INSERT INTO crawl_pages (job_id, key, url, title, included, record, inlinks, ${REPORT_COLUMN_NAMES.join(', ')})
           VALUES (?, ?, ?, ?, ?, ?, (SELECT COUNT(*) FROM crawl_inlinks WHERE job_id = ? AND key = ?), ${values.map(() => '?').join(', ')})`,
          [this.jobId, key, page.url, page.title, included, record, this.jobId, key, ...values],
        );
        if (columns.is_page) await this.charge(tx);
      }
      await this.count(tx, columns.reason, 1);
      await tx.run("UPDATE crawl_frontier SET state = 'done' WHERE job_id = ? AND key = ?", [
        this.jobId,
        key,
      ]);
      return false;
    });
    if (refused) this.onQuotaReached();
  }

  /** Whether one more page would pass the job's page cap or the owner's monthly quota. */
  private async overLimit(tx: Queryable): Promise<boolean> {
    const job = await tx.first<{
      page_cap: number;
      pages_crawled: number;
      month_quota: number | null;
      used: number | null;
    }>(
      `SELECT j.page_cap, j.pages_crawled, j.month_quota, u.pages AS used
         FROM crawl_jobs j LEFT JOIN usage_months u ON u.user_id = j.user_id AND u.month = ?
        WHERE j.id = ?`,
      [monthKey(this.clock.now()), this.jobId],
    );
    if (!job) return true;
    const overQuota = job.month_quota !== null && (job.used ?? 0) >= job.month_quota;
    return job.pages_crawled >= job.page_cap || overQuota;
  }

  /** Charges one page to the job and to its owner's month. */
  private async charge(tx: Queryable): Promise<void> {
    await tx.run('UPDATE crawl_jobs SET pages_crawled = pages_crawled + 1 WHERE id = ?', [
      this.jobId,
    ]);
    await tx.run(
      `INSERT INTO usage_months (user_id, month, pages)
       SELECT user_id, ?, 1 FROM crawl_jobs WHERE id = ?
       ON CONFLICT (user_id, month) DO UPDATE SET pages = pages + 1`,
      [monthKey(this.clock.now()), this.jobId],
    );
  }

  /** Adds `delta` to the job's count of `reason`. */
  private async count(tx: Queryable, reason: string, delta: number): Promise<void> {
    await tx.run(
      `INSERT INTO crawl_report_counts (job_id, reason, n) VALUES (?, ?, ?)
       ON CONFLICT (job_id, reason) DO UPDATE SET n = n + excluded.n`,
      [this.jobId, reason, delta],
    );
  }

  /** Pages in save order, read in batches, with the inlinks merged in. */
  async *pages(): AsyncIterable<PageRecord> {
    let after = 0;
    for (;;) {
      const rows = await this.db.all<{
        seq: number;
        record: string;
        inlinks: number;
        linked_from: string | null;
      }>(
        `SELECT p.seq, p.record,
                p.inlinks,
                (SELECT json_group_array(from_url) FROM (SELECT from_url FROM crawl_inlinks i
                   WHERE i.job_id = p.job_id AND i.key = p.key LIMIT ${LINKED_FROM_KEPT})) AS linked_from
           FROM crawl_pages p WHERE p.job_id = ? AND p.seq > ? ORDER BY p.seq LIMIT ${PAGE_BATCH}`,
        [this.jobId, after],
      );
      for (const row of rows) {
        const page = JSON.parse(row.record) as PageRecord;
        const linkedFrom = row.linked_from ? (JSON.parse(row.linked_from) as string[]) : [];
        yield { ...page, inlinks: row.inlinks, linkedFrom };
      }
      const last = rows.at(-1);
      if (!last || rows.length < PAGE_BATCH) return;
      after = last.seq;
    }
  }
}
