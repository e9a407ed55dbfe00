import type {
  Clock,
  CrawledPage,
  FrontierEntry,
  InlinkObservation,
  PageRecord,
  SqlDatabase,
  SqlParam,
  SqlQueryable,
  SqlTransaction,
} from '@mapsmith/core';
import { LINKED_FROM_KEPT, SITEMAP_ORDER_COLUMNS } from '@mapsmith/core';
import type { JobCrawlStore, StoreLimit } from '../crawl/ports.js';
import { ClaimLostError } from './claim-lost.js';
import {
  endLeases,
  INSERT_BATCH,
  insertInlinks,
  type SavedBatch,
  savePages,
} from './page-saves.js';
import { userStoredBytes } from './stored-bytes.js';
import { fencedTransaction } from './transactions.js';
import { BATCH_SAVES, type HeldWrites, WriteBatch } from './write-batch.js';

const PAGE_BATCH = 500;

/** A page row as `records` reads it. */
interface StoredPage {
  seq: number;
  depth: number;
  url: string;
  record: string;
  inlinks: number;
  linked_from: string | null;
}

interface FrontierRow {
  key: string;
  url: string;
  depth: number;
  found_via: FrontierEntry['foundVia'];
  referrer: string | null;
}

/** Page saves between two reads of the owner's stored bytes against the storage budget. */
const BUDGET_CHECK_EVERY = 50;

/**
 * The core `CrawlStore` port over SQL (SQLite or Postgres), for one job. Every page is a row
 * and the frontier is durable, so after a crash the job resumes where it stopped. A page is
 * charged (job counter and the owner's monthly meter) in the same transaction that first
 * stores it, so a page saved again after a resume is never charged twice; a page that would go
 * past the job's page cap or the owner's monthly quota is not stored at all. With a claim
 * token, every batch of page saves is fenced by it (`page-charge.ts`).
 *
 * Frontier writes (`enqueue`, `take`) commit before they resolve. Page saves and links are
 * held and written in batches (`write-batch.ts`): one transaction per `BATCH_SAVES` pages, or
 * 100 ms after the first held one, and before every read of the store (`counts` writes the
 * pages; `pages`, `listed` and `flush` the links too); unbatched (readers, seeding), every save
 * is written at once. Links are held longer, up to `BATCH_LINKS`, and a page's lease ends
 * with its links.
 *
 * The crash promise: a kill -9 mid-crawl loses at most what is held, and what is held is
 * never stored in part: the pages of a batch not written were neither stored nor charged, and
 * the pages whose links were not written yet keep their frontier rows leased, so the resumed
 * crawl (`requeueLeased`) fetches both again; a page stored before is stored again in place,
 * charged once in all, and its links come again with it. The per-verdict report counts
 * (`crawl_report_counts`) move in the same transaction as the rows they count, so they stay
 * exact. A batch whose write fails is rolled back the same way and stops the store
 * (`WriteBatch`): nothing more is written.
 */
export class SqlCrawlStore implements JobCrawlStore {
  /** A store for `jobId`; `clock` dates the monthly charge; `claimToken` fences page saves. */
  constructor(
    private readonly db: SqlDatabase,
    private readonly jobId: string,
    private readonly clock: Pick<Clock, 'now'>,
    private readonly claimToken: string | null = null,
    private readonly onLimit: (limit: StoreLimit) => void = () => {},
    batched = false,
  ) {
    this.batch = new WriteBatch(
      db,
      (tx, held) => this.writeBatch(tx, held),
      (saved) => this.afterBatch(saved),
      batched ? BATCH_SAVES : 1,
    );
  }

  /** The held page saves and links. */
  private readonly batch: WriteBatch;

  /** Pages stored, counted for the budget check's turn. */
  private saves = 0;

  /** Writes the held page saves and links: they are durable once this resolves. */
  flush(): Promise<void> {
    return this.batch.flush();
  }

  /**
   * `ON CONFLICT DO NOTHING` on (job, key) keeps it idempotent. A page's links are usually one
   * statement, run on its own (one round trip on Postgres); more go in one transaction.
   */
  enqueue(entries: FrontierEntry[]): Promise<number> {
    if (entries.length === 0) return Promise.resolve(0);
    const insert = async (q: SqlQueryable, batch: FrontierEntry[]) =>
      (
        await q.run(
          `INSERT INTO crawl_frontier (job_id, key, url, depth, found_via, referrer)
           VALUES ${batch.map(() => '(?, ?, ?, ?, ?, ?)').join(', ')}
           ON CONFLICT (job_id, key) DO NOTHING`,
          batch.flatMap((e) => [this.jobId, e.key, e.url, e.depth, e.foundVia, e.referrer]),
        )
      ).changes;
    if (entries.length <= INSERT_BATCH) return insert(this.db, entries);
    return fencedTransaction(this.db, async (tx) => {
      let added = 0;
      for (let i = 0; i < entries.length; i += INSERT_BATCH)
        added += await insert(tx, entries.slice(i, i + INSERT_BATCH));
      return added;
    });
  }

  /**
   * Oldest queued first; leased rows stay leased until saved or requeued. A fenced store
   * leases nothing once the claim is lost (the new holder requeued the leased rows), and says so.
   */
  async take(limit: number): Promise<FrontierEntry[]> {
    if (limit <= 0) return [];
    const fence = this.frontierFence();
    const rows = await fencedTransaction(this.db, (tx) =>
      tx.all<FrontierRow & { seq: number }>(
        `UPDATE crawl_frontier SET state = 'leased'
          WHERE seq IN (SELECT seq FROM crawl_frontier WHERE job_id = ? AND state = 'queued'
                        ORDER BY seq LIMIT ?) ${fence.sql}
          RETURNING seq, key, url, depth, found_via, referrer`,
        [this.jobId, limit, ...fence.params],
      ),
    );
    if (rows.length === 0 && this.claimToken && !(await this.holdsClaim(this.db)))
      throw new ClaimLostError(this.jobId);
    rows.sort((a, b) => a.seq - b.seq);
    return rows.map((r) => ({
      key: r.key,
      url: r.url,
      depth: r.depth,
      foundVia: r.found_via,
      referrer: r.referrer,
    }));
  }

  /**
   * After a crash, entries that were in flight go back to the queue. A fenced store requeues
   * only while it holds the claim: a run whose job was taken over would otherwise hand the new
   * holder's leased entries out twice, and says so instead.
   */
  async requeueLeased(): Promise<number> {
    await this.batch.flush();
    const fence = this.frontierFence();
    const { changes } = await this.db.run(
      `UPDATE crawl_frontier SET state = 'queued' WHERE job_id = ? AND state = 'leased' ${fence.sql}`,
      [this.jobId, ...fence.params],
    );
    if (changes === 0 && this.claimToken && !(await this.holdsClaim(this.db)))
      throw new ClaimLostError(this.jobId);
    return changes;
  }

  /**
   * Three counts on the frontier's and the pages' job indexes, with the held page saves written
   * first (the crawl reads them every 250 ms for its progress: the held links need not be).
   */
  async counts(): Promise<{ queued: number; seen: number; saved: number }> {
    await this.batch.writePages();
    const row = await this.db.first<{ queued: number; seen: number; saved: number }>(
      `SELECT (SELECT COUNT(*) FROM crawl_frontier WHERE job_id = ? AND state = 'queued') AS queued,
              (SELECT COUNT(*) FROM crawl_frontier WHERE job_id = ?) AS seen,
              (SELECT COUNT(*) FROM crawl_pages WHERE job_id = ?) AS saved`,
      [this.jobId, this.jobId, this.jobId],
    );
    return { queued: row?.queued ?? 0, seen: row?.seen ?? 0, saved: row?.saved ?? 0 };
  }

  /**
   * Each distinct (key, from) pair is kept once. The pages' `inlinks` column (the URL table's
   * sort) is not touched here: a page saved before the links to it were seen gets its final
   * count when the run ends (`CrawlJobRepository.settleLinks`), and `pages()` counts live.
   * Updating the column per link would rewrite each page's whole row, record and all, about
   * as many times as it has links (750 MB written for a 2,000-page crawl on SQLite).
   * Held with the page saves and written in their batch.
   */
  addInlinks(links: InlinkObservation[]): Promise<void> {
    if (links.length === 0) return Promise.resolve();
    return this.batch.link(links);
  }

  /**
   * Stores (or replaces) the record with its report columns, ends the lease, keeps the counts
   * per verdict current, and charges a first save once when it is a page (`countsAsPage`), all
   * in the batch's transaction (`page-saves.ts`).
   */
  savePage(key: string, page: CrawledPage): Promise<void> {
    return this.batch.save({ key, page });
  }

  /** Writes one batch of links and page saves and ends leases (`WriteBatch`'s writer). */
  private async writeBatch(tx: SqlTransaction, held: HeldWrites): Promise<SavedBatch | null> {
    await insertInlinks(tx, this.jobId, held.links);
    const saved =
      held.pages.length === 0
        ? null
        : await savePages(tx, this.jobId, this.claimToken, held.pages, this.clock.now());
    if (held.endLeases)
      await endLeases(tx, this.jobId, [...held.endLeases, ...(saved?.keys ?? [])]);
    return saved;
  }

  /**
   * After a batch: a refused page ends the crawl (the monthly quota or the page cap), and every
   * `BUDGET_CHECK_EVERY` stored pages the owner's stored bytes are read against the budget.
   */
  private async afterBatch(saved: SavedBatch): Promise<void> {
    if (saved.refused > 0) this.onLimit({ reason: 'monthly-quota' });
    const before = this.saves;
    this.saves += saved.stored;
    const turn = Math.ceil(before / BUDGET_CHECK_EVERY) * BUDGET_CHECK_EVERY < this.saves;
    if (saved.job.storage_budget !== null && turn)
      await this.checkBudget({
        userId: saved.job.user_id,
        bytes: Number(saved.job.storage_budget),
      });
  }

  /**
   * Ends storing once the owner's crawls hold the storage budget: read every few saves, so a
   * crawl goes past it by at most that many pages (and crawls of one owner side by side by as
   * many each).
   */
  private async checkBudget(budget: { userId: number; bytes: number }): Promise<void> {
    if ((await userStoredBytes(this.db, budget.userId)) >= budget.bytes)
      this.onLimit({ reason: 'storage-budget', budget: budget.bytes });
  }

  /** The condition a frontier write of a fenced store adds: the job is still under its claim. */
  private frontierFence(): { sql: string; params: string[] } {
    if (!this.claimToken) return { sql: '', params: [] };
    return {
      sql: 'AND EXISTS (SELECT 1 FROM crawl_jobs WHERE id = ? AND claim_token = ?)',
      params: [this.jobId, this.claimToken],
    };
  }

  /** Whether the job still carries this store's claim token (always, unfenced). */
  private async holdsClaim(q: SqlQueryable): Promise<boolean> {
    if (!this.claimToken) return true;
    const row = await q.first<{ claim_token: string | null }>(
      'SELECT claim_token FROM crawl_jobs WHERE id = ?',
      [this.jobId],
    );
    return row?.claim_token === this.claimToken;
  }

  /** Pages in save order, read in batches, with the link graph as it stands merged in. */
  async *pages(): AsyncIterable<PageRecord> {
    await this.batch.flush();
    let after = 0;
    for (;;) {
      const rows = await this.records('p.seq > ?', [after], 'p.seq');
      for (const row of rows) yield this.complete(row);
      const last = rows.at(-1);
      if (!last || rows.length < PAGE_BATCH) return;
      after = last.seq;
    }
  }

  /**
   * The listed pages (`included`, as the record's verdict) in the sitemap order (core
   * `SITEMAP_ORDER_COLUMNS`), read in batches over the index of step 99.
   */
  async *listed(): AsyncIterable<PageRecord> {
    await this.batch.flush();
    const columns = SITEMAP_ORDER_COLUMNS.map((column) => `p.${column}`).join(', ');
    const keyset = ` AND (${columns}) > (${SITEMAP_ORDER_COLUMNS.map(() => '?').join(', ')})`;
    let after: SqlParam[] | null = null;
    for (;;) {
      const rows = await this.records(`p.included = 1${after ? keyset : ''}`, after ?? [], columns);
      for (const row of rows) yield this.complete(row);
      const last = rows.at(-1);
      if (!last || rows.length < PAGE_BATCH) return;
      after = SITEMAP_ORDER_COLUMNS.map((column) => last[column]);
    }
  }

  /** A batch of the job's page rows matching `where`, in `orderBy`, with their link graph. */
  private records(where: string, params: SqlParam[], orderBy: string) {
    const linkedFrom = this.db.dialect.jsonGroupArray('l.from_url', 'l.from_url');
    return this.db.all<StoredPage>(
      `SELECT p.seq, p.depth, p.url, p.record,
              (SELECT COUNT(*) FROM crawl_inlinks i
                WHERE i.job_id = p.job_id AND i.key = p.key) AS inlinks,
              (SELECT ${linkedFrom} FROM (SELECT from_url FROM crawl_inlinks i
                 WHERE i.job_id = p.job_id AND i.key = p.key
                 ORDER BY from_url LIMIT ${LINKED_FROM_KEPT}) AS l) AS linked_from
         FROM crawl_pages p WHERE p.job_id = ? AND ${where} ORDER BY ${orderBy} LIMIT ${PAGE_BATCH}`,
      [this.jobId, ...params],
    );
  }

  /** The complete record of a stored row. */
  private complete(row: StoredPage): PageRecord {
    const page = JSON.parse(row.record) as PageRecord;
    const linkedFrom = row.linked_from ? (JSON.parse(row.linked_from) as string[]) : [];
    return { ...page, inlinks: row.inlinks, linkedFrom };
  }
}
